"""Rating periods (issue 29 point 2), the federation's Elo parameters and the public list."""
from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from openpyxl import load_workbook

from damas.models import AuditEntry, EventStatus, Player, RatingPeriod, RatingRecord, Role
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.errors import ServiceError
from damas.services.ratings.change import event_ratings
from damas.services.ratings.parameters import rating_parameters, save_rating_parameters
from damas.engine.rating.lists import RatingListKey
from damas.services.ratings.periods import close_period, reopen_period
from tests.web.awards.test_awards_helpers import finished_round_robin

D64_REGULAR = RatingListKey("damas-64", "regular")


def _finished(db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, staff, arbiter = finished_round_robin(db, make_user, make_player)
    event.status = EventStatus.FINISHED
    db.session.commit()
    return event, staff


def _upcoming(db, staff, players):  # type: ignore[no-untyped-def]
    event = event_service.create_event(staff, {
        "name": "Aberto de Julho", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "dutch",
        "planned_rounds": 5, "time_minutes": 60, "time_increment": 0,
        "start_date": date(2026, 7, 20), "end_date": date(2026, 7, 21)})
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for p in players:
        entry_service.add_entry(staff, event, p)
    return event


def test_close_period_records_ratings_and_resorts_unpaired_events(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, staff = _finished(db, make_user, make_player)
    joao = db.session.scalar(db.select(Player).where(Player.full_name == "João Conceição"))
    jose = db.session.scalar(db.select(Player).where(Player.full_name == "José Brandão"))
    upcoming = _upcoming(db, staff, [jose, joao])
    period = close_period(staff, "Junho 2026", D64_REGULAR, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    assert period.event_ids == [event.id] and period.status == "closed"
    assert joao.rating_regular == 2018
    record = db.session.scalar(db.select(RatingRecord).where(RatingRecord.player_id == joao.id,
                                                             RatingRecord.period_id == period.id))
    assert record.value == 2018 and record.previous == 2000 and record.source == "Período Junho 2026"
    assert record.user_id == staff.id and record.list_date == date(2026, 7, 1)
    entries = {e.player_id: e.rating_at_entry for e in upcoming.entries}
    assert entries[joao.id] == 2018  # not paired yet: re-sorted by the new list
    # the finished event keeps its frozen ratings: its page still starts from 2000
    assert next(r for r in event_ratings(event).rows if r.player_id == joao.id).change.rating == 2000
    assert db.session.scalar(db.select(AuditEntry).where(AuditEntry.object_type == "rating_period")).action == "close"
    with pytest.raises(ServiceError):  # every event of the range is rated already
        close_period(staff, "Junho bis", D64_REGULAR, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    reopen_period(staff, period)
    assert joao.rating_regular == 2000 and period.status == "reopened"
    assert db.session.scalar(db.select(RatingRecord).where(RatingRecord.period_id == period.id)) is None
    assert {e.player_id: e.rating_at_entry for e in upcoming.entries}[joao.id] == 2000


def test_only_the_last_period_reopens(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, staff = _finished(db, make_user, make_player)
    first = close_period(staff, "Junho", D64_REGULAR, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    later = RatingPeriod(name="Julho", rating_list="regular", start_date=date(2026, 7, 1), end_date=date(2026, 7, 31),
                         list_date=date(2026, 8, 1), event_ids=[], status="closed", closed_by=staff.id)
    db.session.add(later)
    db.session.commit()
    with pytest.raises(ServiceError):
        reopen_period(staff, first)


def test_periods_page_reviews_then_closes(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, staff = _finished(db, make_user, make_player)
    login_as(staff)
    form = {"name": "Junho", "rating_list": "damas-64:regular", "start_date": "2026-06-01", "end_date": "2026-06-30",
            "list_date": "2026-07-01"}
    review = client.post("/rating/periodos", data={**form, "preview": "1"}).get_data(as_text=True)
    assert "Torneio Relâmpago de São João" in review and "2018" in review and "+18" in review
    assert db.session.query(RatingPeriod).count() == 0
    bad = client.post("/rating/periodos", data={**form, "end_date": "2026-05-01", "preview": "1"})
    assert bad.status_code == 200 and "O fim do período não pode ser antes do início." in bad.get_data(as_text=True)
    done = client.post("/rating/periodos", data={**form, "close": "1"}, follow_redirects=True)
    assert "Período Junho fechado" in done.get_data(as_text=True)
    listing = client.get("/rating/lista").get_data(as_text=True)
    assert listing.index("João Conceição") < listing.index("Ana Júlia Araújo") and "Período Junho" in listing
    assert client.get("/rating/lista?clube=%C2%B2").status_code == 200  # "²" is no club id
    women = client.get("/rating/lista?categoria=feminino").get_data(as_text=True)
    assert "Ana Júlia Araújo" in women and "João Conceição" not in women
    rows = list(csv.DictReader(io.StringIO(client.get("/rating/lista.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0]["nome"] == "João Conceição" and rows[0]["rating"] == "2018" and rows[0]["fonte"] == "Período Junho"
    book = load_workbook(io.BytesIO(client.get("/rating/lista.xlsx?categoria=sub-14").data))
    names = [row[2] for row in book.active.iter_rows(min_row=2, values_only=True)]
    assert names == ["Ana Júlia Araújo", "Pedro Sá"]


def test_federation_parameters_change_the_cbjd_calculation(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, staff = _finished(db, make_user, make_player)
    save_rating_parameters(staff, {**rating_parameters().as_dict(), "k_adult": 10})
    joao = next(r for r in event_ratings(event).rows if r.name == "João Conceição").change
    assert joao.k == 10 and joao.delta == 9  # 10 × 0.91 = 9.1
    assert db.session.scalar(db.select(AuditEntry).where(AuditEntry.object_type == "rating_parameters")) is not None
    with pytest.raises(ServiceError):
        save_rating_parameters(staff, {"cap": 0})
    login_as(staff)
    page = client.get("/federacao/rating").get_data(as_text=True)
    assert "K do adulto" in page
    refused = client.post("/federacao/rating", data={**rating_parameters().as_dict(), "cap": "900"})
    assert refused.status_code == 200 and rating_parameters().cap == 400
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "K do adulto" in rules and "decisão" in rules


def test_player_cannot_close_a_period(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    _finished(db, make_user, make_player)
    login_as(make_user(Role.PLAYER))
    assert client.post("/rating/periodos", data={"close": "1"}).status_code == 403


def test_fide_player_below_1400_becomes_unrated(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    """B.02 7.2.1: below the 1400 floor the next list shows the player as unrated."""
    event, staff = _finished(db, make_user, make_player)
    event.ruleset = "fide"
    jose = db.session.scalar(db.select(Player).where(Player.full_name == "José Brandão"))
    for entry in event.entries:
        if entry.player_id == jose.id:
            entry.rating_at_entry = 1410
    jose.rating_regular = 1410
    db.session.commit()
    period = close_period(staff, "Junho", D64_REGULAR, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    assert jose.rating_regular is None
    record = db.session.scalar(db.select(RatingRecord).where(RatingRecord.player_id == jose.id))
    assert record.value == 0 and "abaixo do piso" in record.source
    reopen_period(staff, period)
    assert jose.rating_regular == 1410


def test_closing_a_period_does_not_change_the_rated_event(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    """The records the closing writes are dated after the event: its K and changes stay."""
    event, staff = _finished(db, make_user, make_player)
    before = [(r.name, r.change.k, r.change.delta) for r in event_ratings(event).rows]
    close_period(staff, "Junho", D64_REGULAR, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    assert [(r.name, r.change.k, r.change.delta) for r in event_ratings(event).rows] == before
