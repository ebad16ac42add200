"""What a TRF file holds once read (`TrfTournament`), its errors and its points column
(the format: `damas.engine.trf`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from damas.engine.trf import records as rec
from damas.engine.types import Color, EngineError, Outcome, RoundResult, TournamentState

HEADER_CODES = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132")

# TRF points are always chess points; we keep half points (win 2, draw 1).
HALF_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.FORFEIT_WIN: 2, Outcome.PAIRING_BYE: 2,
                Outcome.FULL_BYE: 2, Outcome.HALF_BYE: 1, Outcome.ADJOURNED: 1}


class TrfError(EngineError):
    """Malformed TRF: says which line (1-based) and column (1-based) is wrong."""

    def __init__(self, message: str, line: int, column: int | None = None) -> None:
        where = f"TRF line {line}" + (f", column {column}" if column is not None else "")
        super().__init__(f"{where}: {message}")
        self.line = line
        self.column = column


@dataclass(frozen=True, slots=True)
class PairedCell:
    """A player's board in the round in progress: opponent (None: a bye), colour, and the outcome,
    None while the game has no result."""

    opponent: int | None
    color: Color
    outcome: Outcome | None


@dataclass(frozen=True)
class TrfTournament:
    """What a TRF file says: completed rounds, pending byes and the pairing-engine extensions.

    `pending` maps start_no -> Outcome (HALF_BYE, ZERO_BYE, FULL_BYE for ``F``, NOT_PAIRED)
    for requests already written in the column of the next round that nobody has played yet.
    `points_column` is the points column as written, in half points (missing when blank).
    `codes` keeps each player's raw result characters of the completed rounds (e.g. ``F`` vs
    ``U``) and `pending_codes` those of the pending requests, for tools that need the distinction.

    `version` is ``TRF-16`` or ``TRF-26``; `accelerations` the fictitious half points per round
    (index 0 = round 1) of XXA / 250 records; `system` our pairing-system code named by 192 and
    `acceleration` "baku" when 192 names the Baku method; `tiebreaks` the 202 record's FIDE
    acronyms as written; `ranks` the rank column (86-89) where filled.

    `in_progress` is the round after the completed ones when the file pairs it and some board of
    it has no result yet (`PairedCell` per player in it); its requested byes are in `pending` too.
    `kept` lists the records read and kept as text (tag, line number); `team` is the team
    tournament of a team file (`trf.teams`), else None.
    """

    state: TournamentState
    first_color: Color | None = None
    total_rounds: int = 0
    pending: Mapping[int, Outcome] = field(default_factory=dict)
    points_column: Mapping[int, int] = field(default_factory=dict)
    codes: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    pending_codes: Mapping[int, str] = field(default_factory=dict)
    version: str = rec.TRF16
    accelerations: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    system: str = ""
    acceleration: str = ""
    tiebreaks: tuple[str, ...] = ()
    ranks: Mapping[int, int] = field(default_factory=dict)
    in_progress: Mapping[int, PairedCell] = field(default_factory=dict)
    kept: tuple[tuple[str, int], ...] = ()
    kept_lines: tuple[str, ...] = ()
    unknown: tuple[tuple[str, int], ...] = ()
    system_code: str = ""
    team: Any = None  # trf.teams.TrfTeams (typed loosely: that module imports this one)

    @property
    def next_round(self) -> int:
        return self.state.rounds_played + 1


def trf_points(results: tuple[RoundResult, ...]) -> int:
    """A player's score in chess half points, as the TRF points column counts it."""
    return sum(HALF_POINTS.get(r.outcome, 0) for r in results)
