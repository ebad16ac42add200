"""federation_settings: the federation's name, short name, logo, address, contacts and default
rule set (one row; issue 17 point 4)

Revision ID: 0010_i2_federation_settings
Revises: 0010_i1_rating_lists
Create Date: 2026-12-01 12:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0010_i2_federation_settings'
down_revision = '0010_i1_rating_lists'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'federation_settings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=160), nullable=False),
        sa.Column('short_name', sa.String(length=40), server_default='', nullable=False),
        sa.Column('address', sa.Text(), server_default='', nullable=False),
        sa.Column('email', sa.String(length=120), server_default='', nullable=False),
        sa.Column('phone', sa.String(length=40), server_default='', nullable=False),
        sa.Column('website', sa.String(length=200), server_default='', nullable=False),
        sa.Column('default_ruleset', sa.String(length=20), server_default='', nullable=False),
        sa.Column('logo', sa.LargeBinary(), nullable=True),
        sa.Column('logo_mime', sa.String(length=20), server_default='', nullable=False),
        sa.Column('version', sa.Integer(), server_default='1', nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_federation_settings')),
    )


def downgrade():
    op.drop_table('federation_settings')
