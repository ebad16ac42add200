"""Server time of saving a whole round's results form (issue 27 point 3: 500 boards under 3 s).

    python benchmarks/results_entry.py [--players 1000] [--ruleset cbjd]

Builds a running Swiss of `--players` players through the services (event, the first 20
entries, start, round 1 paired and published; the other entries as rows, see `ENTERED`), logs in as staff and posts the round's results form with every
board filled in (`rounds.save_results`, as the browser sends it) through the Flask test client,
then posts it again with every result changed (a correction of every board). Prints the wall
and CPU seconds, the SQL statement count and the audit entries written (one per board).

Runs on an SQLite file, then on PostgreSQL too when DATABASE_URL (or TEST_DATABASE_URL) is set,
e.g. postgresql+psycopg://damas:damas@127.0.0.1:5432/damas_NAME (its tables are dropped).
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import event as sa_event, func, select  # noqa: E402

from damas import create_app  # noqa: E402
from damas.config import TestConfig  # noqa: E402
from damas.extensions import db  # noqa: E402
from damas.models import AuditEntry, Entry, EntryStatus, EventStatus, Game, GameResult, Player, Role, User  # noqa: E402
from damas.services.entries import add_remove as entry_service  # noqa: E402
from damas.services.events import lifecycle as event_service  # noqa: E402
from damas.services.results.recording import publish_round  # noqa: E402
from damas.services.rounds.swiss import pair_next_round  # noqa: E402

PASSWORD = "bench12345"
ENTERED = 20  # through `add_entry`; it renumbers the list per entry (4 minutes for 1,000), so the rest as rows
FIRST = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)
SECOND = {GameResult.WHITE_WIN: GameResult.BLACK_WIN, GameResult.DRAW: GameResult.WHITE_WIN,
          GameResult.BLACK_WIN: GameResult.DRAW}


def build(players: int, ruleset: str) -> tuple[int, int]:
    """The event (id) with round 1 published, and its number; every step through a service."""
    staff = User(email="bench@damas.br", name="Bench", role=Role.STAFF)
    staff.set_password(PASSWORD)
    db.session.add(staff)
    db.session.commit()
    event = event_service.create_event(staff, {
        "name": f"Aberto {players}", "discipline": "damas-64", "ruleset": ruleset, "pairing_system": "dutch",
        "planned_rounds": 7, "time_minutes": 45, "time_increment": 0, "start_date": date(2026, 12, 1),
        "end_date": date(2026, 12, 3)})
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for i in range(players):
        player = Player(full_name=f"Jogador {i:04d}", sex="M", birth_date=date(1990, 1, 1), state="CE",
                        federation_id=f"B{i}", rating_regular=2200 - i)
        db.session.add(player)
        db.session.flush()
        if i < ENTERED:
            entry_service.add_entry(staff, event, player)
        else:  # as add_entry writes it, without its renumbering of the whole list per entry
            db.session.add(Entry(event_id=event.id, player_id=player.id, rating_at_entry=2200 - i,
                                 status=EntryStatus.REGISTERED))
    db.session.commit()
    event_service.change_status(staff, event, EventStatus.RUNNING)
    rnd = pair_next_round(staff, event)
    publish_round(staff, event, rnd)
    return event.id, rnd.number


def form_data(event_id: int, number: int, results: dict[GameResult, GameResult] | None) -> dict[str, str]:
    """The results form as the browser posts it: every board's select and version field."""
    games = db.session.scalars(select(Game).join(Game.round).where(Game.black_entry_id.is_not(None))
                               .filter_by(event_id=event_id, number=number).order_by(Game.board)).all()
    data = {}
    for game in games:
        value = FIRST[game.board % 3] if results is None else results[game.result]
        data[f"result-{game.id}"] = value.value
        data[f"version-{game.id}"] = str(game.version)
    return data


def post(client: Any, event_id: int, number: int, data: dict[str, str],
         profile: bool = False) -> tuple[float, float, int, int]:
    """Wall and CPU seconds, SQL statements and audit entries of one post of the form."""
    count = [0]

    def tick(*_a: Any, **_k: Any) -> None:
        count[0] += 1

    audits = db.session.scalar(select(func.count()).select_from(AuditEntry))
    db.session.expunge_all()
    sa_event.listen(db.engine, "before_cursor_execute", tick)
    profiler = cProfile.Profile() if profile else None
    wall, cpu = time.perf_counter(), time.process_time()
    if profiler:
        profiler.enable()
    response = client.post(f"/eventos/{event_id}/rodadas/{number}/resultados", data=data)
    if profiler:
        profiler.disable()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
    sa_event.remove(db.engine, "before_cursor_execute", tick)
    assert response.status_code == 302, response.data[:300]
    written = db.session.scalar(select(func.count()).select_from(AuditEntry)) - audits
    return wall, cpu, count[0], written


def run(url: str, players: int, ruleset: str, profile: bool = False) -> None:
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config.update({"SQLALCHEMY_DATABASE_URI": url, "PAGE_CACHE": False})
    app = create_app(config)
    with app.app_context():
        db.drop_all()
        db.create_all()
        start = time.perf_counter()
        event_id, number = build(players, ruleset)
        print(f"{url.split(':')[0]}: {players} players built in {time.perf_counter() - start:.1f} s")
        client = app.test_client()
        client.post("/conta/entrar", data={"email": "bench@damas.br", "password": PASSWORD})
        db.session.expunge_all()
        wall, cpu = time.perf_counter(), time.process_time()
        page = client.get(f"/eventos/{event_id}/rodadas/{number}")
        assert page.status_code == 200
        print(f"  round page (the form)        {time.perf_counter() - wall:6.2f} s wall "
              f"{time.process_time() - cpu:6.2f} s CPU")
        for name, results in (("enter every board", None), ("correct every board", SECOND)):
            data = form_data(event_id, number, results)
            wall, cpu, queries, written = post(client, event_id, number, data, profile)
            pending = db.session.scalar(select(func.count()).select_from(Game).join(Game.round).where(
                Game.result == GameResult.PENDING, Game.black_entry_id.is_not(None)).filter_by(event_id=event_id))
            print(f"  {name:20} {len(data) // 2:4d} boards {wall:6.2f} s wall {cpu:6.2f} s CPU "
                  f"{queries:5d} queries {written:4d} audit entries, {pending} pending")
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--ruleset", default="cbjd")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of each post")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        run(f"sqlite:///{tmp}/bench.db", args.players, args.ruleset, args.profile)
    postgres = os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    if postgres:
        run(postgres, args.players, args.ruleset, args.profile)


if __name__ == "__main__":
    main()
