"""CPU time of a round's games import on a hostile PGN (issue 36 point 2): a tag header and N
lines of ``e4``, posted to the import of a chess event's round as an arbiter's browser posts it.

    .venv/bin/python benchmarks/game_files.py [--lines 2000 12000 100000] [--timeout 120]

Each case runs in a child process (an in-memory SQLite app with a two-player chess event whose
round 1 is published); prints the file's size, the CPU seconds of the post and what the page
said (the preview, or the refusal's message). A case over `--timeout` seconds is stopped and
reported as such. Also a file at the upload limit (``--upload``: the app's MAX_CONTENT_LENGTH
less room for the form) of the same lines, and the reader alone without its caps (what reading
every line costs).
"""
from __future__ import annotations

import argparse
import html
import io
import multiprocessing
import re
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from damas import create_app  # noqa: E402
from damas.config import TestConfig  # noqa: E402
from damas.engine.games.files import read_games  # noqa: E402
from damas.engine.games.notation import CHESS_RESULTS  # noqa: E402
from damas.extensions import db  # noqa: E402
from damas.models import EventStatus, Player, Role, User  # noqa: E402
from damas.services.entries import add_remove as entry_service  # noqa: E402
from damas.services.events import lifecycle as event_service  # noqa: E402
from damas.services.results.recording import publish_round  # noqa: E402
from damas.services.rounds.swiss import pair_next_round  # noqa: E402

PASSWORD = "bench12345"
HEADER = '[Event "Aberto"]\n[Round "1"]\n[White "Jogador 0"]\n[Black "Jogador 1"]\n[Result "*"]\n\n'


def hostile_pgn(lines: int) -> bytes:
    return (HEADER + "e4\n" * lines).encode()


def _build() -> int:
    staff = User(email="bench@damas.br", name="Bench", role=Role.STAFF)
    staff.set_password(PASSWORD)
    db.session.add(staff)
    db.session.commit()
    event = event_service.create_event(staff, {
        "name": "Aberto", "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch",
        "planned_rounds": 5, "time_minutes": 90, "time_increment": 30, "start_date": date(2026, 12, 1),
        "end_date": date(2026, 12, 3)})
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for i in range(2):
        player = Player(full_name=f"Jogador {i}", sex="M", birth_date=date(1990, 1, 1), state="CE",
                        federation_id=f"G{i}", rating_regular=2200 - i)
        db.session.add(player)
        db.session.flush()
        entry_service.add_entry(staff, event, player)
    event_service.change_status(staff, event, EventStatus.RUNNING)
    publish_round(staff, event, pair_next_round(staff, event))
    return event.id


def _answer(page: str) -> str:
    flashed = re.search(r'class="flash flash-error"[^>]*>(.*?)<', page, re.S)
    if flashed:
        return "refused: " + html.unescape(flashed.group(1).strip())
    row = re.search(r"<tbody>(.*?)</tbody>", page, re.S)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row.group(1) if row else page)).strip()
    return "preview: " + html.unescape(text)[:100]


def _case(data: bytes, out: "multiprocessing.Queue[str]") -> None:
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config["SQLALCHEMY_DATABASE_URI"] = "sqlite://"
    app = create_app(config)
    with app.app_context():
        db.create_all()
        event_id = _build()
        client = app.test_client()
        client.post("/conta/entrar", data={"email": "bench@damas.br", "password": PASSWORD})
        start = time.process_time()
        response = client.post(f"/eventos/{event_id}/rodadas/1/partidas/importar",
                               data={"file": (io.BytesIO(data), "rodada1.pgn")}, content_type="multipart/form-data",
                               follow_redirects=True)
        cpu = time.process_time() - start
        out.put(f"{cpu:7.2f} s CPU  HTTP {response.status_code}  {_answer(response.get_data(as_text=True))}")


def reader_alone(lines: int) -> str:
    """`read_games` without its caps on the same lines: what reading itself costs."""
    text = hostile_pgn(lines).decode()
    start = time.process_time()
    (game,) = read_games(text, CHESS_RESULTS)
    return f"{time.process_time() - start:7.2f} s CPU  read {len(game.movetext.moves):,} moves"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, nargs="*", default=[2000, 12000, 100000])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--upload", action=argparse.BooleanOptionalAction, default=True,
                        help="also a file of e4 lines at the upload limit")
    args = parser.parse_args()
    cases = [(f"{n:,} lines", hostile_pgn(n)) for n in args.lines]
    if args.upload:
        limit = TestConfig.MAX_CONTENT_LENGTH or 1024 * 1024
        lines = (limit - 1024 - len(HEADER)) // 3
        cases.append((f"upload limit ({lines:,} lines)", hostile_pgn(lines)))
    context = multiprocessing.get_context("fork")
    for name, data in cases:
        queue = context.Queue()
        child = context.Process(target=_case, args=(data, queue))
        child.start()
        child.join(args.timeout)
        if child.is_alive():
            child.kill()
            child.join()
            answer = f"stopped after {args.timeout:.0f} s"
        elif child.exitcode != 0:
            answer = f"failed (exit code {child.exitcode})"
        else:
            answer = queue.get()
        print(f"{name:32} {len(data) / 1024:8.0f} KB  {answer}", flush=True)
    for n in args.lines:
        print(f"{f'reader, no caps, {n:,} lines':32} {len(hostile_pgn(n)) / 1024:8.0f} KB  {reader_alone(n)}")


if __name__ == "__main__":
    main()
