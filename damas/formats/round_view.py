"""The boards of a round as the round page, the round sheets (page and PDF) and the API show them.

The format owns the round view: one computation of each board's players, result and,
for a micro-match, its two games and game score (CBJD 119-122), so the three outputs agree.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

from sqlalchemy import select

from damas.engine.micromatch_scoring import micro_match
from damas.engine.types import Outcome
from damas.extensions import db
from damas.models import Entry, Game, GameResult, KnockoutGame
from damas.models.micromatch import MicroGame

NOT_ENTERABLE = (GameResult.BYE, GameResult.WITHDRAWN)
# a knockout game's White outcome written as a board result (RULES.md §3)
KNOCKOUT_RESULTS = {
    Outcome.WIN.value: GameResult.WHITE_WIN, Outcome.DRAW.value: GameResult.DRAW,
    Outcome.LOSS.value: GameResult.BLACK_WIN, Outcome.FORFEIT_WIN.value: GameResult.WHITE_FORFEIT_WIN,
    Outcome.FORFEIT_LOSS.value: GameResult.BLACK_FORFEIT_WIN, Outcome.DOUBLE_FORFEIT.value: GameResult.DOUBLE_FORFEIT,
}


class BoardView(NamedTuple):
    """One board of a round; the sides are entries (None: the bye's empty side)."""

    id: int
    board: int
    white: Entry | None
    black: Entry | None
    result: GameResult
    version: int
    games: tuple[str, str] | None = None  # a micro-match's two games, once one is entered
    score: str | None = None  # a micro-match's game score ("3-1"), once both games are in
    tie: int | None = None  # a knockout game: its tie (1, 2, ...) and its game of the tie
    game_of_tie: int | None = None

    @property
    def enterable(self) -> bool:
        """A result can be entered: two players, and not a bye or a withdrawal's board."""
        return self.black is not None and self.result not in NOT_ENTERABLE


def game_views(games: Iterable[Game]) -> list[BoardView]:
    """The boards of an individual round, in board order (C.04.2 #9)."""
    return [BoardView(g.id, g.board, g.white, g.black, g.result, g.version)
            for g in sorted(games, key=lambda g: g.board)]


def micro_views(games: Iterable[Game], ruleset: str) -> list[BoardView]:
    """Micro-match boards: each with its two games (a game decided at the desk included, it is
    stored on the same row) and, when both are in, the game score the standings count."""
    views = game_views(games)
    ids = [v.id for v in views]
    stored = {m.game_id: (m.game1, m.game2) for m in db.session.scalars(
        select(MicroGame).where(MicroGame.game_id.in_(ids)))} if ids else {}
    out = []
    for v in views:
        g1, g2 = stored.get(v.id, ("", ""))
        if g1 or g2:
            v = v._replace(games=(g1, g2), score=micro_match(g1, g2, ruleset).text if g1 and g2 else None)
        out.append(v)
    return out


def knockout_views(games: Iterable[KnockoutGame]) -> list[BoardView]:
    """A bracket round's games, tie by tie; the board is the game's place in the round."""
    return [BoardView(g.id, k, g.white, g.black, KNOCKOUT_RESULTS.get(g.outcome, GameResult.PENDING), g.version,
                      tie=g.tie_index + 1, game_of_tie=g.seq)
            for k, g in enumerate(games, start=1)]
