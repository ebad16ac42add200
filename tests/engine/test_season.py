"""Season ranking (issue 29 point 4): points by place or by score, the tie rule [ours]."""
import pytest

from damas.engine.season import PLACE, SCORE, EventResult, season_table
from damas.engine.types import EngineError

TABLE = (10, 8, 6, 5, 4)


def test_points_by_place_add_up_and_missing_events_count_nothing():
    first = [EventResult("ana", 1, 10), EventResult("bia", 2, 8), EventResult("caio", 6, 0)]
    second = [EventResult("bia", 1, 9), EventResult("ana", 3, 6)]
    rows = season_table(PLACE, TABLE, [first, second])
    assert [(r.rank, r.player, r.total) for r in rows] == [(1, "bia", 18), (2, "ana", 16), (3, "caio", 0)]
    assert rows[1].per_event == (10, 6) and rows[2].per_event == (0, None)


def test_tie_rule_more_first_places_then_more_events():
    first = [EventResult("ana", 1, 4), EventResult("bia", 3, 2)]
    second = [EventResult("bia", 1, 4), EventResult("caio", 2, 3)]
    third = [EventResult("caio", 1, 4), EventResult("ana", 5, 0), EventResult("bia", 5, 0)]
    rows = season_table(PLACE, (10, 4, 0, 0, 0), [first, second, third])
    # ana 10, bia 10, caio 14: ana and bia both one 1st place; bia has a 3rd, ana nothing better
    assert [(r.rank, r.player) for r in rows] == [(1, "caio"), (2, "bia"), (3, "ana")]


def test_shared_rank_and_by_score():
    rows = season_table(SCORE, (1,), [[EventResult("a", 1, 7), EventResult("b", 1, 7)]])
    assert [(r.rank, r.total) for r in rows] == [(1, 7), (1, 7)]
    with pytest.raises(EngineError):
        season_table("coin", TABLE, [[EventResult("a", 1, 1)]])
