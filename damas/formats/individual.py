"""Round-based individual events: round robin (Berger tables) and Swiss (every Dutch edition, SB
Swiss). Rounds of individual boards, one game each (RULES.md §1, §4, §5)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from sqlalchemy import select

from damas.engine.rulesets import get_ruleset
from damas.extensions import db
from damas.formats.base import EventPages, FormatTable
from damas.formats.mapping import EventSnapshot, snapshot
from damas.formats.rule_options import own_order, system_kind
from damas.formats.tables import individual_table, withdrawals
from damas.formats.round_view import BoardView, game_views
from damas.models import Event, Game, GameResult, Round, RoundStatus


@dataclass(frozen=True)
class RoundFormat:
    """A round-based individual event; `round_robin` tells the Berger table from the Swiss."""

    round_robin: bool
    code: str = "round"
    team_based: bool = False
    has_bracket: bool = False
    micro_match: bool = False
    openings_lottery: bool = False
    playoffs: bool = True

    @property
    def renumbers_late_entries(self) -> bool:
        return not self.round_robin

    @property
    def substitution(self) -> str:
        return "round_robin" if self.round_robin else "first_round"

    @property
    def pages(self) -> EventPages:
        """The rounds pages and the individual table; the N x N grid of a round robin, else the
        Swiss crosstable; one result a board on the round's form."""
        return EventPages(tabs=("crosstable",), rounds=None, standings=None,
                          crosstable="grid" if self.round_robin else "swiss", results_form="rounds.save_results")

    def announces_order(self, event: Event) -> bool:
        """Announced when the event set its own order; the rule set's default otherwise."""
        return bool(event.tiebreak_order.strip())

    def withdrawals(self, event: Event, snap: EventSnapshot) -> Any:
        """The round robin's policy (games annulled or kept by rounds played, RULES.md §5), else
        the Swiss one."""
        return withdrawals(event, snap, "round_robin" if self.round_robin else "swiss")

    def pair_again_after_withdrawal(self, unpublished: list[int]) -> list[int]:
        """A Swiss round is paired again without him (CBJD 105 B; C.04.2); a Berger table is
        fixed, his boards there stay unplayed and count by the rule set (CBJD 105 A)."""
        return [] if self.round_robin else list(unpublished)

    def snapshot(self, event: Event, *, only_complete: bool = True) -> EventSnapshot:
        return snapshot(event, only_complete=only_complete)

    def ruleset(self, event: Event, overrides: Mapping[str, Any]) -> Any:
        return get_ruleset(event.ruleset, **overrides)

    def default_tiebreaks(self, event: Event) -> tuple[str, ...]:
        return get_ruleset(event.ruleset).default_tiebreaks(system_kind(event))

    def shown_tiebreaks(self, event: Event) -> tuple[str, ...]:
        return own_order(event) or self.default_tiebreaks(event)

    def pairing_options(self, event: Event) -> dict[str, object]:
        return {"acceleration": event.acceleration} if event.acceleration else {}

    def table(self, event: Event, snap: EventSnapshot, only: set[int] | None,
              order: tuple[str, ...]) -> FormatTable:
        return individual_table(self, event, snap, only, order)

    def boards(self, event: Event, rnd: Round) -> list[Game]:
        return sorted(rnd.games, key=lambda g: g.board)

    def find_round(self, event: Event, number: int, *, drafts: bool) -> Round | None:
        return find_individual_round(event, number, drafts=drafts)

    def round_view(self, event: Event, rnd: Round) -> list[BoardView]:
        return game_views(rnd.games)

    def rated_games(self, event: Event) -> None:
        """None: each board is one rated game, as the rating export reads the rounds."""
        return None

    def record_result(self, board: Game, result: Any) -> None:
        board.result = GameResult(result)


def find_individual_round(event: Event, number: int, *, drafts: bool) -> Round | None:
    """An individual round; a pairing not yet published is seen by the event's editors only."""
    rnd = db.session.scalar(select(Round).where(Round.event_id == event.id, Round.number == number))
    if rnd is None or (rnd.status != RoundStatus.PUBLISHED and not drafts):
        return None
    return rnd


ROUND_ROBIN = RoundFormat(round_robin=True)
SWISS = RoundFormat(round_robin=False)
