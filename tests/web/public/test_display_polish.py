"""Display wording on the demo's pages: the engine's "[ours]" marker, the crosstable colours, the
decimal comma in Portuguese and the micro-match tables (one named column per value, the player
card and the round page scored like the standings)."""
from __future__ import annotations

import re

import pytest

from damas.cli import damas_cli
from damas.models import Event, EventStatus
from damas.web.display import cell, dec, ours

CELLS = re.compile(r'<td class="num cell[^"]*">([^<]*)</td>')
NUM_CELLS = re.compile(r'<td class="num(?: wide-only| tb)?">([^<]*)</td>')  # wide-only: hidden on phones (issue 17); tb: a tiebreak


@pytest.fixture
def demo(app, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    return db


def _event(db, **where) -> Event:  # type: ignore[no-untyped-def]
    query = db.session.query(Event)
    if "like" in where:
        return query.filter(Event.name.like(where["like"])).one()
    return query.filter_by(**where).one()


def _text(client, url: str) -> str:  # type: ignore[no-untyped-def]
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def test_display_helpers() -> None:
    assert ours("CBJD 120, 121 [ours]", "pt") == "CBJD 120, 121 (decisão da federação)"
    assert ours("CBJD 123, 127 [ours]", "en") == "CBJD 123, 127 (federation's decision)"
    assert ours("Sections [ours: snake order]", "en") == "Sections (federation's decision: snake order)"
    assert ours("FIDE C.04.3", "pt") == "FIDE C.04.3"
    assert (dec("8.5", "pt"), dec("-0.25", "pt"), dec("8.5", "en")) == ("8,5", "-0,25", "8.5")
    assert (dec("2½", "pt"), dec("12", "pt"), dec(7, "pt"), dec("1.2.3", "pt")) == ("2½", "12", 7, "1.2.3")
    assert (cell("1w 0b", "pt"), cell("12b2", "pt"), cell("1w 0b", "en")) == ("1b 0p", "12p2", "1w 0b")
    assert (cell("+", "pt"), cell("adj", "pt"), cell("", "pt")) == ("+", "adj", "")


def test_regulations_show_the_federation_decision_in_words(demo, client) -> None:  # type: ignore[no-untyped-def]
    micro = _event(demo, like="Copa Micro Match%")
    pt = _text(client, f"/eventos/{micro.id}/regulamento")
    assert "[ours]" not in pt and "CBJD 120, 121 (decisão da federação)" in pt
    assert "CBJD 123, 127 (decisão da federação)" in pt
    en = _text(client, f"/eventos/{micro.id}/regulamento?lang=en")
    assert "[ours]" not in en and "CBJD 120, 121 (federation&#39;s decision)" in en


def test_crosstable_colours_follow_the_language(demo, client) -> None:  # type: ignore[no-untyped-def]
    berger = _event(demo, like="Torneio Relâmpago%")
    for url in (f"/eventos/{berger.id}/tabela", f"/eventos/{berger.id}/relatorios/tabela"):
        pt = _text(client, url)
        cells = [c for c in CELLS.findall(pt) if c.strip() not in ("", "×")]
        assert cells and not any("w" in c for c in cells) and any(c.endswith("p") for c in cells), cells[:10]
        assert "b = brancas, p = pretas" in pt and "w = brancas" not in pt
        en = _text(client, url + "?lang=en")
        cells = [c for c in CELLS.findall(en) if c.strip() not in ("", "×")]
        assert any(c.endswith("w") for c in cells) and not any(c.endswith("p") for c in cells)
    swiss = _event(demo, pairing_system="dutch-2025", status=EventStatus.RUNNING)  # the Swiss crosstable ("12b2")
    pt = _text(client, f"/eventos/{swiss.id}/tabela")
    cells = [c for c in CELLS.findall(pt) if re.fullmatch(r"\d+[a-z]\S*", c)]
    assert cells and all(re.fullmatch(r"\d+[bp]\S*", c) for c in cells) and "b = brancas, p = pretas" in pt


def test_decimal_comma_on_pages_point_in_the_api(demo, client) -> None:  # type: ignore[no-untyped-def]
    swiss = _event(demo, pairing_system="dutch-2025", status=EventStatus.RUNNING)
    api = client.get(f"/api/v1/events/{swiss.id}/standings").get_json()
    decimals = [v for r in api["rows"] for v in r["tiebreaks"] if re.fullmatch(r"\d+\.\d+", v)]
    assert decimals, "the demo Swiss should have a decimal tiebreak (e.g. Buchholz cut with half points)"
    for url in (f"/eventos/{swiss.id}/classificacao", f"/eventos/{swiss.id}/relatorios/classificacao"):
        pt = NUM_CELLS.findall(_text(client, url))
        assert decimals[0].replace(".", ",") in pt and not any(re.fullmatch(r"\d+\.\d+", v) for v in pt)
        en = NUM_CELLS.findall(_text(client, url + "?lang=en"))
        assert decimals[0] in en and not any(re.fullmatch(r"\d+,\d+", v) for v in en)
    again = client.get(f"/api/v1/events/{swiss.id}/standings").get_json()  # after the pages: not cached with commas
    assert [r["tiebreaks"] for r in again["rows"]] == [r["tiebreaks"] for r in api["rows"]]


def _headers(page: str) -> list[str]:
    head = re.split(r'<table class="table standings[^"]*">', page, maxsplit=1)[1].split("</thead>", 1)[0]
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>.*?</th>", head, re.S)]


def test_micromatch_standings_name_each_value_once(demo, client) -> None:  # type: ignore[no-untyped-def]
    micro = _event(demo, like="Copa Micro Match%")
    heads = _headers(_text(client, f"/eventos/{micro.id}/micro/classificacao"))
    assert heads[:3] == ["Col.", "Nome", "GP"] and "Pts" not in heads
    assert len(heads) == len(set(heads)) and "MP" in heads, heads
    teams = _event(demo, like="Interclubes%")
    page = _text(client, f"/eventos/{teams.id}/micro/classificacao")
    heads = _headers(page)
    assert heads[:4] == ["Col.", "Equipe", "Clube/cidade", "MP"] and "Pts" not in heads
    assert len(heads) == len(set(heads)) and "GP" in heads, heads
    first = page.split('class="team-row"', 2)[1]
    assert len(NUM_CELLS.findall(first)) + 1 == len(heads) - 2  # one cell per column (rank, points in <strong>)


def test_micromatch_player_card_and_round_page_use_game_points(demo, client) -> None:  # type: ignore[no-untyped-def]
    from damas.services.micromatch.matches import individual_standings

    micro = _event(demo, like="Copa Micro Match%")
    rows = individual_standings(micro)["rows"]
    assert any(r["gp"] != r["mp"] for r in rows)
    for r in rows:
        card = _text(client, f"/eventos/{micro.id}/jogadores/{r['player_id']}")
        assert f'Pontos no torneio: <strong>{r["points"]}</strong>' in card, r["name"]
    from damas.formats.mapping import event_rounds
    from damas.services.micromatch.matches import micro_rows

    first = event_rounds(micro)[0]  # the totals of its results page (/micro/rodadas/1/resultados)
    totals = [r["total"] for r in sorted(micro_rows(micro, first), key=lambda r: r["board"]) if r["game1"]]
    round_page = _text(client, f"/eventos/{micro.id}/rodadas/1")
    shown = [re.sub(r"\s+", "", x) for x in re.findall(r'<td class="result">(.*?)</td>', round_page, re.S)]
    assert totals and shown == totals and "3-1" in shown, (shown, totals)
    report = _text(client, f"/eventos/{micro.id}/relatorios/resultados/1")
    assert all(f'<td class="result">{t}</td>' in report for t in totals)
    api = client.get(f"/api/v1/events/{micro.id}/rounds/1").get_json()
    assert [b["game_score"] for b in sorted(api["boards"], key=lambda b: b["board"]) if "game_score" in b] == totals
    assert all(len(b["games"]) == 2 for b in api["boards"] if "game_score" in b)
