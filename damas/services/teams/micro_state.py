"""What the micro-match services read about an event (CBJD 119-122): its settings, whether teams
meet, a micro-match's summary from its two games, the games a desk penalty decided.

Below the micro-match, team and desk services (they all read it, it reads none of them), so
those form no import cycle; `micromatch` re-exports these names.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.micromatch_scoring import micro_match
from damas.engine.types import EngineError, Outcome
from damas.extensions import db
from damas.formats import get_format
from damas.formats.mapping import micro_settings
from damas.models import Event, GameResult
from damas.models.desk import DeskPenalty
from damas.models.micromatch import MicroMatchSettings
from damas.services.errors import ServiceError

# One game of a micro-match from the side of the player with White in game 1.
GAME_CHOICES = ("2-0", "1-1", "0-2", "+-", "-+", "--")
SUMMARY = {
    Outcome.WIN: GameResult.WHITE_WIN, Outcome.DRAW: GameResult.DRAW, Outcome.LOSS: GameResult.BLACK_WIN,
    Outcome.FORFEIT_WIN: GameResult.WHITE_FORFEIT_WIN, Outcome.FORFEIT_LOSS: GameResult.BLACK_FORFEIT_WIN,
    Outcome.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT,
}


def get_settings(event: Event) -> MicroMatchSettings | None:
    return micro_settings(event)


def settings_of(event: Event) -> dict[str, Any]:
    """The event's settings as plain data (defaults when none were saved)."""
    s = get_settings(event)
    if s is None:
        return {"team": False, "boards": 4, "games_per_board": 2, "scoring": "game", "openings": "round",
                "saved": False}
    return {"team": s.team, "boards": s.boards, "games_per_board": s.games_per_board, "scoring": s.scoring,
            "openings": s.openings, "saved": True}


def is_team_event(event: Event) -> bool:
    return get_format(event).team_based


def micro_summary(g1: str, g2: str, ruleset: str) -> tuple[GameResult, str]:
    try:
        m = micro_match(g1, g2, ruleset)
    except EngineError:
        raise ServiceError(_("Cada jogador perdeu uma partida por W.O.: registre o micro match como W.O. por "
                             "decisão do árbitro.")) from None
    return SUMMARY[m.outcome], m.text


def active_game_penalties(game_ids: list[int]) -> dict[int, dict[int, str]]:
    """Board id -> {game k: result} of the penalties in force on micro-match games."""
    out: dict[int, dict[int, str]] = {}
    if not game_ids:
        return out
    for p in db.session.scalars(select(DeskPenalty).where(DeskPenalty.game_id.in_(game_ids),
                                                         DeskPenalty.reversed_at.is_(None)).order_by(DeskPenalty.id)):
        if p.micro_game is not None:
            out.setdefault(p.game_id, {})[p.micro_game] = p.result_after
    return out
