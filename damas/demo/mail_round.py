"""Demo: the mails of a round's day (what `make run` writes to the outbox, read on "E-mails
enviados"), from a small rapid Swiss of six players run through the services:

* round 1 published: its two players with a verified account get their board, colour,
  opponent and planned time (kind "pairings");
* the arbiter enters board 1's result: its White is told (kind "results");
* board 2's White reports his result: board 2's Black is asked to confirm or report his
  (kind "results"), and the event's arbiter gets the round's boards waiting (kind "arbiter").

Only the accounts this needs are marked verified (`User.email_verified_at`): every other demo
account stays unverified and gets no notification.
"""
from __future__ import annotations

from datetime import date, datetime, time, timezone

from damas.extensions import db
from damas.models import EventStatus, GameResult, Player, Role, User
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.results.player_reports import report_result
from damas.services.results.recording import publish_round, record_results
from damas.services.rounds.swiss import pair_next_round
from damas.services.accounts.users import create_user

PASSWORD = "demo12345"
FIRST_COLOR_SEED = 7  # the colour lot of round 1, fixed: the demo is the same on every load


def _verified(user: User, today: date) -> User:
    """Mark the address proved (the demo's own day, so two loads agree)."""
    user.email_verified_at = datetime.combine(today, time(8, 0), tzinfo=timezone.utc)
    db.session.commit()
    return user


def _account(staff: User, player: Player, email: str, today: date) -> User:
    return _verified(create_user(staff, {"email": email, "name": player.full_name, "role": Role.PLAYER.value,
                                         "player_id": player.id, "password": PASSWORD}), today)


def demo_round_mails(staff: User, arbiter: User, players: list[Player], swiss_code: str, today: date) -> None:
    """The rapid Swiss of `players` (six without accounts) and the mails of its round 1; the
    three accounts stay (password demo12345) to log in and report or read."""
    event = event_service.create_event(staff, {
        "name": f"Rápido de Damas do Clube {today.year}", "discipline": "damas-64", "ruleset": "cbjd",
        "pairing_system": swiss_code, "planned_rounds": 3, "time_minutes": 15, "time_increment": 5,
        "start_date": today, "end_date": today, "venue": "Sede do clube, Fortaleza - CE",
        "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional", "notes": "",
        "round_times": [datetime.combine(today, time(hour, 0)) for hour in (19, 20, 21)],
        "player_reports": True,  # players report their own results
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    rnd = pair_next_round(staff, event, first_color_seed=FIRST_COLOR_SEED)
    first, second = sorted((g for g in rnd.games if g.black is not None), key=lambda g: g.board)[:2]
    _verified(arbiter, today)
    _account(staff, first.white.player, "rapido.brancas1@demo.damas.br", today)
    second_white = _account(staff, second.white.player, "rapido.brancas2@demo.damas.br", today)
    _account(staff, second.black.player, "rapido.pretas2@demo.damas.br", today)
    publish_round(arbiter, event, rnd)  # pairings: board 1's White, board 2's two players
    record_results(arbiter, event, {first.id: (GameResult.WHITE_WIN, first.version)})  # results: board 1's White
    report_result(second_white, event, second.id, GameResult.DRAW.value, rnd.number)  # board 2's Black; the arbiter
