"""A rating list per game: the player's ratings of draughts 100 and chess (draughts 64 keeps the
first three columns), and the game of every rating record and rating period.

Existing rows move to the list of their events' game: a period takes the game most of its events
are of; a period's record takes the game of the player's events in it (else the period's); a
record from a file or the form stays on draughts 64, the federation's game. A player whose newest
record of a rate is of another game moves that rating to the other game's column, and his draughts
64 rating of the rate becomes his newest draughts 64 record's, else the rating the first other
game's record found (its "previous": what the column held before another game wrote into it);
players with no event keep theirs on draughts 64.

Revision ID: 0014_rating_list_per_game
Revises: 0013_period_close_once
Create Date: 2026-12-05 10:30:00

"""
from collections import Counter

from alembic import op
import sqlalchemy as sa


revision = '0014_rating_list_per_game'
down_revision = '0013_period_close_once'
branch_labels = None
depends_on = None

OTHER_COLUMNS = {'damas-100': 'rating_d100', 'xadrez': 'rating_chess'}
RATES = ('regular', 'rapid', 'blitz')
DISCIPLINE_CHECK = "discipline IN ('damas-64', 'damas-100', 'xadrez')"
FEDERATION_GAME = 'damas-64'


def _column(discipline, rate):
    return f"rating_{rate}" if discipline == FEDERATION_GAME else f"{OTHER_COLUMNS[discipline]}_{rate}"


def _majority(games):
    """The most common game; a tie goes to draughts 64, else to the first by name."""
    if not games:
        return None
    counts = Counter(games)
    top = max(counts.values())
    tied = sorted(g for g, n in counts.items() if n == top)
    return FEDERATION_GAME if FEDERATION_GAME in tied else tied[0]


def upgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        for prefix in OTHER_COLUMNS.values():
            for rate in RATES:
                name = f"{prefix}_{rate}"
                batch_op.add_column(sa.Column(name, sa.Integer(), nullable=True))
                batch_op.create_check_constraint(op.f(f"ck_player_{name}_nonneg"), f"{name} IS NULL OR {name} >= 0")
    for table, check in (('rating_record', 'record_discipline'), ('rating_period', 'period_discipline')):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('discipline', sa.String(length=20), server_default=FEDERATION_GAME,
                                          nullable=False))
            batch_op.create_check_constraint(op.f(f"ck_{table}_{check}"), DISCIPLINE_CHECK)
    _move_rows(op.get_bind())


def _move_rows(connection):
    event_game = dict(connection.execute(sa.text('SELECT id, discipline FROM event')).all())
    period = sa.table('rating_period', sa.column('id', sa.Integer()), sa.column('event_ids', sa.JSON()),
                      sa.column('discipline', sa.String()))
    record = sa.table('rating_record', sa.column('id', sa.Integer()), sa.column('player_id', sa.Integer()),
                      sa.column('period_id', sa.Integer()), sa.column('discipline', sa.String()),
                      sa.column('rating_list', sa.String()), sa.column('value', sa.Integer()),
                      sa.column('list_date', sa.Date()), sa.column('previous', sa.Integer()))
    period_events = {}
    for period_id, event_ids in connection.execute(sa.select(period.c.id, period.c.event_ids)).all():
        ids = [e for e in (event_ids or ()) if e in event_game]
        period_events[period_id] = ids
        game = _majority([event_game[e] for e in ids]) or FEDERATION_GAME
        connection.execute(period.update().where(period.c.id == period_id).values(discipline=game))
    entered = {}
    for event_id, player_id in connection.execute(sa.text('SELECT event_id, player_id FROM entry')).all():
        entered.setdefault(player_id, set()).add(event_id)
    for event_id, player_id in connection.execute(sa.text(
            'SELECT team.event_id, team_member.player_id FROM team_member JOIN team ON team.id = team_member.team_id')):
        entered.setdefault(player_id, set()).add(event_id)
    rows = connection.execute(sa.select(record.c.id, record.c.player_id, record.c.period_id)
                              .where(record.c.period_id.is_not(None))).all()
    period_game = dict(connection.execute(sa.select(period.c.id, period.c.discipline)).all())
    for record_id, player_id, period_id in rows:
        mine = [event_game[e] for e in period_events.get(period_id, ()) if e in entered.get(player_id, ())]
        game = _majority(mine) or period_game.get(period_id, FEDERATION_GAME)
        if game != FEDERATION_GAME:
            connection.execute(record.update().where(record.c.id == record_id).values(discipline=game))
    _move_current_ratings(connection, record)


def _move_current_ratings(connection, record):
    """A rating of another game sits in a draughts 64 column when his newest record of the rate
    is of that game: it moves to its game's column."""
    newest = {}  # (player, rate) -> (game, value) of the newest record
    newest_d64 = {}  # (player, rate) -> value of the newest draughts 64 record
    first_other = {}  # (player, rate) -> the value before the first record of another game
    for player_id, game, rate, value, previous in connection.execute(
            sa.select(record.c.player_id, record.c.discipline, record.c.rating_list, record.c.value,
                      record.c.previous).order_by(record.c.list_date, record.c.id)):
        newest[(player_id, rate)] = (game, value)
        if game == FEDERATION_GAME:
            newest_d64[(player_id, rate)] = value
        else:
            first_other.setdefault((player_id, rate), previous)
    player = sa.table('player', sa.column('id', sa.Integer()),
                      *(sa.column(_column(g, r), sa.Integer()) for g in (FEDERATION_GAME, *OTHER_COLUMNS) for r in RATES))
    current = {row[0]: row for row in connection.execute(
        sa.select(player.c.id, *(player.c[f"rating_{r}"] for r in RATES))).all()}
    for (player_id, rate), (game, value) in newest.items():
        row = current.get(player_id)
        if game == FEDERATION_GAME or row is None or row[1 + RATES.index(rate)] != (value or None):
            continue
        d64 = newest_d64.get((player_id, rate), first_other.get((player_id, rate)))
        connection.execute(player.update().where(player.c.id == player_id).values(
            {_column(game, rate): value or None, f"rating_{rate}": d64 or None}))


def downgrade():
    for table, check in (('rating_period', 'period_discipline'), ('rating_record', 'record_discipline')):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(op.f(f"ck_{table}_{check}"), type_='check')
            batch_op.drop_column('discipline')
    with op.batch_alter_table('player', schema=None) as batch_op:
        for prefix in OTHER_COLUMNS.values():
            for rate in RATES:
                batch_op.drop_constraint(op.f(f"ck_player_{prefix}_{rate}_nonneg"), type_='check')
                batch_op.drop_column(f"{prefix}_{rate}")
