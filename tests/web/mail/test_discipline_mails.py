"""Mails about the desk's decisions on a player (kind "discipline"): an incident, a sanction (an
exclusion is one mail, not a second one for the withdrawal it makes), the decision on his
appeal; in the player's language, linking to his games; a refused operation sends nothing."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from damas.models import EventStatus, Role
from damas.models.desk import DeskAppeal, DeskSettings
from damas.services.mail.preferences import set_kinds_on
from tests.web.desk.test_desk import incident, running_event, sanction
from tests.web.desk.test_desk_forfeits_appeals import _member
from tests.web.mail.mail_helpers import outbox


def to(app, user):  # type: ignore[no-untyped-def]
    return [m for m in outbox(app) if m.to == [user.email]]


def _verified():  # type: ignore[no-untyped-def]
    return datetime.now(timezone.utc)


def test_an_incident_is_told_to_its_player_in_his_language(app, client, db, login_as, make_user, make_event,  # type: ignore[no-untyped-def]
                                                          make_player):
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), name="Copa Norte")
    english = make_user(Role.PLAYER, player_id=a.player_id, email_verified_at=_verified(), locale="en")
    opponent = make_user(Role.PLAYER, player_id=b.player_id, email_verified_at=_verified())
    login_as(arbiter)
    incident(client, event, a, kind="claimed_irregularity", article="99")  # refused: not a claimable article
    assert outbox(app) == []
    incident(client, event, a, note="peça tocada")
    (mail,) = to(app, english)
    assert mail.subject == "Incident recorded: Copa Norte", mail.body
    assert "The arbiters recorded an incident of yours in round 1, board 1." in mail.body
    assert "add 2 minutes to the opponent's clock" in mail.body and "Note: peça tocada" in mail.body
    assert f"http://localhost/eventos/{event.id}/jogadores/{a.player_id}" in mail.body
    assert to(app, opponent) == []  # the notice is about the offender only


def test_a_sanction_mails_once_and_respects_the_choice(app, client, db, login_as, make_user, make_event, make_player):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), name="Copa Sul")
    warned = make_user(Role.PLAYER, player_id=a.player_id, email_verified_at=_verified())
    excluded = make_user(Role.PLAYER, player_id=c.player_id, email_verified_at=_verified())
    quiet = make_user(Role.PLAYER, player_id=d.player_id, email_verified_at=_verified())
    set_kinds_on(quiet, quiet, {"entries"})  # discipline off
    login_as(arbiter)
    sanction(client, event, a, "verbal_warning", note="conversa")
    (mail,) = to(app, warned)
    assert mail.subject == "Sanção registrada: Copa Sul"
    assert "aplicou uma sanção a você na rodada 1" in mail.body and "conversa" in mail.body
    sanction(client, event, c, "exclusion")
    (out,) = to(app, excluded)  # the exclusion's withdrawal adds no second mail
    assert out.subject == "Sanção registrada: Copa Sul"
    sanction(client, event, d, "verbal_warning")
    assert to(app, quiet) == []
    sanction(client, event, c, "exclusion")  # refused: he already left the event
    assert len(to(app, excluded)) == 1


def test_the_appeal_decision_reaches_the_appellant(app, client, db, login_as, make_user, make_event, make_player):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    player = make_player(full_name="Eduardo Alves")
    event = make_event(arbiters=(arbiter,), status=EventStatus.RUNNING, players=(player,), name="Copa Leste")
    user = make_user(Role.PLAYER, player_id=player.id, email_verified_at=_verified())
    db.session.add(DeskSettings(event_id=event.id, appeal_fee_cents=0, appeal_deadline_minutes=60))
    db.session.commit()
    login_as(arbiter)
    for name, born in (("Ana Souza", "1970-05-01"), ("Bruno Lima", "1980-05-01"), ("Carla Dias", "1985-05-01")):
        _member(client, event, name, born)
    now = datetime.now().replace(second=0, microsecond=0)
    fmt = "%Y-%m-%dT%H:%M"
    client.post(f"/eventos/{event.id}/mesa/apelacoes/nova", data={
        "a-entry_id": event.entries[0].id, "a-subject": "Perda da partida na rodada 2",
        "a-decision_at": (now - timedelta(minutes=10)).strftime(fmt), "a-filed_at": now.strftime(fmt),
        "a-fee_paid": "0", "a-in_writing": "y", "a-copy_to_chief_arbiter": "y"})
    appeal = db.session.query(DeskAppeal).one()
    client.post(f"/eventos/{event.id}/mesa/apelacoes/decidir", data={
        "d-appeal_id": appeal.id, "d-decision": "", "d-text": "x"})  # refused: no decision
    assert outbox(app) == []
    client.post(f"/eventos/{event.id}/mesa/apelacoes/decidir", data={
        "d-appeal_id": appeal.id, "d-decision": "upheld", "d-text": "Resultado restabelecido.\nPartida 1-1."})
    (mail,) = to(app, user)
    assert mail.subject == "Apelação decidida: Copa Leste"
    assert "Perda da partida na rodada 2" in mail.body and "Decisão: Aceita" in mail.body
    assert "Resultado restabelecido." in mail.body and "Partida 1-1." in mail.body
