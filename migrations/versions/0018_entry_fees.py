"""Entry fees: the fee schedule of an event and its category reductions, each entrant's fee
account with its payments and refunds, and the federation's Pix receiving account (empty for
existing federations: no Pix until staff set it).

Revision ID: 0018_entry_fees
Revises: 0017_mail_opt_outs
Create Date: 2026-12-05 21:15:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0018_entry_fees'
down_revision = '0017_mail_opt_outs'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('fee_reduction',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('category_code', sa.String(length=30), nullable=False),
    sa.Column('reduction_cents', sa.Integer(), nullable=False),
    sa.CheckConstraint('reduction_cents > 0', name=op.f('ck_fee_reduction_fee_reduction_pos')),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_fee_reduction_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', 'category_code', name=op.f('pk_fee_reduction'))
    )
    op.create_table('fee_schedule',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('member_cents', sa.Integer(), nullable=False),
    sa.Column('guest_cents', sa.Integer(), nullable=True),
    sa.Column('early_until', sa.Date(), nullable=True),
    sa.Column('early_reduction_cents', sa.Integer(), nullable=False),
    sa.Column('paid_to_confirm', sa.Boolean(), nullable=False),
    sa.Column('payment_deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('unpaid_action', sa.Enum('cancel', 'reserve', name='unpaid_action', native_enum=False, length=20), nullable=False),
    sa.Column('refund_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('deadline_applied_at', sa.DateTime(timezone=True), nullable=True),
    sa.CheckConstraint('early_reduction_cents >= 0', name=op.f('ck_fee_schedule_fee_early_nonneg')),
    sa.CheckConstraint('guest_cents IS NULL OR guest_cents >= 0', name=op.f('ck_fee_schedule_fee_guest_nonneg')),
    sa.CheckConstraint('member_cents >= 0', name=op.f('ck_fee_schedule_fee_member_nonneg')),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_fee_schedule_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', name=op.f('pk_fee_schedule'))
    )
    op.create_table('entry_fee',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('waived_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('waiver_reason', sa.String(length=200), server_default='', nullable=False),
    sa.Column('waived_by_id', sa.Integer(), nullable=True),
    sa.Column('refund_due_cents', sa.Integer(), server_default='0', nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_entry_fee_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_entry_fee_player_id_player')),
    sa.ForeignKeyConstraint(['waived_by_id'], ['user_account.id'], name=op.f('fk_entry_fee_waived_by_id_user_account')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_entry_fee')),
    sa.UniqueConstraint('event_id', 'player_id', name='entry_fee_event_player')
    )
    with op.batch_alter_table('entry_fee', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_entry_fee_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_entry_fee_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_entry_fee_waived_by_id'), ['waived_by_id'], unique=False)

    op.create_table('fee_payment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('fee_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.Enum('payment', 'refund', name='payment_kind', native_enum=False, length=20), nullable=False),
    sa.Column('method', sa.Enum('pix', 'cash', 'transfer', 'other', name='payment_method', native_enum=False, length=20), nullable=False),
    sa.Column('amount_cents', sa.Integer(), nullable=False),
    sa.Column('paid_on', sa.Date(), nullable=False),
    sa.Column('bank_account', sa.String(length=60), nullable=True),
    sa.Column('bank_ref', sa.String(length=80), nullable=True),
    sa.Column('payer_name', sa.String(length=120), server_default='', nullable=False),
    sa.Column('note', sa.Text(), server_default='', nullable=False),
    sa.Column('recorded_by_id', sa.Integer(), nullable=True),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('amount_cents > 0', name=op.f('ck_fee_payment_fee_payment_pos')),
    sa.ForeignKeyConstraint(['fee_id'], ['entry_fee.id'], name=op.f('fk_fee_payment_fee_id_entry_fee'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['recorded_by_id'], ['user_account.id'], name=op.f('fk_fee_payment_recorded_by_id_user_account')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_fee_payment')),
    sa.UniqueConstraint('bank_account', 'bank_ref', name='fee_payment_bank_ref')
    )
    with op.batch_alter_table('fee_payment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_fee_payment_fee_id'), ['fee_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_fee_payment_recorded_by_id'), ['recorded_by_id'], unique=False)

    with op.batch_alter_table('federation_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pix_key', sa.String(length=77), server_default='', nullable=False))
        batch_op.add_column(sa.Column('pix_name', sa.String(length=25), server_default='', nullable=False))
        batch_op.add_column(sa.Column('pix_city', sa.String(length=15), server_default='', nullable=False))



def downgrade():
    with op.batch_alter_table('federation_settings', schema=None) as batch_op:
        batch_op.drop_column('pix_city')
        batch_op.drop_column('pix_name')
        batch_op.drop_column('pix_key')

    with op.batch_alter_table('fee_payment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_fee_payment_recorded_by_id'))
        batch_op.drop_index(batch_op.f('ix_fee_payment_fee_id'))

    op.drop_table('fee_payment')
    with op.batch_alter_table('entry_fee', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_entry_fee_waived_by_id'))
        batch_op.drop_index(batch_op.f('ix_entry_fee_player_id'))
        batch_op.drop_index(batch_op.f('ix_entry_fee_event_id'))

    op.drop_table('entry_fee')
    op.drop_table('fee_schedule')
    op.drop_table('fee_reduction')
