"""Team events of one game per board (issue 28 point 3, a FIDE team tournament imported from a
TRF-2026 file): micromatch_settings.games_per_board (2, the micro-match, by default) and a team
bye's own kind and game points on team_match (bye_outcome "" = the pairing bye as scored so far).

Revision ID: 0012_28_team_games_per_board
Revises: 0011_h30_result_reports
Create Date: 2026-12-02 14:45:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0012_28_team_games_per_board'
down_revision = '0011_h30_result_reports'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('micromatch_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('games_per_board', sa.Integer(), server_default='2', nullable=False))
    with op.batch_alter_table('team_match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bye_outcome', sa.String(length=16), server_default='', nullable=False))
        batch_op.add_column(sa.Column('bye_game_points', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('team_match', schema=None) as batch_op:
        batch_op.drop_column('bye_game_points')
        batch_op.drop_column('bye_outcome')
    with op.batch_alter_table('micromatch_settings', schema=None) as batch_op:
        batch_op.drop_column('games_per_board')
