"""Time every printed report (PDF) of a large event, cold cache (issue 26, point 2; not a test).

    python benchmarks/reports.py [--players 1000 100] [--rounds 9] [--repeat 3] [--only standings ...]
    python benchmarks/reports.py --record "load 1.2"   # store these figures as the "before" ones

Builds each event (tests/web/reports/report_events.py: long names, clubs, the CBJD categories, six
tie-breaks) in an in-memory SQLite database, then asks for each PDF through the Flask test
client as a visitor (the arbiter's report as its arbiter), the server cache emptied before
every request: the time from the request to the file (context, template and WeasyPrint; with
background rendering, the time until the job has stored the file: the view is told to wait
for it). Prints, per report, the best of `--repeat` wall and CPU seconds and pages, beside the
figures recorded in benchmarks/reports_before.json, and whether issue 26's targets are met.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from damas import create_app  # noqa: E402
from damas.config import TestConfig  # noqa: E402
from damas.extensions import cache, db  # noqa: E402
from damas.models import EventArbiter, Role, User  # noqa: E402
from damas.reports.pdf import warm_up  # noqa: E402
from tests.web.reports.report_events import build_report_event  # noqa: E402

BEFORE = Path(__file__).with_name("reports_before.json")
REPORTS = (  # (name, URL under /eventos/<id>/relatorios/, as the arbiter)
    ("start list", "lista-inicial.pdf", False),
    ("pairings", "emparceiramento/{r}.pdf", False),
    ("results", "resultados/{r}.pdf", False),
    ("standings", "classificacao.pdf", False),
    ("categories", "categorias.pdf", False),
    ("crosstable", "tabela.pdf", False),
    ("prizes", "premiacao.pdf", False),
    ("brochure", "folheto.pdf", False),
    ("arbiter", "arbitro.pdf", True),
)
# Issue 26, point 2: 1,000 players: standings, pairings, start list < 3 s, crosstable and
# categories < 6 s; 100 players: every report < 0.5 s.
TARGETS = {1000: {"standings": 3.0, "pairings": 3.0, "start list": 3.0, "crosstable": 6.0, "categories": 6.0},
           100: {name: 0.5 for name, _url, _arb in REPORTS}}


def pages(pdf: bytes) -> str:
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True).stdout.decode()
    return next((line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")), "?")


def time_event(players: int, rounds: int, repeat: int, only: set[str]) -> dict[str, tuple[float, float, str]]:
    """{report: (best wall s, its CPU s, pages)} of one event size."""
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config.update(SQLALCHEMY_DATABASE_URI="sqlite://", REPORT_WAIT_SECONDS=600)  # the view waits for its file
    app = create_app(config)
    out = {}
    with app.app_context():
        db.create_all()
        event = build_report_event(db, players, rounds)
        arbiter = User(email="arbitro@bench.br", name="Árbitro", role=Role.ARBITER)
        arbiter.set_password("secret123")
        db.session.add(arbiter)
        db.session.flush()
        db.session.add(EventArbiter(event_id=event.id, user_id=arbiter.id))
        db.session.commit()
        event_id = event.id
        visitor, editor = app.test_client(), app.test_client()
        assert editor.post("/conta/entrar", data={"email": arbiter.email, "password": "secret123"}).status_code == 302
        warm_up()
        for name, url, as_arbiter in REPORTS:
            if only and name not in only:
                continue
            best: tuple[float, float, str] | None = None
            for _ in range(repeat):
                cache.clear()
                db.session.expunge_all()
                wall, cpu = time.perf_counter(), time.process_time()
                response = (editor if as_arbiter else visitor).get(
                    f"/eventos/{event_id}/relatorios/{url.format(r=rounds)}")
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                if response.status_code != 200 or response.mimetype != "application/pdf":
                    raise SystemExit(f"{name}: {response.status_code} {response.mimetype}")
                if best is None or wall < best[0]:
                    best = (wall, cpu, pages(response.data))
            assert best is not None
            out[name] = best
            print(f"  {players} players, {name}: {best[0]:.2f} s wall, {best[1]:.2f} s CPU, {best[2]} pages",
                  flush=True)
        db.session.remove()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 100])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=[], help="report names, e.g. standings crosstable")
    parser.add_argument("--record", metavar="NOTE", help="store these figures as the 'before' ones, with NOTE")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    now = {n: time_event(n, args.rounds, args.repeat, set(args.only)) for n in args.players}
    before = json.loads(BEFORE.read_text()) if BEFORE.exists() else {}
    if args.record is not None:
        before = {"date": date.today().isoformat(), "note": f"{args.record}; load {load:.1f} at start",
                  "rounds": args.rounds, "figures": {str(n): {k: list(v) for k, v in f.items()} for n, f in now.items()}}
        BEFORE.write_text(json.dumps(before, indent=1, ensure_ascii=False) + "\n")
    print(f"\nrounds {args.rounds}, six tie-breaks; now: load {load:.1f} at start; before: {before.get('date', '—')} "
          f"({before.get('note', 'not recorded')})")
    print(f"{'players':>7} {'report':12} {'before s':>9} {'now s':>7} {'CPU s':>6} {'pages':>5} {'target':>7}  met")
    for n, figures in now.items():
        for name, (wall, cpu, count) in figures.items():
            old = before.get("figures", {}).get(str(n), {}).get(name)
            target = TARGETS.get(n, {}).get(name)
            met = "" if target is None else ("yes" if wall < target else "NO")
            print(f"{n:>7} {name:12} {old[0] if old else float('nan'):9.2f} {wall:7.2f} {cpu:6.2f} {count:>5} "
                  f"{target if target else '':>7}  {met}")


if __name__ == "__main__":
    main()
