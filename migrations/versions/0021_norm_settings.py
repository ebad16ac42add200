"""FIDE title-norm settings of an event: kind, host federation, 1.4.3d assertion, chief arbiter's title.

Revision ID: 0021_norm_settings
Revises: 0020_national_titles
Create Date: 2026-12-06 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0021_norm_settings'
down_revision = '0020_national_titles'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'event_norm_settings',
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=30), server_default='ordinary', nullable=False),
        sa.Column('host_federation', sa.String(length=3), server_default='', nullable=False),
        sa.Column('foreign_field', sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column('chief_arbiter_title', sa.String(length=3), server_default='', nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_event_norm_settings_event_id_event'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('event_id', name=op.f('pk_event_norm_settings')),
    )


def downgrade():
    op.drop_table('event_norm_settings')
