"""A player's career lists an event still being played as running ("Em andamento", the event
status's own name), not with its (future) end date and a place the last rounds may change;
a finished event keeps its end date and final place."""
from __future__ import annotations

import re

from damas.models import EventStatus, Player
from tests.web.awards.test_awards_helpers import finished_round_robin


def _career_row(html: str, event_name: str) -> str:
    career = html[html.index("table career"):]
    start = career.rindex("<tr", 0, career.index(event_name))
    return career[start:career.index("</tr>", start)]


def _cells(row: str) -> list[str]:
    return [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def test_career_lists_a_running_event_as_running_without_end_date_or_place(
        client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=3)
    assert event.status == EventStatus.RUNNING
    joao = db.session.scalar(db.select(Player).where(Player.full_name == "João Conceição"))
    row = _career_row(client.get(f"/jogadores/{joao.id}").get_data(as_text=True), event.name)
    _name, ends, place, points = _cells(row)[:4]
    assert ends == "Em andamento" and "21/06/2026" not in row
    assert place == "—"
    assert points == "6"  # his points so far: three wins
    english = _career_row(client.get(f"/jogadores/{joao.id}?lang=en").get_data(as_text=True), event.name)
    assert _cells(english)[1] == "Running"


def test_career_lists_a_finished_event_with_end_date_and_place(
        client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player)
    event.status = EventStatus.FINISHED
    db.session.commit()
    joao = db.session.scalar(db.select(Player).where(Player.full_name == "João Conceição"))
    row = _career_row(client.get(f"/jogadores/{joao.id}").get_data(as_text=True), event.name)
    _name, ends, place, points = _cells(row)[:4]
    assert (ends, place, points) == ("21/06/2026", "1", "10")
