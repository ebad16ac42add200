"""TRF-2026 beside TRF-16: version detection, the records that rebuild an event (XXA / 250,
152, 192, 202, 240), and read -> write -> read round trips on both versions."""
from __future__ import annotations

from pathlib import Path

import pytest

from damas.engine.commands.pair import main as pair_main
from damas.engine.commands.pair import request_from_trf
from damas.engine.pairing.acceleration import acceleration_table
from damas.engine.pairing.base import get_system
from damas.engine.trf import TrfError, read_trf, write_trf
from damas.engine.trf.records import (
    TRF16,
    TRF26,
    acceleration_250_lines,
    tiebreak_acronyms,
    tiebreak_codes_of,
    xxa_lines,
)
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState

GOLDEN = sorted((Path(__file__).parent / "golden" / "dutch").glob("*.trf"))
SAMPLE = GOLDEN[::9]


def _players(n: int) -> TournamentState:
    entrants = tuple(Entrant(start_no=k, name=f"Player {k}", rating=2500 - 10 * k) for k in range(1, n + 1))
    return TournamentState(entrants, {k: () for k in range(1, n + 1)}, total_rounds=7)


def _fields(trf):  # type: ignore[no-untyped-def]
    """Everything a reader gets, but the version (compared apart)."""
    return (trf.state, trf.first_color, dict(trf.pending), dict(trf.accelerations), trf.system, trf.acceleration,
            trf.tiebreaks, dict(trf.ranks), dict(trf.points_column))


def test_golden_inputs_are_trf16():
    assert {read_trf(p.read_bytes().decode()).version for p in SAMPLE} == {TRF16}


@pytest.mark.parametrize("record", ["142 7", "152 W", "192 FIDE_DUTCH_2025", "202 BH/C1,SB", "### a comment"])
def test_any_trf2026_record_makes_the_file_trf2026(record):
    text = write_trf(_players(4)) + record + "\n"
    assert read_trf(text).version == TRF26


@pytest.mark.parametrize("version", [TRF16, TRF26])
@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_round_trip_keeps_everything(path, version):
    """read -> write -> read gives the same tournament, pending byes included, in both versions."""
    original = read_trf(path.read_bytes().decode("utf-8", "replace"))
    first = read_trf(write_trf(original, version=version))
    assert first.version == version
    assert first.state.entrants == original.state.entrants
    assert dict(first.state.results) == dict(original.state.results)
    assert first.pending == original.pending and first.first_color == original.first_color
    again = read_trf(write_trf(first))
    assert again.version == version and _fields(again) == _fields(first)


def test_trf2026_round_trip_of_every_record():
    state = _players(12)
    accel = acceleration_table(_played_round_one(state), "baku", 7)
    text = write_trf(_played_round_one(state), version=TRF26, first_color=Color.BLACK, accelerations=accel,
                     system="dutch", acceleration="baku", tiebreaks=["BH/C1", "SB"],
                     pending={3: Outcome.HALF_BYE, 4: Outcome.ZERO_BYE, 9: Outcome.HALF_BYE})
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    lines = text.split("\r\n")
    assert "142 7" in lines and "152 B" in lines and "192 FIDE_DUTCH_BAKU" in lines and "202 BH/C1,SB" in lines
    assert "240 H 002    3    9" in lines and "240 Z 002    4" in lines
    trf = read_trf(text)
    assert trf.version == TRF26 and trf.first_color is Color.BLACK and trf.total_rounds == 7
    assert trf.system == "dutch" and trf.acceleration == "baku" and trf.tiebreaks == ("BH/C1", "SB")
    assert trf.pending == {3: Outcome.HALF_BYE, 4: Outcome.ZERO_BYE, 9: Outcome.HALF_BYE}
    assert trf.accelerations == accel
    assert _fields(read_trf(write_trf(trf))) == _fields(trf)
    as16 = read_trf(write_trf(trf, version=TRF16))  # the same event in TRF-16 (no 192 / 202 there)
    assert as16.version == TRF16 and as16.pending == trf.pending and as16.accelerations == trf.accelerations


def _played_round_one(state: TournamentState) -> TournamentState:
    results = {}
    for k in range(1, 7):
        results[k] = (RoundResult(1, Outcome.DRAW, k + 6, Color.WHITE if k % 2 else Color.BLACK),)
        results[k + 6] = (RoundResult(1, Outcome.DRAW, k, Color.BLACK if k % 2 else Color.WHITE),)
    return TournamentState(state.entrants, results, state.total_rounds)


def test_xxa_lines_as_the_endorsed_engines_read_them():
    """JaVaFo AUM / bbpPairings: 'XXA' player in columns 5-8, then one 4-column field per round
    from column 10, one blank apart."""
    lines = xxa_lines({1: (2, 2, 1, 1), 12: (2, 2, 1, 1, 0, 0)})
    assert lines == ["XXA    1  1.0  1.0  0.5  0.5", "XXA   12  1.0  1.0  0.5  0.5"]
    assert lines[0][9:13] == " 1.0" and lines[0][14:18] == " 1.0" and lines[0][19:23] == " 0.5"


def test_250_records_group_players_and_rounds():
    """Baku on 30 players, 7 rounds: group A = 1-16, 1.0 in rounds 1-2 and 0.5 in rounds 3-4."""
    table = {no: (2, 2, 1, 1) for no in range(1, 17)}
    lines = acceleration_250_lines(table)
    assert lines == ["250       1.0 001 002 0001 0016", "250       0.5 003 004 0001 0016"]
    assert lines[0][9:13] == " 1.0" and lines[0][14:17] == "001" and lines[0][22:26] == "0001"
    assert lines[0][27:31] == "0016"


