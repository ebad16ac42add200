"""The first board of a round to wait for the arbiter (one player's report) mails each of the
event's arbiters (kind "arbiter") one mail listing the round's boards waiting; further reports and
conflicts of the round do not, until every waiting board has its result; agreement or the
arbiter's own entry does not; an arbiter who turned the kind off gets none."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from damas.models import EventStatus, Game, GameResult, Role, Round, RoundStatus
from damas.services.mail.preferences import set_kinds_on
from tests.conftest import login
from tests.web.mail.mail_helpers import outbox

NOW = datetime.now(timezone.utc)


def _event(db: Any, make_event: Any, make_player: Any, make_user: Any) -> Any:
    arbiters = (make_user(Role.ARBITER, email_verified_at=NOW), make_user(Role.ARBITER, email_verified_at=NOW))
    players = [make_player(full_name=f"Enxadrista {i}", rating_regular=1900 - i) for i in range(4)]
    event = make_event(arbiters=arbiters, players=tuple(players), status=EventStatus.RUNNING, player_reports=True)
    a, b, c, d = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id),
                 Game(board=2, white_entry_id=d.id, black_entry_id=b.id)]
    db.session.add(rnd)
    db.session.commit()
    users = [make_user(Role.PLAYER, player_id=p.id, name=p.full_name, email_verified_at=NOW) for p in players]
    return event, rnd, arbiters, users


def _report(app: Any, user: Any, event: Any, game: Any, result: str) -> None:
    client = app.test_client()
    login(client, user)
    client.post(f"/eventos/{event.id}/rodadas/1/informar",
                data={"game_id": game.id, "result": result, "back": "round", "confirmed": "1"})


def _to(app: Any, user: Any) -> list[Any]:
    return [m for m in outbox(app) if m.to == [user.email]]


def test_one_mail_per_arbiter_per_round_while_boards_wait(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiters, users = _event(db, make_event, make_player, make_user)
    first, second = rnd.games
    _report(app, users[0], event, first, "1-0")  # board 1: White alone, the round's first to wait
    for arbiter in arbiters:
        (mail,) = _to(app, arbiter)
        assert mail.subject == f"{event.name}: relatos de resultado à espera na rodada 1"
        assert ("Mesa 1 (Enxadrista 0 × Enxadrista 2), à espera do adversário: brancas informaram Vitória das "
                "brancas (2 – 0); pretas informaram —.") in mail.body
        assert "sem outro e-mail" in mail.body
        assert "Árbitro: relatos de resultado à espera nas minhas rodadas" in mail.body  # the kind, in the footer
    _report(app, users[1], event, second, "=-=")  # board 2: Black alone
    _report(app, users[2], event, first, "0-1")  # board 1: now in conflict
    assert len(_to(app, arbiters[0])) == 1 and len(_to(app, arbiters[1])) == 1  # the page shows them, no more mail
    first.result, second.result = GameResult.WHITE_WIN, GameResult.DRAW  # the arbiter decides both boards
    db.session.commit()
    rnd2 = Round(event_id=event.id, number=2, status=RoundStatus.PUBLISHED)
    a, b, c, d = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd2.games = [Game(board=1, white_entry_id=b.id, black_entry_id=a.id)]
    db.session.add(rnd2)
    db.session.commit()
    client = app.test_client()
    login(client, users[1])
    client.post(f"/eventos/{event.id}/rodadas/2/informar",
                data={"game_id": rnd2.games[0].id, "result": "1-0", "back": "round", "confirmed": "1"})
    later = _to(app, arbiters[0])[-1]  # round 2's first waiting board: a mail of its own
    assert len(_to(app, arbiters[0])) == 2 and later.subject == f"{event.name}: relatos de resultado à espera na rodada 2"


def test_agreement_tells_no_arbiter_and_an_arbiter_may_opt_out(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiters, users = _event(db, make_event, make_player, make_user)
    set_kinds_on(arbiters[1], arbiters[1], {"results", "pairings"})
    first = rnd.games[0]
    _report(app, users[0], event, first, "1-0")
    assert len(_to(app, arbiters[0])) == 1 and _to(app, arbiters[1]) == []
    _report(app, users[2], event, first, "1-0")  # agreement: entered, nothing waits
    assert len(_to(app, arbiters[0])) == 1


def test_english_arbiter(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiters, users = _event(db, make_event, make_player, make_user)
    arbiters[0].locale = "en"
    db.session.commit()
    _report(app, users[0], event, rnd.games[0], "1-0")
    (mail,) = _to(app, arbiters[0])
    assert mail.subject == f"{event.name}: result reports waiting in round 1"
    assert ("Board 1 (Enxadrista 0 × Enxadrista 2), waiting for the opponent: White reported White wins (2 – 0); "
            "Black reported —.") in mail.body
