"""What the round-published mails cost (kind "pairings"): a 1,000-player round, 500 boards.

    python benchmarks/mail_round_publication.py [--players 1000]

Builds two running Swiss events of `--players` players each, round 1 paired through the
service: in the first no player has an account (mail off), in the second every player has a
verified account. Then, through the Flask test client as the arbiter:

1. publishes the first event's round: the time without mail;
2. publishes the second's with ``MAIL_AFTER_RESPONSE`` on (production's path without a
   worker): the request only registers the round's mails; reading the recipients, rendering
   and delivery (Flask-Mailman's locmem backend here) run after the response, so the request
   does not wait for them; prints the request's time, its SQL statements, then the time of
   what runs after the response and the mails delivered;
3. renders the same mails again and delivers them from one process to a real local SMTP
   server (aiosmtpd, `tests.smtp_server`) over one connection: mails per second.

Prints figures; asserts nothing about time (not a test).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import event as sa_event, select  # noqa: E402

from damas import create_app  # noqa: E402
from damas.config import TestConfig  # noqa: E402
from damas.extensions import db  # noqa: E402
from damas.models import Entry, EntryStatus, EventStatus, Player, Role, Round, User  # noqa: E402
from damas.services.events import lifecycle as event_service  # noqa: E402
from damas.services.mail.round_notices import round_published_batch  # noqa: E402
from damas.services.mail.sending import deliver_payloads  # noqa: E402
from damas.services.rounds.swiss import pair_next_round  # noqa: E402
from tests.smtp_server import SmtpServer  # noqa: E402

PASSWORD = "bench12345"


def build(staff: User, players: int, offset: int, accounts: bool) -> int:
    """A running Swiss (id) with round 1 paired, not published; accounts verified if asked."""
    event = event_service.create_event(staff, {
        "name": f"Aberto {offset}", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "dutch",
        "planned_rounds": 7, "time_minutes": 45, "time_increment": 0, "start_date": date(2026, 12, 1),
        "end_date": date(2026, 12, 3), "round_times": [datetime(2026, 12, 1, 9, 0)]})
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    now = datetime.now(timezone.utc)
    for i in range(players):
        player = Player(full_name=f"Jogador {offset + i:05d}", sex="M", birth_date=date(1990, 1, 1), state="CE",
                        federation_id=f"B{offset + i}", rating_regular=2200 - i)
        db.session.add(player)
        db.session.flush()
        db.session.add(Entry(event_id=event.id, player_id=player.id, rating_at_entry=2200 - i,
                             pairing_number=i + 1, status=EntryStatus.REGISTERED))
        if accounts:
            db.session.add(User(email=f"j{offset + i}@bench.damas.br", name=player.full_name, role=Role.PLAYER,
                                player_id=player.id, email_verified_at=now, locale="en" if i % 10 == 0 else "pt_BR",
                                password_hash="!"))  # no login needed: no hashing of 1,000 passwords
    db.session.commit()
    event_service.change_status(staff, event, EventStatus.RUNNING)
    pair_next_round(staff, event)
    return event.id


def publish(app: Any, client: Any, event_id: int) -> tuple[float, float, int]:
    """Wall and CPU seconds and SQL statements of the "Publicar rodada" request."""
    count = [0]

    def tick(*_a: Any, **_k: Any) -> None:
        count[0] += 1

    db.session.expunge_all()
    sa_event.listen(db.engine, "before_cursor_execute", tick)
    wall, cpu = time.perf_counter(), time.process_time()
    response = client.post(f"/eventos/{event_id}/rodadas/1/publicar")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    sa_event.remove(db.engine, "before_cursor_execute", tick)
    assert response.status_code == 302, response.data[:300]
    app.extensions["damas_bench_response"] = response  # closed by the caller: delivery runs then
    return wall, cpu, count[0]


def run(players: int) -> None:
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    with tempfile.TemporaryDirectory() as tmp:
        config.update({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.db", "PAGE_CACHE": False,
                       "MAIL_BACKEND": "locmem", "MAIL_AFTER_RESPONSE": True})
        app = create_app(config)
        with app.app_context():
            db.drop_all()
            db.create_all()
            staff = User(email="bench@damas.br", name="Bench", role=Role.STAFF)
            staff.set_password(PASSWORD)
            db.session.add(staff)
            db.session.commit()
            start = time.perf_counter()
            quiet = build(staff, players, 0, accounts=False)
            loud = build(staff, players, 100_000, accounts=True)
            print(f"sqlite: two events of {players} players built in {time.perf_counter() - start:.1f} s")
            client = app.test_client()
            client.post("/conta/entrar", data={"email": "bench@damas.br", "password": PASSWORD})
            outbox = app.extensions["mailman"].outbox = []
            wall, cpu, queries = publish(app, client, quiet)
            app.extensions.pop("damas_bench_response").close()
            print(f"  publish, mail off (no accounts)      {wall:6.2f} s wall {cpu:6.2f} s CPU {queries:4d} queries "
                  f"{len(outbox)} mails")
            wall, cpu, queries = publish(app, client, loud)
            print(f"  publish, {players} accounts (handed over) {wall:6.2f} s wall {cpu:6.2f} s CPU {queries:4d} queries "
                  f"{len(outbox)} mails delivered during the request")
            response = app.extensions.pop("damas_bench_response")
            delivery = time.perf_counter()
            response.close()  # what the server does once the response is out: the mails leave
            delivery = time.perf_counter() - delivery
            print(f"  after the response: built + delivered (locmem) {delivery:6.2f} s wall, {len(outbox)} mails, "
                  f"{len(outbox) / max(delivery, 1e-9):,.0f} mails/s")
            round_id = db.session.scalar(select(Round.id).where(Round.event_id == loud))
            smtp(config, loud, round_id)
            db.session.remove()
            db.drop_all()
            db.engine.dispose()


def smtp(config: dict[str, Any], event_id: int, round_id: int) -> None:
    """Render the round's mails and deliver them to a local aiosmtpd server from this process."""
    server = SmtpServer()
    try:
        app = create_app({**config, **server.config()})
        with app.app_context():
            render = time.perf_counter()
            mails = round_published_batch(event_id, round_id).render()
            render = time.perf_counter() - render
            payloads = [m.payload() for m in mails]
            sent = time.perf_counter()
            delivered = deliver_payloads(payloads)
            server.wait_for(len(payloads), seconds=120)
            sent = time.perf_counter() - sent
            db.session.remove()
        print(f"  render {len(mails)} mails (text + HTML, pt_BR/en)   {render:6.2f} s, {len(mails) / render:,.0f} mails/s")
        print(f"  SMTP (aiosmtpd, one process, one connection) {sent:6.2f} s for {delivered} mails "
              f"({len(server.messages)} received): {delivered / sent:,.0f} mails/s")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    run(parser.parse_args().players)


if __name__ == "__main__":
    main()
