"""Member sign-ups that named an unknown federation number, or a number or e-mail that already
has an account: unmatched_sign_up, for staff to dismiss or link to a player.

Revision ID: 0013_login_unmatched_sign_ups
Revises: 0013_accents_player_name_folded
Create Date: 2026-12-03 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0013_login_unmatched_sign_ups'
down_revision = '0013_accents_player_name_folded'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('unmatched_sign_up',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('federation_id', sa.String(length=40), nullable=False),
    sa.Column('reason', sa.Enum('unknown_number', 'number_taken', 'email_taken', name='unmatched_reason', native_enum=False, length=20), nullable=False),
    sa.Column('password_hash', sa.String(length=255), nullable=False),
    sa.Column('status', sa.Enum('open', 'dismissed', 'linked', name='unmatched_status', native_enum=False, length=20), nullable=False),
    sa.Column('decided_by_id', sa.Integer(), nullable=True),
    sa.Column('player_id', sa.Integer(), nullable=True),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['decided_by_id'], ['user_account.id'], name=op.f('fk_unmatched_sign_up_decided_by_id_user_account')),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_unmatched_sign_up_player_id_player'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], name=op.f('fk_unmatched_sign_up_user_id_user_account'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_unmatched_sign_up'))
    )
    with op.batch_alter_table('unmatched_sign_up', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_unmatched_sign_up_decided_by_id'), ['decided_by_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_unmatched_sign_up_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_unmatched_sign_up_status'), ['status'], unique=False)
        batch_op.create_index(batch_op.f('ix_unmatched_sign_up_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('unmatched_sign_up', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_unmatched_sign_up_user_id'))
        batch_op.drop_index(batch_op.f('ix_unmatched_sign_up_status'))
        batch_op.drop_index(batch_op.f('ix_unmatched_sign_up_player_id'))
        batch_op.drop_index(batch_op.f('ix_unmatched_sign_up_decided_by_id'))
    op.drop_table('unmatched_sign_up')
