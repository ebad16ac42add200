"""What every kind of event answers (`EventFormat`) and the table it computes (`FormatTable`).

The application asks the event's format (`damas.formats.get_format`) instead of branching on
the pairing system: which pages and links exist, how a board is scored, how the table ranks.
"""
from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Protocol, runtime_checkable

from damas.engine.standings import Standings
from damas.formats.mapping import EventSnapshot
from damas.models import Event, Round


class FormatTable(NamedTuple):
    """One ranked table: (snapshot, withdrawals or None, engine Standings, options)."""

    snap: EventSnapshot
    withdrawn: Any  # engine WithdrawalOutcome, or None when nobody left
    standings: Standings
    options: dict[str, Any]  # {"draw_order": True} when the order was drawn by lot


@runtime_checkable
class EventFormat(Protocol):
    """A kind of event: round-based individual, micro-match individual, micro-match teams,
    knockout. Attributes are the per-kind questions; methods compute from the rows."""

    code: str  # stable: "round", "micro", "micro-teams", "knockout"
    team_based: bool  # teams meet (CBJD 120): team matches, line-ups, a team table
    has_bracket: bool  # a knockout bracket instead of rounds of boards (RULES.md §3)
    micro_match: bool  # each board is a micro-match of two games (CBJD 119-122)
    round_robin: bool  # a Berger table: every round fixed before play
    individual_rounds: bool  # rounds of individual boards (rounds pages, results form, crosstable)
    own_standings: bool  # ranked by its own table (bracket places, team table), not the individual one
    individual_results_form: bool  # results entered on the generic round form (not the micro-match form)
    renumbers_late_entries: bool  # a late entry re-sorts the list (C.04.3 A.2): Swiss-like systems
    openings_lottery: bool  # openings may be drawn by lot (CBJD 119: micro-matches only)
    playoffs: bool  # ties for a place may be played off (a knockout decides them in the bracket)
    crosstable_kind: str | None  # "grid" (round robin), "swiss" or None (own pages)
    withdrawal_kind: str  # the engine's withdrawal policy key: "round_robin" or "swiss"
    substitution: str  # reserve rule: "round_robin", "bracket" or "first_round" (CLUB "Reserva")
    order_always_announced: bool  # its default order depends on its settings, so it counts as set

    def snapshot(self, event: Event, *, only_complete: bool = True) -> EventSnapshot:
        """The event's engine state (complete rounds only unless told otherwise)."""

    def ruleset(self, event: Event, overrides: Mapping[str, Any]) -> Any:
        """The rule set scoring the event, with the event's options (`event_rules.event_ruleset`)."""

    def default_tiebreaks(self, event: Event) -> tuple[str, ...]:
        """The order when the event keeps the defaults (RULES.md §4)."""

    def shown_tiebreaks(self, event: Event) -> tuple[str, ...]:
        """The order the event's pages announce."""

    def pairing_options(self, event: Event) -> dict[str, object]:
        """The event's settings the pairing system reads."""

    def table(self, event: Event, snap: EventSnapshot, only: set[int] | None,
              order: tuple[str, ...]) -> FormatTable:
        """The ranked table (for `services.standings.standings_of`, the one pipeline)."""

    def boards(self, event: Event, rnd: Round) -> list[Any]:
        """The boards of a round as model rows, in board order."""

    def find_round(self, event: Event, number: int, *, drafts: bool) -> Any | None:
        """Round `number` as the format keeps it (a `Round`, a `TeamRound`, a bracket round's
        number); one not yet published only with `drafts` (the event's editors, C.04.2 #9)."""

    def round_view(self, event: Event, rnd: Any) -> list[Any]:
        """The round as its page, its sheets and the API show it: `BoardView`s in board order
        (a team round: its matches, board by board)."""

    def rated_games(self, event: Event) -> Any | None:
        """The event game by game for the rating exports (`rated_games.GameExport`: micro-match
        games, tie games), or None when each board is one rated game."""

    def record_result(self, board: Any, result: Any) -> None:
        """Write a result on a board row (the caller commits, with its audit entry): a result
        code, or a team board's two games."""
