"""Server time of the "Variação de rating" page of a 1,000-player, 9-round event (issue 29
point 5 asks under 1 s), and of its CSV and the player card with his rating line.

    python benchmarks/ratings.py [--players 1000] [--rounds 9] [--repeat 3]

Builds the event in an in-memory SQLite database (or TEST_DATABASE_URL) with the public-pages
benchmark's builder, then requests the pages with the Flask test client (page cache off) and
prints the median server time and the SQL statement count.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.page_timing import time_pages  # noqa: E402
from damas import create_app  # noqa: E402
from damas.config import TestConfig  # noqa: E402
from damas.extensions import db  # noqa: E402
from tests.web.serving.test_public_queries import build_event  # noqa: E402

PAGES = (
    ("rating change page", "/eventos/{e}/relatorios/variacao-rating"),
    ("rating change CSV", "/eventos/{e}/relatorios/variacao-rating.csv"),
    ("player card (with rating)", "/eventos/{e}/jogadores/{p}"),
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config["SQLALCHEMY_DATABASE_URI"] = os.environ.get("TEST_DATABASE_URL") or "sqlite://"
    config["PAGE_CACHE"] = False
    app = create_app(config)
    with app.app_context():
        db.drop_all()
        db.create_all()
        event_id, player_id = build_event(db, args.players, args.rounds)
        client = app.test_client()
        print(f"{args.players} players, {args.rounds} rounds; median of {args.repeat} requests")
        time_pages(db, client, PAGES, args.repeat, e=event_id, p=player_id)
        db.session.remove()
        db.drop_all()


if __name__ == "__main__":
    main()
