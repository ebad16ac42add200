"""An arbiter starts from his own events: his home page and "Minha área" list the events he is
assigned to, with the rounds paired, the boards whose players' reports wait for him (with a link
to their round) and his desk, rounds and entries; never another arbiter's event, and nothing of
the kind for a player."""
from __future__ import annotations

import re
from html import unescape

from damas.models import EventStatus, Game, ResultReport, Role, Round, RoundStatus
from tests.conftest import login


def _running_event_with_a_waiting_report(db, make_event, make_player, make_user, arbiter, name):  # type: ignore[no-untyped-def]
    players = [make_player(rating_regular=2000 - i) for i in range(4)]
    event = make_event(name=name, arbiters=(arbiter,), players=tuple(players), status=EventStatus.RUNNING,
                       player_reports=True, planned_rounds=5)
    a, b, c, d = event.entries
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id),
                 Game(board=2, white_entry_id=d.id, black_entry_id=b.id)]
    db.session.add(rnd)
    db.session.flush()
    db.session.add(ResultReport(game_id=rnd.games[0].id, side="w", result="1-0",
                                user_id=make_user(Role.PLAYER, player_id=players[0].id).id))
    db.session.commit()
    return event


def _section(page: str) -> str:
    found = re.search(r'<section class="my-events".*?</section>', page, re.S)
    return unescape(found.group(0)) if found else ""


def test_an_arbiters_home_lists_his_events_with_the_reports_waiting(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    mine, other = make_user(Role.ARBITER), make_user(Role.ARBITER)
    event = _running_event_with_a_waiting_report(db, make_event, make_player, make_user, mine, "Aberto do Cariri")
    make_event(name="Torneio de Outro Árbitro", arbiters=(other,), status=EventStatus.REGISTRATION)
    client = app.test_client()
    login(client, mine)
    for url in ("/", "/conta/minha-area"):
        section = _section(client.get(url).get_data(as_text=True))
        assert "Meus eventos como árbitro" in section, url
        assert "Aberto do Cariri" in section and "Torneio de Outro Árbitro" not in section, url
        assert "rodada 1 de 5" in section, url
        assert 'data-waiting="1"' in section and "1 mesa com resultado informado" in section, url
        assert f"/eventos/{event.id}/rodadas/1" in section, url  # the round where it waits
        assert f"/eventos/{event.id}/mesa/" in section and f"/eventos/{event.id}/inscricoes" in section, url


def test_every_link_of_the_arbiters_list_opens_for_him(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    """No 403 surprise: each page his list offers is one he may open."""
    arbiter = make_user(Role.ARBITER)
    _running_event_with_a_waiting_report(db, make_event, make_player, make_user, arbiter, "Aberto do Cariri")
    make_event(name="Rascunho dele", arbiters=(arbiter,), status=EventStatus.DRAFT)
    client = app.test_client()
    login(client, arbiter)
    section = _section(client.get("/").get_data(as_text=True))
    assert "Rascunho dele" in section  # his draft too: he prepares it
    links = set(re.findall(r'href="(/[^"]+)"', section))
    assert len(links) >= 7
    for link in sorted(links):
        assert client.get(link).status_code == 200, link


def test_the_list_speaks_english(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    _running_event_with_a_waiting_report(db, make_event, make_player, make_user, arbiter, "Aberto do Cariri")
    client = app.test_client()
    login(client, arbiter)
    client.get("/lang/en")
    section = _section(client.get("/").get_data(as_text=True))
    assert "My events as arbiter" in section and "round 1 of 5" in section
    assert "1 board whose players' reported result waits for you" in section


def test_a_player_or_a_visitor_sees_no_arbiters_list(app, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    make_event(name="Aberto do Cariri", arbiters=(make_user(Role.ARBITER),), status=EventStatus.REGISTRATION)
    visitor = app.test_client()
    assert _section(visitor.get("/").get_data(as_text=True)) == ""
    player = make_user(Role.PLAYER, player_id=make_player().id)
    client = app.test_client()
    login(client, player)
    assert _section(client.get("/conta/minha-area").get_data(as_text=True)) == ""
