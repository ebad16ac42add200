"""user_account.session_version (part of the login id in the cookies: raising it ends every
session of the account)

Revision ID: 0009_a1_session_version
Revises: 0009_c3_event_rules
Create Date: 2026-12-01 09:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0009_a1_session_version'
down_revision = '0009_c3_event_rules'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('user_account', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_version', sa.Integer(), server_default='0', nullable=False))


def downgrade():
    with op.batch_alter_table('user_account', schema=None) as batch_op:
        batch_op.drop_column('session_version')
