"""An index on every foreign key; entry.absent_from_round / absence_note (absent without notice,
FIDE C.04.2 #2: not paired from that round on until an arbiter records the explanation)

Revision ID: 0003_foreign_key_indexes
Revises: 0002_event_acceleration
Create Date: 2026-12-01 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0003_foreign_key_indexes'
down_revision = '0002_event_acceleration'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('audit_entry', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_audit_entry_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('desk_appeal', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_desk_appeal_appellant_entry_id'), ['appellant_entry_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_appeal_decided_by_id'), ['decided_by_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_appeal_filed_by_id'), ['filed_by_id'], unique=False)

    with op.batch_alter_table('desk_forfeit_decision', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_desk_forfeit_decision_entry_id'), ['entry_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_forfeit_decision_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('desk_incident', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_desk_incident_arbiter_user_id'), ['arbiter_user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_incident_entry_id'), ['entry_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_incident_game_id'), ['game_id'], unique=False)

    with op.batch_alter_table('desk_penalty', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_desk_penalty_applied_by_id'), ['applied_by_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_penalty_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_penalty_reversed_by_id'), ['reversed_by_id'], unique=False)

    with op.batch_alter_table('desk_sanction', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_desk_sanction_arbiter_user_id'), ['arbiter_user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_sanction_entry_id'), ['entry_id'], unique=False)

    with op.batch_alter_table('desk_settings', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_desk_settings_chief_arbiter_user_id'), ['chief_arbiter_user_id'], unique=False)

    with op.batch_alter_table('entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('absent_from_round', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('absence_note', sa.String(length=200), server_default='', nullable=False))
        batch_op.create_index(batch_op.f('ix_entry_player_id'), ['player_id'], unique=False)

    with op.batch_alter_table('event_arbiter', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_arbiter_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_black_entry_id'), ['black_entry_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_white_entry_id'), ['white_entry_id'], unique=False)

    with op.batch_alter_table('knockout_game', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_knockout_game_black_entry_id'), ['black_entry_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_knockout_game_white_entry_id'), ['white_entry_id'], unique=False)

    with op.batch_alter_table('opening_draw', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_opening_draw_list_id'), ['list_id'], unique=False)

    with op.batch_alter_table('opening_list', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_opening_list_uploaded_by'), ['uploaded_by'], unique=False)

    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_club_id'), ['club_id'], unique=False)

    with op.batch_alter_table('team', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_team_captain_user_id'), ['captain_user_id'], unique=False)

    with op.batch_alter_table('team_lineup', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_team_lineup_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_team_lineup_team_id'), ['team_id'], unique=False)

    with op.batch_alter_table('team_match', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_team_match_team_a_id'), ['team_a_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_team_match_team_b_id'), ['team_b_id'], unique=False)

    with op.batch_alter_table('team_member', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_team_member_player_id'), ['player_id'], unique=False)


def downgrade():
    with op.batch_alter_table('team_member', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_team_member_player_id'))

    with op.batch_alter_table('team_match', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_team_match_team_b_id'))
        batch_op.drop_index(batch_op.f('ix_team_match_team_a_id'))

    with op.batch_alter_table('team_lineup', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_team_lineup_team_id'))
        batch_op.drop_index(batch_op.f('ix_team_lineup_player_id'))

    with op.batch_alter_table('team', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_team_captain_user_id'))

    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_club_id'))

    with op.batch_alter_table('opening_list', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_opening_list_uploaded_by'))

    with op.batch_alter_table('opening_draw', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_opening_draw_list_id'))

    with op.batch_alter_table('knockout_game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_knockout_game_white_entry_id'))
        batch_op.drop_index(batch_op.f('ix_knockout_game_black_entry_id'))

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_white_entry_id'))
        batch_op.drop_index(batch_op.f('ix_game_black_entry_id'))

    with op.batch_alter_table('event_arbiter', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_arbiter_user_id'))

    with op.batch_alter_table('entry', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_entry_player_id'))
        batch_op.drop_column('absence_note')
        batch_op.drop_column('absent_from_round')

    with op.batch_alter_table('desk_settings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_desk_settings_chief_arbiter_user_id'))

    with op.batch_alter_table('desk_sanction', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_desk_sanction_entry_id'))
        batch_op.drop_index(batch_op.f('ix_desk_sanction_arbiter_user_id'))

    with op.batch_alter_table('desk_penalty', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_desk_penalty_reversed_by_id'))
        batch_op.drop_index(batch_op.f('ix_desk_penalty_game_id'))
        batch_op.drop_index(batch_op.f('ix_desk_penalty_applied_by_id'))

    with op.batch_alter_table('desk_incident', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_desk_incident_game_id'))
        batch_op.drop_index(batch_op.f('ix_desk_incident_entry_id'))
        batch_op.drop_index(batch_op.f('ix_desk_incident_arbiter_user_id'))

    with op.batch_alter_table('desk_forfeit_decision', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_desk_forfeit_decision_user_id'))
        batch_op.drop_index(batch_op.f('ix_desk_forfeit_decision_entry_id'))

    with op.batch_alter_table('desk_appeal', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_desk_appeal_filed_by_id'))
        batch_op.drop_index(batch_op.f('ix_desk_appeal_decided_by_id'))
        batch_op.drop_index(batch_op.f('ix_desk_appeal_appellant_entry_id'))

    with op.batch_alter_table('audit_entry', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_audit_entry_user_id'))
