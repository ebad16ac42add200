"""TRF-16 reader / writer: reference files, pending byes, line endings, errors."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.trf import TrfError, read_trf, trf_points, write_trf
from damas.engine.types import Color, EngineError, Outcome

HERE = Path(__file__).parent
GOLDEN_TB = sorted((HERE / "golden" / "tiebreaks").glob("*/*.trf"))
_DUTCH_DIRS = [HERE / "golden" / "dutch", Path("/work/shared/golden/dutch")]
GOLDEN_DUTCH = next((sorted(d.glob("*.trf")) for d in _DUTCH_DIRS if d.is_dir() and any(d.glob("*.trf"))), [])


def _line(no: int, points: str, *cells: str, rating: int = 2000, name: str = "") -> str:
    name = name or f"Player {no}"
    head = f"001 {no:4d}      {name:<33} {rating:4d}{' ' * 28}{points:>4} {no:4d}"
    return head + "".join("  " + c for c in cells)


SMALL = "\n".join(
    [
        "012 Small Open",
        "XXR 3",
        "XXC white1",
        _line(1, "1.5", "   2 w 1", "   3 b =", "0000 - H"),
        _line(2, "1.0", "   1 b 0", "0000 - U"),
        _line(3, "0.5", "0000 - H", "   1 w ="),
    ]
)


def test_small_file_round_trip_and_pending():
    t = read_trf(SMALL)
    assert t.total_rounds == 3 and t.first_color is Color.WHITE
    assert t.state.name == "Small Open"
    assert t.state.rounds_played == 2
    assert t.pending == {1: Outcome.HALF_BYE} and t.pending_codes == {1: "H"}
    assert t.points_column == {1: 3, 2: 2, 3: 1}
    assert t.codes[2] == ("0", "U") and t.next_round == 3
    r1 = t.state.rounds_of(1)
    assert [r.outcome for r in r1] == [Outcome.WIN, Outcome.DRAW]
    assert r1[0].opponent == 2 and r1[0].color is Color.WHITE
    assert t.state.rounds_of(2)[1].outcome is Outcome.PAIRING_BYE
    assert t.state.rounds_of(3)[0].outcome is Outcome.HALF_BYE
    again = read_trf(write_trf(t))
    assert again.state.results == t.state.results
    assert again.pending == t.pending and again.first_color is Color.WHITE
    assert again.state.entrants == t.state.entrants


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_line_endings(eol):
    t = read_trf(SMALL.replace("\n", eol))
    assert t.state.rounds_played == 2 and t.pending == {1: Outcome.HALF_BYE}


def test_forfeits_and_double_forfeit():
    text = "\n".join([
        "XXR 2",
        _line(1, "1.0", "   2 w +", "   3 w -"),
        _line(2, "0.0", "   1 b -", "0000 - Z"),
        _line(3, "0.0", "0000 - Z", "   1 b -"),
    ])
    t = read_trf(text)
    assert t.state.rounds_of(1)[0].outcome is Outcome.FORFEIT_WIN
    assert t.state.rounds_of(2)[0].outcome is Outcome.FORFEIT_LOSS
    assert t.state.rounds_of(1)[1].outcome is Outcome.DOUBLE_FORFEIT
    assert t.state.rounds_of(3)[1].outcome is Outcome.DOUBLE_FORFEIT
    assert t.state.rounds_of(3)[0].outcome is Outcome.ZERO_BYE
    assert read_trf(write_trf(t)).state.results == t.state.results


def test_cbjd_51_game_lost_by_both_reads_back_as_two_played_losses():
    """A game lost by both on a penalty (CBJD 51) is written "0" on both sides (TRF-16 has no code
    of its own); it reads back as two played losses, opponents and colours kept [ours]."""
    text = "\n".join(["XXR 1", _line(1, "0.0", "   2 w 0"), _line(2, "0.0", "   1 b 0")])
    t = read_trf(text)
    a, b = t.state.rounds_of(1)[0], t.state.rounds_of(2)[0]
    assert (a.outcome, a.opponent, a.color) == (Outcome.LOSS, 2, Color.WHITE)
    assert (b.outcome, b.opponent, b.color) == (Outcome.LOSS, 1, Color.BLACK)
    assert read_trf(write_trf(t)).state.results == t.state.results


def test_round_to_pair_with_only_requested_byes_is_pending():
    text = "\n".join(["XXR 5", _line(1, "0.0", "0000 - H"), _line(2, "0.0"), _line(3, "0.0", "0000 - Z")])
    t = read_trf(text)
    assert t.state.rounds_played == 0
    assert t.pending == {1: Outcome.HALF_BYE, 3: Outcome.ZERO_BYE}


@pytest.mark.parametrize(
    "bad, line, column",
    [
        (_line(1, "1.0", "   2 x 1"), 2, 97),
        (_line(1, "1.0", "   2 w 7"), 2, 99),
        (_line(1, "1.0", "  2x w 1"), 2, 92),
        (_line(1, "1.0", "   9 w 1"), 2, 92),
        (_line(1, "1.0", "   2 w ="), 2, 99),  # a draw against a loss
        (_line(1, "1.0", "   2 b 1"), 2, 97),  # both black
        (_line(1, "1.x", "   2 w 1"), 2, 81),
        (_line(1, "1.0", "   2 w 1").replace("2000", "20x0"), 2, 49),
    ],
)
def test_errors_name_line_and_column(bad, line, column):
    text = "XXR 3\n" + bad + "\n" + _line(2, "0.0", "   1 b 0")
    with pytest.raises(TrfError) as info:
        read_trf(text)
    assert info.value.line == line and info.value.column == column
    assert f"line {line}, column {column}" in str(info.value)
    assert isinstance(info.value, EngineError)


def test_duplicate_start_number_and_too_many_rounds():
    with pytest.raises(TrfError, match="line 3"):
        read_trf("XXR 1\n" + _line(1, "0.0") + "\n" + _line(1, "0.0"))
    with pytest.raises(TrfError, match="XXR"):
        read_trf("XXR 1\n" + _line(1, "1.0", "   2 w 1", "   2 b 1") + "\n"
                 + _line(2, "1.0", "   1 b 0", "   1 w 0"))


@pytest.mark.parametrize("path", GOLDEN_TB, ids=lambda p: p.name)
def test_reads_tiebreak_reference_files(path):
    t = read_trf(path.read_text())
    assert len(t.state.entrants) > 0 and not t.pending
    for e in t.state.entrants:
        assert t.points_column[e.start_no] == trf_points(t.state.rounds_of(e.start_no))
    assert read_trf(write_trf(t)).state.results == t.state.results


@pytest.mark.skipif(not GOLDEN_DUTCH, reason="dutch reference files not present")
def test_reads_every_dutch_reference_file():
    for path in GOLDEN_DUTCH:
        t = read_trf(path.read_text())
        round_to_pair = int(path.stem.split("-r")[1][:2])
        assert t.state.rounds_played == round_to_pair - 1, path.name
        assert t.first_color in (Color.WHITE, Color.BLACK) or round_to_pair > 1
        for e in t.state.entrants:
            # the points column counts the completed rounds, not a bye pending in the next one
            assert t.points_column[e.start_no] == trf_points(t.state.rounds_of(e.start_no)), path.name
        w = read_trf(write_trf(t))
        assert w.state.results == t.state.results and w.pending == t.pending, path.name


_RESULTS = st.sampled_from(["1", "=", "0", "+", "-"])


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 12), st.integers(1, 5), st.data())
def test_random_round_trip(n, rounds, data):
    """Random consistent tables survive write -> read unchanged."""
    rows: dict[int, list[str]] = {i: [] for i in range(1, n + 1)}
    for _ in range(rounds):
        order = data.draw(st.permutations(list(range(1, n + 1))))
        if len(order) % 2:
            rows[order[-1]].append("0000 - U")
            order = order[:-1]
        for a, b in zip(order[::2], order[1::2]):
            r = data.draw(_RESULTS)
            back = {"1": "0", "0": "1", "=": "=", "+": "-", "-": data.draw(st.sampled_from(["+", "-"]))}[r]
            rows[a].append(f"{b:4d} w {r}")
            rows[b].append(f"{a:4d} b {back}")
    text = f"XXR {rounds}\n" + "\n".join(_line(i, "0.0", *rows[i]) for i in rows)
    t = read_trf(text)
    assert t.state.rounds_played == rounds
    assert read_trf(write_trf(t)).state.results == t.state.results


def test_finished_round_of_byes_only_is_not_pending():
    """The points column tells a played round of byes from requests for the round to pair."""
    text = "\n".join(["XXR 3",
                      _line(1, "1.5", "   2 w 1", "0000 - H"),
                      _line(2, "0.5", "   1 b 0", "0000 - H")])
    t = read_trf(text)
    assert t.state.rounds_played == 2 and t.pending == {}
    assert t.state.rounds_of(1)[1].outcome is Outcome.HALF_BYE
    pending = read_trf(text.replace(" 1.5 ", " 1.0 ").replace(" 0.5 ", " 0.0 "))
    assert pending.state.rounds_played == 1 and pending.pending == {1: Outcome.HALF_BYE, 2: Outcome.HALF_BYE}


def test_empty_file_is_an_error():
    with pytest.raises(TrfError, match="no player"):
        read_trf("012 Nothing here\n")
