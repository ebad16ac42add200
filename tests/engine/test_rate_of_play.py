"""CBJD 1, 3, 115: rate-of-play classes and rating lists."""
import pytest

from damas.engine.rate_of_play import RateClass, classify
from damas.engine.types import EngineError


@pytest.mark.parametrize(
    ("minutes", "inc", "cls", "rating_list", "notation"),
    [
        (3, 0, RateClass.BLITZ, "rapid", False),
        (5, 0, RateClass.BLITZ, "rapid", False),
        (15, 0, RateClass.RAPID, "rapid", False),
        (21, 0, RateClass.SEMI_RAPID, "rapid", False),
        (30, 0, RateClass.SEMI_RAPID, "rapid", False),
        (45, 0, RateClass.NORMAL, "regular", True),
        (90, 30, RateClass.NORMAL, "regular", True),
        (10, 5, RateClass.RAPID, "rapid", False),
        (40, 0, RateClass.SEMI_RAPID, "rapid", True),
    ],
)
def test_classes_follow_cbjd(minutes, inc, cls, rating_list, notation):
    rop = classify(minutes, inc)
    assert rop.rate_class is cls
    assert rop.rating_list == rating_list
    assert rop.notation_required is notation


def test_impossible_time_control_is_refused():
    with pytest.raises(EngineError):
        classify(0)
    with pytest.raises(EngineError):
        classify(10, -1)
