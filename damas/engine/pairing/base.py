"""The pairing-system protocol and its registry (DESIGN.md principle 3).

Every pairing system (round robin, FIDE Dutch, Brazilian micro-match, knockout, SB Swiss)
registers itself under a stable code; events store only that code.
"""
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping

from damas.engine.types import Color, EngineError, Outcome, Pairing, TournamentState

if TYPE_CHECKING:
    from damas.engine.rulesets import RuleSet


@dataclass(frozen=True)
class PairingRequest:
    """What a system needs to pair round `round_no` of `state`.

    `absent` players are not paired this round (withdrawn, known absence C.04.2 #4, absent
    without notice C.04.2 #2); `requested_byes` maps a player to the bye he asked for in
    advance (HALF_BYE, ZERO_BYE or FULL_BYE). `first_color` is the
    colour of the top-ranked player in round 1, drawn by lot and recorded by the caller.
    """

    state: TournamentState
    round_no: int
    ruleset: "str | RuleSet" = "fide"  # a rule-set code, or an event's RuleSet with its settings
    first_color: Color = Color.WHITE
    absent: frozenset[int] = frozenset()
    requested_byes: Mapping[int, Outcome] = field(default_factory=dict)
    options: Mapping[str, object] = field(default_factory=dict)


class PairingSystem(ABC):
    """A pairing system: turns a tournament state into the boards of the next round."""

    code: str = ""
    name_pt: str = ""
    name_en: str = ""
    article: str = ""
    # Each round is paired from the results so far (Swiss, micro-match, knockout), so a result
    # corrected after the next pairing changes only later rounds (C.04.2 #8). False for a round
    # robin, whose rounds are all fixed by the table before play.
    pairs_from_results: bool = True
    family: str = ""  # the system this code is an edition of ("" = a system of its own)
    family_name_pt: str = ""  # the family's name, whatever the edition ("" = `name_pt`)
    family_name_en: str = ""
    # Its boards are micro-matches of two games (CBJD 119-122): only the Brazilian system.
    micro_match: bool = False

    @abstractmethod
    def pair(self, request: PairingRequest) -> list[Pairing]:
        """Boards of `request.round_no` in board order; a bye is Pairing(board, n, None)."""


_REGISTRY: dict[str, PairingSystem] = {}


def register(system: PairingSystem) -> PairingSystem:
    """Add a system to the registry under its code (one instance per code)."""
    if not system.code:
        raise EngineError("a pairing system needs a code")
    _REGISTRY[system.code] = system
    return system


def get_system(code: str) -> PairingSystem:
    """The registered system for `code`, or an EngineError naming the known codes."""
    _load_builtin_systems()
    try:
        return _REGISTRY[code]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise EngineError(f"unknown pairing system {code!r} (known: {known})") from None


def plays_micro_matches(code: str) -> bool:
    """Whether the system `code` pairs micro-matches (False for an unknown code)."""
    _load_builtin_systems()
    system = _REGISTRY.get(code)
    return bool(system and system.micro_match)


def system_codes() -> list[str]:
    _load_builtin_systems()
    return sorted(_REGISTRY)


def family_of(code: str) -> str:
    """The pairing system a code is an edition of: "dutch" for every edition of the FIDE
    Dutch system (`dutch`, `dutch-2025`), else the code itself. Callers that treat a family
    alike (standings, crosstable, acceleration, late entries) test this, not the code."""
    _load_builtin_systems()
    system = _REGISTRY.get(code)
    return (system.family or code) if system else code


def _load_builtin_systems() -> None:
    """Import the built-in system modules so they register themselves (import is idempotent)."""
    for module in ("berger", "dutch", "micromatch", "knockout", "sb_swiss"):
        try:
            importlib.import_module(f"damas.engine.pairing.{module}")
        except ModuleNotFoundError as exc:  # a system not written yet is simply not offered
            if exc.name != f"damas.engine.pairing.{module}":
                raise


def format_pairs(pairings: list[Pairing]) -> str:
    """JaVaFo / bbpPairings output: number of boards, then 'white black' lines, a bye as 'N 0'."""
    lines = [str(len(pairings))]
    for p in pairings:
        lines.append(f"{p.white} {p.black if p.black is not None else 0}")
    return "\n".join(lines) + "\n"
