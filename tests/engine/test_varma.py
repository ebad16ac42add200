"""Varma restricted drawing (FIDE-GR Pairings h): table, drawing order, envelopes, protocol."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.pairing.varma import drawing_order, varma_draw, varma_groups
from damas.engine.types import EngineError, Entrant, Pairing, TournamentState

GOLDEN = Path(__file__).parent / "golden" / "varma" / "varma-table.txt"


def _golden_table() -> dict[int, dict[str, tuple[int, ...]]]:
    table = {}
    for line in GOLDEN.read_text().splitlines():
        m = re.match(r"• (\d+)/(\d+) players (.*)$", line)
        if not m:
            continue
        groups = {
            g: tuple(int(x) for x in nums.split(", "))
            for g, nums in re.findall(r"([A-D]): \(([^)]*)\)", m[3])
        }
        table[int(m[2])] = groups
    return table


def test_table_is_the_regulation_table() -> None:
    golden = _golden_table()
    assert sorted(golden) == list(range(10, 25, 2))
    for size, groups in golden.items():
        assert varma_groups(size) == groups
        assert sorted(x for nums in groups.values() for x in nums) == list(range(1, size + 1))


def test_odd_field_drops_the_bye_number() -> None:
    assert varma_groups(9) == {"A": (3, 4, 8), "B": (5, 7, 9), "C": (1, 6), "D": (2,)}
    assert varma_groups(23)["D"] == (5,)
    with pytest.raises(EngineError):
        varma_groups(8)
    with pytest.raises(EngineError):
        varma_groups(25)


def _e(no: int, name: str, fed: str = "", club: str = "") -> Entrant:
    return Entrant(start_no=no, name=name, federation=fed, club=club)


FIELD_10 = [
    _e(1, "Carlos", "BRA"),
    _e(2, "Ana", "BRA"),
    _e(3, "Bruno", "BRA"),
    _e(4, "Felipe", "ARG"),
    _e(5, "Diego", "ARG"),
    _e(6, "Eva", "ARG"),
    _e(7, "Hugo", "URU"),
    _e(8, "Gael", "URU"),
    _e(9, "Ines", "CHI"),
    _e(10, "Jorge", "PAR"),
]


def test_drawing_order_hand_worked() -> None:
    # ARG and BRA have 3 each: ARG first (code order); names alphabetically inside;
    # then URU (2); then the single players CHI, PAR by code.
    order = [[e.name for e in c] for c in drawing_order(FIELD_10)]
    assert order == [
        ["Diego", "Eva", "Felipe"],
        ["Ana", "Bruno", "Carlos"],
        ["Gael", "Hugo"],
        ["Ines"],
        ["Jorge"],
    ]


def test_players_without_code_are_single_contingents_last() -> None:
    field = [_e(1, "Zeca"), _e(2, "Beto", "SP"), _e(3, "Abel")]
    assert [[e.name for e in c] for c in drawing_order(field)] == [["Beto"], ["Abel"], ["Zeca"]]
    by_club = [_e(1, "Ana", club="Alfa"), _e(2, "Bia", club="alfa"), _e(3, "Caio", club="Beta")]
    assert [[e.name for e in c] for c in drawing_order(by_club, by="club")] == [["Ana", "Bia"], ["Caio"]]


@pytest.mark.parametrize("seed", range(12))
def test_ten_players_contingents_fill_whole_envelopes(seed: int) -> None:
    # 9/10 table: A (3,4,8), B (5,7,9), C (1,6), D (2,10). ARG (3) must take A or B whole,
    # BRA (3) the other one; URU (2) takes C or D whole; CHI and PAR get the two numbers left.
    draw = varma_draw(FIELD_10, seed=seed)
    fed = {e.start_no: e.federation for e in FIELD_10}
    numbers = lambda code: {draw.assignment[s] for s in fed if fed[s] == code}
    assert {frozenset(numbers("ARG")), frozenset(numbers("BRA"))} == {
        frozenset({3, 4, 8}),
        frozenset({5, 7, 9}),
    }
    assert numbers("URU") in ({1, 6}, {2, 10})
    assert numbers("CHI") | numbers("PAR") == ({1, 6, 2, 10} - numbers("URU"))
    assert draw.steps[0].envelope_choices == ("A", "B") and draw.steps[0].name == "Diego"
    assert draw.steps[3].envelope_choices == (("B",) if numbers("ARG") == {3, 4, 8} else ("A",))


@pytest.mark.parametrize("seed", range(6))
def test_contingent_of_four_in_twelve_takes_envelope_a(seed: int) -> None:
    field = [_e(i, f"P{i:02}", "MG" if i <= 4 else f"F{i}") for i in range(1, 13)]
    draw = varma_draw(field, seed=seed)
    assert {draw.assignment[i] for i in range(1, 5)} == {4, 5, 9, 10}


@pytest.mark.parametrize("seed", range(6))
def test_contingent_larger_than_any_envelope_is_split(seed: int) -> None:
    # 10 players, 5 from SP: no envelope holds 5; the first three (by name) fill A or B [ours],
    # the other two take a further envelope with at least two numbers.
    field = [_e(i, n, "SP") for i, n in enumerate(["Ana", "Bia", "Caio", "Duda", "Edu"], start=1)]
    field += [_e(i, f"X{i}", f"F{i}") for i in range(6, 11)]
    draw = varma_draw(field, seed=seed)
    groups = varma_groups(10)
    where = {s: next(g for g, nums in groups.items() if draw.assignment[s] in nums) for s in range(1, 6)}
    assert where[1] == where[2] == where[3] and where[1] in "AB"
    assert where[4] == where[5] and where[4] != where[1]
    assert [s.chose_envelope for s in draw.steps[:5]] == [True, False, False, True, False]


def test_same_seed_same_draw_and_protocol() -> None:
    a = varma_draw(FIELD_10, seed=2026)
    b = varma_draw(list(reversed(FIELD_10)), seed=2026)
    assert a == b
    assert len(a.steps) == 10
    pt, en = a.protocol("pt"), a.protocol("en")
    assert pt[0].startswith("1. Diego (ARG) escolheu o envelope ")
    assert en[1].startswith("2. Eva (ARG) drew from envelope ")
    assert all(str(s.number) in line for s, line in zip(a.steps, pt))


def test_draw_feeds_the_berger_system() -> None:
    draw = varma_draw(FIELD_10, seed=7)
    state = TournamentState(
        entrants=tuple(FIELD_10), results={e.start_no: () for e in FIELD_10}, total_rounds=9
    )
    boards = get_system("berger").pair(
        PairingRequest(state=state, round_no=1, options={"pairing_numbers": dict(draw.assignment)})
    )
    by_number = {v: k for k, v in draw.assignment.items()}
    # round 1 of the 10-player table: 1-10 2-9 3-8 4-7 5-6
    assert boards == [
        Pairing(i + 1, by_number[w], by_number[b])
        for i, (w, b) in enumerate([(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)])
    ]


def test_bad_input() -> None:
    with pytest.raises(EngineError):
        varma_draw(FIELD_10[:8], seed=1)
    with pytest.raises(EngineError):
        varma_draw(FIELD_10[:9] + [_e(1, "Dup", "BRA")], seed=1)
    with pytest.raises(EngineError):
        varma_draw(FIELD_10, seed=1, by="state")


@settings(max_examples=80, deadline=None)
@given(
    feds=st.lists(st.sampled_from(["AAA", "BBB", "CCC", "DDD", "EEE", ""]), min_size=9, max_size=24),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_properties(feds: list[str], seed: int) -> None:
    field = [_e(i, f"N{(i * 7919) % 101:03}", fed) for i, fed in enumerate(feds, start=1)]
    n = len(field)
    draw = varma_draw(field, seed=seed)
    assert sorted(draw.assignment.values()) == list(range(1, n + 1))  # each number once
    groups = varma_groups(n)
    group_of = {x: g for g, nums in groups.items() for x in nums}
    # replay: contingents by size desc, then code; "" players are contingents of one
    contingents: dict[str, list[int]] = {}
    for e in field:
        contingents.setdefault(e.federation or f"~{e.start_no}", []).append(e.start_no)
    order = sorted(contingents.items(), key=lambda kv: (-len(kv[1]), kv[0].startswith("~"), kv[0]))
    free = {g: len(nums) for g, nums in groups.items()}
    for _, members in order:
        taken = [draw.assignment[s] for s in members]
        used = {group_of[x] for x in taken}
        if max(free.values()) >= len(members):
            # "at least enough numbers for his contingent": the whole contingent in one envelope
            assert len(used) == 1
            assert free[used.pop()] >= len(members)
        for x in taken:
            free[group_of[x]] -= 1
