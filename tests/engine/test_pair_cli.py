"""`python -m damas.engine pair`: TRF in, JaVaFo / bbpPairings pairs out."""
from __future__ import annotations

from pathlib import Path

import pytest

from damas.engine.__main__ import main as engine_main
from damas.engine.commands.pair import main

GOLDEN = Path(__file__).parent / "golden" / "dutch"
CASE = GOLDEN / "dutch-00001-p022-r04of04.trf"


def test_pair_prints_reference_output(capsys):
    assert main(["--system", "dutch", str(CASE)]) == 0
    assert capsys.readouterr().out == CASE.with_suffix(".pairs").read_text()


def test_pair_writes_output_file(tmp_path):
    out = tmp_path / "pairs.txt"
    assert engine_main(["pair", "--system", "dutch", str(CASE), "-o", str(out)]) == 0
    assert out.read_text() == CASE.with_suffix(".pairs").read_text()


def test_pair_with_bye_line(capsys):
    case = next(p for p in sorted(GOLDEN.glob("*.trf"))
                if p.with_suffix(".pairs").read_text().splitlines()[-1].endswith(" 0"))
    assert main(["--system", "dutch", str(case)]) == 0
    out = capsys.readouterr().out
    assert out == case.with_suffix(".pairs").read_text()
    assert out.splitlines()[-1].endswith(" 0")  # the bye is the last line, 'N 0'


def test_missing_file_is_an_error(capsys, tmp_path):
    assert engine_main(["pair", "--system", "dutch", str(tmp_path / "nope.trf")]) == 1
    assert "error" in capsys.readouterr().err


def test_unknown_system_is_an_error(capsys):
    assert engine_main(["pair", "--system", "nosuch", str(CASE)]) == 1


def test_berger_table(capsys):
    berger = pytest.importorskip("damas.engine.pairing.berger")
    assert main(["--system", "berger", "--players", "6"]) == 0
    assert capsys.readouterr().out.strip() == berger.table_text(6, False).strip()


def test_pair_dutch_2025_prints_the_2025_reference_output(capsys):
    """`--system dutch-2025` pairs by the 2025 edition: on this round (C5, the bye to the
    lowest score) the 2017 rules pair differently."""
    case = Path(__file__).parent / "golden" / "dutch2025" / "dutch-200054-p059-r10of10.trf"
    expected = case.with_suffix(".pairs").read_text()
    assert engine_main(["pair", "--system", "dutch-2025", str(case)]) == 0
    assert capsys.readouterr().out == expected
    assert main(["--system", "dutch", str(case)]) == 0
    assert capsys.readouterr().out != expected
