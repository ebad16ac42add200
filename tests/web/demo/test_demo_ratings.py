"""The demo shows issue 29: a closed rating period and a season ranking of two events."""
from __future__ import annotations

from damas.cli import damas_cli
from damas.models import Event, EventStatus, RatingPeriod, RatingRecord, Season


def test_demo_closes_a_period_and_has_a_season(app, client, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    period = db.session.scalar(db.select(RatingPeriod))
    assert period is not None and period.status == "closed" and period.rating_list == "rapid"
    assert len(period.event_ids) >= 2
    assert db.session.query(RatingRecord).filter(RatingRecord.period_id == period.id).count() > 5
    season = db.session.scalar(db.select(Season))
    assert season is not None and len(season.events) == 2
    page = client.get(f"/temporadas/{season.id}").get_data(as_text=True)
    assert "em andamento" not in page and page.count('<td class="num"><strong>') > 5
    assert client.get(f"/temporadas/{season.id}.pdf").status_code == 200
    listing = client.get("/rating/lista?lista=rapid").get_data(as_text=True)
    assert period.name in listing
    record = db.session.query(RatingRecord).filter(RatingRecord.period_id == period.id).first()
    career = client.get(f"/jogadores/{record.player_id}").get_data(as_text=True)
    assert "rating-chart-svg" in career and "Carreira" in career
    for event in db.session.query(Event).filter(Event.status == EventStatus.FINISHED):
        assert client.get(f"/eventos/{event.id}/relatorios/variacao-rating").status_code == 200
