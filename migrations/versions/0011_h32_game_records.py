"""Games on record (issue 32): game_record (the moves of one game of an event as its score sheet
writes them, with the rules' check) and desk_move_ref (a desk claim or question pointing at a
recorded move).

Revision ID: 0011_h32_game_records
Revises: 0010_i3_prize_rows
Create Date: 2026-12-02 02:00:11.303642

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0011_h32_game_records'
down_revision = '0010_i3_prize_rows'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('game_record',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('round_number', sa.Integer(), nullable=False),
    sa.Column('board', sa.Integer(), nullable=False),
    sa.Column('game_no', sa.Integer(), nullable=False),
    sa.Column('white_player_id', sa.Integer(), nullable=False),
    sa.Column('black_player_id', sa.Integer(), nullable=False),
    sa.Column('moves', sa.Text(), nullable=False),
    sa.Column('result_token', sa.String(length=8), nullable=False),
    sa.Column('start_fen', sa.String(length=120), nullable=False),
    sa.Column('plies', sa.JSON(), nullable=False),
    sa.Column('final', sa.String(length=8), nullable=False),
    sa.Column('irregular_ply', sa.Integer(), nullable=True),
    sa.Column('note', sa.String(length=300), nullable=False),
    sa.Column('source', sa.String(length=10), nullable=False),
    sa.Column('recorded_by_id', sa.Integer(), nullable=True),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['black_player_id'], ['player.id'], name=op.f('fk_game_record_black_player_id_player')),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_game_record_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['recorded_by_id'], ['user_account.id'], name=op.f('fk_game_record_recorded_by_id_user_account')),
    sa.ForeignKeyConstraint(['white_player_id'], ['player.id'], name=op.f('fk_game_record_white_player_id_player')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_record')),
    sa.UniqueConstraint('event_id', 'round_number', 'board', 'game_no', name='event_game')
    )
    with op.batch_alter_table('game_record', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_record_black_player_id'), ['black_player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_record_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_record_recorded_by_id'), ['recorded_by_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_record_white_player_id'), ['white_player_id'], unique=False)

    op.create_table('desk_move_ref',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('record_id', sa.Integer(), nullable=False),
    sa.Column('ply', sa.Integer(), nullable=False),
    sa.Column('subject', sa.String(length=20), nullable=False),
    sa.Column('incident_id', sa.Integer(), nullable=True),
    sa.Column('note', sa.String(length=500), nullable=False),
    sa.Column('arbiter_user_id', sa.Integer(), nullable=True),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['arbiter_user_id'], ['user_account.id'], name=op.f('fk_desk_move_ref_arbiter_user_id_user_account')),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_desk_move_ref_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['incident_id'], ['desk_incident.id'], name=op.f('fk_desk_move_ref_incident_id_desk_incident'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['record_id'], ['game_record.id'], name=op.f('fk_desk_move_ref_record_id_game_record'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_desk_move_ref'))
    )
    with op.batch_alter_table('desk_move_ref', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_desk_move_ref_arbiter_user_id'), ['arbiter_user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_move_ref_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_move_ref_incident_id'), ['incident_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_desk_move_ref_record_id'), ['record_id'], unique=False)



def downgrade():
    with op.batch_alter_table('desk_move_ref', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_desk_move_ref_record_id'))
        batch_op.drop_index(batch_op.f('ix_desk_move_ref_incident_id'))
        batch_op.drop_index(batch_op.f('ix_desk_move_ref_event_id'))
        batch_op.drop_index(batch_op.f('ix_desk_move_ref_arbiter_user_id'))

    op.drop_table('desk_move_ref')
    with op.batch_alter_table('game_record', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_record_white_player_id'))
        batch_op.drop_index(batch_op.f('ix_game_record_recorded_by_id'))
        batch_op.drop_index(batch_op.f('ix_game_record_event_id'))
        batch_op.drop_index(batch_op.f('ix_game_record_black_player_id'))

    op.drop_table('game_record')
