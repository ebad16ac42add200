"""An account chooses on "Minha área" › "E-mails" which notifications it gets: saved (audited),
and a kind turned off there is not sent; an unverified address is told the mails wait for its
confirmation."""
from __future__ import annotations

from datetime import datetime, timezone

from damas.models import AuditEntry, EventStatus, MailOptOut, Role
from damas.models.registration import GuestPolicy, RegistrationSettings
from tests.web.mail.mail_helpers import outbox


def test_my_page_links_to_the_preferences(client, db, login_as, make_user):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.PLAYER))
    assert 'href="/conta/emails"' in client.get("/conta/minha-area").get_data(as_text=True)
    assert client.get("/conta/emails").status_code == 200


def test_every_kind_is_a_checkbox_ticked_until_turned_off(client, db, login_as, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.PLAYER, email_verified_at=datetime.now(timezone.utc))
    login_as(user)
    page = client.get("/conta/emails").get_data(as_text=True)
    assert page.count('type="checkbox"') == 7 and page.count("checked") == 7
    assert "Avisos da federação aos inscritos de um evento" in page
    assert f"Os avisos vão para {user.email}." in page


def test_an_unverified_address_is_told_mails_wait_for_confirmation(client, db, login_as, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.PLAYER, locale="en")
    login_as(user)
    client.get("/lang/en")
    page = client.get("/conta/emails").get_data(as_text=True)
    assert "has not been confirmed yet" in page


def test_a_kind_unticked_is_saved_audited_and_not_sent(app, client, db, login_as, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    player = make_player()
    user = make_user(Role.PLAYER, player_id=player.id, email_verified_at=datetime.now(timezone.utc))
    login_as(user)
    kept = ["pairings", "results", "discipline", "ratings", "arbiter", "announcements", "nonsense"]
    page = client.post("/conta/emails", data={"kinds": kept}, follow_redirects=True).get_data(as_text=True)
    assert "Preferências de e-mail salvas." in page
    assert [r.kind for r in db.session.query(MailOptOut).filter_by(user_id=user.id)] == ["entries"]
    audit = db.session.query(AuditEntry).filter_by(object_type="user", object_id=user.id, action="update").one()
    assert audit.user_id == user.id and audit.after == {"mail_off": ["entries"]}
    event = make_event(status=EventStatus.REGISTRATION)
    db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                        guest_places=0))
    db.session.commit()
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    assert outbox(app) == []  # entries off: no mail about his entry
    client.post("/conta/emails", data={"kinds": ["entries"]})
    client.post(f"/eventos/{event.id}/inscricao/cancelar")
    assert [m.subject for m in outbox(app)][-1].startswith("Inscrição cancelada")
