"""`python -m damas.engine check`: re-pair every round of a TRF and check its standings.

On the golden sets (the reference engine's state before a round plus its pairing of that round,
applied) every round agrees; planted differences (two boards swapped, colours reversed, a rank
changed) are reported and the exit code is 1.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from damas.engine.__main__ import main as engine_main
from damas.engine.check import check_tournament, infer_first_color
from damas.engine.generator import GeneratorSettings, generate, generate_trf
from damas.engine.trf import TrfTournament, read_trf, write_trf
from damas.engine.trf.records import TRF16, TRF26
from damas.engine.types import Color, Outcome, RoundResult, TournamentState

HERE = Path(__file__).parent
GOLDEN = sorted((HERE / "golden" / "dutch").glob("*.trf"))
SMALL = [p for p in GOLDEN if int(p.stem.split("-p")[1][:3]) <= 60]


def _golden_2025() -> list[Path]:
    for folder in (HERE / "golden" / "dutch2025", *(p / "shared" / "golden" / "dutch2025" for p in HERE.parents)):
        if folder.is_dir():
            return sorted(folder.glob("*.trf"))
    return []


def applied(path: Path) -> TrfTournament:
    """The golden state with the reference pairing of the next round applied (draws on every
    board; requested byes stand), as a complete tournament file would hold it."""
    trf = read_trf(path.read_bytes().decode("utf-8", "replace"))
    nums = list(map(int, path.with_suffix(".pairs").read_text().split()))
    boards = list(zip(nums[1:1 + 2 * nums[0]:2], nums[2:2 + 2 * nums[0]:2]))
    r = trf.state.rounds_played + 1
    new: dict[int, RoundResult] = {}
    for w, b in boards:
        if b == 0:
            new[w] = RoundResult(r, Outcome.PAIRING_BYE)
        else:
            new[w] = RoundResult(r, Outcome.DRAW, b, Color.WHITE)
            new[b] = RoundResult(r, Outcome.DRAW, w, Color.BLACK)
    for no, outcome in trf.pending.items():
        new.setdefault(no, RoundResult(r, outcome))
    results = {no: rs + (new.get(no, RoundResult(r, Outcome.NOT_PAIRED)),) for no, rs in trf.state.results.items()}
    return replace(trf, state=replace(trf.state, results=results), pending={}, pending_codes={}, ranks={})


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.stem)
def test_golden_2017_every_round_agrees(path):
    report = check_tournament(read_trf(write_trf(applied(path))), system="dutch")
    assert report.rounds and [r for r in report.rounds if not r.ok] == []


def test_golden_cases_of_every_size_agree_through_the_cli(tmp_path, capsys):
    for path in GOLDEN[::25]:
        out = tmp_path / path.name
        out.write_text(write_trf(applied(path)))
        assert engine_main(["check", str(out), "--system", "dutch"]) == 0, path.name
        assert capsys.readouterr().out.strip().endswith("result: all agree")


@pytest.mark.parametrize("path", _golden_2025()[::3] or [None], ids=lambda p: p.stem if p else "absent")
def test_golden_2025_every_round_agrees_under_dutch_2025(path):
    if path is None:
        pytest.skip("golden/dutch2025 not found")
    report = check_tournament(read_trf(write_trf(applied(path))), system="dutch-2025")
    assert [r for r in report.rounds if not r.ok] == []


def test_an_event_paired_under_the_2025_rules_fails_the_2017_check():
    """golden/dutch2025 case 200074: round 6 pairs differently under the 2017 rules."""
    case = next((p for p in _golden_2025() if p.stem.startswith("dutch-200074")), None)
    if case is None:
        pytest.skip("golden/dutch2025 not found")
    report = check_tournament(read_trf(write_trf(applied(case))), system="dutch")
    assert [r.round for r in report.rounds if not r.ok] == [6]


def _swap(state: TournamentState, r: int, first: tuple[int, int], second: tuple[int, int]) -> TournamentState:
    """Plant a difference: boards a-b and c-d of round r become a-d and c-b (drawn)."""
    (a, b), (c, d) = first, second
    partner = {a: d, d: a, c: b, b: c}
    results = dict(state.results)
    for no, opp in partner.items():
        rs = list(results[no])
        rs[r - 1] = replace(rs[r - 1], opponent=opp, outcome=Outcome.DRAW)
        results[no] = tuple(rs)
    return replace(state, results=results)


def _generated(tmp_path: Path, **kw) -> tuple[Path, str]:  # type: ignore[no-untyped-def]
    settings = GeneratorSettings(**{"players": 12, "rounds": 5, "seed": 5, "forfeit_rate": 0, **kw})
    text = generate_trf(settings, TRF26)
    path = tmp_path / "event.trf"
    path.write_text(text, newline="")
    return path, text


def _two_boards(trf: TrfTournament, r: int) -> tuple[tuple[int, int], tuple[int, int]]:
    boards = sorted((no, rs[r - 1].opponent) for no, rs in trf.state.results.items()
                    if rs[r - 1].color is Color.WHITE and rs[r - 1].opponent)
    return boards[0], boards[1]


def test_swapped_boards_are_reported(tmp_path, capsys):
    path, text = _generated(tmp_path)
    assert engine_main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("result: all agree")
    trf = read_trf(text)
    first, second = _two_boards(trf, 3)
    planted = replace(trf, state=_swap(trf.state, 3, first, second))
    path.write_text(write_trf(planted), newline="")
    assert engine_main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "round 3: 2 boards differ" in out
    assert f"file:   {first[0]}-{second[1]} {second[0]}-{first[1]}" in out
    assert f"engine: {first[0]}-{first[1]} {second[0]}-{second[1]}" in out
    assert "round 1: ok" in out and "round 2: ok" in out and out.strip().endswith("differences found")


def test_reversed_colours_are_reported(tmp_path):
    _, text = _generated(tmp_path)
    trf = read_trf(text)
    (w, b), _ = _two_boards(trf, 2)
    results = dict(trf.state.results)
    for no in (w, b):
        rs = list(results[no])
        rs[1] = replace(rs[1], color=rs[1].color.opposite)
        results[no] = tuple(rs)
    report = check_tournament(replace(trf, state=replace(trf.state, results=results)))
    bad = [r for r in report.rounds if not r.ok]
    assert bad[0].round == 2 and bad[0].only_file == ((b, w),) and bad[0].only_engine == ((w, b),)


def test_a_rank_not_following_the_tiebreak_list_is_reported(tmp_path, capsys):
    path, text = _generated(tmp_path, tiebreaks=("BH/C1", "SB"))
    assert "202 BH/C1,SB" in text
    trf = read_trf(text)
    top = next(no for no, rank in trf.ranks.items() if rank == 1)
    other = next(no for no, rank in trf.ranks.items() if rank == 5)
    ranks = {**trf.ranks, top: 5, other: 1}
    path.write_text(write_trf(trf, ranks=ranks), newline="")
    assert engine_main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "standings: 2 positions differ (BH-C1,SB" in out
    assert f"player {top}: file rank 5" in out and f"player {other}: file rank 1" in out


def test_trf16_standings_need_the_tiebreak_option(tmp_path, capsys):
    settings = GeneratorSettings(players=10, rounds=4, seed=2, tiebreaks=("BH-C1", "SB", "WIN"))
    path = tmp_path / "event.trf"
    path.write_text(generate_trf(settings, TRF16))
    assert engine_main(["check", str(path)]) == 0
    assert "standings: no tie-break list" in capsys.readouterr().out
    assert engine_main(["check", str(path), "--tiebreaks", "BH/C1,SB,WON"]) == 0
    assert "standings: ok (BH-C1,SB,WIN" in capsys.readouterr().out
    assert engine_main(["check", str(path), "--tiebreaks", "SB,BH-C1"]) in (0, 1)  # another list: may differ


def test_accelerated_event_needs_its_records(tmp_path):
    """Without the XXA lines the Baku event's first rounds re-pair differently."""
    settings = GeneratorSettings(players=20, rounds=5, seed=3, acceleration="baku")
    text = generate_trf(settings, TRF16)
    assert "XXA " in text
    assert check_tournament(read_trf(text)).ok
    bare = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("XXA"))
    report = check_tournament(read_trf(bare))
    assert not report.rounds[0].ok
    assert check_tournament(read_trf(bare), acceleration="baku").ok  # our own method, named


