"""The FIDE federation of a player imported from another program's TRF file (issue 28: our TRF
export writes it back, nothing lost).

Revision ID: 0011_h28_player_fide_federation
Revises: 0011_h32_game_records
Create Date: 2026-12-02 06:30:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0011_h28_player_fide_federation'
down_revision = '0011_h32_game_records'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('fide_federation', sa.String(length=3), server_default='', nullable=False))


def downgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_column('fide_federation')
