"""`python -m damas.engine generate`: random tournaments paired by our engine, the same file for
the same seed, results from FIDE's expected-score table; the checker agrees on every one."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from damas.engine.__main__ import main as engine_main
from damas.engine.check import check_tournament
from damas.engine.expected_score import expected_score
from damas.engine.generator import GeneratorSettings, generate, generate_trf
from damas.engine.pairing.base import system_codes
from damas.engine.trf import read_trf
from damas.engine.trf.records import TRF16, TRF26
from damas.engine.types import Outcome


@pytest.mark.parametrize("me, other, expected", [
    (2000, 2000, "0.50"), (2003, 2000, "0.50"), (2004, 2000, "0.51"), (2098, 2000, "0.63"),
    (2099, 2000, "0.64"), (2000, 2345, "0.11"), (2357, 2000, "0.89"), (2358, 2000, "0.90"),
    (2400, 2000, "0.92"), (2800, 2000, "0.92"),  # 8.3.1: more than 400 counts as 400
])
def test_fide_expected_score_table(me, other, expected):
    assert expected_score(me, other) == Fraction(expected)
    assert expected_score(other, me) == 1 - Fraction(expected)


def test_table_without_the_cap_reaches_certainty():
    assert expected_score(2619, 2000, cap=False) == Fraction("0.98")
    assert expected_score(2620, 2000, cap=False) == Fraction("0.99")
    assert expected_score(2736, 2000, cap=False) == 1


def test_same_seed_same_file(tmp_path):
    args = ["generate", "--players", "15", "--rounds", "5", "--seed", "42", "--draw-rate", "0.4",
            "--half-bye-rate", "0.05", "--acceleration", "baku"]
    a, b, c = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"
    assert engine_main(args + ["-o", str(a)]) == 0
    assert engine_main(args + ["-o", str(b)]) == 0
    assert engine_main(args[:6] + ["43"] + args[7:] + ["-o", str(c)]) == 0
    assert a.read_bytes() == b.read_bytes() != c.read_bytes()
    trf = read_trf(a.read_text())
    assert len(trf.state.entrants) == 15 and trf.state.rounds_played == 5 and trf.accelerations


def test_trf2026_format_and_stdout(capsys):
    assert engine_main(["generate", "--players", "8", "--rounds", "3", "--format", "trf26",
                        "--tiebreaks", "BH/C1,SB,WON", "--system", "dutch"]) == 0
    out = capsys.readouterr().out
    trf = read_trf(out)
    assert trf.version == TRF26 and trf.tiebreaks == ("BH/C1", "SB", "WON") and trf.system == "dutch"
    assert "192 FIDE_DUTCH\r\n" in out


@pytest.mark.parametrize("args, message", [
    (["--players", "1", "--rounds", "1"], "--players"),
    (["--players", "6", "--rounds", "6"], "--rounds"),
    (["--players", "6", "--rounds", "3", "--system", "nope"], "unknown pairing system"),
    (["--players", "6", "--rounds", "3", "--tiebreaks", "XYZ"], "XYZ"),
])
def test_bad_settings_are_refused(args, message, capsys):
    assert engine_main(["generate", *args]) == 1
    assert message in capsys.readouterr().err


def test_bad_rate_is_a_usage_error(capsys):
    with pytest.raises(SystemExit):
        engine_main(["generate", "--players", "6", "--rounds", "3", "--draw-rate", "2"])


def test_results_follow_the_rating_difference():
    """Stronger players score more; with no draws allowed, every game is decided; the rates
    produce byes, forfeits and withdrawals."""
    g = generate(GeneratorSettings(players=40, rounds=7, seed=9, draw_rate=0, forfeit_rate=0.1,
                                   half_bye_rate=0.05, zero_bye_rate=0.05, withdraw_rate=0.02))
    outcomes = [r.outcome for rs in g.state.results.values() for r in rs]
    assert Outcome.DRAW not in outcomes
    for wanted in (Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.FORFEIT_WIN, Outcome.NOT_PAIRED):
        assert wanted in outcomes
    points = {no: sum({Outcome.WIN: 2, Outcome.FORFEIT_WIN: 2, Outcome.PAIRING_BYE: 2, Outcome.HALF_BYE: 1}
                      .get(r.outcome, 0) for r in rs) for no, rs in g.state.results.items()}
    top, bottom = sum(points[n] for n in range(1, 11)), sum(points[n] for n in range(31, 41))
    assert top > bottom


EDITIONS = ["dutch", "dutch-2025"]


@pytest.mark.parametrize("system", EDITIONS)
def test_checker_agrees_on_200_generated_tournaments(system):
    """The property of the FIDE C.02 checklist: our checker finds no difference on tournaments our
    generator wrote (6-24 players, 3-7 rounds, byes, forfeits, withdrawals, Baku, both formats)."""
    assert system in system_codes()
    for k in range(200):
        rng = random.Random(f"{system}-{k}")
        players = rng.randint(6, 24)
        settings = GeneratorSettings(
            players=players, rounds=rng.randint(3, min(7, max(3, players // 2))), seed=k,
            draw_rate=rng.choice((0.0, 0.2, 0.4)), forfeit_rate=rng.choice((0.0, 0.05)),
            half_bye_rate=rng.choice((0.0, 0.05)), zero_bye_rate=rng.choice((0.0, 0.05)),
            withdraw_rate=rng.choice((0.0, 0.03)), acceleration=rng.choice(("", "baku")), system=system,
            tiebreaks=rng.choice((None, ("BH/C1", "SB", "WON"), ("PS", "BH", "ARO"))))
        version = rng.choice((TRF16, TRF26))
        trf = read_trf(generate_trf(settings, version))
        tiebreaks = None if version == TRF26 else (settings.tiebreaks or ("BH-C1", "BH-C2", "SB", "BH-M1"))
        report = check_tournament(trf, system=system, tiebreaks=tiebreaks)
        assert report.ok, (k, settings, [r for r in report.rounds if not r.ok], report.ranks)
        assert report.ranks_checked and len(report.rounds) == settings.rounds
