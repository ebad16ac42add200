"""A rating period is closed once: five staff sessions posting the same close at the same moment
(or a double click) made five closed periods over the same events, each player five records and
ratings moved more than once; five reopens each answered and wrote an audit row. Close and reopen
are serialised per rating list and an event can be in one closed period only (a unique
constraint); the losers are told so and change nothing. Real concurrent requests against a
threaded server, on SQLite (a database file) and PostgreSQL (TEST_DATABASE_URL)."""
from __future__ import annotations

import itertools
from collections import Counter
from datetime import date

from sqlalchemy import func, select

from damas.extensions import db as _db
from damas.models import AuditEntry, EventStatus, Player, RatingPeriod, RatingPeriodEvent, RatingRecord, Role, User
from tests.web.awards.test_awards_helpers import finished_round_robin
from tests.web.serving.test_concurrency import Live, _kind, live, rush  # noqa: F401  (live: the fixture)

FORM = {"name": "Junho", "rating_list": "damas-64:regular", "start_date": "2026-06-01", "end_date": "2026-06-30",
        "list_date": "2026-07-01", "close": "1"}
_numbers = itertools.count(1)


def _make_user(role: Role) -> User:
    n = next(_numbers)
    user = User(email=f"pessoa{n}@periodo.br", name=f"Pessoa {n}", role=role)
    user.set_password("segredo123")
    _db.session.add(user)
    _db.session.commit()
    return user


def _make_player(**values) -> Player:  # type: ignore[no-untyped-def]
    player = Player(state="CE", **values)
    _db.session.add(player)
    _db.session.commit()
    return player


def _finished_event_and_staff(live: Live, sessions: int) -> list:  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(_db, _make_user, _make_player)
    event.status = EventStatus.FINISHED
    emails = []
    for n in range(sessions):
        emails.append(f"staff{n}@periodo.br")
        live.add_user(Role.STAFF, emails[-1])
    _db.session.commit()
    return [live.client(email) for email in emails]


def _post_all(clients, url: str, data: dict) -> Counter:  # type: ignore[no-untyped-def]
    return rush([_Poster(client, data) for client in clients], url, _kind({  # type: ignore[misc]
        "fechado: novos ratings publicados": "closed", "já está fechado": "refused",
        "reaberto: os ratings anteriores voltaram": "reopened", "já foi reaberto": "refused"}))


class _Poster:
    """A signed-in session that sends the form (and follows the redirect) on each POST of a rush."""

    def __init__(self, session, data: dict) -> None:  # type: ignore[no-untyped-def]
        self.session, self.data = session, data

    def post(self, url: str, **kwargs):  # type: ignore[no-untyped-def]
        return self.session.post(url, data=self.data, allow_redirects=True, **kwargs)


def test_rating_period_closed_once_under_parallel_posts(live: Live) -> None:
    clients = _finished_event_and_staff(live, 5)
    answers = _post_all(clients, f"{live.url}/rating/periodos", FORM)
    assert answers == Counter({"closed": 1, "refused": 4})
    _db.session.expire_all()
    assert _db.session.scalar(select(func.count(RatingPeriod.id))) == 1
    per_player = Counter(_db.session.scalars(select(RatingRecord.player_id).where(RatingRecord.period_id.is_not(None))))
    assert per_player and set(per_player.values()) == {1}
    conceicao = _db.session.scalar(select(Player).where(Player.full_name == "João Conceição"))
    assert conceicao.rating_regular == 2018  # moved once (2000 + 18), not twice
    assert _db.session.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.action == "close")) == 1
    assert _db.session.scalar(select(func.count(RatingPeriodEvent.id))) == 1


def test_rating_period_reopened_once_under_parallel_posts(live: Live) -> None:
    clients = _finished_event_and_staff(live, 5)
    assert _post_all(clients[:1], f"{live.url}/rating/periodos", FORM) == Counter({"closed": 1})
    period_id = _db.session.scalar(select(RatingPeriod.id))
    answers = _post_all(clients, f"{live.url}/rating/periodos/{period_id}/reabrir", {})
    assert answers == Counter({"reopened": 1, "refused": 4})
    _db.session.expire_all()
    assert _db.session.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.action == "reopen")) == 1
    assert _db.session.scalar(select(func.count(RatingRecord.id)).where(RatingRecord.period_id.is_not(None))) == 0
    conceicao = _db.session.scalar(select(Player).where(Player.full_name == "João Conceição"))
    assert conceicao.rating_regular == 2000
    assert _db.session.scalar(select(func.count(RatingPeriodEvent.id))) == 0
