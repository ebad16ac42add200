"""Round robin by Berger tables (FIDE-GR "Pairings" d; FIDE Handbook C.05 Annex 1; CBJD "Sistema Schuring").

The Schurig (Schuring) tables used by CBJD are the same tables. RULES.md §3 gives the rule
this module implements, for any number of players n >= 2:

* n is made even by a dummy player n+1 (odd fields); whoever meets the dummy has the bye.
* With N = n-1 rounds (n even), in round r the players a, b in 1..N meet when
  a + b = r + 1 (mod N); the player "paired with himself" (2a = r + 1 mod N) meets n.
* Colours: for a < b (neither is n) a has White when b - a is odd, else b has White;
  player n has White in even rounds.
* Board order: board 1 is the game of player n; board k pairs the players k-1 steps either
  side of n's opponent on the circle 1..N (the published tables' order).
* Double round robin ("adjusted where necessary for double round events"): the second cycle
  repeats the first with colours reversed, and the last two rounds of the first cycle are
  exchanged so that no player gets three equal colours across the boundary (C.05 Annex 1
  recommendation).

Pure functions `berger_round`, `berger_rounds` and `table_text` work on pairing numbers; the
`berger` pairing system maps pairing numbers to starting numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from damas.engine.pairing.base import PairingRequest, PairingSystem, register
from damas.engine.types import EngineError, EntrantStatus, Pairing

BYE = 0
"""Stands for "no opponent": a bye is reported as the pair (player, BYE), after the real games."""


def table_size(n: int) -> int:
    """The even table size used for n players (odd fields get a dummy n+1)."""
    if n < 2:
        raise EngineError(f"a round robin needs at least 2 players, got {n}")
    return n if n % 2 == 0 else n + 1


def rounds_count(n: int, double: bool = False) -> int:
    """Number of rounds of a single (or double) round robin for n players."""
    single = table_size(n) - 1
    return 2 * single if double else single


def _table_round(size: int, r: int) -> list[tuple[int, int]]:
    """Round r (1-based) of the single Berger table for an even `size`, dummy included."""
    cycle = size - 1  # N: the players 1..N turn around the fixed player `size`
    # the player who meets `size`: 2p = r + 1 (mod N)
    p = next(x for x in range(1, cycle + 1) if (2 * x - (r + 1)) % cycle == 0)
    first = (size, p) if r % 2 == 0 else (p, size)
    boards = [first]
    for k in range(1, size // 2):
        a = (p + k - 1) % cycle + 1
        b = (p - k - 1) % cycle + 1
        lo, hi = min(a, b), max(a, b)
        boards.append((lo, hi) if (hi - lo) % 2 == 1 else (hi, lo))
    return boards


def _schedule(size: int, double: bool) -> list[tuple[int, bool]]:
    """(round of the single table, colours reversed?) for each round played."""
    cycle = size - 1
    order = list(range(1, cycle + 1))
    if not double:
        return [(r, False) for r in order]
    first = order[:]
    if cycle >= 2:  # exchange the last two rounds of the first cycle (C.05 Annex 1)
        first[-2], first[-1] = first[-1], first[-2]
    return [(r, False) for r in first] + [(r, True) for r in order]


def _full_round(n: int, r: int, double: bool) -> list[tuple[int, int]]:
    """Round r of the (possibly double) table, dummy included, in board order."""
    size = table_size(n)
    schedule = _schedule(size, double)
    if not 1 <= r <= len(schedule):
        raise EngineError(f"round {r} is outside the {len(schedule)} rounds of the table for {n} players")
    base, reverse = schedule[r - 1]
    boards = _table_round(size, base)
    return [(b, w) for w, b in boards] if reverse else boards


def berger_round(n: int, r: int, double: bool = False) -> list[tuple[int, int]]:
    """(white, black) pairs of round r for n players, in board order.

    With an odd n the dummy n+1 is not shown: its opponent's bye is reported as the last
    pair, (player, BYE) with BYE = 0.
    """
    boards = _full_round(n, r, double)
    if n % 2 == 0:
        return boards
    dummy = n + 1
    games = [(w, b) for w, b in boards if dummy not in (w, b)]
    bye = next(w if b == dummy else b for w, b in boards if dummy in (w, b))
    return games + [(bye, BYE)]


def berger_rounds(n: int, double: bool = False) -> list[list[tuple[int, int]]]:
    """All rounds of the table, each as `berger_round` returns it."""
    return [berger_round(n, r, double) for r in range(1, rounds_count(n, double) + 1)]


def table_text(n: int, double: bool = False) -> str:
    """The table in the layout of the FIDE Berger tables (tests/engine/golden/berger/).

    For an odd n this is the table of n+1 (the dummy shown by number), as published.
    """
    size = table_size(n)
    kind = "FIDE Berger table" if not double else "FIDE Berger table, double round robin,"
    lines = [
        f"# {kind} for {size - 1} or {size} players (with {size - 1}, player {size} is the bye).",
        "# One line per round: 'round: white-black white-black ...' in board order.",
    ]
    for r in range(1, rounds_count(size, double) + 1):
        boards = " ".join(f"{w}-{b}" for w, b in _full_round(size, r, double))
        lines.append(f"{r}: {boards}")
    return "\n".join(lines) + "\n"


def pairing_numbers(request: PairingRequest) -> dict[int, int]:
    """start_no -> pairing number: `options["pairing_numbers"]` (e.g. a Varma draw) or starting order."""
    entrants = sorted(e.start_no for e in request.state.entrants)
    given = request.options.get("pairing_numbers")
    if given is None:
        return {s: i for i, s in enumerate(entrants, start=1)}
    if not isinstance(given, Mapping):
        raise EngineError("option pairing_numbers must map starting numbers to pairing numbers")
    numbers = {int(k): int(v) for k, v in given.items()}
    if sorted(numbers) != entrants or sorted(numbers.values()) != list(range(1, len(entrants) + 1)):
        raise EngineError("pairing_numbers must give every entrant one number in 1..n")
    return numbers


class BergerSystem(PairingSystem):
    """The round robin as a pairing system: round `round_no` of the table for the field.

    The field is every entrant of the state (the table is fixed at the start, FIDE-GR
    "Pairings" c); boards of a withdrawn, excluded or absent player are left out, and what
    his scheduled opponent scores is decided by the rule set (`damas.engine.withdrawals`).
    A bye (odd field) is the last board, Pairing(board, player, None).
    Options: `double` (bool) for a double round robin, `pairing_numbers` (start_no -> number).
    """

    code = "berger"
    pairs_from_results = False  # the Berger table fixes every round (C.04.2 #8 does not apply)
    name_pt = "Todos contra todos (tabelas de Berger / Schuring)"
    name_en = "Round robin (Berger tables)"
    article = "FIDE-GR Pairings (d); C.05 Annex 1; CBJD Sistema Schuring"

    def pair(self, request: PairingRequest) -> list[Pairing]:
        numbers = pairing_numbers(request)
        by_number = {v: k for k, v in numbers.items()}
        gone = set(request.absent) | {
            e.start_no for e in request.state.entrants if e.status is not EntrantStatus.ACTIVE
        }
        rounds = berger_round(len(numbers), request.round_no, bool(request.options.get("double", False)))
        pairings: list[Pairing] = []
        for w, b in rounds:
            white = by_number[w]
            black = by_number[b] if b != BYE else None
            if white in gone or (black is not None and black in gone):
                continue
            pairings.append(Pairing(len(pairings) + 1, white, black))
        return pairings


register(BergerSystem())
