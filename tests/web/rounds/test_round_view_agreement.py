"""One round view per format (issue 15): the round page, the results sheet (page and PDF) and the
API show every board of every demo round with the same players and the same result, a
micro-match's game score included; team rounds and knockout rounds come from their formats too."""
from __future__ import annotations

import re
import subprocess

import pytest

from damas.cli import damas_cli
from damas.formats import get_format
from damas.formats.round_view import BoardView
from damas.models import Event, KnockoutGame, Round, RoundStatus
from damas.models.micromatch import TeamRound


@pytest.fixture
def demo(app, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    return db.session.query(Event).order_by(Event.id).all()


def _cells(html: str, table_class: str) -> list[list[str]]:
    body = html.split(f'class="table {table_class}', 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [[" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
            for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def _pdf_text(data: bytes) -> str:
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout
    return " ".join(text.decode().split())


def _titled(side: dict) -> str:  # type: ignore[type-arg]
    return f"{side['title']} {side['name']}" if side.get("title") else side["name"]


def _cells_by_class(html: str, table_class: str) -> list[dict[str, str]]:
    """Each row's cells keyed by their first class (board, white, result, black...): the sheet's
    columns differ by event (points before the round, ratings), their classes do not."""
    body = html.split(f'class="table {table_class}', 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [{(m.group(1) or "").split(" ")[-1]: " ".join(re.sub(r"<[^>]+>", " ", m.group(2)).split())
             for m in re.finditer(r'<td(?: class="([^"]*)")?[^>]*>(.*?)</td>', tr, re.S)}
            for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def _published_rounds(db, event: Event) -> list[Round]:  # type: ignore[no-untyped-def]
    return db.session.query(Round).filter_by(event_id=event.id, status=RoundStatus.PUBLISHED).order_by(Round.number).all()


def test_round_page_results_sheet_and_api_show_the_formats_round_view(demo, client, db):  # type: ignore[no-untyped-def]
    checked = {"round": 0, "micro": 0}
    for event in demo:
        fmt = get_format(event)
        if fmt.pages.rounds is not None or event.status.value == "draft":  # a bracket, team matches
            continue
        for rnd in _published_rounds(db, event):
            views = fmt.round_view(event, rnd)
            assert views and all(isinstance(v, BoardView) for v in views)
            page = _cells(client.get(f"/eventos/{event.id}/rodadas/{rnd.number}").get_data(as_text=True), "pairings")
            sheet_html = client.get(f"/eventos/{event.id}/relatorios/resultados/{rnd.number}").get_data(as_text=True)
            sheet = _cells_by_class(sheet_html, "pairings")
            pdf = _pdf_text(client.get(f"/eventos/{event.id}/relatorios/resultados/{rnd.number}.pdf").data)
            api = client.get(f"/api/v1/events/{event.id}/rounds/{rnd.number}").get_json()["boards"]
            assert len(page) == len(sheet) == len(api) == len(views)
            for v, p, s, a in zip(views, page, sheet, api):
                white = v.white.player.full_name
                assert str(v.board) == p[0] == s["board"] == str(a["board"])
                # the sheet prints the player's title before his name ("GM Fulano"); the API a field of its own
                assert white in p[1] and _titled(a["white"]) == s["white"] and white == a["white"]["name"]
                assert white in pdf
                if v.black is not None:
                    black = v.black.player.full_name
                    assert black in p[3] and _titled(a["black"]) == s["black"] and black == a["black"]["name"]
                shown = v.score or a["result"]
                assert p[2] == (shown or "–") and s["result"] == (shown or "…")
                if v.score:  # a micro-match: the game score everywhere, its two games in the API
                    checked["micro"] += 1
                    assert a["game_score"] == v.score and a["games"] == list(v.games)
                    assert re.fullmatch(r"\d+-\d+", v.score)
                checked["round"] += 1
    assert checked["round"] > 50 and checked["micro"] > 0


def test_team_round_page_sheet_and_api_show_the_same_matches(demo, client, db):  # type: ignore[no-untyped-def]
    event = next(e for e in demo if get_format(e).team_based)
    rounds = db.session.query(TeamRound).filter_by(event_id=event.id, published=True).order_by(TeamRound.number).all()
    assert rounds
    for rnd in rounds:
        matches = get_format(event).round_view(event, rnd)
        api = client.get(f"/api/v1/events/{event.id}/rounds/{rnd.number}").get_json()
        assert api["matches"] == matches
        page = client.get(f"/eventos/{event.id}/equipes/rodadas/{rnd.number}").get_data(as_text=True)
        sheet = client.get(f"/eventos/{event.id}/relatorios/equipes/resultados/{rnd.number}").get_data(as_text=True)
        for m in matches:
            assert m["team_a"]["name"] in page and m["team_a"]["name"] in sheet
            if m.get("total"):
                assert f'<strong class="total">{m["total"]}</strong>' in page
                assert f'<strong class="total">{m["total"]}</strong>' in sheet


def test_knockout_round_in_the_api_lists_the_brackets_games_tie_by_tie(demo, client, db):  # type: ignore[no-untyped-def]
    event = next(e for e in demo if get_format(e).has_bracket and e.status.value == "running")
    games = db.session.query(KnockoutGame).filter_by(event_id=event.id, round=1).order_by(
        KnockoutGame.tie_index, KnockoutGame.seq).all()
    boards = client.get(f"/api/v1/events/{event.id}/rounds/1").get_json()["boards"]
    assert [(b["tie"], b["game_of_tie"]) for b in boards] == [(g.tie_index + 1, g.seq) for g in games]
    assert [b["white"]["name"] for b in boards] == [g.white.player.full_name for g in games]
    assert all(b["result"] for b in boards)  # every recorded game has its result
    assert client.get(f"/api/v1/events/{event.id}/rounds/2").status_code == 404  # not reached yet
