"""CBJD 105 B / FIDE-GR withdrawals f: a withdrawn or expelled player's results stand in a Swiss,
also after a late entry re-sorts the starting list (C.04.3 A.2, C.04.2 C.2-3)."""
from __future__ import annotations

from damas.models import Entry, EntryStatus, GameResult, Role, Round
from damas.formats.mapping import snapshot


def _post_ok(client, url, data=None, expect=None):  # type: ignore[no-untyped-def]
    response = client.post(url, data=data or {}, follow_redirects=True)
    assert response.status_code == 200
    if expect:
        assert expect in response.get_data(as_text=True), response.get_data(as_text=True)[:3000]
    return response


def _play_round(client, db, event, number):  # type: ignore[no-untyped-def]
    _post_ok(client, f"/eventos/{event.id}/rodadas/emparceirar", expect=f"Rodada {number} emparceirada.")
    _post_ok(client, f"/eventos/{event.id}/rodadas/{number}/publicar")
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=number).one()
    form = {}
    for g in rnd.games:
        if g.black_entry_id is not None:
            form[f"result-{g.id}"] = "1-0"  # White wins every board
            form[f"version-{g.id}"] = str(g.version)
    _post_ok(client, f"/eventos/{event.id}/rodadas/{number}/resultados", form)
    return rnd


def test_cbjd_105b_late_entry_keeps_withdrawn_players_results(client, db, make_user, make_player, make_event,
                                                              login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = [make_player(full_name=f"Suíço {n}", rating_regular=1800 - 10 * n) for n in range(6)]
    event = make_event(arbiters=(arbiter,), pairing_system="dutch", ruleset="cbjd", planned_rounds=4)
    login_as(arbiter)
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    rnd = _play_round(client, db, event, 1)
    board = next(g for g in rnd.games if g.black_entry_id is not None)
    winner, loser = board.white_entry_id, board.black_entry_id
    # the loser withdraws, the winner is expelled (both after round 1): their games stand
    _post_ok(client, f"/eventos/{event.id}/jogadores",
             {"w-entry_id": loser, "w-after_round": 1, "w-note": "viagem", "w-submit": "1"},
             expect="Desistência registrada.")
    db.session.get(Entry, winner).status = EntryStatus.EXCLUDED
    db.session.commit()
    late = make_player(full_name="Tardio Forte", rating_regular=2500)
    _post_ok(client, f"/eventos/{event.id}/inscricoes", {"player_id": late.id}, expect="Tardio Forte inscrito.")
    db.session.expire_all()
    entries = db.session.query(Entry).filter_by(event_id=event.id).all()
    numbers = sorted(e.pairing_number for e in entries)
    assert numbers == list(range(1, 8))  # everyone who entered keeps a number, the late entry too
    assert db.session.query(Entry).filter_by(player_id=late.id).one().pairing_number == 1
    snap = snapshot(event)
    by_id = {e.id: no for no, e in snap.entry_by_no.items()}
    assert winner in by_id and loser in by_id
    win_no, loss_no = by_id[winner], by_id[loser]
    assert snap.state.results[win_no][0].opponent == loss_no
    assert snap.state.results[loss_no][0].opponent == win_no
    page = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    for e in entries:
        assert e.player.full_name in page
    _play_round(client, db, event, 2)
    db.session.expire_all()
    second = db.session.query(Round).filter_by(event_id=event.id, number=2).one()
    paired = {g.white_entry_id for g in second.games} | {g.black_entry_id for g in second.games}
    assert winner not in paired and loser not in paired  # not paired again (CBJD 105 B)
    snap = snapshot(event)
    assert [r.opponent for r in snap.state.results[by_id[winner]]] == [by_id[loser], None]
    assert all(g.result != GameResult.PENDING for g in second.games)


def test_cbjd_105b_mapping_never_drops_a_board_of_an_unnumbered_entry(client, db, make_user, make_player,
                                                                     make_event, login_as):  # type: ignore[no-untyped-def]
    """A list renumbered before this fix left withdrawn players without a number: the snapshot
    still counts their boards (numbered after the others), so their opponents keep the points."""
    arbiter = make_user(Role.ARBITER)
    players = [make_player(full_name=f"Antigo {n}", rating_regular=1700 - 10 * n) for n in range(4)]
    event = make_event(arbiters=(arbiter,), pairing_system="dutch", ruleset="cbjd", planned_rounds=3)
    login_as(arbiter)
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    rnd = _play_round(client, db, event, 1)
    board = rnd.games[0]
    _post_ok(client, f"/eventos/{event.id}/jogadores",
             {"w-entry_id": board.black_entry_id, "w-after_round": 1, "w-note": "", "w-submit": "1"},
             expect="Desistência registrada.")
    gone = db.session.get(Entry, board.black_entry_id)
    gone.pairing_number = None  # the state the old renumbering left behind
    db.session.commit()
    snap = snapshot(event)
    by_id = {e.id: no for no, e in snap.entry_by_no.items()}
    assert gone.id in by_id  # numbered after the others
    assert by_id[gone.id] == max(no for i, no in by_id.items() if i != gone.id) + 1
    white_no = by_id[board.white_entry_id]
    assert snap.state.results[white_no][0].opponent == by_id[gone.id]
    assert snap.state.results[by_id[gone.id]][0].opponent == white_no
    page = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    assert gone.player.full_name in page


def test_demo_swiss_late_entry_keeps_the_withdrawn_player(app, client, db):  # type: ignore[no-untyped-def]
    """The demo's running Swiss shows it: a withdrawal after round 2, then a late entry."""
    from damas.cli import damas_cli
    from damas.models import Event, EventStatus

    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    event = db.session.query(Event).filter_by(ruleset="fide", status=EventStatus.RUNNING).one()
    numbers = sorted(e.pairing_number for e in event.entries)
    assert numbers == list(range(1, 32))
    gone = next(e for e in event.entries if e.status == EntryStatus.WITHDRAWN)
    snap = snapshot(event)
    no = next(n for n, e in snap.entry_by_no.items() if e.id == gone.id)
    assert [r.opponent is not None for r in snap.state.results[no]][:2] == [True, True]
    assert gone.player.full_name in client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
