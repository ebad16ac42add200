"""Absent without notice (FIDE C.04.2 #2, RULES.md §5) through the players page: the arbiter's
mark lasts until the explanation is recorded; nothing is paired for him meanwhile."""
from __future__ import annotations

import pytest

from damas.engine.types import Outcome
from damas.models import AuditEntry, Entry, EntryStatus, EventStatus, GameResult, Role, Round
from damas.services.rounds.absence import mark_absent
from damas.services.errors import ServiceError
from damas.formats.mapping import snapshot


def _event(make_event, make_player, make_user, players=8, **kw):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    field = [make_player(full_name=f"Ausência {n:02d}", rating_regular=2000 - 10 * n) for n in range(1, players + 1)]
    values = {"pairing_system": "dutch", "planned_rounds": 6, "status": EventStatus.RUNNING}
    values.update(kw)
    event = make_event(arbiters=(arbiter,), players=tuple(field), **values)
    return event, arbiter


def _pair_publish_and_play(client, db, event_id: int, number: int) -> Round:  # type: ignore[no-untyped-def]
    page = client.post(f"/eventos/{event_id}/rodadas/emparceirar", follow_redirects=True).get_data(as_text=True)
    assert f"Rodada {number} emparceirada." in page, page[:3000]
    client.post(f"/eventos/{event_id}/rodadas/{number}/publicar")
    rnd = db.session.query(Round).filter_by(event_id=event_id, number=number).one()
    form = {}
    for g in rnd.games:
        if g.black_entry_id is not None:
            form[f"result-{g.id}"] = "1-0"
            form[f"version-{g.id}"] = str(g.version)
    client.post(f"/eventos/{event_id}/rodadas/{number}/resultados", data=form)
    db.session.expire_all()
    assert all(g.result != GameResult.PENDING for g in rnd.games)
    return rnd


def _on_a_board(rnd: Round, entry: Entry) -> bool:
    return any(entry.id in (g.white_entry_id, g.black_entry_id) for g in rnd.games)


def _mark(client, event_id: int, entry_id: int, from_round, note="não compareceu"):  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event_id}/jogadores", data={
        "a-entry_id": entry_id, "a-from_round": from_round, "a-note": note, "a-submit": "1"}, follow_redirects=True)


def _explain(client, event_id: int, entry_id: int, note="atestado médico"):  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event_id}/jogadores", data={
        "x-entry_id": entry_id, "x-note": note, "x-submit": "1"}, follow_redirects=True)


