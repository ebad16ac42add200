"""Result mails (kind "results"): the arbiter's entry or correction tells both players of the
board; a player's report tells his opponent to confirm or report his; reports in conflict tell
both that the arbiter decides; agreeing reports tell both the result is entered."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from damas.models import EventStatus, Game, Role, Round, RoundStatus
from damas.services.mail.preferences import set_kinds_on
from tests.conftest import login
from tests.web.mail.mail_helpers import outbox

NOW = datetime.now(timezone.utc)


def _event(db: Any, make_event: Any, make_player: Any, make_user: Any) -> Any:
    """Round 1 published, boards 1 (users 0 × 2) and 2 (users 3 × 1); reports allowed."""
    arbiter = make_user(Role.ARBITER)
    players = [make_player(full_name=f"Jogadora {i}", rating_regular=2000 - i) for i in range(4)]
    event = make_event(arbiters=(arbiter,), players=tuple(players), status=EventStatus.RUNNING, player_reports=True)
    a, b, c, d = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id),
                 Game(board=2, white_entry_id=d.id, black_entry_id=b.id)]
    db.session.add(rnd)
    db.session.commit()
    users = [make_user(Role.PLAYER, player_id=p.id, name=p.full_name, email_verified_at=NOW) for p in players]
    return event, rnd, arbiter, users


def _report(app: Any, user: Any, event: Any, game: Any, result: str) -> str:
    client = app.test_client()
    login(client, user)
    return client.post(f"/eventos/{event.id}/rodadas/1/informar",
                       data={"game_id": game.id, "result": result, "back": "round", "confirmed": "1"},
                       follow_redirects=True).get_data(as_text=True)


def _enter(app: Any, db: Any, arbiter: Any, event: Any, game_id: int, result: str) -> str:
    db.session.expire_all()
    game = db.session.get(Game, game_id)
    client = app.test_client()
    login(client, arbiter)
    return client.post(f"/eventos/{event.id}/rodadas/1/resultados",
                       data={f"result-{game.id}": result, f"version-{game.id}": game.version}, follow_redirects=True).get_data(as_text=True)


def test_result_entered_then_corrected_tells_both_players(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiter, users = _event(db, make_event, make_player, make_user)
    game_id = rnd.games[0].id
    users[2].locale = "en"
    db.session.commit()
    assert "1 resultado(s) gravado(s)." in _enter(app, db, arbiter, event, game_id, "1-0")
    mails = {m.to[0]: m for m in outbox(app)}
    assert set(mails) == {users[0].email, users[2].email}  # board 2's players hear nothing
    white = mails[users[0].email]
    assert white.subject == f"{event.name}: resultado lançado na rodada 1"
    assert "Resultado lançado pelo árbitro" in white.body
    assert "Mesa 1: Jogadora 0 (brancas) × Jogadora 2 (pretas)." in white.body
    assert "Resultado: Vitória das brancas (2 – 0)." in white.body  # CBJD: a win is 2 points
    english = mails[users[2].email]
    assert english.subject == f"{event.name}: result entered in round 1"
    assert "Result: White wins (2 – 0)." in english.body and "Board 1: Jogadora 0 (White)" in english.body
    _enter(app, db, arbiter, event, game_id, "=-=")
    corrected = [m for m in outbox(app)[2:] if m.to == [users[0].email]]
    assert len(corrected) == 1 and corrected[0].subject == f"{event.name}: resultado corrigido na rodada 1"
    assert "Resultado corrigido pelo árbitro" in corrected[0].body and "Empate (1 – 1)" in corrected[0].body


def test_a_report_tells_the_opponent_to_confirm(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]
    _report(app, users[0], event, game, "1-0")
    to_opponent = [m for m in outbox(app) if m.to == [users[2].email]]
    assert len(to_opponent) == 1
    mail = to_opponent[0]
    assert mail.subject == f"{event.name}: seu adversário informou o resultado da mesa 1"
    assert "Jogadora 0 informou: Vitória das brancas (2 – 0)." in mail.body
    assert "Confirme informando o mesmo resultado, ou informe o seu" in mail.body
    assert not [m for m in outbox(app) if m.to == [users[0].email]]  # the reporter is not mailed


def test_a_conflict_tells_both_and_agreement_enters(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    first, second = rnd.games
    _report(app, users[0], event, first, "1-0")
    before = len(outbox(app))
    _report(app, users[2], event, first, "=-=")
    conflict = [m for m in outbox(app)[before:] if m.to[0] in (users[0].email, users[2].email)]
    assert sorted(m.to[0] for m in conflict) == sorted([users[0].email, users[2].email])
    for mail in conflict:
        assert mail.subject == f"{event.name}: resultados divergentes na mesa 1"
        assert "Brancas informaram: Vitória das brancas (2 – 0)." in mail.body
        assert "Pretas informaram: Empate (1 – 1)." in mail.body and "O árbitro decide o resultado." in mail.body
    _report(app, users[3], event, second, "0-1")
    before = len(outbox(app))
    _report(app, users[1], event, second, "0-1")
    agreed = [m for m in outbox(app)[before:]]
    assert sorted(m.to[0] for m in agreed) == sorted([users[1].email, users[3].email])
    assert all("Resultado confirmado pelos dois jogadores" in m.body for m in agreed)


def test_opted_out_or_unverified_players_get_no_result_mail(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiter, users = _event(db, make_event, make_player, make_user)
    users[2].email_verified_at = None
    db.session.commit()
    set_kinds_on(users[0], users[0], {"pairings"})
    _enter(app, db, arbiter, event, rnd.games[0].id, "1-0")
    assert outbox(app) == []


def test_a_report_taken_back_is_told_to_the_opponent(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    first = rnd.games[0]
    _report(app, users[0], event, first, "1-0")  # the opponent (user 2) is told of it
    client = app.test_client()
    login(client, users[0])
    client.post(f"/eventos/{event.id}/rodadas/1/retirar-informado", data={"game_id": first.id, "back": "round"})
    told = [m for m in outbox(app) if m.to == [users[2].email]]
    assert [m.subject for m in told] == [f"{event.name}: seu adversário informou o resultado da mesa 1",
                                         f"{event.name}: relato retirado na mesa 1"]
    assert "Jogadora 0 retirou: Vitória das brancas (2 – 0)." in told[-1].body
    assert [m for m in outbox(app) if m.to == [users[0].email]] == []  # the one who took it back knows
