"""Issue 27 point 2: a shared place reads the same on every output and on every row of its group
(the engine's rank label: "3-4" on both rows), an unshared place as its number — the standings
page, the event page's top of the table, the crosstable, the category table, the PDF and the API
(which keeps its `rank` field)."""
from __future__ import annotations

import re
import subprocess
from datetime import date

from damas.models import GameResult
from damas.services.entries import add_remove as entry_service
from damas.services.results.recording import publish_round, record_results
from damas.services.rounds.swiss import pair_next_round


def _ranks(html: str, table_class: str, column: int) -> dict[str, str]:
    """name -> the text of cell `column` in the first table of `table_class` of a page."""
    found = re.search(rf'<table class="table {table_class}[^"]*">', html)
    assert found, table_class
    body = html[found.end():].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    out = {}
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        name = re.search(r"Partilha \d", " ".join(cells))
        if name:
            out[name.group(0)] = cells[column]
    return out


def _event(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    """Six players, one round of a Swiss: a win and two draws. The winner is alone (place 1), the
    four who drew are equal on every tiebreak (they share 2-5), the loser is alone (6)."""
    staff = make_user()
    event = make_event(pairing_system="dutch", planned_rounds=3)
    for k in range(1, 7):
        entry_service.add_entry(staff, event, make_player(full_name=f"Partilha {k}", rating_regular=2000 - 10 * k,
                                                          birth_date=date(1990, 1, 1)))
    rnd = pair_next_round(staff, event)
    publish_round(staff, event, rnd)
    results = [GameResult.WHITE_WIN, GameResult.DRAW, GameResult.DRAW]
    record_results(staff, event, {g.id: (results[i], g.version) for i, g in enumerate(sorted(rnd.games, key=lambda g: g.board))})
    return event


def test_shared_places_read_the_same_on_every_row(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event = _event(db, make_user, make_player, make_event)
    base = f"/eventos/{event.id}"
    api = client.get(f"/api/v1/events/{event.id}/standings").get_json()
    expected = {r["name"]: r["rank"] for r in api["rows"]}
    assert sorted(expected.values()) == ["1", "2-5", "2-5", "2-5", "2-5", "6"]
    assert _ranks(client.get(f"{base}/classificacao").get_data(as_text=True), "standings", 0) == expected
    assert _ranks(client.get(f"{base}/categorias/absoluto").get_data(as_text=True), "standings", 0) == expected
    top = _ranks(client.get(base).get_data(as_text=True), "standings", 0)  # the event page's top of the table
    assert top == expected
    cross = client.get(f"{base}/tabela").get_data(as_text=True)
    rounds = 1
    tiebreaks = len(api["columns"])
    assert _ranks(cross, "crosstable", 2 + rounds + 1 + tiebreaks) == expected  # #, name, R1, Pts, tiebreaks, Col.
    pdf = client.get(f"{base}/relatorios/classificacao.pdf").data
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    for name, rank in expected.items():
        line = next(line for line in text.splitlines() if name in line)
        assert line.split()[0] == rank, (name, line)


def test_every_tiebreak_shows_on_a_phone(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    """Issue 27 point 2: no tiebreak column is left out on a phone ("wide-only"), in the standings
    page and in the category tables; each header names its tiebreak in an <abbr title>."""
    event = _event(db, make_user, make_player, make_event)
    columns = client.get(f"/api/v1/events/{event.id}/standings").get_json()["columns"]
    assert len(columns) >= 2
    for url in (f"/eventos/{event.id}/classificacao", f"/eventos/{event.id}/categorias/absoluto"):
        html = client.get(url).get_data(as_text=True)
        table = html.split('<table class="table standings', 1)[1].split("</table>", 1)[0]
        heads = re.findall(r'<th class="num tb"><abbr title="([^"]+)">([^<]+)</abbr></th>', table)
        assert [code for _name, code in heads] == [c["code"] for c in columns], url
        assert [name for name, _code in heads] == [c["name"] for c in columns], url
        assert not re.search(r'class="[^"]*\btb\b[^"]*wide-only|class="[^"]*wide-only[^"]*\btb\b', table), url
        first = table.split("<tbody>", 1)[1].split("</tr>", 1)[0]
        assert first.count('class="num tb"') == len(columns), url
