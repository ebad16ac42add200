"""A knockout event's rows as the engine's `Bracket` (the knockout counterpart of `mapping`).

Part of `damas.formats` (models and engine only): the knockout format's standings and the
knockout service both load the bracket here. Engine numbers are the entries' pairing numbers,
fixed when the knockout starts.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from damas.engine.pairing.knockout import Bracket, KnockoutSettings, Stage, TieGame, TieId, build_bracket, record_game
from damas.engine.types import Color, Outcome
from damas.engine.rulesets import get_ruleset
from damas.extensions import db
from damas.models import Entry, Event, KnockoutGame, KnockoutSetup


@dataclass(frozen=True)
class LoadedBracket:
    """An event's bracket plus the lookups to map engine numbers back to rows."""

    setup: KnockoutSetup
    bracket: Bracket
    entry_by_no: dict[int, Entry]
    rows: dict[tuple[int, int], list[KnockoutGame]]  # tie id -> its games in order


def get_setup(event: Event) -> KnockoutSetup | None:
    return db.session.get(KnockoutSetup, event.id)


def default_drawn(event: Event) -> str:
    """CLUB replays a drawn tie with colours reversed; over-the-board events play it off (§3)."""
    return get_ruleset(event.ruleset).knockout_drawn


def engine_settings(setup: KnockoutSetup | None, event: Event) -> KnockoutSettings:
    if setup is None:
        return KnockoutSettings(drawn=default_drawn(event))
    return KnockoutSettings(games=setup.games, drawn=setup.drawn, rapid_games=setup.rapid_games, places=setup.places)


def tie_game(row: KnockoutGame, no_of: dict[int, int]) -> TieGame:
    return TieGame(no_of[row.white_entry_id], no_of[row.black_entry_id], Stage(row.stage), Outcome(row.outcome),
                   row.white_absent_minutes, row.black_absent_minutes)


def replay(base: Bracket, games: list[tuple[TieId, TieGame]]) -> Bracket:
    """Record the games in order (round, tie, sequence); the engine refuses any game not needed."""
    bracket = base
    for tie_id, game in games:
        bracket = record_game(bracket, tie_id, game)
    return bracket


def game_rows(event: Event) -> list[KnockoutGame]:
    return list(db.session.scalars(
        select(KnockoutGame).where(KnockoutGame.event_id == event.id)
        .order_by(KnockoutGame.round, KnockoutGame.tie_index, KnockoutGame.seq)
    ))


def load_bracket(event: Event) -> LoadedBracket | None:
    """The event's bracket with every recorded game, or None before the start."""
    setup = get_setup(event)
    if setup is None or setup.seeds is None:
        return None
    entries = [e for e in event.entries if e.pairing_number is not None]
    entry_by_no = {e.pairing_number or 0: e for e in entries}
    no_of = {e.id: e.pairing_number or 0 for e in entries}
    base = build_bracket(list(setup.seeds), engine_settings(setup, event))
    rows: dict[tuple[int, int], list[KnockoutGame]] = {}
    games = []
    for row in game_rows(event):
        rows.setdefault((row.round, row.tie_index), []).append(row)
        games.append(((row.round, row.tie_index), tie_game(row, no_of)))
    return LoadedBracket(setup, replay(base, games), entry_by_no, rows)


def first_color(event: Event) -> Color:
    """The better seed's colour in a tie's first game: the event's setting, else White."""
    return Color(event.first_color) if event.first_color in ("w", "b") else Color.WHITE
