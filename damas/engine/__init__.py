"""The damas rules engine: pure Python, no Flask, SQLAlchemy, WTForms or WeasyPrint.

Everything a competition needs to decide (scores, pairings, tiebreaks, withdrawals,
categories, awards) lives here behind registries keyed by stable codes, so the web
application only maps database rows to these types and back (`damas.formats.mapping`).
"""
from damas.engine.types import (
    Color,
    EngineError,
    Entrant,
    EntrantStatus,
    Outcome,
    Pairing,
    RoundResult,
    TournamentState,
)

__all__ = [
    "Color",
    "EngineError",
    "Entrant",
    "EntrantStatus",
    "Outcome",
    "Pairing",
    "RoundResult",
    "TournamentState",
]
