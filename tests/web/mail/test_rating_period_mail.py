"""Closing a rating period tells each rated player with a verified account his rating before and
after, naming the list (game and rate), in his language, with the list's link."""
from __future__ import annotations

from datetime import datetime, timezone

from damas.models import EventStatus, Player, Role
from damas.services.mail.preferences import set_kinds_on
from tests.web.awards.test_awards_helpers import finished_round_robin
from tests.web.mail.mail_helpers import outbox



FORM = {"name": "Junho", "rating_list": "damas-64:regular", "start_date": "2026-06-01", "end_date": "2026-06-30",
        "list_date": "2026-07-01"}


def test_closing_a_period_mails_old_and_new_rating(app, client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, staff, _arbiter = finished_round_robin(db, make_user, make_player)
    event.status = EventStatus.FINISHED
    db.session.commit()
    joao = db.session.scalar(db.select(Player).where(Player.full_name == "João Conceição"))
    ana = db.session.scalar(db.select(Player).where(Player.full_name == "Ana Júlia Araújo"))
    jose = db.session.scalar(db.select(Player).where(Player.full_name == "José Brandão"))
    verified = datetime.now(timezone.utc)
    joao_user = make_user(Role.PLAYER, player_id=joao.id, email_verified_at=verified)
    ana_user = make_user(Role.PLAYER, player_id=ana.id, email_verified_at=verified, locale="en")
    jose_user = make_user(Role.PLAYER, player_id=jose.id, email_verified_at=verified)
    set_kinds_on(jose_user, jose_user, set())  # every notification off
    login_as(staff)
    client.post("/rating/periodos", data={**FORM, "preview": "1"})
    client.post("/rating/periodos", data={**FORM, "end_date": "2026-05-01", "close": "1"})  # refused
    assert outbox(app) == []
    client.post("/rating/periodos", data={**FORM, "close": "1"})
    (mail,) = [m for m in outbox(app) if m.to == [joao_user.email]]
    assert mail.subject == "Seu novo rating: período Junho"
    assert "Seu rating na lista clássica (normal) de damas 64: 2000 → 2018 (+18)." in mail.body
    assert "http://localhost/rating/lista?lista=damas-64:regular" in mail.body
    (english,) = [m for m in outbox(app) if m.to == [ana_user.email]]
    assert english.subject == "Your new rating: period Junho"
    assert "draughts 64 standard list" in english.body
    assert not [m for m in outbox(app) if m.to == [jose_user.email]]
