"""event.tiebreak_options: the event's unplayed-games rule, WIN with forfeit wins, TPR 350 rule

Revision ID: 0004_event_tiebreak_options
Revises: 0003_foreign_key_indexes
Create Date: 2026-11-29 16:45:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0004_event_tiebreak_options'
down_revision = '0003_foreign_key_indexes'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tiebreak_options', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('tiebreak_options')
