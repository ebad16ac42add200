"""The rows an event's snapshot reads, loaded as plain tuples (SQL rows, no ORM objects).

A standings page of a 1,000-player, 9-round open reads 1,000 entries with their players and
clubs and 4,500 boards. As ORM objects that was two thirds of the page's time (cold standings
must stay under 150 ms); as rows it is a few milliseconds. `mapping.snapshot` builds the
engine's state from these, and loads the ORM entries and rounds only when a caller asks for
them (`EventSnapshot.entry_by_no`, `EventSnapshot.rounds`).

A board row has the attribute names of `Game` (`id`, `result`, `white_entry_id`, ...), so the
functions that read a board (`mapping.board_results`, `mapping.micro_board_results`) take either.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Iterable, NamedTuple

from sqlalchemy import String, select, type_coerce

from damas.engine.titles import event_title
from damas.extensions import db
from damas.models import Club, Entry, EntryStatus, Event, Game, GameResult, Player, Round, RoundStatus

__all__ = ["BoardRow", "EntryRow", "RoundRows", "entry_row", "entry_rows", "player_title", "round_rows"]


@dataclass(frozen=True, slots=True)
class EntryRow:
    """What the outputs of a table read of an entry, its player and his club."""

    id: int
    player_id: int
    pairing_number: int | None
    rating_at_entry: int
    status: EntryStatus
    withdrawn_after_round: int | None
    full_name: str
    sex: str
    birth_date: date | None
    state: str
    fide_id: str
    club: str  # the club's short name, else its name; "" without a club
    fide_federation: str = ""  # a TRF import's FIDE federation ("" for the federation's own players)
    # The title the event's lists show (`engine.titles.event_title`: FIDE's in a chess event, the
    # draughts title in a draughts one); every output (pages, PDFs, API, TRF) reads this one.
    title: str = ""


@dataclass(frozen=True, slots=True)
class RoundRows:
    """One round (number, status) and its boards as rows with `Game`'s attribute names."""

    id: int
    number: int
    status: RoundStatus
    games: tuple[BoardRow, ...]


_ENTRY_COLUMNS = (Entry.id, Entry.player_id, Entry.pairing_number, Entry.rating_at_entry, Entry.status,
                  Entry.withdrawn_after_round, Player.full_name, Player.sex, Player.birth_date, Player.state,
                  Player.fide_id, Club.short_name, Club.name, Player.fide_federation,
                  Player.fide_title, Player.draughts_title)
class BoardRow(NamedTuple):
    """A board as `Game` names its columns (a tuple: reading a field costs what a tuple index
    does, a fifth of an SQL row's attribute; the snapshot reads 30,000 of them on a big open)."""

    id: int
    round_id: int
    board: int
    white_entry_id: int
    black_entry_id: int | None
    result: GameResult


_GAME_COLUMNS = (Game.id, Game.round_id, Game.board, Game.white_entry_id, Game.black_entry_id,
                 type_coerce(Game.result, String))  # the stored value, mapped below without the Enum type
_RESULTS = {member.value: member for member in GameResult}


def round_rows(event: Event) -> list[RoundRows]:
    """The event's rounds in order, each with its boards (by board number): two queries."""
    rounds = db.session.execute(
        select(Round.id, Round.number, Round.status).where(Round.event_id == event.id).order_by(Round.number)).all()
    boards: dict[int, list[BoardRow]] = {r.id: [] for r in rounds}
    if rounds:
        for game_id, round_id, board, white, black, result in db.session.execute(
                select(*_GAME_COLUMNS).join(Round, Round.id == Game.round_id)
                .where(Round.event_id == event.id).order_by(Game.round_id, Game.board)):
            boards[round_id].append(BoardRow(game_id, round_id, board, white, black, _RESULTS[result]))
    return [RoundRows(r.id, r.number, r.status, tuple(boards[r.id])) for r in rounds]


def entry_rows(event: Event, rounds: Iterable[RoundRows] = ()) -> list[EntryRow]:
    """The event's numbered entries, and those on a board of `rounds` without a number, by
    pairing number (one query). An entry on a board keeps his games even without a pairing
    number (a list renumbered before withdrawn players kept theirs, CBJD 105 B): nobody who has
    played loses his games; `mapping.start_numbers` numbers such entries after the others."""
    rows = db.session.execute(
        select(*_ENTRY_COLUMNS).join(Player, Player.id == Entry.player_id).outerjoin(Club, Club.id == Player.club_id)
        .where(Entry.event_id == event.id).order_by(Entry.pairing_number, Entry.id)).all()
    if any(r[2] is None for r in rows):
        on_boards = {i for rnd in rounds for g in rnd.games for i in (g.white_entry_id, g.black_entry_id) if i}
        rows = [r for r in rows if r[2] is not None or r[0] in on_boards]
    return [EntryRow(r[0], r[1], r[2], r[3] or 0, r[4], r[5], r[6], r[7], r[8], r[9], r[10] or "",
                     (r[11] or r[12] or "") if r[12] is not None else "", r[13] or "",
                     event_title(event.discipline, r[14], r[15])) for r in rows]


def entry_row(entry: Entry) -> EntryRow:
    """The row of an ORM entry (with its player and club): what `entry_rows` gives for it."""
    p = entry.player
    return EntryRow(entry.id, entry.player_id, entry.pairing_number, entry.rating_at_entry or 0, entry.status,
                    entry.withdrawn_after_round, p.full_name, p.sex, p.birth_date, p.state, p.fide_id or "",
                    (p.club.short_name or p.club.name) if p.club else "", p.fide_federation or "",
                    player_title(entry.event, p))


def player_title(event: Event, player: Player) -> str:
    """The title `player`'s lines show in `event` (`engine.titles.event_title`): the one place
    the pages and reports that read ORM entries (start list, round boards) ask."""
    return event_title(event.discipline, player.fide_title, player.draughts_title)
