"""Rows -> engine types -> rows: the one module that knows both the database and the engine.

Starting numbers in the engine are the entries' pairing numbers. A round counts only once
every board has a result, so standings and pairings always see whole rounds.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from sqlalchemy import select

from damas.engine.types import Color, Entrant, EntrantStatus, Outcome, RoundResult, TournamentState
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, Game, GameResult, RequestKind, Round, RoundRequest

# (white outcome, black outcome) of each recorded board result.
RESULT_OUTCOMES: dict[GameResult, tuple[Outcome, Outcome]] = {
    GameResult.WHITE_WIN: (Outcome.WIN, Outcome.LOSS),
    GameResult.DRAW: (Outcome.DRAW, Outcome.DRAW),
    GameResult.BLACK_WIN: (Outcome.LOSS, Outcome.WIN),
    GameResult.WHITE_FORFEIT_WIN: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    GameResult.BLACK_FORFEIT_WIN: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT),
}
REQUEST_OUTCOMES = {
    RequestKind.HALF_BYE: Outcome.HALF_BYE,
    RequestKind.ZERO_BYE: Outcome.ZERO_BYE,
    RequestKind.ABSENT: Outcome.NOT_PAIRED,
}
ENTRY_STATUS = {
    EntryStatus.REGISTERED: EntrantStatus.ACTIVE,
    EntryStatus.WITHDRAWN: EntrantStatus.WITHDRAWN,
    EntryStatus.EXCLUDED: EntrantStatus.EXCLUDED,
}


@dataclass(frozen=True)
class EventSnapshot:
    """An event's state for the engine plus the lookups to map engine answers back to rows."""

    state: TournamentState
    entry_by_no: dict[int, Entry]
    rounds: list[Round]
    complete_rounds: int


def numbered_entries(event: Event) -> list[Entry]:
    return sorted((e for e in event.entries if e.pairing_number is not None), key=lambda e: e.pairing_number or 0)


def entrant_of(entry: Entry) -> Entrant:
    p = entry.player
    return Entrant(
        start_no=entry.pairing_number or 0,
        name=p.full_name,
        rating=entry.rating_at_entry,
        sex=p.sex.lower(),
        birth_year=p.birth_date.year if p.birth_date else None,
        federation=p.state,
        club=(p.club.short_name or p.club.name) if p.club else "",
        fide_id=p.fide_id or "",
        status=ENTRY_STATUS[entry.status],
    )


def event_rounds(event: Event) -> list[Round]:
    return list(db.session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))


def round_is_complete(rnd: Round) -> bool:
    return bool(rnd.games) and all(g.result != GameResult.PENDING for g in rnd.games)


def board_results(game: Game, white_no: int, black_no: int | None, round_no: int) -> Iterable[tuple[int, RoundResult]]:
    """The RoundResult of each player on a board (a bye has one player)."""
    if game.result == GameResult.WITHDRAWN:  # not played: a player had withdrawn (RULES.md §5)
        yield white_no, RoundResult(round_no, Outcome.NOT_PAIRED)
        if black_no is not None:
            yield black_no, RoundResult(round_no, Outcome.NOT_PAIRED)
        return
    if game.result == GameResult.BYE or black_no is None:
        yield white_no, RoundResult(round_no, Outcome.PAIRING_BYE)
        return
    white_outcome, black_outcome = RESULT_OUTCOMES[game.result]
    yield white_no, RoundResult(round_no, white_outcome, black_no, Color.WHITE)
    yield black_no, RoundResult(round_no, black_outcome, white_no, Color.BLACK)


def snapshot(event: Event, *, only_complete: bool = True) -> EventSnapshot:
    """The event as a TournamentState over its complete rounds (all of them if not `only_complete`).

    Players not on a board in a round get their request's outcome (half-point or zero-point
    bye, absence) or NOT_PAIRED (withdrawn, entered late).
    """
    entries = numbered_entries(event)
    by_id = {e.id: e for e in entries}
    entry_by_no = {e.pairing_number or 0: e for e in entries}
    rounds = event_rounds(event)
    counted = []
    for rnd in rounds:
        if only_complete and not round_is_complete(rnd):
            break
        counted.append(rnd)
    requests = {
        (r.entry_id, r.round_number): r.kind
        for r in db.session.scalars(select(RoundRequest).where(RoundRequest.event_id == event.id))
    }
    results: dict[int, list[RoundResult]] = {no: [] for no in entry_by_no}
    for rnd in counted:
        seen: dict[int, RoundResult] = {}
        for game in rnd.games:
            white = by_id.get(game.white_entry_id)
            black = by_id.get(game.black_entry_id) if game.black_entry_id else None
            if white is None or (game.black_entry_id and black is None):
                continue  # an entry removed before the start cannot have games; be defensive
            for no, rr in board_results(game, white.pairing_number or 0, black.pairing_number if black else None, rnd.number):
                seen[no] = rr
        for no, entry in entry_by_no.items():
            rr = seen.get(no)
            if rr is None:
                kind = requests.get((entry.id, rnd.number))
                rr = RoundResult(rnd.number, REQUEST_OUTCOMES[kind] if kind else Outcome.NOT_PAIRED)
            results[no].append(rr)
    state = TournamentState(
        entrants=tuple(entrant_of(e) for e in entries),
        results={no: tuple(rs) for no, rs in results.items()},
        total_rounds=event.planned_rounds,
        name=event.name,
    )
    return EventSnapshot(state=state, entry_by_no=entry_by_no, rounds=rounds, complete_rounds=len(counted))
