"""Issue 18 (c3): event.no_show_minutes (CBJD 95 e, 109 i; CLUB "derrota após N minutos"),
event.pair_restriction (FIDE-GR Pairings g) and game.rating_result (C.04.2 #8: a correction
reported after the end of the next round goes only into the rating report)

Revision ID: 0009_c3_event_rules
Revises: 0009_r_event_revision
Create Date: 2026-12-01 09:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0009_c3_event_rules'
down_revision = '0009_r_event_revision'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('no_show_minutes', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('pair_restriction', sa.String(length=10), server_default='', nullable=False))
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rating_result', sa.String(length=5), nullable=True))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('rating_result')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('pair_restriction')
        batch_op.drop_column('no_show_minutes')
