"""The staff page of a fed section (/eventos/<id>/classificatoria): the rules form, the preview,
a decliner marked and the carry-over; the qualifiers then listed on both sections' pages."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from damas.models import Entry, Role
from damas.models.championships import SectionQualification
from tests.conftest import login
from tests.web.championships.stage_world import build


@pytest.fixture
def world(db, make_player, make_event, make_user):  # type: ignore[no-untyped-def]
    w = build(db, make_player, make_event)
    w["staff"] = make_user(Role.STAFF)
    return w


def csrf(client, url):  # type: ignore[no-untyped-def]
    html = client.get(url).get_data(as_text=True)
    marker = 'name="csrf_token" type="hidden" value="'
    if marker not in html:
        marker = 'name="csrf_token" value="'
    return html.split(marker, 1)[1].split('"', 1)[0] if marker in html else ""


def test_staff_set_the_rules_mark_a_decliner_and_carry_over(client, db, world):  # type: ignore[no-untyped-def]
    login(client, world["staff"])
    final, swiss = world["final"], world["swiss"]
    page = f"/eventos/{final.id}/classificatoria"
    html = client.get(page).get_data(as_text=True)
    assert "Regras de classificação" in html and "Aberto" in html
    token = csrf(client, page)
    response = client.post(f"{page}/regras", data={
        "csrf_token": token, "source_0": str(swiss.id), "top_0": "4", "scope_0": "overall", "value_0": "",
        "source_1": "", "top_1": "", "scope_1": "overall", "value_1": "", "seed_by_qualifying": "1"})
    assert response.status_code == 302
    rules = db.session.scalars(select(SectionQualification).where(SectionQualification.event_id == final.id)).all()
    assert [(r.source_event_id, r.top_n) for r in rules] == [(swiss.id, 4)]
    html = client.get(page).get_data(as_text=True)
    assert "Jogador A" in html and "Reserva" in html and "Transportar classificados" in html
    client.post(f"{page}/desistencia", data={"csrf_token": token, "player_id": str(world["players"]["E"].id)})
    html = client.get(page).get_data(as_text=True)
    assert "Desistiu" in html and "Substituto" in html and "Desfazer desistência" in html
    response = client.post(f"{page}/transportar", data={"csrf_token": token}, follow_redirects=True)
    assert "Classificados inscritos na seção." in response.get_data(as_text=True)
    assert len(db.session.scalars(select(Entry).where(Entry.event_id == final.id)).all()) == 4
    html = client.post(f"{page}/transportar", data={"csrf_token": token}, follow_redirects=True).get_data(as_text=True)
    assert "já foram transportados" in html
    # both pages list the qualifiers
    event_page = client.get(f"/eventos/{final.id}").get_data(as_text=True)
    assert "Classificados de Aberto" in event_page and "Jogador A" in event_page
    standings = client.get(f"/eventos/{swiss.id}/classificacao").get_data(as_text=True)
    assert "Classificados para Final" in standings and "substituto" in standings


def test_a_bad_rule_is_refused_with_its_reason(client, db, world):  # type: ignore[no-untyped-def]
    login(client, world["staff"])
    final = world["final"]
    page = f"/eventos/{final.id}/classificatoria"
    token = csrf(client, page)
    html = client.post(f"{page}/regras", data={"csrf_token": token, "source_0": str(final.id), "top_0": "4",
                                               "scope_0": "overall"}, follow_redirects=True).get_data(as_text=True)
    assert "não pode classificar para si mesma" in html
    assert not db.session.scalars(select(SectionQualification)).all()


def test_an_event_outside_a_championship_says_so(client, db, world, make_event):  # type: ignore[no-untyped-def]
    login(client, world["staff"])
    lone = make_event(name="Sozinho")
    html = client.get(f"/eventos/{lone.id}/classificatoria").get_data(as_text=True)
    assert "não é uma seção de campeonato" in html


def test_players_and_arbiters_may_not_open_the_stage_page(client, db, world, make_user):  # type: ignore[no-untyped-def]
    login(client, make_user(Role.ARBITER))
    assert client.get(f"/eventos/{world['final'].id}/classificatoria").status_code == 403


def test_a_players_page_lists_his_sections(client, db, world):  # type: ignore[no-untyped-def]
    a = world["players"]["A"]
    db.session.add(Entry(event_id=world["women"].id, player_id=a.id, pairing_number=1, rating_at_entry=1500))
    db.session.commit()
    html = client.get(f"/jogadores/{a.id}").get_data(as_text=True)
    assert "Campeonato Cearense" in html
    part = html.split("Campeonato Cearense", 1)[1].split("</section>", 1)[0]
    assert "Aberto" in part and "Feminino" in part and "Final" not in part
    world["championship"].published = False
    db.session.commit()
    assert "Campeonato Cearense" not in client.get(f"/jogadores/{a.id}").get_data(as_text=True)
