"""GET /api/v1/championships and /api/v1/championships/<id>: the published championships and
their sections `{event_id, name, state, qualifies_from}`; drafts left out; 404 otherwise."""
from __future__ import annotations

from datetime import date

from damas.models import EventStatus
from damas.models.championships import Championship
from tests.web.championships.championship_page_world import build_championship


def test_list(client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    world = build_championship(make_event, make_player)
    db.session.add(Championship(name="Oculto", start_date=date(2026, 1, 1), end_date=date(2026, 1, 1)))
    db.session.commit()
    data = client.get("/api/v1/championships").get_json()
    assert data == {"championships": [{
        "id": world["championship"].id, "name": "Campeonato Paulista 2026", "start_date": "2026-12-05",
        "end_date": "2026-12-07", "venue": "Clube Paulistano", "organiser": "FPD", "sections": 2,
        "url": f"/campeonatos/{world['championship'].id}"}]}


def test_detail_sections_with_qualifies_from(client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    world = build_championship(make_event, make_player)
    ch, swiss, women, final = world["championship"], world["swiss"], world["women"], world["final"]
    data = client.get(f"/api/v1/championships/{ch.id}").get_json()
    assert data["name"] == "Campeonato Paulista 2026" and data["sections"] == [
        {"event_id": swiss.id, "name": "Absoluto", "state": "running", "qualifies_from": [],
         "url": f"/api/v1/events/{swiss.id}"},
        {"event_id": women.id, "name": "Feminino", "state": "registration", "qualifies_from": [],
         "url": f"/api/v1/events/{women.id}"}]
    assert data["regulations_url"] == f"/campeonatos/{ch.id}/regulamento"
    assert data["brochure_url"] == f"/campeonatos/{ch.id}/convite.pdf"
    # once the final opens its registration it is listed, fed by the Swiss
    final.status = EventStatus.REGISTRATION
    db.session.commit()
    sections = client.get(f"/api/v1/championships/{ch.id}").get_json()["sections"]
    assert sections[-1] == {"event_id": final.id, "name": "Final", "state": "registration",
                            "qualifies_from": [swiss.id], "url": f"/api/v1/events/{final.id}"}


def test_unknown_or_unpublished_is_404(client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    world = build_championship(make_event, make_player, published=False)
    assert client.get(f"/api/v1/championships/{world['championship'].id}").status_code == 404
    assert client.get("/api/v1/championships/424242").status_code == 404
    assert client.get("/api/v1/championships").get_json() == {"championships": []}
