"""Issue 17, points 5 and 8: a prize row takes cash and a trophy together, the prize list is
entered as a table, and "Premiados" is listed by place."""
from __future__ import annotations

import re

from damas.models import GameResult
from damas.services.mapping import event_rounds
from damas.services.prizes import add_prize
from damas.services.rounds import publish_round, record_results
from tests.web.test_awards_helpers import finished_round_robin


def _flat(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def reversed_round_robin(db, make_user, make_player):  # type: ignore[no-untyped-def]
    """The helper's round robin where the higher pairing number wins: 6, 5, ... 1 in the table."""
    event, staff, arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=0)
    for rnd in event_rounds(event):
        publish_round(staff, event, rnd)
        changes = {g.id: (GameResult.BLACK_WIN if g.white.pairing_number < g.black.pairing_number
                          else GameResult.WHITE_WIN, g.version) for g in rnd.games if g.black is not None}
        record_results(staff, event, changes)
    return event, staff, arbiter


def test_premiados_is_ordered_by_place(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, staff, _arbiter = reversed_round_robin(db, make_user, make_player)
    add_prize(staff, event, "absoluto", 1, "cash", 30000)
    add_prize(staff, event, "absoluto", 2, "cash", 20000)
    add_prize(staff, event, "absoluto", 3, "trophy", 0)
    html = client.get(f"/eventos/{event.id}/premios").get_data(as_text=True)
    table = html.split('<table class="table prizes">', 1)[1].split("</table>", 1)[0]
    names = [n for n in ("José Brandão", "Carlos Ávila", "Maria Lúcia") if n in _flat(table)]
    assert len(names) == 3
    order = sorted(names, key=lambda n: _flat(table).index(n))
    assert order == ["José Brandão", "Carlos Ávila", "Maria Lúcia"]
