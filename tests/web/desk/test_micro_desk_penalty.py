"""A desk penalty on an individual micro-match board decides one game of the micro-match, the
one being played (CBJD 51 c, 119-122; RULES.md §2, §6): the total comes from the two games with
that one replaced, the results form cannot overwrite it, and its reversal puts it back. The
standings, the micro-match results page and the player card agree."""
from __future__ import annotations

import re

from damas.models import Entry, Event, Role, Round
from damas.models.desk import DeskPenalty
from damas.models.micromatch import MicroGame
from damas.services.micromatch import matches as micro_service
from tests.web.micromatch.test_micromatch_event import _post, _standings


def _setup(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Pena {n}", rating_regular=2000 - n) for n in range(1, 5)]
    event = make_event(pairing_system="micromatch", planned_rounds=2, players=tuple(players))
    micro_service.save_settings(staff, event, {"scoring": "game", "openings": "none"})
    login_as(staff)  # staff: chief arbiter too
    _post(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    _post(client, f"/eventos/{event.id}/rodadas/1/publicar")
    rnd = db.session.query(Round).filter_by(event_id=event.id).one()
    return event, sorted(rnd.games, key=lambda g: g.board)


def _card_points(client, event: Event, player_id: int) -> str:
    page = client.get(f"/eventos/{event.id}/jogadores/{player_id}").get_data(as_text=True)
    return re.search(r"Pontos no torneio: <strong>([^<]+)</strong>", page).group(1)


def test_penalty_decides_one_game_of_the_micro_match(client, db, make_user, make_player, make_event,
                                                     login_as):  # type: ignore[no-untyped-def]
    event, (b1, b2) = _setup(client, db, make_user, make_player, make_event, login_as)
    white, black = b1.white_entry_id, b1.black_entry_id
    sanction = {"s-round_number": 1, "s-entry_id": white, "s-kind": "game_lost", "s-note": "celular tocou"}
    page = _post(client, f"/eventos/{event.id}/mesa/sancoes", sanction)
    assert "escolha a partida (1ª ou 2ª)" in page
    assert db.session.query(DeskPenalty).count() == 0
    assert 'name="s-micro_game"' in client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    _post(client, f"/eventos/{event.id}/mesa/sancoes", {**sanction, "s-micro_game": 2})
    penalty = db.session.query(DeskPenalty).one()
    assert (penalty.micro_game, penalty.result_before, penalty.result_after) == (2, "", "0-2")
    row = db.session.query(MicroGame).filter_by(game_id=b1.id).one()
    assert (row.game1, row.game2) == ("", "0-2")
    db.session.expire_all()
    assert db.session.get(type(b1), b1.id).result.value == ""  # game 1 still to be entered
    page = client.get(f"/eventos/{event.id}/micro/rodadas/1/resultados").get_data(as_text=True)
    assert "0-2 <small class=\"muted\">(penalidade)" in page
    desk = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "2ª partida: 0-2" in desk
    url = f"/eventos/{event.id}/micro/rodadas/1/resultados"
    # the form cannot overwrite the game the penalty decided
    page = _post(client, url, {f"g1-{b1.id}": "1-1", f"g2-{b1.id}": "2-0", f"version-{b1.id}": b1.version})
    assert "a 2ª partida foi decidida por penalidade" in page
    assert db.session.query(MicroGame).filter_by(game_id=b1.id).one().game2 == "0-2"
    _post(client, url, {f"g1-{b1.id}": "1-1", f"g2-{b1.id}": "0-2", f"version-{b1.id}": b1.version,
                        f"g1-{b2.id}": "1-1", f"g2-{b2.id}": "1-1", f"version-{b2.id}": b2.version},
          expect="2 micro match(es) gravado(s).")
    names = {e.id: e.player.full_name for e in db.session.query(Entry)}
    table = _standings(client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True))
    # game 1 drawn (1-1), game 2 lost by White of game 1 by penalty (0-2): 1-3
    assert table[0] == (names[black], 3, 3, 2) and table[-1] == (names[white], 1, 1, 0)
    players = {e.id: e.player_id for e in db.session.query(Entry)}
    assert _card_points(client, event, players[white]) == "1" and _card_points(client, event, players[black]) == "3"
    page = client.get(url).get_data(as_text=True)
    assert "<strong>1-3</strong>" in page
    # the chief arbiter reverses it: game 2 has no result again, the round is not complete
    _post(client, f"/eventos/{event.id}/mesa/penalidades/reverter",
          {"penalty_id": penalty.id, "reason": "celular era do público"},
          expect="Penalidade revertida")
    db.session.expire_all()
    assert (db.session.query(MicroGame).filter_by(game_id=b1.id).one().game2) == ""
    page = client.get(url).get_data(as_text=True)
    assert "(penalidade)" not in page and "<strong>1-3</strong>" not in page
    _post(client, url, {f"g1-{b1.id}": "1-1", f"g2-{b1.id}": "2-0", f"version-{b1.id}": db.session.get(
        type(b1), b1.id).version}, expect="1 micro match(es) gravado(s).")
    table = _standings(client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True))
    assert table[0] == (names[white], 3, 3, 2)
    assert _card_points(client, event, players[white]) == "3"


def test_game_lost_by_both_in_a_micro_match(client, db, make_user, make_player, make_event,
                                            login_as):  # type: ignore[no-untyped-def]
    event, (b1, b2) = _setup(client, db, make_user, make_player, make_event, login_as)
    _post(client, f"/eventos/{event.id}/mesa/sancoes", {"s-round_number": 1, "s-entry_id": b1.black_entry_id,
                                                        "s-kind": "game_lost_both", "s-micro_game": 1})
    assert db.session.query(MicroGame).filter_by(game_id=b1.id).one().game1 == "0-0"
    url = f"/eventos/{event.id}/micro/rodadas/1/resultados"
    _post(client, url, {f"g1-{b1.id}": "0-0", f"g2-{b1.id}": "2-0", f"version-{b1.id}": b1.version,
                        f"g1-{b2.id}": "2-0", f"g2-{b2.id}": "2-0", f"version-{b2.id}": b2.version},
          expect="2 micro match(es) gravado(s).")
    assert "<strong>2-0</strong>" in client.get(url).get_data(as_text=True)
    names = {e.id: e.player.full_name for e in db.session.query(Entry)}
    table = dict((n, p) for n, p, _gp, _mp in _standings(
        client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True)))
    assert table[names[b1.white_entry_id]] == 2 and table[names[b1.black_entry_id]] == 0