def test_250_and_xxa_read_back_to_the_same_table():
    table = {1: (2, 2, 1, 1), 2: (2, 2, 1, 1), 4: (2, 2, 1), 7: (0, 2)}
    state = _players(8)
    for version in (TRF16, TRF26):
        assert read_trf(write_trf(state, version=version, accelerations=table)).accelerations == table


@pytest.mark.parametrize("line, column", [
    ("250       0.0 001 002 0001 0016", 10),   # fictitious points must differ from 0
    ("250       1.0 003 002 0001 0016", 15),   # last round before the first
    ("250       1.x 001 002 0001 0016", 10),
    ("XXA    1  1.0x 1.0", 14),                # fields one blank apart
    ("XXA    1  1.0 1.0", 15),                 # 4 columns per field
    ("240 Q 002    3", 5),
    ("152 X", 5),
])
def test_malformed_records_name_line_and_column(line, column):
    text = write_trf(_players(4)) + line + "\n"
    with pytest.raises(TrfError) as info:
        read_trf(text)
    assert info.value.line == 7 and info.value.column == column


def test_tiebreak_acronyms_both_ways():
    ours = ("BH-C1", "BH", "SB", "WIN", "BLK", "BWIN", "ARO-C1", "PS", "DE")
    acronyms = tiebreak_acronyms(ours)
    assert acronyms == "BH/C1,BH,SB,WON,BPG,BWG,ARO/C1,PS,DE"
    assert tiebreak_codes_of(acronyms.split(",")) == ours
    assert tiebreak_codes_of(["bh-c2", "won"]) == ("BH-C2", "WIN")


def test_unknown_tiebreak_acronym_is_refused():
    with pytest.raises(Exception, match="XYZ"):
        tiebreak_codes_of(["XYZ"])


def _eight_players_file(version: str, with_table: bool) -> str:
    state = _players(8)
    table = {no: (2, 2, 1, 1) for no in range(1, 5)} if with_table else None
    return write_trf(state, version=version, accelerations=table)


@pytest.mark.parametrize("version", [TRF16, TRF26])
def test_pair_reads_the_acceleration_records(version, tmp_path, capsys):
    """8 players, group A = 1-4 with a virtual point: 1-3, 2-4, 5-7, 6-8 (C.04.5.1), as with
    --acceleration baku; without the records the top half meets the bottom half."""
    path = tmp_path / "accelerated.trf"
    path.write_text(_eight_players_file(version, True), newline="")
    assert pair_main(["--system", "dutch", str(path)]) == 0
    with_records = capsys.readouterr().out
    assert {tuple(sorted(map(int, ln.split()))) for ln in with_records.split("\n")[1:5]} == \
        {(1, 3), (2, 4), (5, 7), (6, 8)}
    plain = tmp_path / "plain.trf"
    plain.write_text(_eight_players_file(version, False), newline="")
    assert pair_main(["--system", "dutch", str(plain), "--acceleration", "baku"]) == 0
    assert capsys.readouterr().out == with_records
    assert pair_main(["--system", "dutch", str(plain)]) == 0
    assert capsys.readouterr().out != with_records


def test_file_records_replace_the_method_name():
    """The file's table wins over --acceleration (TRF-2026: 250 records make 192's method void)."""
    text = write_trf(_players(8), accelerations={no: (2,) for no in (5, 6, 7, 8)})
    request = request_from_trf(text, options={"acceleration": "baku"})
    assert "acceleration" not in request.options
    boards = {tuple(sorted((p.white, p.black))) for p in get_system("dutch").pair(request)}
    assert boards == {(5, 7), (6, 8), (1, 3), (2, 4)}


def test_192_baku_without_records_applies_the_method():
    text = write_trf(_players(8), version=TRF26, system="dutch", acceleration="baku")
    assert "192 FIDE_DUTCH_BAKU" in text
    request = request_from_trf(text)
    assert request.options == {"acceleration": "baku"}


def test_standings_take_the_202_list_of_a_trf2026_file(tmp_path, capsys):
    from damas.engine.commands.standings import main as standings_main
    from damas.engine.generator import GeneratorSettings, generate_trf

    path = tmp_path / "event.trf"
    path.write_text(generate_trf(GeneratorSettings(players=10, rounds=4, seed=3, tiebreaks=("SB", "WON")), TRF26),
                    newline="")
    assert standings_main([str(path)]) == 0
    from_file = capsys.readouterr().out
    assert standings_main([str(path), "--tiebreaks", "SB,WIN"]) == 0
    assert capsys.readouterr().out == from_file
    assert standings_main([str(path), "--tiebreaks", "SB,WON"]) == 0  # FIDE acronyms accepted too
    assert capsys.readouterr().out == from_file
    rows = [line.split() for line in from_file.splitlines()]
    assert len(rows) == 10 and all(len(r) == 5 for r in rows)


def test_240_records_of_played_rounds_fill_the_column_or_must_agree():
    state = _played_round_one(_players(13))  # player 13 was not paired in round 1
    text = write_trf(state, version=TRF26)
    assert read_trf(text + "240 H 001   13\r\n").state.rounds_of(13)[0].outcome is Outcome.HALF_BYE
    with pytest.raises(TrfError) as info:
        read_trf(text + "240 H 001    1\r\n")  # player 1 played round 1
    assert "contradicts" in str(info.value) and info.value.line == len(text.split("\r\n"))
    with pytest.raises(TrfError, match="no 001 line"):
        read_trf(text + "240 Z 002   40\r\n")