def test_first_colour_is_inferred_when_the_file_omits_it():
    g = generate(GeneratorSettings(players=10, rounds=3, seed=11))
    assert infer_first_color(g.state) is g.first_color
    text = "".join(line for line in write_trf(g.state, first_color=g.first_color).splitlines(keepends=True)
                   if not line.startswith("XXC"))
    assert check_tournament(read_trf(text)).ok


def test_engine_refusal_is_reported_per_round(capsys):
    """4 players who all met in rounds 1-3, then a rematch of round 1 in round 4: our engine
    cannot pair round 4 at all (C.04.3 C.1), which the report says."""
    g = generate(GeneratorSettings(players=4, rounds=3, seed=1, half_bye_rate=0, zero_bye_rate=0,
                                   withdraw_rate=0, forfeit_rate=0))
    results = {no: rs + (replace(rs[0], round=4),) for no, rs in g.state.results.items()}
    trf = read_trf(write_trf(replace(g.state, results=results, total_rounds=4), first_color=g.first_color))
    report = check_tournament(trf)
    assert [r.round for r in report.rounds if r.ok] == [1, 2, 3]
    assert "absolute criteria" in report.rounds[3].error and not report.ok


def test_unreadable_file_and_unknown_system(tmp_path, capsys):
    assert engine_main(["check", str(tmp_path / "nope.trf")]) == 1
    path, _ = _generated(tmp_path)
    assert engine_main(["check", str(path), "--system", "no-such-system"]) == 1
    assert "unknown pairing system" in capsys.readouterr().err
