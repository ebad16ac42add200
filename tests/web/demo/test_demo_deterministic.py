"""Issue 31 point 4: the demo is the same on every load. Two apps on two fresh SQLite databases
load it (same seed, same day) and an anonymous visitor walks both: every public page reachable
from the home page, the events list and each demo event's pages (event, rounds, standings,
crosstable, categories, prizes, player cards...), the JSON API of every event (detail, each
round, the standings of each category) and every PDF its reports page links to, as text. All
must be equal.

The one thing normalised: the wall-clock minutes of this test's run, "dd/mm/yyyy hh:mm" (a
report's "printed at", and a round's publication time, stamped by the services while loading,
which the reports and the invitation show). The demo pins its own dates and times to its day
(`load_demo(today=...)`). A load with `--seed 7` gives other standings.
"""
from __future__ import annotations

import re
import subprocess
from datetime import date, datetime, timedelta
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest

from damas import create_app
from damas.config import TestConfig
from damas.demo import load_demo
from damas.extensions import db
from damas.models import Event

HREF = re.compile(r'href="([^"#]+)"')
SKIP = (".csv", ".trf", ".png", ".svg", ".xlsx", ".pgn", ".pdn", ".json", ".ics")
PER_ENDPOINT = 4  # pages of one kind visited (round 1 and round 2, one player card and another)
STAMP = re.compile(r"\d\d/\d\d/\d{4} \d\d:\d\d")
pytestmark = pytest.mark.real_demo  # determinism is what it checks: every load is a real one
TODAY = date.today()  # one day for both loads: a run across midnight compares the same day


def _app(path: Any) -> Any:
    settings = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    return create_app({**settings, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})


@pytest.fixture(scope="module")
def loads(tmp_path_factory: Any) -> Iterator[dict[str, Any]]:
    """Three loaded apps: the default seed twice and seed 7; the test run's start."""
    started = datetime.now()
    apps = {}
    for name in ("first", "second", "seed7"):
        app = _app(tmp_path_factory.mktemp(name) / "demo.db")
        with app.app_context():
            db.drop_all()
            db.create_all()
            if name == "seed7":  # through the command line: `flask damas demo --seed 7 --today ...`
                result = app.test_cli_runner().invoke(args=["damas", "demo", "--seed", "7", "--today",
                                                            TODAY.isoformat()])
                assert result.exit_code == 0 and "Demo loaded" in result.output, result.output
            else:
                load_demo(today=TODAY)
            db.session.remove()
        apps[name] = app
    yield {**apps, "started": started}
    for app in apps.values():
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()


def _links(body: bytes) -> list[str]:
    return [urlsplit(h).path for h in HREF.findall(body.decode()) if not urlsplit(h).netloc
            and not urlsplit(h).query and h.startswith("/")]


def _pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF"), data[:200]
    return subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def _event_paths(app: Any) -> list[str]:
    """The API of every event: its detail, each published round, the standings of each category."""
    client = app.test_client()
    paths = ["/api/v1/events"]
    for event in client.get("/api/v1/events").get_json()["events"]:
        base = f"/api/v1/events/{event['id']}"
        detail = client.get(base).get_json()
        paths += [base, f"{base}/standings"]
        paths += [f"{base}/standings?category={c['code']}" for c in detail.get("categories", [])]
        paths += [f"{base}/rounds/{r['number']}" for r in detail.get("rounds", [])]
    return paths


def walk(app: Any) -> dict[str, tuple[int, bytes | str]]:
    """What an anonymous visitor gets: the pages reachable from the home page and each event's
    page (at most PER_ENDPOINT of a kind), the API answers and the PDFs, by path."""
    out: dict[str, tuple[int, bytes | str]] = {}
    adapter = app.url_map.bind("localhost")
    with app.app_context():
        client = app.test_client()
        events = db.session.query(Event.id).order_by(Event.id).all()
        queue = ["/", "/eventos"] + [f"/eventos/{e.id}" for e in events]
        queue += [f"/eventos/{e.id}/relatorios" for e in events]
        seen, kinds, pdfs = set(queue), {}, {}
        while queue:
            path = queue.pop(0)
            response = client.get(path)
            out[path] = (response.status_code, response.data)
            if response.mimetype != "text/html":
                continue
            for link in _links(response.data):
                if link in seen or link.startswith("/static") or link.lower().endswith(SKIP):
                    continue
                try:
                    endpoint, _args = adapter.match(link, method="GET")
                except Exception:  # noqa: BLE001 - a redirect or an unknown path: not a page to walk
                    continue
                if link.endswith(".pdf"):
                    pdfs.setdefault(endpoint, {})[link] = None
                    continue
                if kinds.get(endpoint, 0) >= PER_ENDPOINT:
                    continue
                kinds[endpoint] = kinds.get(endpoint, 0) + 1
                seen.add(link)
                queue.append(link)
        for path in _event_paths(app):
            response = client.get(path)
            out[path] = (response.status_code, response.data)
        for path in _some(pdfs):
            response = client.get(path)
            out[path] = (response.status_code, _pdf_text(response.data) if response.status_code == 200 else "")
        db.session.remove()
    return out


def _some(pdfs: dict[str, dict[str, None]]) -> list[str]:
    """Two of each printed report, the first and the last found (of the first and the last
    event that prints it): rendering all ~120 PDFs twice would take a minute."""
    return [path for found in pdfs.values() for path in dict.fromkeys((list(found)[0], list(found)[-1]))]


def _wall_clock(text: str, started: datetime) -> str:
    """`text` with the minutes of the test's run (printing, the services' stamps) blanked."""
    run = {(started + timedelta(minutes=m)).strftime("%d/%m/%Y %H:%M")
           for m in range(int((datetime.now() - started).total_seconds() // 60) + 2)}
    return STAMP.sub(lambda m: "DD/MM/YYYY HH:MM" if m.group(0) in run else m.group(0), text)


@pytest.mark.slow
def test_two_loads_of_the_demo_give_the_same_pages_pdfs_and_api(loads: dict[str, Any]) -> None:
    """Slow on purpose (~35 s with its fixture): three real loads of the demo and a walk of more
    than 200 pages, PDFs and API answers on two of them; determinism can only be seen on whole
    loads, never on the worker's snapshot."""
    first, second = walk(loads["first"]), walk(loads["second"])
    assert sorted(first) == sorted(second)
    assert len(first) > 200 and sum(p.endswith(".pdf") for p in first) > 20, len(first)
    assert any("/api/v1/events/" in p for p in first)
    different = []
    for path, (status, body) in first.items():
        other_status, other = second[path]
        text, other_text = (b if isinstance(b, str) else b.decode() for b in (body, other))
        if (status, _wall_clock(text, loads["started"])) != (other_status, _wall_clock(other_text, loads["started"])):
            different.append(path)
    assert not different, different


@pytest.mark.slow
def test_another_seed_draws_another_federation(loads: dict[str, Any]) -> None:
    """`flask damas demo --seed 7`: other players and results, so some standings differ."""
    tables = {}
    for name in ("first", "seed7"):
        client = loads[name].test_client()
        with loads[name].app_context():
            events = client.get("/api/v1/events").get_json()["events"]
            tables[name] = {e["name"]: client.get(f"/api/v1/events/{e['id']}/standings").get_json()
                            for e in events}
    assert tables["first"].keys() == tables["seed7"].keys()
    assert any(tables["first"][n] != tables["seed7"][n] for n in tables["first"])
