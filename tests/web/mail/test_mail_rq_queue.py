"""With the cache on Redis and a `flask damas worker` alive, a request's mails are RQ jobs on the
``damas-mail`` queue with retries (the request only enqueues them), and the worker sends them
through a real SMTP server; with no worker alive they leave from the app process, as without
Redis. A notification's mails are built by the worker too (a job of their own), not by the
request that published the round."""
from __future__ import annotations

from datetime import date, datetime, timezone

import pytest
from redis import Redis
from rq import Queue, SimpleWorker

from damas import create_app
from damas.config import TestConfig
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Game, Player, Role, Round, RoundStatus, User
from damas.services.mail import MAIL_QUEUE
from tests.conftest import login
from tests.live_servers import has_redis_server, redis_url  # noqa: F401 (the fixture)
from tests.smtp_server import SmtpServer, smtp_server  # noqa: F401 (the fixture)

pytestmark = pytest.mark.skipif(not has_redis_server(), reason="redis-server is not installed")


@pytest.fixture
def queued_app(tmp_path, redis_url, smtp_server: SmtpServer):  # type: ignore[no-untyped-def]
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    url = TestConfig.SQLALCHEMY_DATABASE_URI  # PostgreSQL on its pass of the suite (a DATABASE_FIXTURES name)
    config.update(SQLALCHEMY_DATABASE_URI=url if url.startswith("postgresql") else f"sqlite:///{tmp_path / 'mail.db'}",
                  CACHE_URL=redis_url, MAIL_AFTER_RESPONSE=True, **smtp_server.config())
    app = create_app(config)
    with app.app_context():
        db.drop_all()
        db.create_all()
        user = User(email="secretaria@example.org", name="Secretaria", role=Role.STAFF)
        user.set_password("secret123")
        db.session.add(user)
        db.session.commit()
        yield app, user
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def test_with_a_worker_alive_mails_are_rq_jobs_the_worker_sends(queued_app, redis_url, smtp_server):  # type: ignore[no-untyped-def]
    app, user = queued_app
    connection = Redis.from_url(redis_url)
    alive = SimpleWorker([MAIL_QUEUE], connection=connection, name="alive")
    alive.register_birth()  # a worker is alive: the app hands its mails to the queue
    try:
        client = app.test_client()
        login(client, user)
        response = client.post("/federacao/emails/teste")
        response.close()
        assert response.status_code == 302 and smtp_server.messages == []  # queued, not sent by the request
        (job,) = Queue(MAIL_QUEUE, connection=connection).jobs
        assert job.func_name == "damas.services.mail.sending.deliver_job" and job.retries_left == 3
        SimpleWorker([MAIL_QUEUE], connection=connection, name="sender").work(burst=True)  # as `flask damas worker`
    finally:
        alive.register_death()
    (message,) = smtp_server.wait_for(1)
    assert message["To"] == "secretaria@example.org" and message["Subject"] == "E-mail de teste do sistema da federação"


def test_with_no_worker_alive_the_app_sends_after_the_response(queued_app, redis_url, smtp_server):  # type: ignore[no-untyped-def]
    app, user = queued_app
    client = app.test_client()
    login(client, user)
    response = client.post("/federacao/emails/teste")
    assert Queue(MAIL_QUEUE, connection=Redis.from_url(redis_url)).count == 0
    response.close()  # the response has gone out: now the mail
    (message,) = smtp_server.wait_for(1)
    assert message["To"] == "secretaria@example.org"


def test_with_a_worker_alive_a_round_publication_is_built_and_sent_by_the_worker(queued_app, redis_url,  # type: ignore[no-untyped-def]
                                                                               smtp_server):
    app, staff = queued_app
    now = datetime.now(timezone.utc)
    event = Event(name="Aberto da Fila", discipline="damas-64", ruleset="cbjd", pairing_system="dutch",
                  planned_rounds=5, time_minutes=45, time_increment=0, start_date=date(2026, 12, 5),
                  end_date=date(2026, 12, 6), status=EventStatus.RUNNING)
    db.session.add(event)
    db.session.flush()
    entries = []
    for i in range(2):
        player = Player(full_name=f"Jogador {i}", sex="M", rating_regular=1800 - i)
        db.session.add(player)
        db.session.flush()
        db.session.add(User(email=f"j{i}@example.org", name=player.full_name, role=Role.PLAYER, player_id=player.id,
                            email_verified_at=now, password_hash="!"))
        entries.append(Entry(event_id=event.id, player_id=player.id, pairing_number=i + 1, rating_at_entry=1800 - i,
                             status=EntryStatus.REGISTERED))
    db.session.add_all(entries)
    db.session.flush()
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PAIRED)
    rnd.games = [Game(board=1, white_entry_id=entries[0].id, black_entry_id=entries[1].id)]
    db.session.add(rnd)
    db.session.commit()
    connection = Redis.from_url(redis_url)
    alive = SimpleWorker([MAIL_QUEUE], connection=connection, name="alive")
    alive.register_birth()
    try:
        client = app.test_client()
        login(client, staff)
        response = client.post(f"/eventos/{event.id}/rodadas/1/publicar")
        response.close()
        assert response.status_code == 302 and smtp_server.messages == []
        (job,) = Queue(MAIL_QUEUE, connection=connection).jobs  # the mails' building, a job of its own
        assert job.func_name == "damas.services.mail.round_notices.notify_round_published"
        SimpleWorker([MAIL_QUEUE], connection=connection, name="sender").work(burst=True)  # builds, queues, sends
    finally:
        alive.register_death()
    messages = smtp_server.wait_for(2)
    assert sorted(m["To"] for m in messages) == ["j0@example.org", "j1@example.org"]
    assert all(m["Subject"] == "Aberto da Fila: rodada 1 publicada" for m in messages)


def test_a_worker_of_the_sheets_only_does_not_take_the_mails(queued_app, redis_url, smtp_server):  # type: ignore[no-untyped-def]
    app, user = queued_app
    connection = Redis.from_url(redis_url)
    sheets = SimpleWorker(["damas-sheets"], connection=connection, name="sheets-only")
    sheets.register_birth()  # `flask damas worker --lane sheets`: alive, but never on the mail queue
    try:
        client = app.test_client()
        login(client, user)
        response = client.post("/federacao/emails/teste")
        assert Queue(MAIL_QUEUE, connection=connection).count == 0
        response.close()
    finally:
        sheets.register_death()
    (message,) = smtp_server.wait_for(1)
    assert message["To"] == "secretaria@example.org"
