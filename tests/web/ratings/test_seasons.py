"""Season ranking (issue 29 point 4): staff define it, the public page and PDF follow the
finished events' tables, the event page links to its seasons."""
from __future__ import annotations

from damas.models import AuditEntry, EventStatus, Role, Season
from damas.services.errors import ServiceError
from damas.services.ratings.seasons import save_season, season_ranking
from tests.web.awards.test_awards_helpers import finished_round_robin
from tests.web.reports.test_reports_pdf import pdf_text

import pytest


def test_season_from_the_form_to_the_pdf(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, staff, _arbiter = finished_round_robin(db, make_user, make_player)
    login_as(staff)
    form = {"name": "Ranking Cearense 2026", "year": "2026", "kind": "place", "points_table": "10, 8, 6, 5, 4, 3",
            "categories": "absoluto, feminino", "event_ids": [str(event.id)]}
    bad = client.post("/temporadas/nova", data={**form, "points_table": "10, x"})
    assert bad.status_code == 200 and "Tabela de pontos" in bad.get_data(as_text=True)
    done = client.post("/temporadas/nova", data=form, follow_redirects=True)
    html = done.get_data(as_text=True)
    assert "Temporada salva." in html and "em andamento" in html  # running: listed, not counted
    season = db.session.scalar(db.select(Season))
    assert db.session.scalar(db.select(AuditEntry).where(AuditEntry.object_type == "season")).action == "create"
    event.status = EventStatus.FINISHED
    db.session.commit()
    ranking = season_ranking(season, "absoluto")
    assert [r.total for r in ranking.rows] == [10, 8, 6, 5, 4, 3]
    women = season_ranking(season, "feminino")
    assert [r.total for r in women.rows] == [10, 8]  # Ana Júlia 1st, Maria Lúcia 2nd of the women
    page = client.get(f"/temporadas/{season.id}?categoria=feminino").get_data(as_text=True)
    assert "Ana Júlia Araújo" in page and "João Conceição" not in page and "Desempate" in page
    text = pdf_text(client.get(f"/temporadas/{season.id}.pdf").data)
    assert "Ranking da temporada" in text and "João Conceição" in text and "Desempate" in text
    assert "Ranking Cearense 2026" in client.get(f"/eventos/{event.id}").get_data(as_text=True)
    before = event.revision
    save_season(staff, season, {**form, "name": "Circuito 2026", "event_ids": [event.id]})
    db.session.refresh(event)
    assert event.revision > before  # the event page names its seasons: its cache moves


def test_season_needs_a_name_and_known_events(client, db, make_user):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    with pytest.raises(ServiceError):
        save_season(staff, None, {"name": " ", "points_table": "1", "year": 2026})
    with pytest.raises(ServiceError):
        save_season(staff, None, {"name": "X", "points_table": "1", "year": "²"})
    with pytest.raises(ServiceError):
        save_season(staff, None, {"name": "X", "points_table": "1", "year": 2026, "event_ids": [999]})
