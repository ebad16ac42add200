"""desk_incident / desk_sanction: player_id for team micro-match events (no entry rows there)

Revision ID: 0008_desk_team_player
Revises: 0007_event_provisional_rating
Create Date: 2026-11-29 18:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0008_desk_team_player'
down_revision = '0007_event_provisional_rating'
branch_labels = None
depends_on = None


def upgrade():
    for table in ('desk_incident', 'desk_sanction'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column('entry_id', existing_type=sa.Integer(), nullable=True)
            batch_op.add_column(sa.Column('player_id', sa.Integer(), nullable=True))
            batch_op.create_index(batch_op.f(f'ix_{table}_player_id'), ['player_id'], unique=False)
            batch_op.create_foreign_key(batch_op.f(f'fk_{table}_player_id_player'), 'player', ['player_id'], ['id'])


def downgrade():
    for table in ('desk_incident', 'desk_sanction'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(batch_op.f(f'fk_{table}_player_id_player'), type_='foreignkey')
            batch_op.drop_index(batch_op.f(f'ix_{table}_player_id'))
            batch_op.drop_column('player_id')
            batch_op.alter_column('entry_id', existing_type=sa.Integer(), nullable=False)
