"""What every kind of event answers (`EventFormat`), the pages it has (`EventPages`) and the table
it computes (`FormatTable`).

The application asks the event's format (`damas.formats.get_format`) instead of branching on
the pairing system: which pages and links exist, how a board is scored, how the table ranks.
Where a flag would select behaviour the format answers with it: `pages` names the
endpoints and the crosstable, `withdrawals` applies the policy, `announces_order` says whether the
order counts as set; the attributes left are facts of the kind. Adding a kind: `damas.formats`.
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


class EventPages(NamedTuple):
    """Which pages an event of a kind has, as endpoint names and keys the web layer links and routes
    by: the format answers, the templates and routes ask instead of combining flags."""

    tabs: tuple[str, ...]  # the header's tabs of this kind: "crosstable", "micromatch", "bracket"
    rounds: str | None  # endpoint keeping its rounds instead of the rounds list (None: the rounds pages)
    standings: str | None  # endpoint keeping its table instead of the individual one (None: that one)
    crosstable: str | None  # the crosstable the reports build: "grid" (round robin), "swiss", None (none)
    results_form: str  # endpoint entering a round's results (`rounds.save_results`: one game a board)


@runtime_checkable
class EventFormat(Protocol):
    """A kind of event: round-based individual, micro-match individual, micro-match teams,
    knockout. Attributes are facts of the kind (its code, whether teams meet...) and the pages it
    has; methods answer with behaviour, computed from the rows."""

    code: str  # stable: "round", "micro", "micro-teams", "knockout"
    team_based: bool  # teams meet (CBJD 120): team matches, line-ups, a team table
    has_bracket: bool  # a knockout bracket instead of rounds of boards (RULES.md §3)
    micro_match: bool  # each board is a micro-match of two games (CBJD 119-122)
    round_robin: bool  # a Berger table: every round fixed before play
    renumbers_late_entries: bool  # a late entry re-sorts the list (C.04.3 A.2): Swiss-like systems
    openings_lottery: bool  # openings may be drawn by lot (CBJD 119: micro-matches only)
    playoffs: bool  # ties for a place may be played off (a knockout decides them in the bracket)
    substitution: str  # reserve rule: "round_robin", "bracket" or "first_round" (CLUB "Reserva")
    pages: EventPages  # its pages, tabs, crosstable and results form

    def announces_order(self, event: Event) -> bool:
        """Whether the event's tiebreak order counts as announced before round 1: it set one, or
        its default depends on its settings (a micro-match event's scoring, RULES.md §2)."""

    def withdrawals(self, event: Event, snap: EventSnapshot) -> Any:
        """What the players who left do to the table under the engine's withdrawal policy of this
        kind (RULES.md §5): the engine's outcome, None when nobody left."""

    def pair_again_after_withdrawal(self, unpublished: list[int]) -> list[int]:
        """Of the rounds paired but not published in which a player who withdrew had a board, those
        the arbiter undoes and pairs again so his opponent plays (CBJD 105 B; C.04.2); none where
        the schedule is fixed before play (a round robin: CBJD 105 A, his boards stay unplayed)."""

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
