"""event: planned round times and the organiser's contacts (invitation / brochure)

Revision ID: 0005_event_invitation
Revises: 0004_event_tiebreak_options
Create Date: 2026-11-29 17:05:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0005_event_invitation'
down_revision = '0004_event_tiebreak_options'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('round_times', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('contact_email', sa.String(length=120), server_default='', nullable=False))
        batch_op.add_column(sa.Column('contact_phone', sa.String(length=40), server_default='', nullable=False))
        batch_op.add_column(sa.Column('website', sa.String(length=200), server_default='', nullable=False))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('website')
        batch_op.drop_column('contact_phone')
        batch_op.drop_column('contact_email')
        batch_op.drop_column('round_times')
