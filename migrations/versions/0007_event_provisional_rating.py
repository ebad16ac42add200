"""event.provisional_rating (unrated players' rating for the starting order only) and
event.pairing_bye_score (what a pairing bye scores in the event)

Revision ID: 0007_event_provisional_rating
Revises: 0006_desk_penalty_micro_game
Create Date: 2026-11-29 17:25:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0007_event_provisional_rating'
down_revision = '0006_desk_penalty_micro_game'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('provisional_rating', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('pairing_bye_score', sa.String(length=5), server_default='', nullable=False))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('pairing_bye_score')
        batch_op.drop_column('provisional_rating')
