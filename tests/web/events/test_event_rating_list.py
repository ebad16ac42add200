"""Issue 17 point 6: the event form names the rating list of the starting order (CBJD 115
default pre-selected), frozen once round 1 is paired; the start list (page, PDF) says which."""
from __future__ import annotations

import re

from damas.models import AuditEntry, Entry, Event, EventStatus, Role
from tests.web.reports.test_reports_pdf import pdf_text


def _event_form(**overrides):  # type: ignore[no-untyped-def]
    data = {
        "name": "Aberto de Fortaleza", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "dutch",
        "planned_rounds": "5", "time_minutes": "15", "time_increment": "0", "start_date": "2026-12-10",
        "end_date": "2026-12-11", "venue": "Clube", "organiser": "FCD", "chief_arbiter": "AR", "notes": "",
    }
    data.update(overrides)
    return data


def _selected(html: str) -> str:
    select = re.search(r'<select[^>]*name="rating_list".*?</select>', html, re.S).group(0)
    return re.search(r'<option selected value="([a-z]+)"|<option value="([a-z]+)" selected', select).group(0)


def test_cbjd_115_list_of_the_time_control_is_the_default_and_a_choice_is_kept(client, db, make_user,
                                                                               login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    client.post("/eventos/novo", data=_event_form())  # a rapid game, no list sent
    client.post("/eventos/novo", data=_event_form(name="Clássico", time_minutes="60"))
    client.post("/eventos/novo", data=_event_form(name="Blitz", time_minutes="5", rating_list="blitz"))
    lists = {e.name: e.rating_list for e in db.session.query(Event)}
    assert lists == {"Aberto de Fortaleza": "rapid", "Clássico": "regular", "Blitz": "blitz"}
    rapid = db.session.query(Event).filter_by(name="Aberto de Fortaleza").one()
    assert "rapid" in _selected(client.get(f"/eventos/{rapid.id}/editar").get_data(as_text=True))
    response = client.post("/eventos/novo", data=_event_form(name="X", rating_list="fide"))
    assert response.status_code == 200 and db.session.query(Event).count() == 3


def test_entries_take_the_rating_of_the_events_list(client, db, make_user, make_player, make_event,
                                                    login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    player = make_player(rating_regular=1500, rating_rapid=1400, rating_blitz=1300)
    event = make_event(time_minutes=5, rating_list="blitz")
    login_as(staff)
    client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": player.id})
    assert db.session.query(Entry).one().rating_at_entry == 1300


def test_rating_list_is_frozen_once_round_1_is_paired(client, db, make_user, make_player, make_event,
                                                      login_as):  # type: ignore[no-untyped-def]
    from damas.services.rounds.swiss import pair_next_round

    staff = make_user(Role.STAFF)
    players = tuple(make_player() for _ in range(4))
    event = make_event(players=players, pairing_system="dutch", time_minutes=60, status=EventStatus.RUNNING,
                       planned_rounds=3)
    assert event.rating_list == "regular"
    pair_next_round(staff, event)
    login_as(staff)
    before = db.session.query(AuditEntry).count()
    form = _event_form(name=event.name, time_minutes="60", planned_rounds="3", rating_list="rapid",
                       start_date="2026-12-05", end_date="2026-12-06", ruleset="cbjd")
    page = client.post(f"/eventos/{event.id}/editar", data=form).get_data(as_text=True)
    assert ("Fixado desde o emparceiramento da 1ª rodada (CBJD 115; decisão da federação: "
            "a ordem inicial é feita por esta lista)") in page
    db.session.expire_all()
    assert db.session.get(Event, event.id).rating_list == "regular"
    assert db.session.query(AuditEntry).count() == before


def test_start_list_page_and_pdf_name_the_list_and_the_unrated(client, db, make_user, make_player, make_event,
                                                               login_as):  # type: ignore[no-untyped-def]
    rated = make_player(full_name="Com Rating", rating_rapid=1600)
    unrated = make_player(full_name="Sem Rating Algum", rating_rapid=None)
    event = make_event(time_minutes=15)
    staff = make_user(Role.STAFF)
    login_as(staff)
    for p in (rated, unrated):
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "Ratings da lista rápida de damas 64." in page and "1 jogador sem rating nesta lista." in page
    assert re.search(r"Sem Rating Algum.*?sem rating", page, re.S)
    text = pdf_text(client.get(f"/eventos/{event.id}/lista-inicial.pdf").data)
    assert "Ratings da lista rápida de damas 64." in text and "1 jogador sem rating nesta lista." in text
    line = next(x for x in text.splitlines() if "Sem Rating Algum" in x)
    assert "sem rating" in line
    text = pdf_text(client.get(f"/eventos/{event.id}/relatorios/lista-inicial.pdf").data)
    assert "Ratings da lista rápida de damas 64." in text and "sem rating" in next(
        x for x in text.splitlines() if "Sem Rating Algum" in x)
    page = client.get(f"/eventos/{event.id}/relatorios/lista-inicial?lang=en").get_data(as_text=True)
    assert "Ratings of the draughts 64 rapid list." in page and "1 player unrated on this list." in page
