"""The arbiter finds the venue's pages: "Presença" (the check-in page, with its rules when the
event asks none) in the desk's menu, and the round's prints for the hall (the pairing sheet and
the table cards PDF) on the round page; neither link is shown to the public nor to a player."""
from __future__ import annotations

from damas.models import EventStatus, Game, Role, Round, RoundStatus
from tests.conftest import login


def _event(db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,), players=tuple(make_player() for _ in range(4)), status=EventStatus.RUNNING,
                       pairing_system="dutch")
    a, b, c, d = event.entries
    db.session.add(Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED,
                         games=[Game(board=1, white_entry_id=a.id, black_entry_id=b.id),
                                Game(board=2, white_entry_id=c.id, black_entry_id=d.id)]))
    db.session.commit()
    return event, arbiter


def test_desk_menu_links_the_checkin_page(client, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, arbiter = _event(db, make_event, make_player, make_user)
    link = f'href="/eventos/{event.id}/presenca"'
    for user in (arbiter, make_user(Role.STAFF)):
        login(client, user)
        html = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
        assert link in html and ">Presença<" in html
        assert client.get(f"/eventos/{event.id}/presenca").status_code == 200
    for page in ("", "/rodadas/1", "/classificacao"):  # the public's pages of the event never link it
        client.post("/conta/sair")
        assert link not in client.get(f"/eventos/{event.id}{page}").get_data(as_text=True), page


def test_round_page_links_the_table_cards_for_editors_only(client, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, arbiter = _event(db, make_event, make_player, make_user)
    cards = f'href="/eventos/{event.id}/rodadas/1/mesas.pdf"'
    sheet = f'href="/eventos/{event.id}/relatorios/emparceiramento/1.pdf"'
    login(client, arbiter)
    html = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert cards in html and "Cartões de mesa (PDF)" in html and sheet in html
    assert client.get(f"/eventos/{event.id}/rodadas/1/mesas.pdf").status_code == 200

    client.post("/conta/sair")
    html = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert cards not in html and "Cartões de mesa" not in html
    login(client, make_user(Role.PLAYER))
    assert cards not in client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    login(client, make_user(Role.ARBITER))  # the arbiter of other events
    assert cards not in client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
