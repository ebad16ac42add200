"""The federation's national titles (settings of the national title norms): none at first.

Revision ID: 0020_national_titles
Revises: 0019_player_titles
Create Date: 2026-12-05 21:50:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0020_national_titles'
down_revision = '0019_player_titles'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('national_title',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=12), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('rating_threshold', sa.Integer(), nullable=True),
    sa.Column('norms_needed', sa.Integer(), nullable=False),
    sa.Column('min_games', sa.Integer(), nullable=False),
    sa.Column('min_average', sa.Integer(), nullable=True),
    sa.Column('min_score_percent', sa.Integer(), nullable=False),
    sa.Column('unrated_rating', sa.Integer(), nullable=True),
    sa.Column('women_only', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.CheckConstraint('norms_needed >= 0', name=op.f('ck_national_title_norms_nonneg')),
    sa.CheckConstraint('min_games >= 1', name=op.f('ck_national_title_min_games_pos')),
    sa.CheckConstraint('min_score_percent >= 0 AND min_score_percent <= 100', name=op.f('ck_national_title_score_range')),
    sa.CheckConstraint('rating_threshold IS NULL OR rating_threshold >= 0', name=op.f('ck_national_title_threshold_nonneg')),
    sa.CheckConstraint('min_average IS NULL OR min_average >= 0', name=op.f('ck_national_title_average_nonneg')),
    sa.CheckConstraint('unrated_rating IS NULL OR unrated_rating >= 0', name=op.f('ck_national_title_unrated_nonneg')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_national_title')),
    sa.UniqueConstraint('code', name=op.f('uq_national_title_code'))
    )


def downgrade():
    op.drop_table('national_title')
