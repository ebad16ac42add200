"""Notification mails: only to verified accounts that keep the kind on, one mail per person per
event per round for one operation, in the recipient's language, each with a one-click
unsubscribe (RFC 8058) that works without logging in and changes nothing on a mere GET."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest
from flask_babel import lazy_gettext as _l
from sqlalchemy import select

from damas.models import AuditEntry, MailOptOut, Role, User
from damas.services.mail.notify import Batch, Notice, unsubscribe_token
from damas.services.mail.preferences import set_kinds_on
from tests.web.mail.mail_helpers import outbox


def _notice(n: int) -> Notice:
    return Notice(subject=_l("Rodada %(n)s publicada", n=n), heading=_l("Rodada %(n)s publicada", n=n),
                  lines=(_l("Mesa %(b)s", b=n),), link="http://localhost/eventos/1/rodadas/1", link_label=_l("Abrir o sistema"))


@pytest.fixture
def people(db, make_user):  # type: ignore[no-untyped-def]
    verified = make_user(Role.PLAYER, email_verified_at=datetime.now(timezone.utc))
    english = make_user(Role.PLAYER, email_verified_at=datetime.now(timezone.utc), locale="en")
    unverified = make_user(Role.PLAYER)
    return verified, english, unverified


def test_one_mail_per_person_per_event_per_round_with_unsubscribe_headers(app, db, people):  # type: ignore[no-untyped-def]
    verified, english, unverified = people
    batch = Batch()
    batch.prefetch([verified, english, unverified])
    batch.add(verified, "pairings", 1, 1, _notice(1))
    batch.add(verified, "pairings", 1, 1, _notice(2))  # the same round: joins the first mail
    batch.add(verified, "pairings", 1, 2, _notice(3))  # another round: its own mail
    batch.add(english, "pairings", 1, 1, _notice(1))
    batch.add(unverified, "pairings", 1, 1, _notice(1))  # an address nobody proved gets nothing
    assert batch.send() == 3
    mails = outbox(app)
    to_verified = [m for m in mails if m.to == [verified.email]]
    assert sorted(m.subject for m in to_verified) == ["Rodada 1 publicada (+1)", "Rodada 3 publicada"]
    both = next(m for m in to_verified if "(+1)" in m.subject)
    assert "Mesa 1" in both.body and "Mesa 2" in both.body
    headers = both.extra_headers
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert headers["List-Unsubscribe"].startswith("<http://localhost/email/cancelar/")
    (in_english,) = [m for m in mails if m.to == [english.email]]
    assert "Hello," in in_english.body and "You get this e-mail because you asked to be told about" in in_english.body


def test_a_kind_turned_off_is_not_sent(app, db, people):  # type: ignore[no-untyped-def]
    verified, _english, _unverified = people
    set_kinds_on(verified, verified, {"entries"})
    batch = Batch()
    batch.add(verified, "pairings", 1, 1, _notice(1))
    batch.add(verified, "entries", 1, None, _notice(1))
    assert batch.send() == 1
    (only,) = outbox(app)
    assert "Minhas inscrições" in only.body and "Minhas rodadas publicadas" not in only.body  # the kind left on


def test_unsubscribe_link_asks_first_then_turns_the_kind_off(client, db, people):  # type: ignore[no-untyped-def]
    verified = people[0]
    url = f"/email/cancelar/{unsubscribe_token(verified, 'pairings')}"
    page = client.get(url).get_data(as_text=True)
    assert "Não quero mais receber" in page and verified.email in page
    assert db.session.scalars(select(MailOptOut)).all() == []  # a GET (a mail scanner) changes nothing
    page = client.post(url).get_data(as_text=True)
    assert "não recebe mais e-mails de" in page
    row = db.session.scalars(select(MailOptOut)).one()
    assert (row.user_id, row.kind) == (verified.id, "pairings")
    audit = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "unsubscribe")).one()
    assert audit.object_id == verified.id and audit.user_id is None


@pytest.mark.csrf
def test_one_click_unsubscribe_works_without_login_or_csrf_token(client, db, people):  # type: ignore[no-untyped-def]
    verified = people[0]
    response = client.post(f"/email/cancelar/{unsubscribe_token(verified, 'results')}",
                           data={"List-Unsubscribe": "One-Click"})
    assert response.status_code == 204
    assert db.session.scalars(select(MailOptOut.kind)).all() == ["results"]


def test_tampered_or_unknown_unsubscribe_links_change_nothing(client, db, people):  # type: ignore[no-untyped-def]
    token = unsubscribe_token(people[0], "pairings")
    assert client.get(f"/email/cancelar/{token[:-2]}xx").status_code == 404
    assert client.post(f"/email/cancelar/{token[:-2]}xx").status_code == 404
    ghost = User(id=99999, email="x@example.org", name="X", role=Role.PLAYER)
    assert client.post(f"/email/cancelar/{unsubscribe_token(ghost, 'pairings')}").status_code == 404
    assert db.session.scalars(select(MailOptOut)).all() == []
