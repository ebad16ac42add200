"""FIDE-GR "Choice of Tiebreak System": tiebreaks meant for another kind of tournament (issue 18 #4)."""
from __future__ import annotations

from damas.engine.tiebreak_fit import suited_kinds, unsuited


def test_fide_gr_choice_of_tiebreaks_ps_in_a_round_robin_is_unsuited() -> None:
    assert unsuited(("PS", "SB", "DE"), "roundrobin", "fide") == ("PS",)
    assert "swiss" in suited_kinds("PS") and "roundrobin" not in suited_kinds("PS")


def test_fide_gr_recommended_orders_are_suited() -> None:
    assert unsuited(("DE", "SB", "WIN", "BWIN", "KS", "BLK"), "roundrobin", "fide") == ()
    assert unsuited(("BH-C1", "BH-C2", "SB", "BH-M1", "ARO", "TPR", "PS"), "swiss", "fide") == ()
    assert unsuited(("KS",), "swiss", "fide") == ("KS",)


def test_cbjd_127_order_is_suited_to_every_individual_event() -> None:
    """CBJD 127: PS, PS-CORR, BH-C1, BH, BH-M1 "sempre" (the rule set's own order for a round robin)."""
    assert unsuited(("PS", "PS-CORR", "BH-C1", "BH", "BH-M1"), "roundrobin", "cbjd") == ()
    assert unsuited(("PS", "BH"), "roundrobin", "fide") == ("PS", "BH")


def test_knockouts_and_neutral_codes_warn_nothing() -> None:
    assert unsuited(("PS",), "knockout", "fide") == ()
    assert unsuited(("LOT", "RTG"), "roundrobin", "fide") == ()
