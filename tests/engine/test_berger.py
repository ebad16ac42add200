"""Berger tables (FIDE-GR Pairings d, C.05 Annex 1) against the published tables and by properties."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.pairing.berger import BYE, berger_round, berger_rounds, rounds_count, table_text
from damas.engine.types import EngineError, Entrant, EntrantStatus, Pairing, TournamentState

GOLDEN = Path(__file__).parent / "golden" / "berger"
GOLDEN_FILES = sorted(GOLDEN.glob("berger-*.txt"))


def test_golden_files_present() -> None:
    assert len(GOLDEN_FILES) == 11


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_table_text_equals_published_table(path: Path) -> None:
    size = int(path.stem.split("-")[1])
    expected = path.read_text()
    assert table_text(size) == expected
    assert table_text(size - 1) == expected  # the odd field uses the same table


def _golden_rounds(path: Path) -> list[list[tuple[int, int]]]:
    rounds = []
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        _, boards = line.split(":")
        rounds.append([tuple(int(x) for x in b.split("-")) for b in boards.split()])
    return rounds


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_odd_field_bye_is_the_dummy_opponent(path: Path) -> None:
    size = int(path.stem.split("-")[1])
    for r, boards in enumerate(_golden_rounds(path), start=1):
        games = [g for g in boards if size not in g]
        bye = next(w if b == size else b for w, b in boards if size in (w, b))
        assert berger_round(size - 1, r) == games + [(bye, BYE)]
        assert berger_round(size, r) == boards


def test_hand_worked_four_players_double() -> None:
    # Single table for 4 (published): 1: 1-4 2-3 / 2: 4-3 1-2 / 3: 2-4 3-1.
    # Double: rounds 2 and 3 of the first cycle exchanged, second cycle = 1,2,3 reversed.
    assert berger_rounds(4, double=True) == [
        [(1, 4), (2, 3)],
        [(2, 4), (3, 1)],
        [(4, 3), (1, 2)],
        [(4, 1), (3, 2)],
        [(3, 4), (2, 1)],
        [(4, 2), (1, 3)],
    ]


def test_two_players() -> None:
    assert berger_rounds(2) == [[(1, 2)]]
    assert berger_rounds(2, double=True) == [[(1, 2)], [(2, 1)]]


def test_bad_sizes_and_rounds() -> None:
    with pytest.raises(EngineError):
        berger_round(1, 1)
    with pytest.raises(EngineError):
        berger_round(6, 6)
    with pytest.raises(EngineError):
        berger_round(6, 0)
    assert rounds_count(7) == 7 and rounds_count(7, double=True) == 14


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=2, max_value=40), double=st.booleans())
def test_properties(n: int, double: bool) -> None:
    rounds = berger_rounds(n, double)
    meetings: Counter[frozenset[int]] = Counter()
    colours: dict[int, str] = {p: "" for p in range(1, n + 1)}
    byes: Counter[int] = Counter()
    for boards in rounds:
        seen = [p for pair in boards for p in pair if p != BYE]
        assert sorted(seen) == list(range(1, n + 1))  # everybody exactly once per round
        for white, black in boards:
            if black == BYE:
                byes[white] += 1
                continue
            meetings[frozenset((white, black))] += 1
            colours[white] += "W"
            colours[black] += "B"
    times = 2 if double else 1
    assert meetings == Counter({frozenset(p): times for p in combinations(range(1, n + 1), 2)})
    for seq in colours.values():
        assert abs(seq.count("W") - seq.count("B")) <= (0 if double else 1)
        assert "WWW" not in seq and "BBB" not in seq
    if n % 2:
        assert byes == Counter({p: times for p in range(1, n + 1)})
    if double:
        # each pair meets once with each colour
        for a, b in combinations(range(1, n + 1), 2):
            whites = [(w, bl) for boards in rounds for w, bl in boards if {w, bl} == {a, b}]
            assert sorted(whites) == sorted([(a, b), (b, a)])


def _state(n: int, start: int = 1, withdrawn: int | None = None) -> TournamentState:
    entrants = tuple(
        Entrant(
            start_no=s,
            name=f"P{s}",
            status=EntrantStatus.WITHDRAWN if s == withdrawn else EntrantStatus.ACTIVE,
        )
        for s in range(start, start + n)
    )
    return TournamentState(entrants=entrants, results={e.start_no: () for e in entrants}, total_rounds=n - 1)


def test_pairing_system_round_and_bye() -> None:
    system = get_system("berger")
    # 5 players: the table for 6, round 2 is 6-4 5-3 1-2: player 4 has the bye.
    boards = system.pair(PairingRequest(state=_state(5), round_no=2))
    assert boards == [Pairing(1, 5, 3), Pairing(2, 1, 2), Pairing(3, 4, None)]


def test_pairing_system_maps_numbers_and_skips_withdrawn() -> None:
    system = get_system("berger")
    state = _state(4, start=11, withdrawn=12)
    # pairing numbers: 11->1, 12->2, 13->3, 14->4; round 2 is 4-3 1-2, player 2 withdrew
    assert system.pair(PairingRequest(state=state, round_no=2)) == [Pairing(1, 14, 13)]
    numbers = {11: 4, 12: 3, 13: 2, 14: 1}
    boards = system.pair(
        PairingRequest(state=_state(4, start=11), round_no=1, options={"pairing_numbers": numbers})
    )
    assert boards == [Pairing(1, 14, 11), Pairing(2, 13, 12)]
    double = system.pair(PairingRequest(state=_state(4), round_no=4, options={"double": True}))
    assert double == [Pairing(1, 4, 1), Pairing(2, 3, 2)]
    with pytest.raises(EngineError):
        system.pair(PairingRequest(state=_state(4), round_no=1, options={"pairing_numbers": {1: 1}}))
