"""Openings by lot (CBJD 119; RULES.md §2): CSV validation with line numbers, the no-repeat draw."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.openings import (
    BadEncodingError,
    DuplicateOpeningError,
    EmptyMovesError,
    LotteryNotAllowedError,
    Opening,
    OpeningsError,
    OpeningsFormatError,
    check_lottery_allowed,
    current_cycle,
    draw_openings,
    new_seed,
    openings_needed,
    parse_openings_csv,
)
from damas.engine.types import EngineError


def test_parse_with_header_optional_name_and_bom() -> None:
    data = ("\ufeffcódigo,lances,nome\n"
            "A1,11-15 22-18,Cruzamento\n"
            "\n"
            "A2,  11-15   22-17 ,\n"
            '"A3","11-15 23-19",Dama "velha"\n').encode("utf-8")
    got = parse_openings_csv(data)
    assert got == (
        Opening("A1", "11-15 22-18", "Cruzamento"),
        Opening("A2", "11-15 22-17", ""),
        Opening("A3", "11-15 23-19", 'Dama "velha"'),
    )


def test_parse_semicolon_and_no_header() -> None:
    got = parse_openings_csv("1;11-15 22-18;Cruz\r\n2;11-16 22-18\r\n")
    assert [o.code for o in got] == ["1", "2"] and got[0].name == "Cruz"


@pytest.mark.parametrize(("data", "error", "line", "text"), [
    (b"code,moves\n1,11-15 22-18\n2,11-15 22-17\n1,12-16 22-18\n", DuplicateOpeningError, 4,
     "duplicate opening code '1' (first on line 2)"),
    (b"1,11-15 22-18\nA,11-16\na,12-16\n", DuplicateOpeningError, 3, "first on line 2"),
    (b"code,moves\n1,11-15 22-18\n2,\n", EmptyMovesError, 3, "opening '2' has no moves"),
    (b"1,11-15\n2\n", EmptyMovesError, 2, "has no moves"),
    (b"1,11-15\n,11-16 22-18\n", EmptyMovesError, 2, "has no code"),
    (b"1,11-15\n2,11-16\nD\xe1ma,11-15 22-18\n", BadEncodingError, 3, "not UTF-8"),
    ("1,11-15\nDáma,11-15\n".encode("latin-1"), BadEncodingError, 2, "not UTF-8"),
    (b"1,11-15\n2,11-16,name,extra\n", OpeningsFormatError, 2, "4 columns"),
])
def test_refused_with_line_number(data: bytes, error: type, line: int, text: str) -> None:
    with pytest.raises(error) as info:
        parse_openings_csv(data)
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}: ")
    assert text in str(info.value)
    assert isinstance(info.value, OpeningsError) and isinstance(info.value, EngineError)


def test_multiline_quoted_row_reports_its_first_line() -> None:
    with pytest.raises(DuplicateOpeningError) as info:
        parse_openings_csv('1,"11-15\n22-18"\n1,12-16\n')
    assert info.value.line == 3
    assert parse_openings_csv('1,"11-15\n22-18"\n')[0].moves == "11-15 22-18"


def test_empty_file_refused() -> None:
    with pytest.raises(OpeningsFormatError, match="no openings"):
        parse_openings_csv(b"code,moves\n\n")


def test_lottery_only_in_micro_match_events() -> None:
    check_lottery_allowed(True)
    with pytest.raises(LotteryNotAllowedError, match="CBJD 119"):
        check_lottery_allowed(False)


LIST = tuple(Opening(f"O{k}", f"{k}-{k + 1}") for k in range(1, 6))


def test_draw_is_replayable_from_the_seed() -> None:
    a = draw_openings(LIST, [], seed=12345, round_no=1)
    b = draw_openings(LIST, [], seed=12345, round_no=1)
    assert a == b and a.seed == 12345 and a.round == 1 and len(a.codes) == 1
    assert not a.new_cycle
    assert isinstance(new_seed(), int)


def test_no_repeat_until_exhausted_then_new_cycle() -> None:
    """Five openings, one per round: rounds 1-5 draw all five once; round 6 starts again."""
    used: list[str] = []
    for r in range(1, 6):
        d = draw_openings(LIST, used, seed=r * 7, round_no=r)
        assert d.codes[0] not in used and not d.new_cycle
        used += d.codes
    assert sorted(used) == [o.code for o in LIST]
    d6 = draw_openings(LIST, used, seed=99, round_no=6)
    assert d6.new_cycle and current_cycle(LIST, used + list(d6.codes)) == set(d6.codes)


def test_per_board_draw_crosses_the_cycle_without_repeating_in_the_round() -> None:
    """Used O1, O2, O3: a 3-board round takes O4 and O5, then one of O1-O3 in a new cycle."""
    d = draw_openings(LIST, ["O1", "O2", "O3"], seed=5, round_no=2, count=openings_needed(3, True))
    assert sorted(d.codes[:2]) == ["O4", "O5"] and d.codes[2] in {"O1", "O2", "O3"}
    assert d.new_cycle and len(set(d.codes)) == 3
    assert openings_needed(3, False) == 1
    many = draw_openings(LIST, [], seed=1, round_no=1, count=7)  # more boards than openings
    assert sorted(many.codes[:5]) == [o.code for o in LIST] and len(many.codes) == 7


def test_draw_refusals() -> None:
    with pytest.raises(EngineError):
        draw_openings((), [], seed=1, round_no=1)
    with pytest.raises(EngineError):
        draw_openings(LIST, [], seed=1, round_no=1, count=0)


@settings(max_examples=60, deadline=None)
@given(size=st.integers(1, 12), per_round=st.integers(1, 4), seed=st.integers(0, 2**40))
def test_property_each_cycle_is_the_whole_list(size: int, per_round: int, seed: int) -> None:
    """Over many rounds, the sequence of drawn codes splits into whole-list cycles."""
    openings = tuple(Opening(str(k), "11-15") for k in range(size))
    rng = random.Random(seed)
    used: list[str] = []
    for r in range(1, 12):
        d = draw_openings(openings, used, seed=rng.randrange(2**32), round_no=r, count=per_round)
        used += d.codes
    codes = {o.code for o in openings}
    for start in range(0, len(used) - size + 1, size):
        assert set(used[start:start + size]) == codes
