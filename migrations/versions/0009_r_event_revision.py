"""event.revision: a counter of the changes that can alter what the event's pages show
(public pages, PDFs and API answers are cached and ETagged by it)

Revision ID: 0009_r_event_revision
Revises: 0008_desk_team_player
Create Date: 2026-12-01 09:15:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0009_r_event_revision'
down_revision = '0008_desk_team_player'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('revision', sa.Integer(), server_default='0', nullable=False))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('revision')
