"""Knockout events (RULES.md §3): ties of a bracket instead of rounds of boards; the table is the
bracket's final places (players out in the same round share the places not played off)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from damas.engine.knockout_standings import complete_rounds, knockout_standings
from damas.engine.rulesets import get_ruleset
from damas.engine.standings import Standings
from damas.engine.types import Outcome
from damas.formats.base import EventPages, FormatTable
from damas.formats.knockout_state import game_rows, load_bracket
from damas.formats.mapping import EventSnapshot, snapshot
from damas.formats.rated_games import GameExport, knockout_games
from damas.formats.round_view import BoardView, knockout_views
from damas.formats.rule_options import own_order
from damas.formats.tables import withdrawals
from damas.models import Event, KnockoutGame


@dataclass(frozen=True)
class KnockoutFormat:
    code: str = "knockout"
    team_based: bool = False
    has_bracket: bool = True
    micro_match: bool = False
    round_robin: bool = False
    renumbers_late_entries: bool = False
    openings_lottery: bool = False
    playoffs: bool = False  # places are decided in the bracket, not by playoffs
    substitution: str = "bracket"
    # the bracket is its rounds and its table; no crosstable; its games recorded on the bracket
    pages: EventPages = EventPages(tabs=("bracket",), rounds="knockout.bracket", standings="knockout.bracket",
                                   crosstable=None, results_form="knockout.record_game")

    def announces_order(self, event: Event) -> bool:
        """Announced when the event set its own order; the rule set's default otherwise."""
        return bool(event.tiebreak_order.strip())

    def withdrawals(self, event: Event, snap: EventSnapshot) -> Any:
        """The Swiss policy (the categories' tables read it; the bracket places ignore it)."""
        return withdrawals(event, snap, "swiss")

    def pair_again_after_withdrawal(self, unpublished: list[int]) -> list[int]:
        """As the Swiss: a round paired but not published is paired again without him."""
        return list(unpublished)

    def snapshot(self, event: Event, *, only_complete: bool = True) -> EventSnapshot:
        return snapshot(event, only_complete=only_complete)

    def ruleset(self, event: Event, overrides: Mapping[str, Any]) -> Any:
        return get_ruleset(event.ruleset, **overrides)

    def default_tiebreaks(self, event: Event) -> tuple[str, ...]:
        return get_ruleset(event.ruleset).default_tiebreaks("knockout")

    def shown_tiebreaks(self, event: Event) -> tuple[str, ...]:
        return own_order(event) or self.default_tiebreaks(event)

    def pairing_options(self, event: Event) -> dict[str, object]:
        return {}

    def table(self, event: Event, snap: EventSnapshot, only: set[int] | None,
              order: tuple[str, ...]) -> FormatTable:
        """The bracket's final places (its rounds are the bracket's rounds); empty before the start."""
        loaded = load_bracket(event)
        if loaded is None:  # not started: nobody is placed yet
            return FormatTable(snap, None, Standings((), (), None, event.ruleset, ""), {})
        standings = knockout_standings(loaded.bracket, event.ruleset, only=only)
        return FormatTable(replace(snap, complete_rounds=complete_rounds(loaded.bracket)), None, standings, {})

    def boards(self, event: Event, rnd: int) -> list[KnockoutGame]:
        """The games of bracket round `rnd`, tie by tie."""
        return [g for g in game_rows(event) if g.round == rnd]

    def find_round(self, event: Event, number: int, *, drafts: bool) -> int | None:
        """Bracket round `number` once its first games exist (the bracket shows them at once)."""
        return number if any(g.round == number for g in game_rows(event)) else None

    def round_view(self, event: Event, rnd: int) -> list[BoardView]:
        """The bracket round's games, tie by tie, each game of a tie in order."""
        return knockout_views(self.boards(event, rnd))

    def rated_games(self, event: Event) -> GameExport:
        """Every recorded game of every tie, play-off games with their own rate (FIDE-GR Playoff 1)."""
        return knockout_games(event)

    def record_result(self, board: KnockoutGame, result: Any) -> None:
        """White's engine outcome code on a tie game."""
        board.outcome = Outcome(result).value


KNOCKOUT = KnockoutFormat()
