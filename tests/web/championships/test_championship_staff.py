"""Staff build a championship: create and edit it, add an existing event or a new one as a
section, reorder, remove (the event stays), one arbiter for several sections. Bad input (an
event already in another championship, an end before the start, dates outside) changes nothing
and writes no audit entry; every change is audited."""
from __future__ import annotations

from datetime import date

import pytest

from damas.models import AuditEntry, Event, EventArbiter, EventStatus, Role
from damas.models.championships import Championship, ChampionshipSection
from tests.conftest import login
from tests.web.championships.championship_page_world import build_championship


@pytest.fixture
def staff(client, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF)
    login(client, user)
    return user


def _audits(db, action: str | None = None) -> int:  # type: ignore[no-untyped-def]
    db.session.expire_all()
    query = db.session.query(AuditEntry)
    if action:
        query = query.filter(AuditEntry.action == action)
    return query.count()


FORM = {"name": "Campeonato Brasileiro", "start_date": "2026-12-05", "end_date": "2026-12-07", "venue": "Recife",
        "organiser": "CBJD", "regulations": "Art. 1º", "club_best_n": "3", "one_prize_per_player": "y",
        "published": "y"}


def test_create_and_edit_championship(client, db, staff):  # type: ignore[no-untyped-def]
    response = client.post("/campeonatos/novo", data=FORM)
    assert response.status_code == 302
    ch = db.session.query(Championship).one()
    assert (ch.name, ch.start_date, ch.end_date, ch.venue, ch.club_best_n, ch.published) == (
        "Campeonato Brasileiro", date(2026, 12, 5), date(2026, 12, 7), "Recife", 3, True)
    assert _audits(db, "create") == 1
    client.post(f"/campeonatos/{ch.id}/editar", data={**FORM, "name": "Brasileiro 2026", "club_best_n": ""})
    db.session.expire_all()
    assert ch.name == "Brasileiro 2026" and ch.club_best_n is None
    entry = db.session.query(AuditEntry).filter_by(action="update", object_type="championship").one()
    assert entry.before["name"] == "Campeonato Brasileiro" and entry.after["name"] == "Brasileiro 2026"
    assert "Brasileiro 2026" in client.get("/federacao/campeonatos").get_data(as_text=True)


def test_end_before_start_changes_nothing(client, db, staff):  # type: ignore[no-untyped-def]
    before = _audits(db)
    page = client.post("/campeonatos/novo", data={**FORM, "end_date": "2026-12-01"}).get_data(as_text=True)
    assert "A data de término é anterior à de início." in page
    assert db.session.query(Championship).count() == 0 and _audits(db) == before


