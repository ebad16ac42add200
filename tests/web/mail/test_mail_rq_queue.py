"""With the cache on Redis and a `flask damas worker` alive, a request's mails are RQ jobs on the
``damas-mail`` queue with retries (the request only enqueues them), and the worker sends them
through a real SMTP server; with no worker alive they leave from the app process, as without
Redis."""
from __future__ import annotations

import pytest
from redis import Redis
from rq import Queue, SimpleWorker

from damas import create_app
from damas.config import TestConfig
from damas.extensions import db
from damas.models import Role, User
from damas.services.mail import MAIL_QUEUE
from tests.conftest import login
from tests.live_servers import RedisServer, has_redis_server
from tests.smtp_server import SmtpServer, smtp_server  # noqa: F401 (the fixture)

pytestmark = pytest.mark.skipif(not has_redis_server(), reason="redis-server is not installed")


@pytest.fixture
def redis_url(tmp_path):  # type: ignore[no-untyped-def]
    server = RedisServer(tmp_path)
    yield server.url
    server.stop()


@pytest.fixture
def queued_app(tmp_path, redis_url, smtp_server: SmtpServer):  # type: ignore[no-untyped-def]
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config.update(SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'mail.db'}", CACHE_URL=redis_url,
                  MAIL_AFTER_RESPONSE=True, **smtp_server.config())
    app = create_app(config)
    with app.app_context():
        db.create_all()
        user = User(email="secretaria@example.org", name="Secretaria", role=Role.STAFF)
        user.set_password("secret123")
        db.session.add(user)
        db.session.commit()
        yield app, user
        db.session.remove()
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
