"""FIDE-GR forfeits (proposed expulsion for the chief arbiter, expulsion at the limit) and appeals
(committee validation, fee and deadline, decision and refund) through the web."""
from __future__ import annotations

from datetime import datetime, timedelta

from damas.models import AuditEntry, Entry, EntryStatus, EventStatus, GameResult, Role
from damas.models.desk import DeskAppeal, DeskCommitteeMember, DeskForfeitDecision, DeskSettings
from tests.web.desk.test_desk import board, make_chief, running_event, set_result


def _forfeits_page(client, event):  # type: ignore[no-untyped-def]
    return client.get(f"/eventos/{event.id}/mesa/wo").get_data(as_text=True)


def test_one_forfeit_proposes_expulsion_for_the_chief_arbiter(client, db, make_user, make_event, make_player,
                                                              login_as):  # type: ignore[no-untyped-def]
    arbiter, chief = make_user(Role.ARBITER), make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter, chief), rounds=2, ruleset="fide")
    make_chief(db, event, chief)
    set_result(db, event, 1, 1, GameResult.BLACK_FORFEIT_WIN)  # player 1 (white) lost by default
    set_result(db, event, 1, 2, GameResult.DRAW)
    login_as(arbiter)
    assert "eliminação proposta, a confirmar pelo árbitro principal" in _forfeits_page(client, event)
    url = f"/eventos/{event.id}/mesa/wo/decidir"
    refused = client.post(url, data={"entry_id": a.id, "decision": "expel", "reason": "sem aviso"}, follow_redirects=True)
    assert "Só o árbitro principal" in refused.get_data(as_text=True)
    assert db.session.get(Entry, a.id).status == EntryStatus.REGISTERED

    login_as(chief)
    ok = client.post(url, data={"entry_id": a.id, "decision": "expel", "reason": "sem aviso"}, follow_redirects=True)
    assert "Jogador eliminado do torneio." in ok.get_data(as_text=True)
    db.session.expire_all()
    entry = db.session.get(Entry, a.id)
    assert entry.status == EntryStatus.WITHDRAWN and entry.withdrawn_after_round == 1
    assert board(db, event, 2, 1).result == GameResult.WITHDRAWN
    assert {x.action for x in db.session.query(AuditEntry)} >= {"expulsion", "withdraw"}


def test_chief_arbiter_may_keep_the_player_or_excuse_the_forfeit(client, db, make_user, make_event, make_player,
                                                                 login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (), rounds=2, ruleset="fide")
    set_result(db, event, 1, 2, GameResult.WHITE_FORFEIT_WIN)  # player 4 (black) lost by default
    set_result(db, event, 2, 2, GameResult.BLACK_FORFEIT_WIN)  # player 2 (white) lost by default
    login_as(staff)  # staff act as chief arbiter
    url = f"/eventos/{event.id}/mesa/wo/decidir"
    no_reason = client.post(url, data={"entry_id": d.id, "decision": "keep", "reason": ""}, follow_redirects=True)
    assert "Informe o motivo da decisão." in no_reason.get_data(as_text=True)
    client.post(url, data={"entry_id": d.id, "decision": "keep", "reason": "ônibus atrasado"})
    assert db.session.get(Entry, d.id).status == EntryStatus.REGISTERED
    assert "Mantido pelo árbitro principal." in _forfeits_page(client, event)
    excuse = client.post(f"/eventos/{event.id}/mesa/wo/justificar",
                         data={"entry_id": b.id, "round_number": 2, "reason": "atestado médico"}, follow_redirects=True)
    assert "W.O. justificado." in excuse.get_data(as_text=True)
    assert "Nenhuma medida." in _forfeits_page(client, event)
    assert db.session.query(DeskForfeitDecision).count() == 2


def test_three_forfeits_expel_and_any_event_arbiter_applies_it(client, db, make_user, make_event, make_player,
                                                               login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), rounds=3, ruleset="fide")
    db.session.add(DeskSettings(event_id=event.id, forfeit_propose_after=0, forfeit_expel_after=3))
    db.session.commit()
    set_result(db, event, 1, 1, GameResult.BLACK_FORFEIT_WIN)  # 1 loses by default as white
    set_result(db, event, 2, 1, GameResult.WHITE_FORFEIT_WIN)  # 3 - 1: 1 loses as black
    login_as(arbiter)
    assert "Nenhuma medida." in _forfeits_page(client, event)
    set_result(db, event, 3, 1, GameResult.BLACK_FORFEIT_WIN)  # 1 - 4
    assert "3 partidas perdidas por W.O." in _forfeits_page(client, event)
    client.post(f"/eventos/{event.id}/mesa/wo/decidir", data={"entry_id": a.id, "decision": "expel", "reason": ""})
    db.session.expire_all()
    assert db.session.get(Entry, a.id).status == EntryStatus.WITHDRAWN


def test_the_forfeit_limit_expels_when_the_result_is_entered(client, db, make_user, make_event, make_player,
                                                              login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), rounds=3, ruleset="fide")
    db.session.add(DeskSettings(event_id=event.id, forfeit_propose_after=0, forfeit_expel_after=3))
    db.session.commit()
    set_result(db, event, 1, 1, GameResult.BLACK_FORFEIT_WIN)
    set_result(db, event, 2, 1, GameResult.WHITE_FORFEIT_WIN)
    login_as(arbiter)
    game = board(db, event, 3, 1)  # 1 - 4: the third default
    client.post(f"/eventos/{event.id}/rodadas/3/resultados", data={
        f"result-{game.id}": GameResult.BLACK_FORFEIT_WIN.value, f"version-{game.id}": str(game.version)})
    db.session.expire_all()
    assert db.session.get(Entry, a.id).status == EntryStatus.WITHDRAWN
    decision = db.session.query(DeskForfeitDecision).one()
    assert decision.kind == "expelled" and decision.forfeits == 3
    assert db.session.query(AuditEntry).filter_by(action="expulsion").count() == 1
    assert db.session.get(Entry, b.id).status == EntryStatus.REGISTERED


