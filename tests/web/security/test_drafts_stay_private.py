"""Nothing of a draft event is public: its own pages answer 404 to visitors, and no other public
page (seasons and their PDF, the rating list and its files, careers, player cards, clubs, the
federation's pages, the API...) names it. The draft is put straight into the demo's season (as an
old season form could) with demo players entered, then an anonymous visitor walks every page
reachable from the home page and the API."""
from __future__ import annotations

import io
import json
import re
from typing import Any, Iterator
from urllib.parse import urljoin, urlsplit

from openpyxl import load_workbook
from sqlalchemy import select

from damas.cli import damas_cli
from damas.models import Event, EventStatus, Player, Role, Season, SeasonEvent
from damas.services.errors import ServiceError
from damas.services.ratings.seasons import save_season
from tests.web.reports.test_reports_pdf import pdf_text

import pytest

DRAFT = "Rascunho Secreto Zeta"
_HREF = re.compile(r"""(?:href|src|action)="([^"]+)\"""")
_SKIPPED = ("/conta/sair", "/lang/", "/static/")


def _draft_in_the_demo_season(db: Any, make_event: Any) -> tuple[Event, Season, list[Player]]:
    season = db.session.scalars(select(Season).order_by(Season.id)).first()
    players = list(db.session.scalars(select(Player).order_by(Player.id).limit(6)))
    event = make_event(name=DRAFT, status=EventStatus.DRAFT, players=tuple(players), pairing_system="dutch",
                       venue=f"Sala {DRAFT}", organiser=f"Organização {DRAFT}")
    db.session.add(SeasonEvent(season_id=season.id, event_id=event.id))
    db.session.commit()
    return event, season, players


def _links(url: str, body: str, content_type: str) -> Iterator[str]:
    if "json" in content_type:
        yield from _json_links(json.loads(body))
        return
    for href in _HREF.findall(body):
        yield urljoin(url, href.replace("&amp;", "&"))


def _json_links(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _json_links(item)
    elif isinstance(value, list):
        for item in value:
            yield from _json_links(item)
    elif isinstance(value, str) and (value.startswith("/") or value.startswith("http://localhost/")):
        yield value


def _sheet_text(data: bytes) -> str:
    book = load_workbook(io.BytesIO(data), read_only=True)
    return "\n".join(str(cell) for sheet in book for row in sheet.iter_rows(values_only=True) for cell in row)


def _local(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost") or not parts.path.startswith("/") or parts.path.startswith(_SKIPPED):
        return None
    return parts.path + ("?" + parts.query if parts.query else "")


def _shape(path: str) -> str:
    return re.sub(r"\d+", "N", path)


def _walk(client: Any, start: list[str], must: set[str], per_shape: int = 4, limit: int = 900) -> dict[str, str]:
    """Every page reachable from `start` (at most `per_shape` of one URL shape, but always the
    pages in `must`), as text: HTML, JSON, CSV, SVG, the PDFs' text."""
    queue, seen, shapes, texts = list(start), set(start), {}, {}  # type: ignore[var-annotated]
    while queue and len(texts) < limit:
        url = queue.pop(0)
        response = client.get(url)
        if response.status_code != 200:
            continue
        kind = response.content_type or ""
        if "pdf" in kind:
            texts[url] = pdf_text(response.data)
            continue
        if "spreadsheet" in kind:
            texts[url] = _sheet_text(response.data)
            continue
        if not kind.startswith(("text/", "application/json", "image/svg")):
            continue  # images: nothing to read
        body = response.get_data(as_text=True)
        texts[url] = body
        for link in _links(url, body, kind):
            local = _local(link)
            if local is None or local in seen:
                continue
            shape = _shape(urlsplit(local).path)
            if local not in must and shapes.get(shape, 0) >= per_shape:
                continue
            shapes[shape] = shapes.get(shape, 0) + 1
            seen.add(local)
            queue.append(local)
    return texts


@pytest.mark.slow
def test_nothing_of_a_draft_event_is_public(app, client, db, make_event):  # type: ignore[no-untyped-def]
    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    event, season, players = _draft_in_the_demo_season(db, make_event)
    assert client.get(f"/eventos/{event.id}").status_code == 404
    must = {f"/temporadas/{season.id}", f"/temporadas/{season.id}.pdf",
            *(f"/jogadores/{p.id}" for p in players)}
    texts = _walk(client, ["/", "/api/v1/", "/api/v1/events", *sorted(must)], must)
    assert must <= set(texts)  # the pages most likely to name it were read
    assert len(texts) > 150
    link = re.compile(rf"/eventos/{event.id}(?![0-9])")
    leaks = sorted(url for url, text in texts.items() if DRAFT in text or link.search(text))
    assert leaks == []


def test_a_season_refuses_a_draft_event_and_its_form_does_not_offer_one(client, db, make_user, make_event,
                                                                         login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    draft = make_event(name=DRAFT, status=EventStatus.DRAFT)
    shown = make_event(name="Aberto Visível", status=EventStatus.REGISTRATION)
    login_as(staff)
    page = client.get("/temporadas/nova").get_data(as_text=True)
    assert "Aberto Visível" in page and DRAFT not in page
    form = {"name": "Circuito", "year": "2026", "kind": "place", "points_table": "10, 8", "categories": "absoluto"}
    answer = client.post("/temporadas/nova", data={**form, "event_ids": [str(draft.id), str(shown.id)]})
    assert answer.status_code == 200
    assert db.session.scalar(select(Season)) is None
    with pytest.raises(ServiceError) as refused:
        save_season(staff, None, {**form, "event_ids": [draft.id]})
    assert "rascunho" in refused.value.message
    assert db.session.scalar(select(Season)) is None
    page = client.get("/temporadas/nova?lang=en").get_data(as_text=True)
    assert DRAFT not in page


def test_a_season_refusing_a_draft_says_so_in_english(app, db, make_user, make_event):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    draft = make_event(name=DRAFT, status=EventStatus.DRAFT)
    with app.test_request_context("/?lang=en"), pytest.raises(ServiceError) as refused:
        save_season(staff, None, {"name": "Circuit", "year": 2026, "points_table": "1", "event_ids": [draft.id]})
    assert refused.value.message == f"A draft event cannot join a season ({DRAFT}): open its registration first."
