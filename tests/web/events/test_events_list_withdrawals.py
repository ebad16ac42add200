"""Issue 18 #14: the events list shows the entries and, apart, how many withdrew (a withdrawal or an
exclusion does not make the field smaller), in the list's constant number of queries."""
from __future__ import annotations

import re

from damas.models import Entry, EntryStatus, EventStatus


def _card(page: str, name: str) -> str:
    start = page.index(name)
    return page[start:page.index("</li>", start)]


def test_events_list_counts_entries_and_withdrawals_apart(client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    players = tuple(make_player(rating_regular=1900 - i) for i in range(6))
    event = make_event(players=players, status=EventStatus.RUNNING, name="Aberto com desistências")
    entries = sorted(db.session.query(Entry).filter_by(event_id=event.id), key=lambda e: e.pairing_number)
    entries[4].status, entries[4].withdrawn_after_round = EntryStatus.WITHDRAWN, 1
    entries[5].status, entries[5].withdrawn_after_round = EntryStatus.EXCLUDED, 1
    db.session.commit()
    card = _card(client.get("/eventos/").get_data(as_text=True), "Aberto com desistências")
    assert "6 inscritos" in card and "4 inscritos" not in card
    assert re.search(r"2 desistências", card)


def test_events_list_without_withdrawals_says_nothing_of_them(client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    players = tuple(make_player() for _ in range(3))
    make_event(players=players, status=EventStatus.RUNNING, name="Aberto completo")
    card = _card(client.get("/eventos/").get_data(as_text=True), "Aberto completo")
    assert "3 inscritos" in card and "desist" not in card
