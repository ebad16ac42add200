"""Which tiebreak order a category ranks by (CBJD 123, 124, 127; FIDE-GR "Choice of Tiebreak
System": decided and announced in advance)."""
from __future__ import annotations

from damas.engine.categories import Category, category_standings, default_categories
from damas.engine.rulesets import get_ruleset
from damas.engine.standings import compute_standings
from damas.engine.types import Entrant, Outcome, RoundResult, TournamentState

CBJD = get_ruleset("cbjd")


def _cat(code: str) -> Category:
    return next(c for c in default_categories() if c.code == code)


def test_cbjd_123_absolute_category_takes_the_event_order():
    """The absolute table is the event's standings: the order the event announced, not the
    rule set's default."""
    assert _cat("absoluto").tiebreak_order(CBJD, "swiss", event_order=("BH",)) == ("BH",)
    assert _cat("absoluto").tiebreak_order(CBJD, "swiss") == CBJD.default_tiebreaks("swiss")
    # an order stored on the absolute category does not make a second absolute table [ours]
    own = Category("absoluto", "Absoluto", "Open", tiebreaks=("SB",))
    assert own.tiebreak_order(CBJD, "swiss", event_order=("BH",)) == ("BH",)


def test_cbjd_124_other_categories_keep_their_order_unless_the_event_announced_one():
    """CBJD 124's order for under-21 and women when the event uses the rule set's defaults; the
    event's own announced order for every classification when it set one [ours]; a category's
    own order above both."""
    sub18 = _cat("sub-18")
    assert sub18.tiebreak_order(CBJD, "swiss") == CBJD.default_tiebreaks("swiss", "sub-18")
    assert sub18.tiebreak_order(CBJD, "swiss", event_order=("BH",)) == ("BH",)
    own = Category("veteranos", "Veteranos", "Seniors", min_age=50, tiebreaks=("DE",))
    assert own.tiebreak_order(CBJD, "swiss", event_order=("BH",)) == ("DE",)


def _state() -> TournamentState:
    """Four players, two rounds: 1 and 2 finish on 2 points, PS and BH order them differently."""
    people = tuple(Entrant(n, f"P{n}", 1500, birth_year=2000) for n in range(1, 5))
    r = RoundResult
    results = {
        1: (r(1, Outcome.LOSS, 3), r(2, Outcome.WIN, 4)),
        2: (r(1, Outcome.WIN, 4), r(2, Outcome.LOSS, 3)),
        3: (r(1, Outcome.WIN, 1), r(2, Outcome.WIN, 2)),
        4: (r(1, Outcome.LOSS, 2), r(2, Outcome.LOSS, 1)),
    }
    return TournamentState(entrants=people, results=results, total_rounds=2)


def test_cbjd_123_category_standings_of_the_absolute_match_the_event_table():
    state = _state()
    event = compute_standings(state, CBJD, ("BH",))
    absolute = category_standings(state, CBJD, _cat("absoluto"), 2026, event_order=("BH",))
    assert [r.start_no for r in absolute.rows] == [r.start_no for r in event.rows]
    assert absolute.tiebreak_order == event.tiebreak_order == ("BH",)
