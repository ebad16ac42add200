"""Crowds and double clicks against a real threaded server (issue 14, points 5 and 6).

Each test starts werkzeug's threaded server on 127.0.0.1 over a database file (SQLite) or the
test PostgreSQL database (TEST_DATABASE_URL), logs every client in with its own session, then
releases all the requests at once. Every request must get a clear answer (no 500), and the
event must end as if they had come one after the other: unique pairing numbers, one round,
one publication, one audit entry each.
"""
from __future__ import annotations

import os
import threading
from collections import Counter
from datetime import date
from typing import Any, Callable, Iterator

import pytest
import requests
from werkzeug.serving import make_server

from damas import create_app
from damas.config import TestConfig
from damas.extensions import db as _db
from damas.models import AuditEntry, Entry, EntryStatus, Event, EventStatus, Player, Role, Round, RoundStatus, User
from damas.models.registration import GuestPolicy, RegistrationSettings

PASSWORD = "segredo123"


class Live:
    """The running server: its base URL and the app (for set-up and checks in an app context)."""

    def __init__(self, app: Any, url: str) -> None:
        self.app, self.url = app, url

    def add_user(self, role: Role, email: str, player: Player | None = None) -> None:
        user = User(email=email, name=email.split("@")[0], role=role, player_id=player.id if player else None)
        user.set_password(PASSWORD)
        _db.session.add(user)

    def client(self, email: str) -> requests.Session:
        session = requests.Session()
        session.trust_env = False  # no proxy for 127.0.0.1
        response = session.post(f"{self.url}/conta/entrar", data={"email": email, "password": PASSWORD},
                                allow_redirects=False, timeout=60)
        assert response.status_code == 302, response.text[:500]
        return session


@pytest.fixture
def live(tmp_path: Any) -> Iterator[Live]:
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'rush.db'}"
    config = type("LiveConfig", (TestConfig,), {"SQLALCHEMY_DATABASE_URI": url, "RATELIMIT_ENABLED": False})
    app = create_app(config)
    with app.app_context():
        _db.drop_all()
        _db.create_all()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with app.app_context():
            yield Live(app, f"http://127.0.0.1:{server.server_port}")
            _db.session.remove()
    finally:
        server.shutdown()
        thread.join(10)
        with app.app_context():
            _db.drop_all()
            _db.engine.dispose()


def rush(clients: list[requests.Session], url: str, classify: Callable[[str], str]) -> Counter:
    """POST `url` from every client at the same moment; count the answers by kind (or status)."""
    barrier = threading.Barrier(len(clients))
    answers: list[str] = []
    lock = threading.Lock()

    def one(session: requests.Session) -> None:
        barrier.wait()
        try:
            response = session.post(url, timeout=120)
            kind = classify(response.text) if response.status_code == 200 else f"HTTP {response.status_code}"
        except requests.RequestException as error:  # pragma: no cover - reported as an answer
            kind = f"error {type(error).__name__}"
        with lock:
            answers.append(kind)

    threads = [threading.Thread(target=one, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    print(f"\n{url}: {len(answers)} requests -> {dict(Counter(answers))}")
    return Counter(answers)


def _kind(messages: dict[str, str]) -> Callable[[str], str]:
    def classify(page: str) -> str:
        found = [kind for text, kind in messages.items() if text in page]
        return found[0] if len(found) == 1 else "unclear"

    return classify


def _event(**values: Any) -> Event:
    event = Event(name="Relâmpago da corrida", discipline="damas-64", ruleset="cbjd", planned_rounds=5,
                  time_minutes=45, time_increment=0, start_date=date(2026, 12, 5), end_date=date(2026, 12, 6),
                  **values)
    _db.session.add(event)
    _db.session.flush()
    return event


@pytest.mark.parametrize("online", [True, False], ids=["online-starts-when-full", "capacity-full"])
def test_registration_rush_gives_every_guest_a_clear_answer(live: Live, online: bool) -> None:
    """20 guests press "register" together for 12 places: 12 registered with numbers 1..12; the
    8 others are told the event started (join the reserve list) or that it is full."""
    event = _event(pairing_system="dutch", status=EventStatus.REGISTRATION)
    _db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                         guest_places=0, capacity=12, online=online, allow_half_bye=False,
                                         schedule="", prizes="", contacts=""))
    emails = []
    for n in range(20):
        player = Player(full_name=f"Convidado {n:02d}", sex="M", birth_date=date(1990, 1, 1), state="CE",
                        rating_regular=1400 + 10 * n, rating_rapid=1400)
        _db.session.add(player)
        _db.session.flush()
        emails.append(f"convidado{n}@rush.br")
        live.add_user(Role.PLAYER, emails[-1], player)
    _db.session.commit()
    event_id = event.id
    clients = [live.client(email) for email in emails]

    late = "O evento já começou; você pode entrar na lista de reserva." if online else "Não há mais vagas neste evento."
    answers = rush(clients, f"{live.url}/eventos/{event_id}/inscricao/inscrever",
                   _kind({"Inscrição confirmada.": "registered", late: "reserve" if online else "full"}))

    assert answers == Counter({"registered": 12, "reserve" if online else "full": 8})
    _db.session.expire_all()
    entries = _db.session.query(Entry).filter_by(event_id=event_id).all()
    assert len(entries) == 12 and all(e.status == EntryStatus.REGISTERED for e in entries)
    assert sorted(e.pairing_number for e in entries) == list(range(1, 13))
    assert _db.session.query(AuditEntry).filter_by(action="register", event_id=event_id).count() == 12
    status = _db.session.get(Event, event_id).status
    assert status == (EventStatus.RUNNING if online else EventStatus.REGISTRATION)


def test_double_clicks_pair_and_publish_a_round_once(live: Live) -> None:
    """10 simultaneous "pair next round", then 10 simultaneous "publish": one round, published
    once, one audit entry each; the other requests are told it is already paired / published."""
    event = _event(pairing_system="dutch", status=EventStatus.REGISTRATION)
    for n in range(8):
        player = Player(full_name=f"Suíço {n}", sex="M", birth_date=date(1990, 1, 1), state="CE",
                        federation_id=f"CE-{n}", rating_regular=2000 - 10 * n, rating_rapid=1500)
        _db.session.add(player)
        _db.session.flush()
        _db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=n + 1,
                              rating_at_entry=player.rating_regular, status=EntryStatus.REGISTERED))
    live.add_user(Role.STAFF, "staff@rush.br")
    _db.session.commit()
    event_id = event.id
    clients = [live.client("staff@rush.br") for _ in range(10)]

    paired = rush(clients, f"{live.url}/eventos/{event_id}/rodadas/emparceirar",
                  _kind({"Rodada 1 emparceirada.": "paired", "A rodada 1 já está emparceirada": "already paired"}))
    assert paired == Counter({"paired": 1, "already paired": 9})
    _db.session.expire_all()
    assert _db.session.query(Round).filter_by(event_id=event_id).count() == 1
    assert _db.session.query(AuditEntry).filter_by(action="pair", event_id=event_id).count() == 1

    published = rush(clients, f"{live.url}/eventos/{event_id}/rodadas/1/publicar",
                     _kind({"Rodada 1 publicada.": "published", "Esta rodada já foi publicada.": "already published"}))
    assert published == Counter({"published": 1, "already published": 9})
    _db.session.expire_all()
    assert _db.session.query(Round).filter_by(event_id=event_id).one().status == RoundStatus.PUBLISHED
    assert _db.session.query(AuditEntry).filter_by(action="publish", event_id=event_id).count() == 1
