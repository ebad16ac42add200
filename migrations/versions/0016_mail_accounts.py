"""E-mail for accounts: the language of an account's mails (user_account.locale, pt_BR for
existing accounts) and when its address was proved (user_account.email_verified_at, empty:
not yet).

Revision ID: 0016_mail_accounts
Revises: 0015_pairing_defaults
Create Date: 2026-12-05 19:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0016_mail_accounts'
down_revision = '0015_pairing_defaults'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('user_account', schema=None) as batch_op:
        batch_op.add_column(sa.Column('locale', sa.String(length=5), server_default='pt_BR', nullable=False))
        batch_op.add_column(sa.Column('email_verified_at', sa.DateTime(timezone=True), nullable=True))


def downgrade():
    with op.batch_alter_table('user_account', schema=None) as batch_op:
        batch_op.drop_column('email_verified_at')
        batch_op.drop_column('locale')
