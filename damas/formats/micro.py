"""Micro-match events (CBJD 119-122; RULES.md §2): each board is a micro-match of two games,
scored in game or match points. Individual events play rounds of such boards; team events
(CBJD 120) meet as teams, board by board, and rank by their team table."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from sqlalchemy import select

from damas.engine.micromatch_scoring import micro_ruleset
from damas.extensions import db
from damas.formats.base import EventPages, FormatTable
from damas.formats.individual import find_individual_round
from damas.formats.mapping import EventSnapshot, micro_scoring, micro_settings, snapshot
from damas.formats.rated_games import GameExport, micro_match_games, team_games
from damas.formats.round_view import micro_views
from damas.formats.rule_options import own_order, team_tiebreak_order
from damas.formats.tables import individual_table, withdrawals
from damas.formats.team_round import team_round_view
from damas.models import Event, Game, GameResult, Round
from damas.models.micromatch import TeamRound


@dataclass(frozen=True)
class MicroFormat:
    """A micro-match event; `team_based` tells the team event (CBJD 120) from the individual one."""

    team_based: bool
    has_bracket: bool = False
    micro_match: bool = True
    round_robin: bool = False
    renumbers_late_entries: bool = True
    openings_lottery: bool = True
    playoffs: bool = True
    substitution: str = "first_round"

    @property
    def code(self) -> str:
        return "micro-teams" if self.team_based else "micro"

    @property
    def pages(self) -> EventPages:
        """Both games of a board go on the micro-match form. Individual: the rounds pages, the
        individual table, the Swiss crosstable; teams: their matches and team table, no crosstable."""
        if self.team_based:
            return EventPages(tabs=("crosstable", "micromatch"), rounds="micromatch.overview",
                              standings="micromatch.standings", crosstable=None, results_form="micromatch.team_results")
        return EventPages(tabs=("crosstable", "micromatch"), rounds=None, standings=None, crosstable="swiss",
                          results_form="micromatch.micro_results")

    def announces_order(self, event: Event) -> bool:
        """Always: its default already follows its scoring (RULES.md §2), so it counts as set."""
        return True

    def withdrawals(self, event: Event, snap: EventSnapshot) -> Any:
        """The Swiss policy (RULES.md §5)."""
        return withdrawals(event, snap, "swiss")

    def pair_again_after_withdrawal(self, unpublished: list[int]) -> list[int]:
        """Swiss-like rounds: paired again without him (CBJD 105 B; C.04.2)."""
        return list(unpublished)

    def snapshot(self, event: Event, *, only_complete: bool = True) -> EventSnapshot:
        return snapshot(event, only_complete=only_complete)

    def ruleset(self, event: Event, overrides: Mapping[str, Any]) -> Any:
        return micro_ruleset(event.ruleset, micro_scoring(event), **overrides)

    def default_tiebreaks(self, event: Event) -> tuple[str, ...]:
        """Match points -> GP first (RULES.md §2); game points -> MP first."""
        scoring = micro_scoring(event)
        default = micro_ruleset(event.ruleset, scoring).default_tiebreaks("micromatch")
        if scoring == "game":
            return ("MP",) + tuple(c for c in default if c != "GP")
        return default

    def shown_tiebreaks(self, event: Event) -> tuple[str, ...]:
        if self.team_based:
            settings = micro_settings(event)
            return team_tiebreak_order(event, settings.scoring if settings else "game")
        return own_order(event) or self.default_tiebreaks(event)

    def pairing_options(self, event: Event) -> dict[str, object]:
        return {"micro_scoring": micro_scoring(event)}

    def table(self, event: Event, snap: EventSnapshot, only: set[int] | None,
              order: tuple[str, ...]) -> FormatTable:
        return individual_table(self, event, snap, only, order)

    def boards(self, event: Event, rnd: Any) -> list[Any]:
        """An individual round's `Game` boards; a team round's `TeamBoardRow`s, match by match."""
        if isinstance(rnd, TeamRound):
            return [b for m in sorted(rnd.matches, key=lambda m: m.table) for b in sorted(m.boards, key=lambda b: b.board)]
        return sorted(rnd.games, key=lambda g: g.board)

    def find_round(self, event: Event, number: int, *, drafts: bool) -> Round | TeamRound | None:
        """An individual round, or a team round (CBJD 120) published or seen by the editors."""
        if not self.team_based:
            return find_individual_round(event, number, drafts=drafts)
        rnd = db.session.scalar(select(TeamRound).where(TeamRound.event_id == event.id, TeamRound.number == number))
        return rnd if rnd is not None and (rnd.published or drafts) else None

    def round_view(self, event: Event, rnd: Any) -> list[Any]:
        """An individual round's boards with both games; a team round's matches (`team_round`)."""
        if isinstance(rnd, TeamRound):
            settings = micro_settings(event)
            return team_round_view(event, rnd, settings.boards if settings else 4,
                                   settings.games_per_board if settings else 2)
        return micro_views(rnd.games, event.ruleset)

    def rated_games(self, event: Event) -> GameExport:
        """Both games of every board (CBJD 119), of the team matches' boards for a team event."""
        return team_games(event) if self.team_based else micro_match_games(event)

    def record_result(self, board: Any, result: Any) -> None:
        """A `Game`'s summary result (its two games are on its `MicroGame`); a team board's two
        games as (game 1, game 2), from team A's player's side."""
        if isinstance(board, Game):
            board.result = GameResult(result)
        else:
            board.game1, board.game2 = result


MICRO = MicroFormat(team_based=False)
MICRO_TEAMS = MicroFormat(team_based=True)
