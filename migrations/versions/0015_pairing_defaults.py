"""Fewer clicks to round 1: the federation's default pairing system of new events
(federation_settings.default_pairing_system, "" = the one most events use) and an event's
"publish the round with its pairing" setting (event.publish_on_pair, off for existing events).

Revision ID: 0015_pairing_defaults
Revises: 0014_rating_list_per_game
Create Date: 2026-12-05 15:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0015_pairing_defaults'
down_revision = '0014_rating_list_per_game'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('federation_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('default_pairing_system', sa.String(length=20), server_default='',
                                      nullable=False))
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('publish_on_pair', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('publish_on_pair')
    with op.batch_alter_table('federation_settings', schema=None) as batch_op:
        batch_op.drop_column('default_pairing_system')
