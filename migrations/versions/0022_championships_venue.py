"""Championships and their sections (who may enter, stages feeding a section, qualifiers
carried over), and the venue: check-in before a round and the wall screen's settings.

Revision ID: 0022_championships_venue
Revises: 0021_norm_settings
Create Date: 2026-12-05 21:40:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0022_championships_venue'
down_revision = '0021_norm_settings'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('championship',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=160), nullable=False),
    sa.Column('start_date', sa.Date(), nullable=False),
    sa.Column('end_date', sa.Date(), nullable=False),
    sa.Column('venue', sa.String(length=200), server_default='', nullable=False),
    sa.Column('organiser', sa.String(length=200), server_default='', nullable=False),
    sa.Column('regulations', sa.Text(), server_default='', nullable=False),
    sa.Column('club_best_n', sa.Integer(), nullable=True),
    sa.Column('one_prize_per_player', sa.Boolean(), server_default='1', nullable=False),
    sa.Column('published', sa.Boolean(), server_default='0', nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('club_best_n IS NULL OR club_best_n >= 1', name=op.f('ck_championship_championship_club_best_n')),
    sa.CheckConstraint('end_date >= start_date', name=op.f('ck_championship_championship_dates_ordered')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_championship'))
    )
    op.create_table('championship_section',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('championship_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('counts_for_clubs', sa.Boolean(), server_default='1', nullable=False),
    sa.Column('carry_points', sa.Boolean(), server_default='0', nullable=False),
    sa.Column('seed_by_qualifying', sa.Boolean(), server_default='1', nullable=False),
    sa.ForeignKeyConstraint(['championship_id'], ['championship.id'], name=op.f('fk_championship_section_championship_id_championship'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_championship_section_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', name=op.f('pk_championship_section'))
    )
    with op.batch_alter_table('championship_section', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_championship_section_championship_id'), ['championship_id'], unique=False)

    op.create_table('section_eligibility',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('min_age', sa.Integer(), nullable=True),
    sa.Column('max_age', sa.Integer(), nullable=True),
    sa.Column('age_on', sa.Date(), nullable=True),
    sa.Column('sex', sa.String(length=1), server_default='', nullable=False),
    sa.Column('rating_min', sa.Integer(), nullable=True),
    sa.Column('rating_max', sa.Integer(), nullable=True),
    sa.Column('members_only', sa.Boolean(), server_default='0', nullable=False),
    sa.Column('category_code', sa.String(length=30), server_default='', nullable=False),
    sa.CheckConstraint('max_age IS NULL OR max_age >= 0', name=op.f('ck_section_eligibility_section_max_age_nonneg')),
    sa.CheckConstraint('min_age IS NULL OR min_age >= 0', name=op.f('ck_section_eligibility_section_min_age_nonneg')),
    sa.CheckConstraint('rating_max IS NULL OR rating_max >= 0', name=op.f('ck_section_eligibility_section_rating_max_nonneg')),
    sa.CheckConstraint('rating_min IS NULL OR rating_min >= 0', name=op.f('ck_section_eligibility_section_rating_min_nonneg')),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_section_eligibility_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', name=op.f('pk_section_eligibility'))
    )
    op.create_table('section_qualification',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('source_event_id', sa.Integer(), nullable=False),
    sa.Column('top_n', sa.Integer(), nullable=False),
    sa.Column('scope', sa.Enum('overall', 'category', 'state', name='qualification_scope', native_enum=False, length=20), nullable=False),
    sa.Column('scope_value', sa.String(length=30), server_default='', nullable=False),
    sa.CheckConstraint('top_n >= 1', name=op.f('ck_section_qualification_qualification_top_n_pos')),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_section_qualification_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['source_event_id'], ['event.id'], name=op.f('fk_section_qualification_source_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_section_qualification'))
    )
    with op.batch_alter_table('section_qualification', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_section_qualification_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_section_qualification_source_event_id'), ['source_event_id'], unique=False)

    op.create_table('venue_settings',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('checkin_round_one', sa.Boolean(), server_default='0', nullable=False),
    sa.Column('checkin_every_round', sa.Boolean(), server_default='0', nullable=False),
    sa.Column('screen_seconds', sa.Integer(), server_default='12', nullable=False),
    sa.Column('screen_top_n', sa.Integer(), server_default='20', nullable=False),
    sa.CheckConstraint('screen_seconds >= 3', name=op.f('ck_venue_settings_venue_screen_seconds_min')),
    sa.CheckConstraint('screen_top_n >= 1', name=op.f('ck_venue_settings_venue_screen_top_n_pos')),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_venue_settings_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', name=op.f('pk_venue_settings'))
    )
    op.create_table('section_qualifier',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('source_event_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('rank', sa.Integer(), nullable=False),
    sa.Column('status', sa.Enum('qualified', 'declined', 'substitute', name='qualifier_status', native_enum=False, length=20), nullable=False),
    sa.Column('carried_units', sa.Integer(), server_default='0', nullable=False),
    sa.Column('carried_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_section_qualifier_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_section_qualifier_player_id_player')),
    sa.ForeignKeyConstraint(['source_event_id'], ['event.id'], name=op.f('fk_section_qualifier_source_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_section_qualifier')),
    sa.UniqueConstraint('event_id', 'player_id', name='section_qualifier_event_player')
    )
    with op.batch_alter_table('section_qualifier', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_section_qualifier_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_section_qualifier_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_section_qualifier_source_event_id'), ['source_event_id'], unique=False)

    op.create_table('check_in',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('entry_id', sa.Integer(), nullable=False),
    sa.Column('round_number', sa.Integer(), nullable=False),
    sa.Column('method', sa.Enum('qr', 'arbiter', name='check_in_method', native_enum=False, length=20), nullable=False),
    sa.Column('checked_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('by_user_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['by_user_id'], ['user_account.id'], name=op.f('fk_check_in_by_user_id_user_account')),
    sa.ForeignKeyConstraint(['entry_id'], ['entry.id'], name=op.f('fk_check_in_entry_id_entry'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_check_in_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_check_in')),
    sa.UniqueConstraint('entry_id', 'round_number', name='check_in_entry_round')
    )
    with op.batch_alter_table('check_in', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_check_in_by_user_id'), ['by_user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_check_in_entry_id'), ['entry_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_check_in_event_id'), ['event_id'], unique=False)



def downgrade():
    with op.batch_alter_table('check_in', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_check_in_event_id'))
        batch_op.drop_index(batch_op.f('ix_check_in_entry_id'))
        batch_op.drop_index(batch_op.f('ix_check_in_by_user_id'))

    op.drop_table('check_in')
    with op.batch_alter_table('section_qualifier', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_section_qualifier_source_event_id'))
        batch_op.drop_index(batch_op.f('ix_section_qualifier_player_id'))
        batch_op.drop_index(batch_op.f('ix_section_qualifier_event_id'))

    op.drop_table('section_qualifier')
    op.drop_table('venue_settings')
    with op.batch_alter_table('section_qualification', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_section_qualification_source_event_id'))
        batch_op.drop_index(batch_op.f('ix_section_qualification_event_id'))

    op.drop_table('section_qualification')
    op.drop_table('section_eligibility')
    with op.batch_alter_table('championship_section', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_championship_section_championship_id'))

    op.drop_table('championship_section')
    op.drop_table('championship')
