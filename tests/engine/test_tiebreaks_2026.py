"""FIDE tie-break regulations of 1 March 2026 by hand, FIDE acronyms, and TPR under each rule
(the golden values are in test_tiebreaks_golden.py)."""
from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from damas.engine.rulesets import get_ruleset
from damas.engine.standings import compute_standings
from damas.engine.tiebreaks import build_context, get_tiebreak
from damas.engine.tiebreaks.fide_codes import from_fide, normalise, parse_fide_list, to_fide
from damas.engine.types import Color, EngineError, Entrant, Outcome, RoundResult, TournamentState

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def _state(rows: dict[int, list[tuple[Outcome, int | None, Color]]], ratings: dict[int, int]) -> TournamentState:
    results = {no: tuple(RoundResult(r + 1, oc, opp, col) for r, (oc, opp, col) in enumerate(row))
               for no, row in rows.items()}
    rounds = max(len(row) for row in rows.values())
    return TournamentState(tuple(Entrant(no, f"P{no}", ratings[no]) for no in sorted(rows)), results, rounds)


def _value(state: TournamentState, code: str, no: int, unplayed: str, **options: object) -> object:
    ctx = build_context(state, "fide", unplayed=unplayed, options=options)
    return get_tiebreak(code).compute(ctx)[no]


def _forfeit_and_bye() -> TournamentState:
    """P1 beats P2, wins by forfeit against P3 (who has 0), takes a half-point bye; P2 and P3 play."""
    return _state({
        1: [(W, 2, Color.WHITE), (Outcome.FORFEIT_WIN, 3, Color.NONE), (Outcome.HALF_BYE, None, Color.NONE)],
        2: [(L, 1, Color.BLACK), (W, 3, Color.WHITE), (L, 3, Color.BLACK)],
        3: [(L, 4, Color.WHITE), (Outcome.FORFEIT_LOSS, 1, Color.NONE), (W, 2, Color.WHITE)],
        4: [(W, 3, Color.BLACK), (Outcome.PAIRING_BYE, None, Color.NONE), (Outcome.ZERO_BYE, None, Color.NONE)],
    }, {1: 2000, 2: 1900, 3: 1800, 4: 1700})


def test_c07_2026_dummy_of_a_forfeit_is_the_opponents_score_at_most_ones_own():
    """P1 (2½): BH under 2024 = P2 (1) + own 2½ + own 2½ = 6; under 2026 the forfeit counts
    min(2½, P3's 1) = 1 and the bye min(2½, 3 rounds / 2 = 1½) = 1½, so BH = 1 + 1 + 1½ = 3½."""
    state = _forfeit_and_bye()
    assert Fraction(_value(state, "BH", 1, "fide-2024"), 2) == 6
    assert Fraction(_value(state, "BH", 1, "fide-2026"), 2) == Fraction(7, 2)


def test_c07_2026_sonneborn_berger_scores_the_limited_dummy():
    """SB under 2026: P2 (1) x 1 + forfeit dummy 1 x 1 + bye dummy 1½ x ½ = 2¾."""
    assert _value(_forfeit_and_bye(), "SB", 1, "fide-2026") == Fraction(11, 4) * 2


def test_c07_2026_rep_counts_the_rounds_elected_to_play():
    state = _forfeit_and_bye()
    # P1: the half-point bye is voluntary; P3: the forfeit loss; P4: the zero bye (the PAB is not)
    assert [_value(state, "REP", no, "fide-2026") for no in (1, 2, 3, 4)] == [2, 3, 2, 2]


def test_c07_2026_std_is_one_half_zero_whatever_the_scoring():
    """Draughts scores 2/1/0 in real points; STD still gives 1/½/0 per round (in units)."""
    state = _forfeit_and_bye()
    ctx = build_context(state, "cbjd")
    std = get_tiebreak("STD").compute(ctx)
    assert std[1] == Fraction(5, 2) and std[4] == 2  # P4: a win and a pairing bye
    assert ctx.total[ctx.index[1]] == 5  # the real score in cbjd points


def test_c07_2026_tpn_ranks_the_lower_pairing_number_first():
    state = _state({1: [(D, 2, Color.WHITE)], 2: [(D, 1, Color.BLACK)]}, {1: 1500, 2: 1600})
    table = compute_standings(state, "fide", ["TPN"])
    assert [r.start_no for r in table.rows] == [1, 2] and [r.rank for r in table.rows] == [1, 2]
    assert table.row(2).tiebreaks == (2,)
    table = compute_standings(state, "fide", ["RTNG"])
    assert [r.start_no for r in table.rows] == [2, 1]


