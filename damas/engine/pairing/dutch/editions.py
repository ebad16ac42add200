"""The editions of the FIDE Dutch system, each a pairing-system code of its own.

* `dutch`: C.04.3 as approved in Baku 2016 with the 2017 programmers' guidelines (the rules
  of the seed regulations; used by CBJD and club events unless chosen otherwise).
* `dutch-2025`: C.04.3 2025 edition (approved by the FIDE Council on 28/10/2025, applied
  from 1 February 2026 to FIDE-rated events): C4 for every bracket, C5 and C9 for the
  pairing-allocated bye, the new floats of 1.4.3-1.4.4 and bye eligibility of C2.

An edition is the players' view of unplayed rounds (`PlayerRules`) and a round procedure;
criteria and colours are shared where the texts agree (colour allocation 5.2 = 2017 E.1-E.5).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from damas.engine.pairing.dutch.bracket_2025 import pair_round_2025
from damas.engine.pairing.dutch.bracket import pair_round
from damas.engine.pairing.dutch.players import RULES_2017, RULES_2025, DPlayer, PlayerRules, RoundContext
from damas.engine.types import EngineError

__all__ = ["DUTCH_2017", "DUTCH_2025", "DutchEdition", "EDITIONS", "get_edition"]

RoundProcedure = Callable[[list[DPlayer], RoundContext],
                          tuple[list[tuple[DPlayer, DPlayer]], DPlayer | None]]


@dataclass(frozen=True)
class DutchEdition:
    """One edition of C.04.3: its system code, names, year and rules."""

    code: str
    year: int
    name_pt: str
    name_en: str
    article: str
    rules: PlayerRules
    pair_round: RoundProcedure


DUTCH_2017 = DutchEdition(
    code="dutch", year=2017, name_pt="Suíço holandês (FIDE 2017)", name_en="Dutch (FIDE 2017)",
    article="FIDE C.04.3 (2017)", rules=RULES_2017, pair_round=pair_round)
DUTCH_2025 = DutchEdition(
    code="dutch-2025", year=2025, name_pt="Suíço holandês (FIDE 2025)",
    name_en="Dutch (FIDE 2025)", article="FIDE C.04.3 (2025)", rules=RULES_2025,
    pair_round=pair_round_2025)

EDITIONS: dict[str, DutchEdition] = {e.code: e for e in (DUTCH_2017, DUTCH_2025)}


def get_edition(code: str) -> DutchEdition:
    """The edition registered under a pairing-system code."""
    try:
        return EDITIONS[code]
    except KeyError:
        raise EngineError(f"unknown Dutch edition {code!r} (known: {', '.join(EDITIONS)})") from None
