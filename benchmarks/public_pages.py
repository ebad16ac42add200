"""Server time of the public pages of a running 500-player event (not a test; issue 7 asks
under 100 ms each).

    python benchmarks/public_pages.py [--players 500] [--rounds 5] [--repeat 5]

(`--rounds 9` for the crosstable figure the issue asks: 500 players x 9 rounds.)

Builds the event in an in-memory SQLite database (or TEST_DATABASE_URL), then requests every
page with the Flask test client and prints the median server time and the SQL statement count.
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
    ("player card", "/eventos/{e}/jogadores/{p}"),
    ("registration / invitation", "/eventos/{e}/inscricao"),
    ("start list (event page)", "/eventos/{e}"),
    ("round (pairings)", "/eventos/{e}/rodadas/{r}"),
    ("standings", "/eventos/{e}/classificacao"),
    ("categories", "/eventos/{e}/categorias"),
    ("category standings", "/eventos/{e}/categorias/sub-16"),
    ("crosstable (Swiss)", "/eventos/{e}/tabela"),
    ("crosstable report", "/eventos/{e}/relatorios/tabela"),
    ("events list", "/eventos/"),
    ("API event", "/api/v1/events/{e}"),
    ("API standings", "/api/v1/events/{e}/standings"),
    ("API category standings", "/api/v1/events/{e}/standings?category=feminino"),
    ("API player", "/api/v1/events/{e}/players/{p}"),
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config["SQLALCHEMY_DATABASE_URI"] = os.environ.get("TEST_DATABASE_URL") or "sqlite://"
    config["PAGE_CACHE"] = False  # the server time of computing each page (benchmarks/load.py: cached)
    app = create_app(config)
    with app.app_context():
        db.drop_all()
        db.create_all()
        event_id, player_id = build_event(db, args.players, args.rounds)
        client = app.test_client()
        print(f"{args.players} players, {args.rounds} rounds; median of {args.repeat} requests")
        time_pages(db, client, PAGES, args.repeat, e=event_id, p=player_id, r=args.rounds)
        db.session.remove()
        db.drop_all()


if __name__ == "__main__":
    main()
