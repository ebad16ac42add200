"""desk_penalty.micro_game: the game of a micro-match a desk penalty decided

Revision ID: 0006_desk_penalty_micro_game
Revises: 0005_event_invitation
Create Date: 2026-11-29 17:20:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0006_desk_penalty_micro_game'
down_revision = '0005_event_invitation'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('desk_penalty', schema=None) as batch_op:
        batch_op.add_column(sa.Column('micro_game', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('desk_penalty', schema=None) as batch_op:
        batch_op.drop_column('micro_game')
