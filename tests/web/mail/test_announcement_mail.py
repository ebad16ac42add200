"""Staff announce something to an event's entrants: the page counts who will get it; the text is
checked (nothing sent when refused), audited, sent once per entrant account with a confirmed
address that keeps announcements on, escaped in the HTML with its line breaks kept."""
from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from damas.models import AuditEntry, EntryStatus, EventStatus, Role
from damas.services.events import lifecycle as event_service
from damas.services.micromatch import matches as micro_service
from damas.services.micromatch import team_events as team_service
from damas.services.mail.preferences import set_kinds_on
from tests.web.mail.mail_helpers import outbox


@pytest.fixture
def event_with_entrants(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    players = [make_player() for _ in range(5)]
    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,), players=tuple(players), name="Brasileiro Juvenil")
    verified = datetime.now(timezone.utc)
    pt = make_user(Role.PLAYER, player_id=players[0].id, email_verified_at=verified)
    en = make_user(Role.PLAYER, player_id=players[1].id, email_verified_at=verified, locale="en")
    unverified = make_user(Role.PLAYER, player_id=players[2].id)
    quiet = make_user(Role.PLAYER, player_id=players[3].id, email_verified_at=verified)
    set_kinds_on(quiet, quiet, {"entries"})  # announcements off
    withdrawn = make_user(Role.PLAYER, player_id=players[4].id, email_verified_at=verified)
    entry = next(e for e in event.entries if e.player_id == players[4].id)
    entry.status = EntryStatus.WITHDRAWN
    db.session.commit()
    return event, arbiter, {"pt": pt, "en": en, "unverified": unverified, "quiet": quiet, "withdrawn": withdrawn}


def _audits(db):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    return db.session.query(AuditEntry).filter_by(action="announce").all()


def test_only_staff_may_announce(client, db, login_as, event_with_entrants):  # type: ignore[no-untyped-def]
    event, arbiter, people = event_with_entrants
    url = f"/eventos/{event.id}/aviso"
    data = {"subject": "Mudança de horário", "text": "A rodada 3 começa às 15h."}
    anonymous = client.post(url, data=data)
    assert anonymous.status_code == 302 and "/conta/entrar" in anonymous.headers["Location"]
    for user in (arbiter, people["pt"]):
        login_as(user)
        assert client.get(url).status_code == 403
        assert client.post(url, data=data).status_code == 403
    assert _audits(db) == []
    assert client.get(f"/eventos/{event.id}").get_data(as_text=True).count(url) == 0


def test_staff_see_the_count_then_send_once_per_entrant(app, client, db, login_as, make_user, event_with_entrants):  # type: ignore[no-untyped-def]
    event, _arbiter, people = event_with_entrants
    staff = make_user(Role.STAFF)
    login_as(staff)
    assert f"/eventos/{event.id}/aviso" in client.get(f"/eventos/{event.id}").get_data(as_text=True)
    page = client.get(f"/eventos/{event.id}/aviso").get_data(as_text=True)
    assert "2 inscritos com e-mail confirmado receberão este aviso" in page
    text = "A rodada 3 começa às 15h.\n\nTraga <b>documento</b> & caneta."
    response = client.post(f"/eventos/{event.id}/aviso", data={"subject": "Mudança de horário", "text": text},
                           follow_redirects=True)
    assert "Aviso enviado a 2 inscritos com e-mail confirmado." in response.get_data(as_text=True)
    mails = outbox(app)
    assert sorted(m.to[0] for m in mails) == sorted([people["pt"].email, people["en"].email])
    mail = next(m for m in mails if m.to == [people["pt"].email])
    assert mail.subject == "Mudança de horário"
    assert "A rodada 3 começa às 15h.\n\nTraga <b>documento</b> & caneta." in mail.body
    assert f"http://localhost/eventos/{event.id}" in mail.body
    html = mail.alternatives[0][0]
    assert "Traga &lt;b&gt;documento&lt;/b&gt; &amp; caneta." in html and "<b>documento" not in html
    english = next(m for m in mails if m.to == [people["en"].email])
    assert "Announcement to the entrants of Brasileiro Juvenil:" in english.body
    (audit,) = _audits(db)
    assert audit.user_id == staff.id and audit.event_id == event.id and audit.at is not None
    assert audit.after["subject"] == "Mudança de horário" and audit.after["recipients"] == 2


@pytest.mark.parametrize("subject,text,message", [
    ("", "texto", "Informe o assunto do aviso."),
    ("Assunto", "   \n  ", "Escreva o texto do aviso."),
    ("x" * 151, "texto", "O assunto pode ter até 150 caracteres."),
    ("Assunto", "y" * 5001, "O texto pode ter até 5000 caracteres."),
])
def test_bad_input_is_refused_and_nothing_sent(app, client, db, login_as, make_user, event_with_entrants,  # type: ignore[no-untyped-def]
                                               subject, text, message):
    event, _arbiter, _people = event_with_entrants
    login_as(make_user(Role.STAFF))
    response = client.post(f"/eventos/{event.id}/aviso", data={"subject": subject, "text": text})
    assert response.status_code == 200 and message in response.get_data(as_text=True)
    assert outbox(app) == [] and _audits(db) == []


def test_an_event_without_reachable_entrants_sends_nothing(app, client, db, login_as, make_user, make_event):  # type: ignore[no-untyped-def]
    event = make_event()
    login_as(make_user(Role.STAFF))
    assert "0 inscritos com e-mail confirmado" in client.get(f"/eventos/{event.id}/aviso").get_data(as_text=True)
    page = client.post(f"/eventos/{event.id}/aviso", data={"subject": "Oi", "text": "Olá"}).get_data(as_text=True)
    assert "nada foi enviado" in page
    assert outbox(app) == [] and _audits(db) == []
    assert client.get("/eventos/99999/aviso").status_code == 404


def test_a_team_events_announcement_reaches_its_teams_players(app, client, db, login_as, make_user, make_player):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = micro_service.create_micromatch_event(staff, {
        "name": "Interclubes", "discipline": "damas-64", "ruleset": "cbjd", "planned_rounds": 3, "time_minutes": 20,
        "time_increment": 0, "start_date": date(2026, 12, 1), "end_date": date(2026, 12, 2), "team": True, "boards": 2,
        "scoring": "match", "openings": "none"})
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    members = []
    for t in (1, 2):
        squad = [make_player(full_name=f"Equipe {t} Tab {b}") for b in (1, 2)]
        team_service.add_team(staff, event, {"name": f"Equipe {t}", "player_ids": [p.id for p in squad]})
        members += [make_user(Role.PLAYER, player_id=p.id, name=p.full_name,
                              email_verified_at=datetime.now(timezone.utc)) for p in squad]
    login_as(staff)
    response = client.post(f"/eventos/{event.id}/aviso", data={"subject": "Congresso técnico", "text": "Às 9h."},
                           follow_redirects=True)
    assert "Aviso enviado a 4 inscritos com e-mail confirmado." in response.get_data(as_text=True)
    assert sorted(m.to[0] for m in outbox(app)) == sorted(u.email for u in members)
