"""Players report their own results (issue 30 point 1): event.player_reports (off by default) and
result_report (one side's report of a board's result, while the board has none).

Revision ID: 0011_h30_result_reports
Revises: 0011_h28_player_fide_federation
Create Date: 2026-12-02 06:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0011_h30_result_reports'
down_revision = '0011_h28_player_fide_federation'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('player_reports', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_table('result_report',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('side', sa.String(length=1), nullable=False),
    sa.Column('result', sa.String(length=5), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('reported_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'side', name='game_side')
    )
    with op.batch_alter_table('result_report', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_result_report_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_result_report_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('result_report', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_result_report_user_id'))
        batch_op.drop_index(batch_op.f('ix_result_report_game_id'))
    op.drop_table('result_report')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('player_reports')