def test_fide_win_counts_rounds_won_without_a_game():
    state = _forfeit_and_bye()
    assert _value(state, "WIN-R", 1, "seed") == 2 and _value(state, "WIN", 1, "seed") == 1
    assert _value(state, "WIN-R", 4, "seed") == 2  # a win and a pairing bye


def test_c07_tpr_follows_the_unplayed_rule_as_aro():
    """Issue: one played win + one forfeit win gave ARO 1980 but TPR 2770 under the seed rule.
    Both now use the same rounds: the forfeit counts as a draw against one's own rating."""
    state = _state({
        1: [(W, 2, Color.WHITE), (Outcome.FORFEIT_WIN, 3, Color.NONE)],
        2: [(L, 1, Color.BLACK), (D, 3, Color.WHITE)],
        3: [(D, 2, Color.BLACK), (Outcome.FORFEIT_LOSS, 1, Color.NONE)],
    }, {1: 1990, 2: 1970, 3: 1800})
    assert _value(state, "ARO", 1, "seed") == 1980
    assert _value(state, "TPR", 1, "seed") == 1980 + 193  # 1½ of 2 = 75 %: dp +193
    for rule in ("played", "fide-2024", "fide-2026"):
        assert _value(state, "ARO", 1, rule) == 1970
        assert _value(state, "TPR", 1, rule) == 1970 + 800  # one game, 100 %


@pytest.mark.parametrize("text, codes", [
    ("PTS, BH/C1, BH, SB, DE", ("BH-C1", "BH", "SB", "DE")),
    ("WON,WIN,BPG,BWG,GE,REP", ("WIN", "WIN-R", "BLK", "BWIN", "REP", "REP")),
    ("bh/m1, ARO/C1, TPR, STD, TPN, RTNG, PS, KS", ("BH-M1", "ARO-C1", "TPR", "STD", "TPN", "RTNG", "PS", "KS")),
])
def test_fide_acronyms_of_the_trf_2026_list(text, codes):
    assert parse_fide_list(text) == codes


def test_unknown_or_unsupported_fide_acronyms_are_reported_together():
    with pytest.raises(EngineError) as exc:
        parse_fide_list("BH/C1, AOB, SB/P")
    assert "AOB" in str(exc.value) and "/P" in str(exc.value)


def test_our_spelling_keeps_win_and_reads_fide_only_acronyms():
    assert normalise("win") == "WIN" and normalise("WON") == "WIN" and normalise("BH/C1") == "BH-C1"
    assert from_fide("WIN") == "WIN-R"
    assert [to_fide(c) for c in ("BH-C1", "WIN", "WIN-R", "BLK", "BWIN", "REP", "SB")] == \
        ["BH/C1", "WON", "WIN", "BPG", "BWG", "REP", "SB"]


def test_fide_events_from_1_march_2026_default_to_the_2026_rule():
    fide = get_ruleset("fide")
    assert fide.unplayed_on(date(2026, 2, 28)) == "fide-2024"  # the 2023 regulations until then (issue 24)
    assert fide.unplayed_on(date(2026, 3, 1)) == "fide-2026"
    assert get_ruleset("cbjd").unplayed_on(date(2026, 12, 1)) == "seed"


def test_cli_reads_fide_acronyms_and_the_2026_rule(tmp_path):
    """`standings --fide-codes --tiebreaks "PTS,BH/C1,WIN,TPN" --unplayed fide-2026` on a 2026 case."""
    import io
    from contextlib import redirect_stdout
    from pathlib import Path

    from damas.engine.commands.standings import main

    case = sorted((Path(__file__).parent / "golden" / "tiebreaks" / "fide2026").glob("*.trf"))[0]
    lines = case.with_suffix(".tb").read_text().splitlines()
    columns = lines[0].lstrip("#").split()
    ref = {int(ln.split()[0]): dict(zip(columns, ln.split()[1:])) for ln in lines[1:] if ln.strip()}
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(case), "--fide-codes", "--tiebreaks", "PTS,BH/C1,SB,TPN", "--unplayed", "fide-2026"]) == 0
    for line in out.getvalue().splitlines():
        _rank, no, points, bhc1, sb, tpn = line.split()
        assert Fraction(points) == Fraction(ref[int(no)]["PTS"])
        assert Fraction(bhc1) == Fraction(ref[int(no)]["BH-C1"]) and Fraction(sb) == Fraction(ref[int(no)]["SB"])
        assert tpn == ref[int(no)]["TPN"]
