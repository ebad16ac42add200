"""FIDE Dutch (C.04.3) against a FIDE-endorsed engine's pairings, in both editions.

Every case in golden/dutch/ was paired by the reference engine under the 2017 rules (system
`dutch`), every case in golden/dutch2025/ under the 2025 rules (system `dutch-2025`), see
shared/golden/README.md: we require the same set of (white, black) boards and the same
pairing-allocated bye.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from damas.engine.commands.pair import request_from_trf
from damas.engine.pairing.base import get_system
from damas.engine.pairing.dutch import dutch_pairs
from damas.engine.pairing.dutch.editions import DUTCH_2025

GOLDEN = sorted((Path(__file__).parent / "golden" / "dutch").glob("*.trf"))
GOLDEN_2025 = sorted((Path(__file__).parent / "golden" / "dutch2025").glob("*.trf"))


def _expected(path: Path) -> tuple[set[tuple[int, int]], list[int]]:
    lines = path.with_suffix(".pairs").read_text().split()
    count = int(lines[0])
    nums = list(map(int, lines[1: 1 + 2 * count]))
    boards = list(zip(nums[0::2], nums[1::2]))
    return {b for b in boards if b[1] != 0}, [w for w, b in boards if b == 0]


def test_golden_cases_present():
    assert len(GOLDEN) == 206
    assert len(GOLDEN_2025) == 150


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_dutch_matches_reference_engine(path: Path):
    pairs, byes = _expected(path)
    request = request_from_trf(path.read_bytes().decode("utf-8", "replace"))
    boards, bye = dutch_pairs(request)
    assert set(boards) == pairs
    assert len(boards) == len(pairs)
    assert ([bye] if bye is not None else []) == byes


def _ordered(path: Path) -> list[tuple[int, int]]:
    lines = path.with_suffix(".pairs").read_text().split()
    nums = list(map(int, lines[1: 1 + 2 * int(lines[0])]))
    return list(zip(nums[0::2], nums[1::2]))


@pytest.mark.parametrize("path", GOLDEN[::7], ids=[p.stem for p in GOLDEN[::7]])
def test_board_order_follows_c0402_rule_9(path: Path):
    """Boards by the higher player's score, then the lower player's, then the higher player's
    rank (C.04.2 #9); the pairing-allocated bye last. The reference lists boards the same way."""
    request = request_from_trf(path.read_bytes().decode("utf-8", "replace"))
    pairings = get_system("dutch").pair(request)
    got = [(p.white, p.black or 0) for p in pairings]
    assert got == _ordered(path)
    assert [p.board for p in pairings] == list(range(1, len(pairings) + 1))


@pytest.mark.parametrize("path", GOLDEN_2025, ids=[p.stem for p in GOLDEN_2025])
def test_dutch_2025_matches_reference_engine(path: Path):
    pairs, byes = _expected(path)
    request = request_from_trf(path.read_bytes().decode("utf-8", "replace"))
    boards, bye = dutch_pairs(request, DUTCH_2025)
    assert set(boards) == pairs
    assert len(boards) == len(pairs)
    assert ([bye] if bye is not None else []) == byes


@pytest.mark.parametrize("path", GOLDEN_2025[::7], ids=[p.stem for p in GOLDEN_2025[::7]])
def test_dutch_2025_board_order_follows_c0402_rule_9(path: Path):
    request = request_from_trf(path.read_bytes().decode("utf-8", "replace"))
    pairings = get_system("dutch-2025").pair(request)
    assert [(p.white, p.black or 0) for p in pairings] == _ordered(path)