def test_edit_dates_cannot_leave_a_section_outside(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    world = build_championship(make_event, make_player)
    ch = world["championship"]
    before = _audits(db)
    page = client.post(f"/campeonatos/{ch.id}/editar", data={**FORM, "start_date": "2026-12-06"}).get_data(as_text=True)
    assert "fica fora" in page
    db.session.expire_all()
    assert ch.start_date == date(2026, 12, 5) and _audits(db) == before


def test_add_existing_event_and_refusals(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    world = build_championship(make_event, make_player)
    ch = world["championship"]
    other = Championship(name="Outro", start_date=date(2026, 12, 1), end_date=date(2026, 12, 31))
    db.session.add(other)
    db.session.commit()
    extra = make_event(name="Rápido", start_date=date(2026, 12, 7), end_date=date(2026, 12, 7))
    client.post(f"/campeonatos/{other.id}/secoes/adicionar", data={"event_id": extra.id})
    assert db.session.get(ChampionshipSection, extra.id).championship_id == other.id
    assert _audits(db, "add_section") == 1

    before = _audits(db)
    response = client.post(f"/campeonatos/{ch.id}/secoes/adicionar", data={"event_id": extra.id}, follow_redirects=True)
    assert "já é seção do campeonato Outro" in response.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(ChampionshipSection, extra.id).championship_id == other.id
    assert len(ch.sections) == 3 and _audits(db) == before

    late = make_event(name="Fora de época", start_date=date(2027, 1, 5), end_date=date(2027, 1, 6))
    response = client.post(f"/campeonatos/{ch.id}/secoes/adicionar", data={"event_id": late.id}, follow_redirects=True)
    assert "ficam fora das do campeonato" in response.get_data(as_text=True)
    assert db.session.get(ChampionshipSection, late.id) is None and _audits(db) == before

    response = client.post(f"/campeonatos/{ch.id}/secoes/adicionar", data={}, follow_redirects=True)
    assert "Escolha um evento da lista." in response.get_data(as_text=True) and _audits(db) == before


def test_create_new_section_event(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    world = build_championship(make_event, make_player)
    ch = world["championship"]
    data = {"name": "Blitz", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "dutch",
            "planned_rounds": "7", "time_minutes": "5", "time_increment": "3", "start_date": "2026-12-07",
            "end_date": "2026-12-07"}
    response = client.post(f"/campeonatos/{ch.id}/secoes/nova", data=data)
    assert response.status_code == 302
    event = db.session.query(Event).filter_by(name="Blitz").one()
    assert event.status == EventStatus.DRAFT and event.venue == "Clube Paulistano"
    db.session.expire_all()
    assert [s.event_id for s in ch.sections][-1] == event.id

    count = db.session.query(Event).count()
    before = _audits(db)
    page = client.post(f"/campeonatos/{ch.id}/secoes/nova",
                       data={**data, "name": "Blitz 2", "start_date": "2027-01-01", "end_date": "2027-01-01"}
                       ).get_data(as_text=True)
    assert "ficam fora das do campeonato" in page
    assert db.session.query(Event).count() == count and _audits(db) == before  # the new event rolled back too


def test_reorder_and_remove(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    world = build_championship(make_event, make_player)
    ch, swiss, women, final = world["championship"], world["swiss"], world["women"], world["final"]
    client.post(f"/campeonatos/{ch.id}/secoes/{women.id}/mover", data={"direcao": "acima"})
    db.session.expire_all()
    assert [s.event_id for s in ch.sections] == [women.id, swiss.id, final.id]
    assert _audits(db, "reorder_sections") == 1
    before = _audits(db)
    response = client.post(f"/campeonatos/{ch.id}/secoes/{women.id}/mover", data={"direcao": "acima"},
                           follow_redirects=True)
    assert "já está na ponta" in response.get_data(as_text=True) and _audits(db) == before

    # the Swiss feeds the final: removing it is refused until the stage is removed
    response = client.post(f"/campeonatos/{ch.id}/secoes/{swiss.id}/remover", follow_redirects=True)
    assert "fase classificatória" in response.get_data(as_text=True) and _audits(db) == before
    client.post(f"/campeonatos/{ch.id}/secoes/{women.id}/remover")
    db.session.expire_all()
    assert [s.event_id for s in ch.sections] == [swiss.id, final.id]
    assert [s.position for s in ch.sections] == [0, 1]
    assert db.session.get(Event, women.id) is not None  # the event stays
    assert _audits(db, "remove_section") == 1


def test_one_arbiter_for_several_sections(client, db, staff, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    world = build_championship(make_event, make_player)
    ch = world["championship"]
    arbiter = make_user(Role.ARBITER, name="Árbitra Ana")
    ids = [world["swiss"].id, world["women"].id]
    client.post(f"/campeonatos/{ch.id}/arbitros", data={"user_id": arbiter.id, "event_ids": ids})
    assert sorted(db.session.scalars(db.select(EventArbiter.event_id).where(EventArbiter.user_id == arbiter.id))) == ids
    assert _audits(db, "assign") == 2 and _audits(db, "assign_arbiter") == 1
    assert "Árbitra Ana" in client.get(f"/campeonatos/{ch.id}/secoes").get_data(as_text=True)

    before = _audits(db)
    response = client.post(f"/campeonatos/{ch.id}/arbitros", data={"user_id": arbiter.id, "event_ids": ids},
                           follow_redirects=True)
    assert "já está designado em todas" in response.get_data(as_text=True) and _audits(db) == before
    player = make_user(Role.PLAYER)
    response = client.post(f"/campeonatos/{ch.id}/arbitros", data={"user_id": player.id, "event_ids": ids},
                           follow_redirects=True)
    assert "Somente usuários árbitros" in response.get_data(as_text=True) and _audits(db) == before
    outsider = make_event(name="Fora")
    response = client.post(f"/campeonatos/{ch.id}/arbitros", data={"user_id": arbiter.id, "event_ids": [outsider.id]},
                           follow_redirects=True)
    assert "não é seção deste campeonato" in response.get_data(as_text=True) and _audits(db) == before


def test_sections_page_lists_every_section(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    world = build_championship(make_event, make_player)
    page = client.get(f"/campeonatos/{world['championship'].id}/secoes").get_data(as_text=True)
    assert "Adicionar um evento existente" in page and "Criar uma seção nova" in page
    assert "Final" in page and "Rascunho" in page
