"""player.name_folded: the full name without accents or case, what the player search and the
entry lists compare (damas.engine.folding), filled for the players already registered.

Revision ID: 0013_accents_player_name_folded
Revises: 0012_29_ratings
Create Date: 2026-12-05 05:00:00

"""
from alembic import op
import sqlalchemy as sa

from damas.engine.folding import fold


revision = '0013_accents_player_name_folded'
down_revision = '0012_29_ratings'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name_folded', sa.String(length=120), server_default='', nullable=False))
        batch_op.create_index(batch_op.f('ix_player_name_folded'), ['name_folded'], unique=False)
    connection = op.get_bind()
    player = sa.table('player', sa.column('id', sa.Integer()), sa.column('full_name', sa.String()),
                      sa.column('name_folded', sa.String()))
    rows = connection.execute(sa.select(player.c.id, player.c.full_name)).all()
    for player_id, name in rows:
        connection.execute(player.update().where(player.c.id == player_id).values(name_folded=fold(name)[:120]))


def downgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_name_folded'))
        batch_op.drop_column('name_folded')
