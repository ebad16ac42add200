"""TRF writing: no text field can break a line (issue 14, point 9).

A venue "x\\r001 ..." used to reach the file as written, and a reader splitting on CR saw an
extra player; names with tabs or NULs corrupted the fixed columns.
"""
from __future__ import annotations

from damas.engine.trf import read_trf, write_trf
from damas.engine.types import Entrant, TournamentState

INJECTED = "001    9 m    Injetado                           2500 BRA"


def _state(**names: str) -> TournamentState:
    entrants = (Entrant(1, names.get("one", "Ana\tSilva")), Entrant(2, names.get("two", "Bia\x00Souza\u2028")),
                Entrant(3, "Caio\r" + INJECTED, federation="C\nE", title="\x1bGM", fide_id="12\r34"))
    return TournamentState(entrants=entrants, results={1: (), 2: (), 3: ()}, total_rounds=3,
                           name="Aberto\r" + INJECTED, extra={"022": "Fortaleza\r" + INJECTED, "132": "a\x0bb\nc\x0cd"})


def test_control_characters_in_names_and_headers_become_blanks() -> None:
    text = write_trf(_state())
    assert not any(ch in text for ch in "\r\t\x00\x0b\x0c\x1b\u2028")
    assert text.count("\n001 ") == 3  # exactly the three players
    assert text.splitlines() == text.split("\n")[:-1]  # no other line breaks of any kind
    trf = read_trf(text)
    assert [e.start_no for e in trf.state.entrants] == [1, 2, 3]
    assert trf.state.entrants[0].name == "Ana Silva"
    assert trf.state.entrants[2].name.startswith("Caio 001")


def test_a_multi_line_header_keeps_one_line_per_value() -> None:
    """A header deliberately holding several lines (read back joined by LF) is still written one
    line each, every line with its tag."""
    lines = write_trf(_state()).split("\n")
    assert [line for line in lines if line.startswith("132")] == ["132 a b", "132 c d"]
