"""event.acceleration: accelerated pairings for the Dutch Swiss (FIDE C.04.5.1 Baku)

Revision ID: 0002_event_acceleration
Revises: 0001_initial
Create Date: 2026-11-29 16:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0002_event_acceleration'
down_revision = '0001_initial'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('acceleration', sa.String(length=10), server_default='', nullable=False))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('acceleration')