# ---------------------------------------------------------------- appeals

def _member(client, event, name, born, voting=True):  # type: ignore[no-untyped-def]
    data = {"m-name": name, "m-birth_date": born}
    if voting:
        data["m-voting"] = "y"
    return client.post(f"/eventos/{event.id}/mesa/apelacoes/comite", data=data, follow_redirects=True).get_data(as_text=True)


def test_committee_is_validated(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,))
    login_as(arbiter)
    minor = _member(client, event, "Menor de Idade", "2010-01-01")
    assert "18 anos ou mais" in minor
    _member(client, event, "Ana Souza", "1970-05-01")
    page = _member(client, event, "Bruno Lima", "1980-05-01")
    assert "número ímpar de membros votantes (tem 2)" in page
    page = _member(client, event, "Carla Dias", "1985-05-01")
    assert "Comitê válido." in page
    assert db.session.query(DeskCommitteeMember).count() == 3


def test_appeal_fee_deadline_decision_and_refund(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,), status=EventStatus.RUNNING)
    db.session.add(DeskSettings(event_id=event.id, appeal_fee_cents=10000, appeal_deadline_minutes=30))
    db.session.commit()
    login_as(arbiter)
    for name, born in (("Ana Souza", "1970-05-01"), ("Bruno Lima", "1980-05-01"), ("Carla Dias", "1985-05-01")):
        _member(client, event, name, born)
    _member(client, event, "Davi Reis", "1975-01-01", voting=False)
    now = datetime.now().replace(second=0, microsecond=0)
    fmt = "%Y-%m-%dT%H:%M"
    data = {"a-appellant_name": "Eduardo Alves", "a-subject": "Contesto a perda da partida na rodada 2.",
            "a-decision_at": (now - timedelta(minutes=45)).strftime(fmt), "a-filed_at": now.strftime(fmt),
            "a-fee_paid": "50.00", "a-in_writing": "y", "a-copy_to_chief_arbiter": "y"}
    url = f"/eventos/{event.id}/mesa/apelacoes/nova"
    refused = client.post(url, data=data).get_data(as_text=True)
    assert "Apelação fora do prazo" in refused and "Taxa de apelação não paga" in refused
    assert db.session.query(DeskAppeal).count() == 0
    data.update({"a-decision_at": (now - timedelta(minutes=10)).strftime(fmt), "a-fee_paid": "100.00"})
    ok = client.post(url, data=data, follow_redirects=True).get_data(as_text=True)
    assert "Apelação recebida." in ok
    appeal = db.session.query(DeskAppeal).one()
    ana = db.session.query(DeskCommitteeMember).filter_by(name="Ana Souza").one()
    decided = client.post(f"/eventos/{event.id}/mesa/apelacoes/decidir", data={
        "d-appeal_id": appeal.id, "d-decision": "upheld", "d-text": "Apelação aceita: resultado restabelecido.",
        "d-involved": [ana.id]}, follow_redirects=True).get_data(as_text=True)
    assert "taxa devolvida: R$ 100,00" in decided
    db.session.expire_all()
    appeal = db.session.get(DeskAppeal, appeal.id)
    assert appeal.refund_cents == 10000 and appeal.panel == ["Davi Reis", "Bruno Lima", "Carla Dias"]
    again = client.post(f"/eventos/{event.id}/mesa/apelacoes/decidir", data={
        "d-appeal_id": appeal.id, "d-decision": "rejected", "d-text": "outra"}, follow_redirects=True)
    assert "a decisão é final" in again.get_data(as_text=True)
    report = client.get(f"/eventos/{event.id}/mesa/relatorio").get_data(as_text=True)
    assert "Apelação aceita: resultado restabelecido." in report and "Eduardo Alves" in report


def test_rejected_appeal_keeps_the_fee(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = make_event(status=EventStatus.RUNNING)
    db.session.add(DeskSettings(event_id=event.id, appeal_fee_cents=5000))
    db.session.commit()
    login_as(staff)
    for name, born in (("Ana Souza", "1970-05-01"),):
        _member(client, event, name, born)
    now = datetime.now().replace(second=0, microsecond=0).strftime("%Y-%m-%dT%H:%M")
    client.post(f"/eventos/{event.id}/mesa/apelacoes/nova", data={
        "a-appellant_name": "Eduardo Alves", "a-subject": "x", "a-decision_at": now, "a-filed_at": now,
        "a-fee_paid": "50", "a-in_writing": "y", "a-copy_to_chief_arbiter": "y"})
    appeal = db.session.query(DeskAppeal).one()
    client.post(f"/eventos/{event.id}/mesa/apelacoes/decidir",
                data={"d-appeal_id": appeal.id, "d-decision": "rejected", "d-text": "Sem fundamento."})
    db.session.expire_all()
    assert db.session.get(DeskAppeal, appeal.id).refund_cents == 0


def test_appeal_fee_is_written_as_money_everywhere_else(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    """The desk prints the appeal fee with the one money formatting (presentation.numbers.money,
    the engine's format_money): thousands separated, as on the prize pages (issue 15 point 5)."""
    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,), status=EventStatus.RUNNING)
    db.session.add(DeskSettings(event_id=event.id, appeal_fee_cents=150000))
    db.session.commit()
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/mesa/apelacoes").get_data(as_text=True)
    assert "R$ 1.500,00" in page and "R$ 1500,00" not in page
