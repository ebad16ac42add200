"""Round-based individual events: round robin (Berger tables) and Swiss (every Dutch edition, SB
Swiss). Rounds of individual boards, one game each (RULES.md §1, §4, §5)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from sqlalchemy import select

from damas.engine.rulesets import get_ruleset
from damas.extensions import db
from damas.formats import event_rules, tables
from damas.formats.base import FormatTable
from damas.formats.mapping import EventSnapshot, snapshot
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
    individual_rounds: bool = True
    own_standings: bool = False
    individual_results_form: bool = True
    openings_lottery: bool = False
    playoffs: bool = True
    order_always_announced: bool = False

    @property
    def renumbers_late_entries(self) -> bool:
        return not self.round_robin

    @property
    def crosstable_kind(self) -> str | None:
        return "grid" if self.round_robin else "swiss"

    @property
    def withdrawal_kind(self) -> str:
        return "round_robin" if self.round_robin else "swiss"

    @property
    def substitution(self) -> str:
        return "round_robin" if self.round_robin else "first_round"

    def snapshot(self, event: Event, *, only_complete: bool = True) -> EventSnapshot:
        return snapshot(event, only_complete=only_complete)

    def ruleset(self, event: Event, overrides: Mapping[str, Any]) -> Any:
        return get_ruleset(event.ruleset, **overrides)

    def default_tiebreaks(self, event: Event) -> tuple[str, ...]:
        return get_ruleset(event.ruleset).default_tiebreaks(event_rules.system_kind(event))

    def shown_tiebreaks(self, event: Event) -> tuple[str, ...]:
        return event_rules.tiebreak_order(event)

    def pairing_options(self, event: Event) -> dict[str, object]:
        return {"acceleration": event.acceleration} if event.acceleration else {}

    def table(self, event: Event, snap: EventSnapshot, only: set[int] | None,
              order: tuple[str, ...]) -> FormatTable:
        return tables.individual_table(event, snap, only, order, self.withdrawal_kind)

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
