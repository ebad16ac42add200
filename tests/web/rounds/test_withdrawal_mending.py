"""Withdrawals an arbiter can mend (issue 24 point 5; CBJD 105 B, C.04.2).

(a) A withdrawal registered while the next round is paired but not published leaves that round
re-pairable, so the opponent is paired again and loses no game. (b) A withdrawal entered by
mistake can be undone (audited, with a reason) while no round has been paired since; after that
the page says why not."""
from __future__ import annotations

from sqlalchemy import select

from damas.models import AuditEntry, Entry, EntryStatus, Game, GameResult, Role, Round
from tests.web.rounds.test_late_entry_withdrawn import _play_round, _post_ok


def _event(client, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = [make_player(full_name=f"Mendável {n}", rating_regular=1900 - 10 * n) for n in range(8)]
    event = make_event(arbiters=(arbiter,), pairing_system="dutch", ruleset="cbjd", planned_rounds=4)
    login_as(arbiter)
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    return event


def test_cbjd_105b_withdrawal_before_publishing_leaves_the_round_repairable(client, db, make_user, make_player,
                                                                           make_event, login_as):  # type: ignore[no-untyped-def]
    event = _event(client, make_user, make_player, make_event, login_as)
    _play_round(client, db, event, 1)
    _post_ok(client, f"/eventos/{event.id}/rodadas/emparceirar", expect="Rodada 2 emparceirada.")
    rnd = db.session.scalars(select(Round).where(Round.event_id == event.id, Round.number == 2)).one()
    board = next(g for g in rnd.games if g.black_entry_id is not None)
    leaving, opponent = board.black_entry_id, board.white_entry_id
    page = _post_ok(client, f"/eventos/{event.id}/jogadores",
                    {"w-entry_id": leaving, "w-after_round": 1, "w-note": "doente", "w-submit": "1"},
                    expect="Desistência registrada.").get_data(as_text=True)
    assert "desfaça-a e emparceire de novo" in page
    page = _post_ok(client, f"/eventos/{event.id}/rodadas/2/apagar").get_data(as_text=True)
    assert "Já há resultados lançados" not in page
    db.session.expire_all()
    _post_ok(client, f"/eventos/{event.id}/rodadas/emparceirar", expect="Rodada 2 emparceirada.")
    again = db.session.scalars(select(Round).where(Round.event_id == event.id, Round.number == 2)).one()
    games = db.session.scalars(select(Game).where(Game.round_id == again.id)).all()
    seated = {g.white_entry_id for g in games} | {g.black_entry_id for g in games if g.black_entry_id}
    assert leaving not in seated and opponent in seated
    assert all(g.result != GameResult.WITHDRAWN for g in games)


def test_cbjd_105_withdrawal_by_mistake_is_undone_until_a_round_is_paired(client, db, make_user, make_player,
                                                                         make_event, login_as):  # type: ignore[no-untyped-def]
    event = _event(client, make_user, make_player, make_event, login_as)
    _play_round(client, db, event, 1)
    entry = db.session.scalars(select(Entry).where(Entry.event_id == event.id, Entry.pairing_number == 3)).one()
    _post_ok(client, f"/eventos/{event.id}/jogadores",
             {"w-entry_id": entry.id, "w-after_round": 1, "w-note": "", "w-submit": "1"}, expect="Desistência registrada.")
    url = f"/eventos/{event.id}/jogadores/{entry.id}/desfazer-desistencia"
    assert "Informe o motivo" in _post_ok(client, url, {"reason": " "}).get_data(as_text=True)
    page = _post_ok(client, url, {"reason": "jogador errado"}).get_data(as_text=True)
    assert "Desistência desfeita" in page
    db.session.expire_all()
    entry = db.session.get(Entry, entry.id)
    assert entry.status == EntryStatus.REGISTERED and entry.withdrawn_after_round is None
    undo = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "undo_withdraw")).one()
    assert undo.after["reason"] == "jogador errado" and undo.before["status"] == "withdrawn"
    # withdrawn again, then a round is paired without him: the page says why it cannot be undone
    _post_ok(client, f"/eventos/{event.id}/jogadores",
             {"w-entry_id": entry.id, "w-after_round": 1, "w-note": "", "w-submit": "1"}, expect="Desistência registrada.")
    _post_ok(client, f"/eventos/{event.id}/rodadas/emparceirar", expect="Rodada 2 emparceirada.")
    page = client.get(f"/eventos/{event.id}/jogadores").get_data(as_text=True)
    assert "A rodada 2 foi emparceirada depois da desistência" in page
    refused = _post_ok(client, url, {"reason": "de novo"}).get_data(as_text=True)
    assert "A rodada 2 foi emparceirada depois da desistência" in refused
    db.session.expire_all()
    assert db.session.get(Entry, entry.id).status == EntryStatus.WITHDRAWN
