"""Issue 18's pure rules: CBJD 117's estimate, C.04.2 #8's cases, FIDE-GR Pairings g's
restricted pairs and the CBJD 95 e / 109 i default time in words."""
from __future__ import annotations

from datetime import datetime

from damas.engine.event_rules import (
    CorrectionCase,
    correction_case,
    days_over_limit,
    no_show_text,
    restricted_pairs,
    round_minutes,
)
from damas.engine.types import Entrant


def test_cbjd_117_round_length_estimate_and_days_over_six_hours() -> None:
    assert round_minutes(60, 0) == 120
    assert round_minutes(90, 30) == 240  # 2 × (90 + 60 × 30 s)
    assert round_minutes(5, 3) == 16  # 2 × (5 + 3) minutes
    day = [datetime(2026, 12, 5, h) for h in (9, 13, 17)] + [datetime(2026, 12, 6, 9)]
    assert days_over_limit(day, 60, 0) == []  # 3 × 120 = 360: exactly six hours is allowed
    over = days_over_limit(day, 60, 30)
    assert [(d.isoformat(), n, m) for d, n, m in over] == [("2026-12-05", 3, 540)]


def test_c04_2_8_cases() -> None:
    assert correction_case(True, False, False, False) is CorrectionCase.NEXT_PAIRING
    assert correction_case(False, False, False, False) is CorrectionCase.LATE
    assert correction_case(False, True, False, False) is CorrectionCase.PAIRING_AFTER
    assert correction_case(True, True, False, False) is CorrectionCase.PAIRING_AFTER
    assert correction_case(True, True, True, False) is CorrectionCase.RATING_ONLY
    assert correction_case(True, False, False, True) is CorrectionCase.RATING_ONLY  # the last round, event over


def test_fide_gr_pairings_g_restricted_pairs_by_club_or_state() -> None:
    entrants = [Entrant(1, "a", club="X", federation="CE"), Entrant(2, "b", club="Y", federation="CE"),
                Entrant(3, "c", club="X", federation="SP"), Entrant(4, "d", club="", federation="")]
    assert restricted_pairs(entrants, "club") == [(1, 3)]
    assert restricted_pairs(entrants, "state") == [(1, 2)]
    assert restricted_pairs(entrants, "") == []


def test_cbjd_95e_109i_default_time_text() -> None:
    assert "primeiro controle de tempo (CBJD 95 e)" in no_show_text("cbjd", None)
    assert "30 min" in no_show_text("club", 30) and "CBJD 109 i" in no_show_text("club", 30)
    assert "loses by default" in no_show_text("fide", None, "en")
