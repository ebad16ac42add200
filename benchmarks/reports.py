"""Time the standings PDF of a large event (not a test).

    python benchmarks/reports.py [--players 1000] [--rounds 7] [--seed 1]

Builds an event on an in-memory SQLite database (players, entries and rounds with random
results, paired by a simple fold per score order; byes for odd fields), then times the
standings context (engine) and the WeasyPrint PDF, and prints seconds and pages.
"""
from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from damas import create_app  # noqa: E402
from damas.config import TestConfig  # noqa: E402


def build(db, players: int, rounds: int, seed: int):  # type: ignore[no-untyped-def]
    from damas.models import Entry, EntryStatus, Event, EventStatus, Game, GameResult, Player, Round, RoundStatus

    rng = random.Random(seed)
    event = Event(name=f"Aberto de Damas com {players} jogadores — São José", discipline="damas-64", ruleset="cbjd",
                  pairing_system="dutch", planned_rounds=rounds, time_minutes=60, time_increment=0,
                  start_date=date(2026, 7, 1), end_date=date(2026, 7, 3), venue="Ginásio Poliesportivo",
                  organiser="Federação", chief_arbiter="Árbitro", status=EventStatus.RUNNING)
    db.session.add(event)
    db.session.flush()
    entries = []
    for n in range(1, players + 1):
        p = Player(full_name=f"Jogador Conceição {n:04d}", sex="F" if n % 3 == 0 else "M",
                   birth_date=date(1950 + n % 60, 1, 1), state="CE", federation_id=f"B{n}", rating_regular=2400 - n)
        db.session.add(p)
        db.session.flush()
        e = Entry(event_id=event.id, player_id=p.id, pairing_number=n, rating_at_entry=2400 - n,
                  status=EntryStatus.REGISTERED)
        db.session.add(e)
        entries.append(e)
    db.session.flush()
    score = {e.id: 0 for e in entries}
    for r in range(1, rounds + 1):
        order = sorted(entries, key=lambda e: (-score[e.id], e.pairing_number))
        rnd = Round(event_id=event.id, number=r, status=RoundStatus.PUBLISHED)
        games = []
        for b, i in enumerate(range(0, len(order) - 1, 2), start=1):
            w, k = (order[i], order[i + 1]) if (r + b) % 2 else (order[i + 1], order[i])
            res = rng.choice((GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN))
            score[w.id] += {GameResult.WHITE_WIN: 2, GameResult.DRAW: 1}.get(res, 0)
            score[k.id] += {GameResult.BLACK_WIN: 2, GameResult.DRAW: 1}.get(res, 0)
            games.append(Game(board=b, white_entry_id=w.id, black_entry_id=k.id, result=res))
        if len(order) % 2:
            games.append(Game(board=len(games) + 1, white_entry_id=order[-1].id, black_entry_id=None,
                              result=GameResult.BYE))
            score[order[-1].id] += 2
        rnd.games = games
        db.session.add(rnd)
    db.session.commit()
    return event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    app = create_app(TestConfig)
    from damas.extensions import db
    from damas.reports.event_reports import base_context
    from damas.reports.pdf import render_pdf
    from damas.reports.standings import standings_context

    with app.app_context(), app.test_request_context():
        db.create_all()
        t0 = time.perf_counter()
        event = build(db, args.players, args.rounds, args.seed)
        t1 = time.perf_counter()
        context = {**base_context(event), **standings_context(event)}
        t2 = time.perf_counter()
        c2 = time.process_time()
        pdf = render_pdf("reports/print.html", partial="reports/_standings.html", report_title="Classificação", **context)
        t3 = time.perf_counter()
        c3 = time.process_time()
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, text=False).stdout.decode()
    pages = next((line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")), "?")
    print(f"{args.players} players, {args.rounds} rounds: build {t1 - t0:.2f} s, standings {t2 - t1:.2f} s, "
          f"PDF {t3 - t2:.2f} s wall, {c3 - c2:.2f} s CPU ({len(pdf) // 1024} KiB, {pages} pages); "
          f"standings + PDF {t3 - t1:.2f} s")


if __name__ == "__main__":
    main()
