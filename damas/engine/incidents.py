"""The incidents an arbiter records at a board and the consequences the rules give them (RULES.md
§6): the shared types of `penalties` (CBJD 60, CLUB disconnections, sanctions, forfeits) and
`fide_incidents` (the FIDE Laws), and how incidences are counted (CBJD 60: per player per game
**[ours; per event as an option]**). Below both, so the two form no cycle.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from damas.engine.types import EngineError, Outcome


class IncidentKind(str, Enum):
    """What the arbiter records (CBJD 60 a-d; CLUB disconnections)."""

    CLAIMED_IRREGULARITY = "claimed_irregularity"  # CBJD 60 a: arts. 52, 56, 65, 66
    IRREGULAR_MOVE = "irregular_move"  # CBJD 60 b: irregular move not foreseen
    BREACH = "breach"  # CBJD 60 c: arts. 3, 70 or 38-50
    UNSPORTING = "unsporting"  # CBJD 60 d
    DISCONNECTION = "disconnection"  # CLUB "Queda de conexão"
    ILLEGAL_MOVE = "fide_illegal_move"  # FIDE Laws, "Irregularities": 1st +2 min, 2nd loses
    DEVICE_SOUND = "fide_device_sound"  # FIDE Laws, "The conduct of the players": a sounding device loses


_CLAIMABLE = frozenset({"52", "56", "65", "66"})
_BREACH_GROUPS = {"3": "3/70", "70": "3/70", **{str(a): "38-50" for a in range(38, 51)}}
_KIND_ARTICLE = {
    IncidentKind.CLAIMED_IRREGULARITY: "CBJD 60 a",
    IncidentKind.IRREGULAR_MOVE: "CBJD 60 b",
    IncidentKind.BREACH: "CBJD 60 c",
    IncidentKind.UNSPORTING: "CBJD 60 d",
    IncidentKind.DISCONNECTION: "CLUB, Queda de conexão",
    IncidentKind.ILLEGAL_MOVE: "FIDE Laws, Irregularities (illegal move)",
    IncidentKind.DEVICE_SOUND: "FIDE Laws, Conduct of the players (mobile phone)",
}
_FIDE_KINDS = frozenset({IncidentKind.ILLEGAL_MOVE, IncidentKind.DEVICE_SOUND})


@dataclass(frozen=True, slots=True)
class Incident:
    """One recorded incident. `article`: the CBJD article broken (52/56/65/66 for a claimed
    irregularity, 3/70/38-50 for a breach) or a short name of the unsporting conduct."""

    round: int
    board: int
    player: int
    kind: IncidentKind
    article: str = ""
    note: str = ""
    arbiter: str = ""
    time: str = ""  # ISO timestamp, recorded by the caller

    def __post_init__(self) -> None:
        if self.kind is IncidentKind.CLAIMED_IRREGULARITY and self.article not in _CLAIMABLE:
            raise EngineError(f"CBJD 60 a covers articles 52, 56, 65, 66, not {self.article!r}")
        if self.kind is IncidentKind.BREACH and self.article not in _BREACH_GROUPS:
            raise EngineError(f"CBJD 60 c covers articles 3, 70 and 38-50, not {self.article!r}")


@dataclass(frozen=True, slots=True)
class PenaltySettings:
    """Event settings: `scope` ``game`` (default) or ``event`` for CBJD 60 incidences;
    `loss_from`: the incidence that loses the game (3); `disconnection_limit`: the drop that
    loses the game (3), counted per game unless `disconnection_scope` is ``event``."""

    scope: str = "game"
    extra_minutes: int = 2
    loss_from: int = 3
    disconnection_limit: int = 3
    disconnection_scope: str = "game"

    def __post_init__(self) -> None:
        for name in ("scope", "disconnection_scope"):
            if getattr(self, name) not in ("game", "event"):
                raise EngineError(f"{name} must be 'game' or 'event'")
        if self.loss_from < 1 or self.disconnection_limit < 1 or self.extra_minutes < 0:
            raise EngineError("penalty limits must be at least 1 and extra minutes not negative")


class Action(str, Enum):
    """What the system states (and, for results and exclusions, applies with the audit log)."""

    NONE = "none"  # recorded only
    VERBAL_WARNING = "verbal_warning"
    WRITTEN_WARNING = "written_warning"
    EXTRA_TIME = "extra_time"  # minutes added to the opponent's clock
    GAME_LOST = "game_lost"
    GAME_WON = "game_won"  # CBJD 95 d: for the claimant
    EXCLUSION = "exclusion"  # withdrawal under the rule set's policy
    PROPOSE_EXPULSION = "propose_expulsion"  # the chief arbiter confirms
    EXPULSION = "expulsion"


@dataclass(frozen=True, slots=True)
class BoardResult:
    """The result the system records for the board (played outcomes: a penalty loss is LOSS)."""

    white: Outcome
    black: Outcome


@dataclass(frozen=True, slots=True)
class Consequence:
    """The regulation's answer: `action` against `player`, which incidence it was, the board
    result to record (GAME_LOST / GAME_WON), minutes for `beneficiary`, and the messages."""

    action: Action
    player: int
    article: str
    message_pt: str
    message_en: str
    incidence: int = 0
    extra_minutes: int = 0
    beneficiary: int | None = None
    result: BoardResult | None = None
    withdraw_after_round: int | None = None


def incident_article(incident: Incident) -> str:
    """The article that applies, e.g. ``CBJD 60 a (56)``."""
    base = _KIND_ARTICLE[incident.kind]
    return f"{base} ({incident.article})" if incident.article else base


def _same_scope(a: Incident, b: Incident, scope: str) -> bool:
    return a.player == b.player and (scope == "event" or a.round == b.round)


def counts_as_incidence(incident: Incident, earlier: Sequence[Incident], scope: str = "game") -> bool:
    """CBJD 60: (a) and (b) always count; (c) from the second breach of the same group
    (3/70 or 38-50); (d) from the second time of the same conduct. Disconnections are not CBJD
    60 incidences."""
    kind = incident.kind
    if kind is IncidentKind.DISCONNECTION or kind in _FIDE_KINDS:
        return False
    if kind in (IncidentKind.CLAIMED_IRREGULARITY, IncidentKind.IRREGULAR_MOVE):
        return True
    if kind is IncidentKind.BREACH:
        group = _BREACH_GROUPS[incident.article]
        return any(e.kind is kind and _BREACH_GROUPS[e.article] == group
                   and _same_scope(e, incident, scope) for e in earlier)
    key = incident.article.strip().casefold()
    return any(e.kind is kind and e.article.strip().casefold() == key
               and _same_scope(e, incident, scope) for e in earlier)


def incidence_number(incident: Incident, earlier: Sequence[Incident], scope: str = "game") -> int:
    """The CBJD 60 incidence this incident is (1, 2, 3, ...), 0 when it is not one yet.
    `earlier`: the incidents recorded before it in the event, oldest first."""
    if not counts_as_incidence(incident, earlier, scope):
        return 0
    n = 1
    for k, e in enumerate(earlier):
        if _same_scope(e, incident, scope) and counts_as_incidence(e, earlier[:k], scope):
            n += 1
    return n


def _loss(offender: int, white: int, black: int) -> BoardResult:
    if offender == white:
        return BoardResult(Outcome.LOSS, Outcome.WIN)
    if offender == black:
        return BoardResult(Outcome.WIN, Outcome.LOSS)
    raise EngineError(f"player {offender} does not play on this board ({white}-{black})")


def _opponent(player: int, white: int, black: int) -> int:
    _loss(player, white, black)  # checks the player is on the board
    return black if player == white else white
