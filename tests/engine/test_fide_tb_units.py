"""FIDE-TB: tie-break values in the rule set's points (issue 24 point 1), the engine's one
conversion (`shown_value` / `value_text`) that every output and the CLI print through."""
from __future__ import annotations

from damas.engine.tiebreaks import value_text


def test_fide_tb_every_rule_set_prints_its_own_points():
    """Score-valued codes are divided by the rule set's units per point (chess and club 2, CBJD
    1: draughts stays 2/1/0); ratings, counts and match points are printed as they are."""
    assert value_text("BH", 24, 2) == "12" and value_text("SB", 29, 2) == "14.5"
    assert value_text("PS-CORR", 21, 2) == "10.5" and value_text("KS", 3, 2) == "1.5"
    assert value_text("BH", 24, 1) == "24"  # CBJD
    assert value_text("ARO", 2035, 2) == "2035" and value_text("WIN", 5, 2) == "5"
    assert value_text("MP", 6, 2) == "6" and value_text("OPP-GP", 10, 2) == "5"
