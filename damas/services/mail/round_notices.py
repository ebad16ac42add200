"""The mail each player gets when a round is published (kind "pairings"): his board, his colour,
his opponent with the rating he entered with, the round's planned time from the invitation, or
that he is the bye or was not paired. Published pairings never change (C.04.2 #10), so this is
sent once, after the publication's commit (`damas.services.audit.after_commit`)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask_babel import LazyString, format_datetime
from flask_babel import lazy_gettext as _l
from sqlalchemy import select
from sqlalchemy.orm import joinedload

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, Game, Round
from damas.models.event import ROUND_TIME_STORED
from damas.services.mail.notify import Batch, Notice
from damas.services.mail.players import round_url
from damas.services.mail.recipients import accounts_of_players


def planned_time(event: Event, number: int) -> datetime | None:
    """Round `number`'s planned start from the invitation (`Event.round_times`), if given."""
    times = event.round_times or []
    if not 1 <= number <= len(times):
        return None
    try:
        return datetime.strptime(str(times[number - 1])[:16], ROUND_TIME_STORED)
    except ValueError:
        return None


def local_time(when: datetime) -> LazyString:
    """`when` as the recipient's language writes a date and time, not moved to another zone:
    the round starts at that time at the venue."""
    return LazyString(lambda: format_datetime(when, "short", rebase=False))


def _opponent(entry: Entry) -> Any:
    if entry.rating_at_entry:
        return _l("Adversário: %(name)s (rating %(rating)s).", name=entry.player.full_name,
                  rating=entry.rating_at_entry)
    return _l("Adversário: %(name)s (sem rating).", name=entry.player.full_name)


def _board_lines(game: Game, entry_id: int, when: datetime | None) -> tuple[Any, ...]:
    if game.black_entry_id is None:
        return (_l("Você está isento nesta rodada (bye): não joga."),)
    white = game.white_entry_id == entry_id
    lines: list[Any] = [_l("Mesa %(board)s, com as brancas.", board=game.board) if white
                        else _l("Mesa %(board)s, com as pretas.", board=game.board)]
    opponent = game.black if white else game.white
    if opponent is not None:
        lines.append(_opponent(opponent))
    if when is not None:
        lines.append(_l("Horário previsto: %(when)s.", when=local_time(when)))
    return tuple(lines)


def round_published_batch(event_id: int, round_id: int) -> Batch:
    """One notice per entrant of the round who has an account: a constant number of queries
    whatever the number of players (the boards with both entries and players, the event's
    entries, their accounts, their opt-outs)."""
    batch = Batch()
    event, rnd = db.session.get(Event, event_id), db.session.get(Round, round_id)
    if event is None or rnd is None:
        return batch
    games = db.session.scalars(
        select(Game).where(Game.round_id == round_id).order_by(Game.board)
        .options(joinedload(Game.white).joinedload(Entry.player), joinedload(Game.black).joinedload(Entry.player))
    ).unique().all()
    entries = db.session.scalars(select(Entry).where(Entry.event_id == event_id,
                                                     Entry.status == EntryStatus.REGISTERED)).all()
    board_of: dict[int, Game] = {}
    for game in games:
        board_of[game.white_entry_id] = game
        if game.black_entry_id is not None:
            board_of[game.black_entry_id] = game
    accounts = accounts_of_players(e.player_id for e in entries)
    batch.prefetch(accounts.values())
    when = planned_time(event, rnd.number)
    link = round_url(event_id, rnd.number)
    subject = _l("%(event)s: rodada %(n)s publicada", event=event.name, n=rnd.number)
    heading = _l("Rodada %(n)s publicada", n=rnd.number)
    for entry in entries:
        user = accounts.get(entry.player_id)
        if user is None:
            continue
        game = board_of.get(entry.id)
        lines = _board_lines(game, entry.id, when) if game is not None else (
            _l("Você não foi emparceirado nesta rodada (ausência ou folga pedida)."),)
        batch.add(user, "pairings", event_id, rnd.number,
                  Notice(subject, heading, lines, link, _l("Ver a rodada")))
    return batch


def notify_round_published(event_id: int, round_id: int) -> int:
    """Send the round's mails (call after the publication's commit); returns how many."""
    return round_published_batch(event_id, round_id).send()
