"""Titles on record: a player's FIDE chess title and his draughts title ("" for existing players).

Revision ID: 0019_player_titles
Revises: 0018_entry_fees
Create Date: 2026-12-05 21:25:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0019_player_titles'
down_revision = '0018_entry_fees'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('fide_title', sa.String(length=3), server_default='', nullable=False))
        batch_op.add_column(sa.Column('draughts_title', sa.String(length=12), server_default='', nullable=False))


def downgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_column('draughts_title')
        batch_op.drop_column('fide_title')
