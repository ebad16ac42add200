"""CLUB "Reserva": a round-1 no-show is replaced by the first reserve, who takes his place and
points — in a round robin his pairing number (every round is generated at once), in a knockout
his place in the bracket before his first game; refused where the rules forbid it."""
from __future__ import annotations

from damas.models import Entry, EventArbiter, EventStatus, GameResult, Role, Round
from damas.models.registration import ReserveEntry
from tests.web.knockout.test_knockout_event import _post_game
from tests.web.registration.test_registration import player_user, setup  # noqa: F401  (fixtures)


def _substitute(client, event_id: int, entry_id: int) -> str:  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event_id}/reserva/substituir", data={"entry_id": entry_id},
                       follow_redirects=True).get_data(as_text=True)


def _with_reserve(client, db, login_as, player_user, make_user, event):  # type: ignore[no-untyped-def]
    reserve = player_user(full_name="Reserva Primeiro")
    login_as(reserve)
    page = client.post(f"/eventos/{event.id}/reserva/entrar", follow_redirects=True).get_data(as_text=True)
    assert "Você está na lista de reserva." in page, page[:2000]
    arbiter = make_user(Role.ARBITER)
    db.session.add(EventArbiter(event_id=event.id, user_id=arbiter.id))
    db.session.commit()
    login_as(arbiter)
    return reserve


def test_club_reserva_round_robin_no_show_is_replaced_taking_his_pairing_number(  # type: ignore[no-untyped-def]
        client, db, login_as, player_user, make_user, make_player, make_event, setup):
    players = tuple(make_player(rating_regular=2000 - i) for i in range(4))
    event = setup(make_event(status=EventStatus.REGISTRATION, players=players, ruleset="club", time_minutes=10))
    login_as(make_user(Role.STAFF))
    client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"})
    rounds = db.session.query(Round).filter_by(event_id=event.id).order_by(Round.number).all()
    assert len(rounds) == 3
    for r in rounds:
        client.post(f"/eventos/{event.id}/rodadas/{r.number}/publicar")
    reserve = _with_reserve(client, db, login_as, player_user, make_user, event)
    no_show = rounds[0].games[0].black
    number, later_boards = no_show.pairing_number, [g.id for r in rounds[1:] for g in r.games
                                                    if no_show.id in (g.white_entry_id, g.black_entry_id)]
    page = _substitute(client, event.id, no_show.id)
    assert "entrou no lugar do ausente" in page, page[:3000]
    db.session.expire_all()
    assert no_show.player_id == reserve.player_id and no_show.pairing_number == number
    # he plays the no-show's games of every later round under his number
    assert len(later_boards) == 2
    assert "fica com o número de emparceiramento dele" in client.get(
        f"/eventos/{event.id}/regulamento").get_data(as_text=True)


def test_club_reserva_round_robin_refused_after_round_one(  # type: ignore[no-untyped-def]
        client, db, login_as, player_user, make_user, make_player, make_event, setup):
    players = tuple(make_player(rating_regular=2000 - i) for i in range(4))
    event = setup(make_event(status=EventStatus.REGISTRATION, players=players, ruleset="club", time_minutes=10))
    login_as(make_user(Role.STAFF))
    client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"})
    rounds = db.session.query(Round).filter_by(event_id=event.id).order_by(Round.number).all()
    for r in rounds:
        client.post(f"/eventos/{event.id}/rodadas/{r.number}/publicar")
    _with_reserve(client, db, login_as, player_user, make_user, event)
    no_show = rounds[0].games[0].black
    g2 = rounds[1].games[0]
    g2.result = GameResult.DRAW  # round 2 has begun
    db.session.commit()
    page = _substitute(client, event.id, no_show.id)
    assert "Não há substituições depois da 1ª rodada." in page
    db.session.expire_all()
    assert db.session.query(ReserveEntry).filter_by(event_id=event.id).one().status.value == "waiting"


def test_club_reserva_knockout_before_the_no_shows_first_game_only(  # type: ignore[no-untyped-def]
        client, db, login_as, player_user, make_user, make_player, make_event, setup):
    players = tuple(make_player(rating_regular=2000 - 10 * i) for i in range(4))
    event = setup(make_event(status=EventStatus.REGISTRATION, players=players, ruleset="club",
                             pairing_system="knockout", time_minutes=10))
    login_as(make_user(Role.STAFF))
    client.post(f"/eventos/{event.id}/eliminatoria/iniciar")
    db.session.expire_all()
    assert event.status == EventStatus.RUNNING
    reserve = _with_reserve(client, db, login_as, player_user, make_user, event)
    entries = {e.pairing_number: e for e in db.session.query(Entry).filter_by(event_id=event.id)}
    # 1 v 4 and 2 v 3 (tie 1.1); tie 1.1 is played, so 2 and 3 are no substitutes' places any more
    assert "Partida gravada." in _post_game(client, db, event.id, (1, 1), "1-0").get_data(as_text=True)
    page = _substitute(client, event.id, entries[3].id)
    assert "Na eliminatória, a substituição só vale antes da primeira partida do jogador." in page
    page = _substitute(client, event.id, entries[4].id)
    assert "entrou no lugar do ausente" in page, page[:3000]
    db.session.expire_all()
    assert entries[4].player_id == reserve.player_id and entries[4].pairing_number == 4
    bracket = client.get(f"/eventos/{event.id}/eliminatoria").get_data(as_text=True)
    assert "Reserva Primeiro" in bracket
    assert "fica com o lugar dele na chave" in client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
