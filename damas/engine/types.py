"""The engine's narrow input types (DESIGN.md principle 2; RULES.md §1).

A tournament is a tuple of entrants and, per entrant, one `RoundResult` per round played
so far. Points are never stored here: a rule set turns an `Outcome` into integer points
(chess in half points), so the same state can be scored under `cbjd`, `fide` or `club`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Mapping


class EngineError(ValueError):
    """Any input the engine refuses (bad TRF, impossible pairing request, unknown code)."""


class Color(str, Enum):
    """Colour of a player in one game; NONE for unplayed rounds and byes."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> "Color":
        if self is Color.WHITE:
            return Color.BLACK
        if self is Color.BLACK:
            return Color.WHITE
        return Color.NONE


class Outcome(str, Enum):
    """One player's outcome in one round (RULES.md §1).

    A game is *played* only for WIN, DRAW and LOSS (a loss decreed by penalty during
    play is recorded as LOSS). ADJOURNED counts as a draw for pairing only (C.04.2 #1).
    """

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"
    PAIRING_BYE = "pairing_bye"
    FULL_BYE = "full_bye"  # full-point bye requested in advance (TRF 'F'); not a pairing bye
    HALF_BYE = "half_bye"
    ZERO_BYE = "zero_bye"
    NOT_PAIRED = "not_paired"
    ADJOURNED = "adjourned"

    @property
    def played(self) -> bool:
        """True when the game was played over the board (counts for colours and ratings)."""
        return self in _PLAYED

    @property
    def met(self) -> bool:
        """True when the two players sat at the board: a played game or an adjourned one. The
        pairing rules treat both as a game (C.04.2 #1: the pair has met, the colours count)."""
        return self in _PLAYED or self is Outcome.ADJOURNED

    @property
    def has_opponent(self) -> bool:
        """True when the round paired the player against a real opponent."""
        return self in _WITH_OPPONENT

    @property
    def mirror(self) -> "Outcome":
        """The opponent's outcome for the same board."""
        return _MIRROR.get(self, self)


_PLAYED = frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS})
_WITH_OPPONENT = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.FORFEIT_WIN,
        Outcome.FORFEIT_LOSS,
        Outcome.DOUBLE_FORFEIT,
        Outcome.ADJOURNED,
    }
)
_MIRROR = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.LOSS: Outcome.WIN,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
    Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
}


class EntrantStatus(str, Enum):
    """Whether an entrant is still paired (RULES.md §5)."""

    ACTIVE = "active"
    WITHDRAWN = "withdrawn"
    EXCLUDED = "excluded"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player (or team) in one event, identified by the starting number."""

    start_no: int
    name: str
    rating: int = 0
    sex: str = ""  # "m" or "f"; "" when unknown
    birth_year: int | None = None
    federation: str = ""  # federation / state (UF) code, used by Varma and categories
    club: str = ""
    title: str = ""
    fide_id: str = ""
    status: EntrantStatus = EntrantStatus.ACTIVE
    # Points carried over from a qualifying stage when the regulations carry them (rule-set
    # units): counted in the standings' total from round 1, not in any round's result.
    carried: int = 0


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One entrant's round: what happened, against whom and with which colour.

    `opponent` is None for byes and rounds without a pairing. For micro-matches
    (CBJD 119-122) `game_points` holds the sum of the two games' points in the rule
    set's units (0-4 in draughts) and `outcome` is the micro-match result.
    """

    round: int
    outcome: Outcome
    opponent: int | None = None
    color: Color = Color.NONE
    game_points: int | None = None


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board of a round; `black` is None for a pairing-allocated bye."""

    board: int
    white: int
    black: int | None


@dataclass(frozen=True)
class TournamentState:
    """Entrants and their results for the rounds played so far.

    `results[start_no][i]` is round i+1. Every entrant has the same number of rounds
    recorded (`rounds_played`); a round without a pairing is NOT_PAIRED or a bye.
    """

    entrants: tuple[Entrant, ...]
    results: Mapping[int, tuple[RoundResult, ...]]
    total_rounds: int
    name: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        numbers = [e.start_no for e in self.entrants]
        if len(set(numbers)) != len(numbers):
            raise EngineError("duplicate starting numbers")
        object.__setattr__(self, "results", MappingProxyType(dict(self.results)))
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))

    @property
    def rounds_played(self) -> int:
        return max((len(r) for r in self.results.values()), default=0)

    def entrant(self, start_no: int) -> Entrant:
        for e in self.entrants:
            if e.start_no == start_no:
                return e
        raise EngineError(f"no entrant with starting number {start_no}")

    def rounds_of(self, start_no: int) -> tuple[RoundResult, ...]:
        return self.results.get(start_no, ())