def test_absent_player_is_left_out_until_the_absence_is_explained(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter = _event(make_event, make_player, make_user)
    absent = db.session.query(Entry).filter_by(event_id=event.id, pairing_number=3).one()
    login_as(arbiter)
    rnd1 = _pair_publish_and_play(client, db, event.id, 1)
    assert _on_a_board(rnd1, absent)

    page = _mark(client, event.id, absent.id, 2).get_data(as_text=True)
    assert "marcado como ausente sem aviso" in page
    assert "ausente sem aviso desde a rodada 2" in page
    db.session.expire_all()
    assert absent.absent_from_round == 2 and absent.absence_note == "não compareceu"
    card = client.get(f"/eventos/{event.id}/jogadores/{absent.player_id}").get_data(as_text=True)
    assert "Ausente sem aviso desde a rodada 2" in card

    rnd = _pair_publish_and_play(client, db, event.id, 2)
    assert not _on_a_board(rnd, absent)
    assert len(rnd.games) == 4  # 7 players left: three boards and the pairing-allocated bye
    assert sum(1 for g in rnd.games if g.result == GameResult.BYE) == 1
    # not only the next round: every round until explained; the explanation counts until the
    # pairing of round 3 is published (C.04.2 #2, test_absence_explanation_deadline)
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    rnd3 = db.session.query(Round).filter_by(event_id=event.id, number=3).one()
    assert not _on_a_board(rnd3, absent)

    page = _explain(client, event.id, absent.id).get_data(as_text=True)
    assert "Ausência justificada" in page
    assert "não emparceirado nas rodadas 2, 3" in page
    db.session.expire_all()
    assert absent.absent_from_round is None and absent.absence_note == ""

    client.post(f"/eventos/{event.id}/rodadas/3/publicar")
    form = {}
    for g in rnd3.games:
        if g.black_entry_id is not None:
            form[f"result-{g.id}"] = "1-0"
            form[f"version-{g.id}"] = str(g.version)
    client.post(f"/eventos/{event.id}/rodadas/3/resultados", data=form)
    db.session.expire_all()
    assert absent.status == EntryStatus.REGISTERED  # explained in time: not withdrawn on publication
    rnd4 = _pair_publish_and_play(client, db, event.id, 4)
    assert _on_a_board(rnd4, absent)
    assert len(rnd4.games) == 4 and all(g.black_entry_id is not None for g in rnd4.games)

    # the rounds he was left out of count as not paired (0 points)
    snap = snapshot(event)
    outcomes = [rr.outcome for rr in snap.state.results[3]]
    assert outcomes[1:3] == [Outcome.NOT_PAIRED, Outcome.NOT_PAIRED]

    audit = db.session.query(AuditEntry).filter_by(event_id=event.id, object_type="entry",
                                                   object_id=absent.id).order_by(AuditEntry.id).all()
    assert [a.action for a in audit] == ["absent_without_notice", "absence_explained"]
    assert all(a.user_id == arbiter.id for a in audit)
    assert audit[0].after == {"absent_from_round": 2, "note": "não compareceu"}
    assert audit[1].before == {"absent_from_round": 2, "note": "não compareceu"}
    assert audit[1].after == {"absent_from_round": None, "explanation": "atestado médico",
                              "rounds_not_paired": [2, 3]}


def test_marks_and_explanations_are_validated(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter = _event(make_event, make_player, make_user)
    entries = {e.pairing_number: e for e in db.session.query(Entry).filter_by(event_id=event.id)}
    login_as(make_user(Role.STAFF))
    _pair_publish_and_play(client, db, event.id, 1)
    audits = db.session.query(AuditEntry).count()

    page = _mark(client, event.id, entries[2].id, 1).get_data(as_text=True)  # round 1 already paired
    assert "Escolha uma rodada ainda não emparceirada (de 2 a 6)." in page
    page = _mark(client, event.id, entries[2].id, 7).get_data(as_text=True)  # beyond the planned rounds
    assert "Escolha uma rodada ainda não emparceirada (de 2 a 6)." in page
    page = _explain(client, event.id, entries[2].id).get_data(as_text=True)  # not marked: not offered
    assert "Ausência justificada" not in page
    db.session.expire_all()
    assert entries[2].absent_from_round is None
    assert db.session.query(AuditEntry).count() == audits

    assert "marcado como ausente sem aviso" in _mark(client, event.id, entries[2].id, 3).get_data(as_text=True)
    page = _mark(client, event.id, entries[2].id, 4).get_data(as_text=True)  # not twice
    assert "Este jogador já está marcado como ausente sem aviso (desde a rodada 3)." in page
    page = _explain(client, event.id, entries[2].id, note="  ").get_data(as_text=True)  # a note is required
    assert "Campo obrigatório." in page
    db.session.expire_all()
    assert entries[2].absent_from_round == 3
    assert db.session.query(AuditEntry).count() == audits + 1

    withdrawn = entries[5]
    withdrawn.status = EntryStatus.WITHDRAWN
    withdrawn.withdrawn_after_round = 1
    db.session.commit()
    page = _mark(client, event.id, withdrawn.id, 2).get_data(as_text=True)
    assert "Corrija os campos indicados." in page  # not offered in the list
    with pytest.raises(ServiceError, match="já saiu do evento"):
        mark_absent(arbiter, event, withdrawn, 2, "")
    db.session.expire_all()
    assert withdrawn.absent_from_round is None
    assert db.session.query(AuditEntry).count() == audits + 1


def test_round_robin_events_have_no_such_mark(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter = _event(make_event, make_player, make_user, players=4, pairing_system="berger",
                            planned_rounds=3)
    entry = db.session.query(Entry).filter_by(event_id=event.id, pairing_number=1).one()
    login_as(arbiter)
    page = _mark(client, event.id, entry.id, 1).get_data(as_text=True)
    assert "A ausência sem aviso só vale para eventos emparceirados rodada a rodada." in page
    db.session.expire_all()
    assert entry.absent_from_round is None


def test_only_the_events_arbiters_and_staff_mark_or_explain(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter = _event(make_event, make_player, make_user)
    entry = db.session.query(Entry).filter_by(event_id=event.id, pairing_number=4).one()
    player_user = make_user(Role.PLAYER, player_id=entry.player_id)
    other_arbiter = make_user(Role.ARBITER)
    make_event(arbiters=(other_arbiter,))
    for user in (player_user, other_arbiter):
        login_as(user)
        assert _mark(client, event.id, entry.id, 1).status_code == 403
    login_as(arbiter)
    assert "marcado como ausente sem aviso" in _mark(client, event.id, entry.id, 1).get_data(as_text=True)
    for user in (player_user, other_arbiter):
        login_as(user)
        assert _explain(client, event.id, entry.id).status_code == 403
    client.post("/conta/sair")
    assert client.post(f"/eventos/{event.id}/jogadores", data={
        "x-entry_id": entry.id, "x-note": "x", "x-submit": "1"}).status_code == 302  # to the login page
    db.session.expire_all()
    assert entry.absent_from_round == 1
    actions = [a.action for a in db.session.query(AuditEntry).filter_by(object_type="entry", object_id=entry.id)]
    assert actions == ["absent_without_notice"]


def test_the_demo_swiss_shows_both_states(app, client, db):  # type: ignore[no-untyped-def]
    from damas.cli import damas_cli
    from damas.models import Event

    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    event = db.session.query(Event).filter_by(pairing_system="dutch-2025", status=EventStatus.RUNNING).one()
    absent = db.session.query(Entry).filter(Entry.event_id == event.id, Entry.absent_from_round.is_not(None)).one()
    assert absent.absent_from_round == 4
    rounds = {r.number: r for r in db.session.query(Round).filter_by(event_id=event.id)}
    assert not _on_a_board(rounds[4], absent) and _on_a_board(rounds[3], absent)
    response = client.post("/conta/entrar", data={"email": "arbitro@demo.damas.br", "password": "demo12345"})
    assert response.status_code == 302
    page = client.get(f"/eventos/{event.id}/jogadores").get_data(as_text=True)
    assert "ausente sem aviso desde a rodada 4" in page
    assert "não emparceirado nas rodadas 2" in page
