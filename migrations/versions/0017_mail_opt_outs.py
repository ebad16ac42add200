"""The kinds of notification mail an account turned off (mail_opt_out; none for existing
accounts: every kind stays on).

Revision ID: 0017_mail_opt_outs
Revises: 0016_mail_accounts
Create Date: 2026-12-05 19:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0017_mail_opt_outs'
down_revision = '0016_mail_accounts'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'mail_opt_out',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], name=op.f('fk_mail_opt_out_user_id_user_account'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_mail_opt_out')),
        sa.UniqueConstraint('user_id', 'kind', name='uq_mail_opt_out_user_kind'),
    )
    with op.batch_alter_table('mail_opt_out', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_mail_opt_out_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('mail_opt_out', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_mail_opt_out_user_id'))
    op.drop_table('mail_opt_out')
