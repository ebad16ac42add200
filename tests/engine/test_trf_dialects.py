"""Issue 28: TRF files written by other programs (golden-style fixtures under
`golden/trf_dialects/`, written by hand from the published formats): each file is read, its
standings are the `.standings` file beside it (the file's own points column / the 310 records'
match and game points), and each dialect's quirk has its own test."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damas.engine.trf import TrfError, read_trf, trf_points, write_trf
from damas.engine.trf.records import TRF16, TRF26
from damas.engine.types import Color, Outcome

CORPUS = Path(__file__).parent / "golden" / "trf_dialects"
FILES = sorted(CORPUS.glob("*.trf"))


def _text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252")


def _expected(path: Path) -> dict[int, tuple[int, ...]]:
    """start no (or team) -> the values in half points."""
    out = {}
    for line in path.with_suffix(".standings").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            no, *values = line.split()
            out[int(no)] = tuple(int(round(float(v) * 2)) for v in values)
    return out


def player_points(trf) -> dict[int, int]:  # type: ignore[no-untyped-def]
    """Half points of the completed rounds plus the finished boards of the round in progress."""
    extra: dict[int, int] = {}
    for no, cell in trf.in_progress.items():
        if cell.outcome is not None:
            extra[no] = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.FORFEIT_WIN: 2, Outcome.PAIRING_BYE: 2,
                         Outcome.FULL_BYE: 2, Outcome.HALF_BYE: 1}.get(cell.outcome, 0)
    return {e.start_no: trf_points(trf.state.rounds_of(e.start_no)) + extra.get(e.start_no, 0)
            for e in trf.state.entrants}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_corpus_file_gives_its_own_standings(path):
    trf = read_trf(_text(path))
    want = _expected(path)
    if trf.team is not None:
        got = {t.no: (trf.team.match_points[t.no], trf.team.game_points[t.no]) for t in trf.team.teams}
    else:
        got = {no: (p,) for no, p in player_points(trf).items()}
        assert got == {no: (p,) for no, p in trf.points_column.items()}  # and the file agrees with itself
    assert got == want


def test_lichess_blank_opponent_with_a_bye_or_absence_code_is_read():
    """lidraughts / lichess write a bye or an absence as four blanks, no colour and the code:
    refused before ("opponent must be a starting number or 0000")."""
    trf = read_trf(_text(CORPUS / "lichess_blank_byes.trf"))
    assert trf.version == TRF16 and trf.state.rounds_played == 3 and trf.total_rounds == 4
    assert [r.outcome for r in trf.state.rounds_of(4)] == [Outcome.DRAW, Outcome.HALF_BYE, Outcome.ZERO_BYE]
    assert trf.state.rounds_of(5)[0].outcome is Outcome.FULL_BYE
    assert trf.pending == {2: Outcome.ZERO_BYE}  # "0000   -": absent from the round to pair
    assert trf.first_color is Color.BLACK


def test_lichess_round_in_progress_is_a_paired_round_without_results():
    """A paired board with a blank result (the round being played): refused before ("unknown
    result code ' '"); now the completed rounds, plus the round in progress as its pairing."""
    trf = read_trf(_text(CORPUS / "lichess_round_in_progress.trf"))
    assert trf.state.rounds_played == 2 and trf.next_round == 3
    cells = trf.in_progress
    assert (cells[1].opponent, cells[1].color, cells[1].outcome) == (2, Color.WHITE, None)
    assert (cells[2].opponent, cells[2].color, cells[2].outcome) == (1, Color.BLACK, None)
    assert (cells[3].outcome, cells[4].outcome) == (Outcome.WIN, Outcome.LOSS)
    assert trf.pending == {5: Outcome.ZERO_BYE}


def test_a_blank_result_before_the_last_round_is_refused_with_line_and_column():
    text = _text(CORPUS / "lichess_round_in_progress.trf").replace("   3 w 1     4 b 1", "   3 w       4 b 1")
    text = text.replace("   1 b 0     2 w 1", "   1 b       2 w 1")
    with pytest.raises(TrfError) as error:
        read_trf(text)
    assert (error.value.line, error.value.column) == (4, 99)


def test_one_side_of_a_board_without_result_is_refused():
    text = _text(CORPUS / "lichess_round_in_progress.trf").replace("   4 b 1\r", "   4 b  \r")
    with pytest.raises(TrfError, match="does not match"):
        read_trf(text)


def test_a_blank_opponent_with_a_colour_is_refused():
    text = _text(CORPUS / "lichess_blank_byes.trf").replace("         H", "       w H")
    with pytest.raises(TrfError, match="no colour") as error:
        read_trf(text)
    assert error.value.line == 14 and error.value.column == 107


@pytest.mark.parametrize("eol", ["\n", "\r", "\r\n"])
def test_swiss_manager_file_with_any_line_end_bom_and_trailing_blanks(eol):
    raw = _text(CORPUS / "swiss_manager_trf16.trf")
    text = "\ufeff" + eol.join(line + "  " for line in raw.splitlines())
    trf = read_trf(text)
    assert trf.version == TRF16 and trf.state.rounds_played == 3
    assert trf.state.entrants[0].name == "Gonçalves, João" and trf.state.entrants[1].title == "WIM"
    assert trf.ranks == {1: 1, 2: 1, 3: 5, 4: 4, 5: 2, 6: 6}
    assert trf.state.rounds_of(3)[0].outcome is Outcome.FORFEIT_WIN


def test_trf2026_individual_reads_every_record():
    trf = read_trf(_text(CORPUS / "trf2026_individual.trf"))
    assert trf.version == TRF26 and trf.system == "dutch-2025" and trf.acceleration == "baku"
    assert trf.accelerations == {n: (2, 1) for n in (1, 2, 3, 4)}
    assert trf.pending == {7: Outcome.HALF_BYE}
    kept = {tag for tag, _ in trf.kept}
    assert {"162", "172", "182", "212", "222", "260", "299", "NRS"} <= kept


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_round_trip_keeps_what_the_file_says(path):
    """read -> write (same version) -> read: nothing lost, the kept records written back."""
    first = read_trf(_text(path))
    again = read_trf(write_trf(first))
    assert again.state.entrants == first.state.entrants
    assert dict(again.state.results) == dict(first.state.results)
    assert (again.pending, again.in_progress, again.first_color) == (first.pending, first.in_progress, first.first_color)
    assert (again.accelerations, again.system, again.acceleration, again.tiebreaks) == (
        first.accelerations, first.system, first.acceleration, first.tiebreaks)
    assert [tag for tag, _ in again.kept] == [tag for tag, _ in first.kept]
    assert again.team == first.team


def test_a_line_of_no_known_record_is_listed_not_read():
    text = _text(CORPUS / "swiss_manager_trf16.trf") + "QQ7 something else\r\n"
    trf = read_trf(text)
    assert trf.unknown == (("QQ7", 19),)


def test_team_file_is_a_team_tournament_with_the_files_own_points():
    """The TRF-2026 team form (310 / 013 teams, 250 with match points, 240 / 320 / 330 / 300):
    refused before ("match points (250) must be empty in an individual event")."""
    trf = read_trf(_text(CORPUS / "trf2026_team.trf"))
    teams = trf.team
    assert [t.name for t in teams.teams] == ["Alfenas", "Bage", "Caxias", "Divinopolis", "Erechim"]
    assert teams.teams[0].roster == (1, 2, 11) and teams.boards == 2 and teams.scoring == (4, 2, 0)
    assert teams.differences() == []
    r2 = [m for m in teams.matches if m.round == 2]
    assert [(m.white, m.black, m.kind, m.forfeit) for m in r2] == [(3, 1, "", ""), (2, None, "PAB", ""),
                                                                   (4, 5, "", "+-")]
    r3 = next(m for m in teams.matches if m.round == 3 and m.white == 1)
    assert r3.boards == ((1, 7), (11, 8))  # 300: the reserve on board 2
    assert teams.accelerations == ((4, 2, 1, 1, 1, 2),)
    assert trf.accelerations == {} and trf.pending == {}  # 240 / 250 name teams, not players


def test_team_file_with_a_scheduled_round():
    trf = read_trf(_text(CORPUS / "trf2026_team_scheduled_round.trf"))
    assert trf.state.rounds_played == 3 and trf.total_rounds == 5
    scheduled = {(m.white, m.black, m.kind) for m in trf.team.scheduled}
    assert scheduled == {(5, 1, ""), (2, 3, ""), (4, None, "H")}
    assert trf.team.differences() == []


def test_team_file_points_that_differ_from_the_rounds_are_listed():
    text = _text(CORPUS / "trf2026_team.trf").replace("ALF             6.0    5.0", "ALF             7.0    5.0")
    assert read_trf(text).team.differences() == [(1, "MP", 14, 12)]


def test_team_file_ranks_by_the_team_tiebreaks_we_know():
    """RULES.md §4 team Swiss: match points, then GP, TSB, opponents' MP, opponents' GP; the
    file's own ranks (310) agree where it breaks the tie (Caxias and Erechim share 4th there)."""
    from damas.engine.teams import team_standings
    from damas.engine.trf.teams import team_results

    trf = read_trf(_text(CORPUS / "trf2026_team.trf"))
    table = team_standings(team_results(trf.team, trf.total_rounds), ruleset="fide", scoring="match")
    assert [r.start_no for r in table.rows] == [1, 4, 2, 3, 5]
    assert [r.points for r in table.rows] == [6, 3, 2, 2, 2]
    file_rank = {t.no: t.file_rank for t in trf.team.teams}
    assert [file_rank[r.start_no] for r in table.rows] == [1, 2, 3, 4, 4]


def test_192_fide_dutch_2017_names_the_2017_rules():
    """The 192 code table writes the 2017 edition as FIDE_DUTCH_2017: it read as no system of ours."""
    text = _text(CORPUS / "trf2026_individual.trf").replace("192 FIDE_DUTCH_2025_BAKU", "192 FIDE_DUTCH_2017")
    trf = read_trf(text)
    assert (trf.system, trf.acceleration) == ("dutch", "")
    assert trf.system_code == "FIDE_DUTCH_2017"


@pytest.mark.parametrize("change,line,column", [
    (("330 +- 002 004 005", "330 +- 002 004 009"), 41, None),  # a team with no team record
    (("330 +- 002 004 005", "330 x- 002 004 005"), 41, 5),
    (("250 02.0 01.0 001 001 0001 0002", "250 02.0 01.0 0x1 001 0001 0002"), 39, 15),
    (("310   5 Erechim", "310   4 Erechim"), 32, 5),  # a team number twice
])
def test_team_file_refusals_name_the_line_and_column(change, line, column):
    text = _text(CORPUS / "trf2026_team.trf").replace(*change)
    with pytest.raises(TrfError) as error:
        read_trf(text)
    assert (error.value.line, error.value.column) == (line, column)


def test_a_line_up_naming_another_teams_player_keeps_the_rosters_teams():
    """300 naming player 5 (Caxias) in Alfenas's round-3 line-up: refused before; the 310 roster
    wins, the line is noted (the preview names it) and Alfenas plays with its own players."""
    text = _text(CORPUS / "trf2026_team.trf").replace("300 003 001 004    1   11", "300 003 001 004    1    5")
    teams = read_trf(text).team
    assert [(n.kind, n.line, n.round, n.team, n.players) for n in teams.notes] == [("300-other-team", 42, 3, 1, (5,))]
    r3 = next(m for m in teams.matches if m.round == 3 and 1 in (m.white, m.black))
    assert all(5 not in board for board in r3.boards)


def test_a_blank_320_round_is_no_bye_that_round():
    """320 as other programs write it: ` 1.0` points, a blank field where a round had no
    pairing-allocated bye (refused before: "a team (320) must be a whole number, got ''")."""
    trf = read_trf(_text(CORPUS / "trf2026_team_blank_320_rounds.trf"))
    byes = {(m.round, m.white): m.kind for m in trf.team.matches if m.black is None}
    assert byes == {(1, 5): "H", (2, 2): "PAB", (3, 3): "PAB"}


_ALPHABET = " 0123456789wbWBHFUZ+-=.x\r\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from([p.name for p in FILES]), data=st.data())
def test_a_damaged_file_is_read_or_refused_never_crashes(name, data):
    """Any file of the corpus with characters changed is read or refused with a TrfError (the web
    import shows it with the line): never another exception (a 500)."""
    text = list(_text(CORPUS / name))
    for _ in range(data.draw(st.integers(1, 6))):
        k = data.draw(st.integers(0, len(text) - 1))
        text[k] = data.draw(st.sampled_from(_ALPHABET))
    try:
        read_trf("".join(text))
    except TrfError:
        pass
