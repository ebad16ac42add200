"""The categories page counts members and shows each order without ranking anyone; the figures
match the full category tables (withdrawals applied, tiebreak order drawn by lot)."""
from __future__ import annotations

import pytest

from damas.models import EntryStatus, Event
from damas.reports.awards import category_overview, category_tables

from tests.web.serving.test_public_queries import build_event


@pytest.mark.parametrize("by_lot", [False, True])
def test_overview_matches_the_ranked_tables(app, db, by_lot):  # type: ignore[no-untyped-def]
    event_id, _player = build_event(db, 30, 2)
    event = db.session.get(Event, event_id)
    entry = next(e for e in event.entries if e.pairing_number == 3)
    entry.status = EntryStatus.EXCLUDED  # listed, not ranked
    if by_lot:
        event.tiebreak_by_lot, event.tiebreak_lot_seed = True, 12345
    db.session.commit()
    with app.test_request_context():
        overview = category_overview(event)
        tables = category_tables(event)
    assert [o["category"].code for o in overview] == [t["category"].code for t in tables]
    for o, t in zip(overview, tables):
        assert o["members"] == len([r for r in t["standings"].rows if not r.excluded]), o["category"].code
        assert o["order"] == t["standings"].tiebreak_order
    assert overview[0]["members"] < 30  # the withdrawn player is not counted
