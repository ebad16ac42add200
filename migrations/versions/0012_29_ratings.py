"""Rating calculation, periods and seasons (issue 29): federation_settings.rating_parameters (the
cbjd Elo parameters), rating_period (a closed period), rating_record.period_id, season and
season_event (the season ranking's events).

Revision ID: 0012_29_ratings
Revises: 0012_28_team_games_per_board
Create Date: 2026-12-02 14:40:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0012_29_ratings'
down_revision = '0012_28_team_games_per_board'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('federation_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rating_parameters', sa.JSON(), nullable=True))
    op.create_table('rating_period',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('rating_list', sa.String(length=10), nullable=False),
    sa.Column('start_date', sa.Date(), nullable=False),
    sa.Column('end_date', sa.Date(), nullable=False),
    sa.Column('list_date', sa.Date(), nullable=False),
    sa.Column('event_ids', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('closed_by', sa.Integer(), nullable=True),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("rating_list IN ('regular', 'rapid', 'blitz')", name=op.f('ck_rating_period_period_list_code')),
    sa.CheckConstraint('end_date >= start_date', name=op.f('ck_rating_period_period_dates_ordered')),
    sa.CheckConstraint("status IN ('closed', 'reopened')", name=op.f('ck_rating_period_period_status')),
    sa.ForeignKeyConstraint(['closed_by'], ['user_account.id'], name=op.f('fk_rating_period_closed_by_user_account'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_rating_period'))
    )
    with op.batch_alter_table('rating_period', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rating_period_closed_by'), ['closed_by'], unique=False)
    with op.batch_alter_table('rating_record', schema=None) as batch_op:
        batch_op.add_column(sa.Column('period_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_rating_record_period_id'), ['period_id'], unique=False)
        batch_op.create_foreign_key('fk_rating_record_period_id_rating_period', 'rating_period',
                                    ['period_id'], ['id'], ondelete='CASCADE')


    op.create_table('season',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=160), nullable=False),
    sa.Column('year', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('points_table', sa.JSON(), nullable=False),
    sa.Column('categories', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("kind IN ('place', 'score')", name=op.f('ck_season_kind_code')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_season'))
    )
    op.create_table('season_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('season_id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_season_event_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], name=op.f('fk_season_event_season_id_season'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_season_event')),
    sa.UniqueConstraint('season_id', 'event_id', name='season_event_once')
    )
    with op.batch_alter_table('season_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_event_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_season_event_season_id'), ['season_id'], unique=False)


def downgrade():
    with op.batch_alter_table('season_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_season_event_season_id'))
        batch_op.drop_index(batch_op.f('ix_season_event_event_id'))
    op.drop_table('season_event')
    op.drop_table('season')
    with op.batch_alter_table('rating_record', schema=None) as batch_op:
        batch_op.drop_constraint('fk_rating_record_period_id_rating_period', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_rating_record_period_id'))
        batch_op.drop_column('period_id')
    with op.batch_alter_table('rating_period', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rating_period_closed_by'))
    op.drop_table('rating_period')
    with op.batch_alter_table('federation_settings', schema=None) as batch_op:
        batch_op.drop_column('rating_parameters')
