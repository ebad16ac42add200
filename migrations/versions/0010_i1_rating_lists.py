"""Imports and rating lists (issue 17 points 1, 2, 6): player.rating_blitz, event.rating_list
(the list of the starting order) and rating_record (where each rating came from)

Revision ID: 0010_i1_rating_lists
Revises: 0009_a1_session_version
Create Date: 2026-12-01 12:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0010_i1_rating_lists'
down_revision = '0009_a1_session_version'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rating_blitz', sa.Integer(), nullable=True))
        batch_op.create_check_constraint(op.f('ck_player_rating_blitz_nonneg'), 'rating_blitz IS NULL OR rating_blitz >= 0')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rating_list', sa.String(length=10), server_default='', nullable=False))
    # Existing events name the list their time control feeds (CBJD 115: normal = regular).
    op.execute("UPDATE event SET rating_list = CASE WHEN time_minutes + time_increment >= 45 "
               "THEN 'regular' ELSE 'rapid' END")
    op.create_table('rating_record',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('rating_list', sa.String(length=10), nullable=False),
    sa.Column('value', sa.Integer(), nullable=False),
    sa.Column('previous', sa.Integer(), nullable=True),
    sa.Column('list_date', sa.Date(), nullable=False),
    sa.Column('source', sa.String(length=120), nullable=False),
    sa.Column('file_name', sa.String(length=200), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('value >= 0', name=op.f('ck_rating_record_value_nonneg')),
    sa.CheckConstraint("rating_list IN ('regular', 'rapid', 'blitz')", name=op.f('ck_rating_record_list_code')),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_rating_record_player_id_player'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], name=op.f('fk_rating_record_user_id_user_account'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_rating_record'))
    )
    with op.batch_alter_table('rating_record', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rating_record_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_rating_record_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('rating_record', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rating_record_user_id'))
        batch_op.drop_index(batch_op.f('ix_rating_record_player_id'))
    op.drop_table('rating_record')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('rating_list')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_player_rating_blitz_nonneg'), type_='check')
        batch_op.drop_column('rating_blitz')
