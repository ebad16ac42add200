"""Team match headings cannot be read as a score: each team's number follows its name in
brackets ("Mesa 1 — Equipe A (nº 3) × Equipe B (nº 1): 3-5"), on the round page and its
reports; and English pages use one term per thing: the crosstable is "Crosstable", a team
event's mesa is a "Match", the arbiter's desk is the "Arbiter's desk" (never "table")."""
from __future__ import annotations

import re
from html import unescape

from damas.cli import damas_cli
from damas.formats import get_format
from damas.models import Event, Role
from damas.models.micromatch import TeamRound


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def _team_event(app, db):  # type: ignore[no-untyped-def]
    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    events = db.session.query(Event).order_by(Event.id).all()
    return next(e for e in events if get_format(e).team_based
                and db.session.query(TeamRound).filter_by(event_id=e.id, published=True).count())


def test_team_match_headings_put_each_teams_number_beside_its_name(app, client, db):  # type: ignore[no-untyped-def]
    event = _team_event(app, db)
    heading = re.compile(r"Mesa \d+ — [^()]+ \(nº \d+\) × [^()]+ \(nº \d+\)(: \d+(½)?-\d+(½)?)?$")
    urls = (f"/eventos/{event.id}/equipes/rodadas/1", f"/eventos/{event.id}/relatorios/equipes/resultados/1",
            f"/eventos/{event.id}/relatorios/equipes/emparceiramento/1")
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.get_data(as_text=True)
        headings = [_text(h) for h in re.findall(r"<h3>(.*?)</h3>", html, re.S) if "Mesa" in h]
        assert headings, url
        for h in headings:
            assert heading.match(h) or re.match(r"Mesa \d+ — [^()]+ \(nº \d+\): isenta$", h), (url, h)
    en = _text(client.get(f"/eventos/{event.id}/equipes/rodadas/1?lang=en").get_data(as_text=True))
    assert re.search(r"Match 1 — [^()]+ \(no\. \d+\) × [^()]+ \(no\. \d+\)", en)


def test_english_pages_say_crosstable_and_arbiters_desk(client, db, make_user, make_event,
                                                        login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,), pairing_system="dutch")
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}?lang=en").get_data(as_text=True)
    nav = page.split('class="tabs"', 1)[1].split("</nav>", 1)[0]
    assert ">Crosstable</a>" in nav and ">Table</a>" not in nav
    assert "Arbiter's desk</a>" in nav and "Arbiter's table" not in nav
    title = client.get(f"/eventos/{event.id}/tabela?lang=en").get_data(as_text=True)
    assert "<title>Crosstable ·" in title
