"""C.04.2 #2 (the seeds): a player absent without notice is considered withdrawn unless the
absence is explained before the next pairing is published; a no-show's forfeit loss proposes
the mark on the arbiter's desk, which the arbiter confirms."""
from __future__ import annotations

from damas.models import AuditEntry, Entry, EntryStatus, GameResult, Role, Round
from tests.web.desk.test_absent_without_notice import _event, _explain, _mark, _on_a_board, _pair_publish_and_play


def _play(client, db, event_id: int, rnd: Round) -> None:  # type: ignore[no-untyped-def]
    form = {}
    for g in rnd.games:
        if g.black_entry_id is not None:
            form[f"result-{g.id}"] = "1-0"
            form[f"version-{g.id}"] = str(g.version)
    client.post(f"/eventos/{event_id}/rodadas/{rnd.number}/resultados", data=form)
    db.session.expire_all()


def _pair(client, db, event_id: int, number: int) -> Round:  # type: ignore[no-untyped-def]
    client.post(f"/eventos/{event_id}/rodadas/emparceirar")
    return db.session.query(Round).filter_by(event_id=event_id, number=number).one()


def test_c04_2_2_explanation_after_the_next_pairing_is_published_leaves_him_withdrawn(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter = _event(make_event, make_player, make_user)
    absent = db.session.query(Entry).filter_by(event_id=event.id, pairing_number=3).one()
    login_as(arbiter)
    _pair_publish_and_play(client, db, event.id, 1)
    _mark(client, event.id, absent.id, 2)  # not there for round 2
    _pair_publish_and_play(client, db, event.id, 2)
    rnd3 = _pair(client, db, event.id, 3)  # paired, not yet published: still in time
    assert not _on_a_board(rnd3, absent)
    client.post(f"/eventos/{event.id}/rodadas/3/publicar")  # the next pairing is published
    db.session.expire_all()
    assert absent.status == EntryStatus.WITHDRAWN and absent.withdrawn_after_round == 1
    audit = db.session.query(AuditEntry).filter_by(action="absence_withdrawal", object_id=absent.id).one()
    assert audit.after == {"status": "withdrawn", "withdrawn_after_round": 1, "deadline_round": 3}
    page = _explain(client, event.id, absent.id).get_data(as_text=True)
    assert "A justificativa chegou depois da publicação do emparceiramento da rodada 3" in page
    db.session.expire_all()
    assert absent.status == EntryStatus.WITHDRAWN
    assert not db.session.query(AuditEntry).filter_by(action="absence_explained").count()
    # his round-1 game stands; he is never paired again
    _play(client, db, event.id, rnd3)
    assert not _on_a_board(_pair_publish_and_play(client, db, event.id, 4), absent)


def test_c04_2_2_explanation_before_the_next_pairing_is_published_is_accepted(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter = _event(make_event, make_player, make_user)
    absent = db.session.query(Entry).filter_by(event_id=event.id, pairing_number=3).one()
    login_as(arbiter)
    _pair_publish_and_play(client, db, event.id, 1)
    _mark(client, event.id, absent.id, 2)
    _pair_publish_and_play(client, db, event.id, 2)
    assert "Ausência justificada" in _explain(client, event.id, absent.id).get_data(as_text=True)
    db.session.expire_all()
    assert absent.status == EntryStatus.REGISTERED and absent.absent_from_round is None
    assert _on_a_board(_pair_publish_and_play(client, db, event.id, 3), absent)


def test_c04_2_2_no_show_forfeit_proposes_the_mark_on_the_desk(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter = _event(make_event, make_player, make_user)
    login_as(arbiter)
    rnd = _pair(client, db, event.id, 1)
    client.post(f"/eventos/{event.id}/rodadas/1/publicar")
    form = {}
    for g in rnd.games:
        form[f"result-{g.id}"] = "+--" if g.board == 1 else "1-0"  # board 1: Black did not show up
        form[f"version-{g.id}"] = str(g.version)
    client.post(f"/eventos/{event.id}/rodadas/1/resultados", data=form)
    db.session.expire_all()
    no_show = next(g for g in rnd.games if g.board == 1).black
    assert next(g for g in rnd.games if g.board == 1).result == GameResult.WHITE_FORFEIT_WIN
    page = client.get(f"/eventos/{event.id}/mesa/wo").get_data(as_text=True)
    assert "Proposta: marcar ausente sem aviso a partir da rodada 2" in page and no_show.player.full_name in page
    assert no_show.absent_from_round is None  # only a proposal until the arbiter confirms
    page = client.post(f"/eventos/{event.id}/mesa/wo/ausente", data={"entry_id": no_show.id},
                       follow_redirects=True).get_data(as_text=True)
    assert "marcado como ausente sem aviso" in page
    db.session.expire_all()
    assert no_show.absent_from_round == 2 and no_show.absence_note == "W.O. na rodada 1"
    assert "Proposta: marcar ausente" not in client.get(f"/eventos/{event.id}/mesa/wo").get_data(as_text=True)
    # the forfeit was the absence: the next pairing (round 2) is the deadline
    rnd2 = _pair(client, db, event.id, 2)
    assert not _on_a_board(rnd2, no_show)
    client.post(f"/eventos/{event.id}/rodadas/2/publicar")
    db.session.expire_all()
    assert no_show.status == EntryStatus.WITHDRAWN and no_show.withdrawn_after_round == 1
    # a player's own editor only
    login_as(make_user(Role.PLAYER))
    assert client.post(f"/eventos/{event.id}/mesa/wo/ausente", data={"entry_id": no_show.id}).status_code == 403
