"""The public pairings page of a round shows each player's points before the round beside his
name ("Ana Lima (1½)"), as chess-results and lichess do: the same numbers as the printed
pairings sheet and the standings after the previous round, in the rule set's points (½ in
chess, units of two per win in draughts). A round whose earlier rounds are not all complete (a
round robin publishes rounds ahead) shows none rather than a total that is not yet known."""
from __future__ import annotations

import re

from damas.models import GameResult
from tests.web.desk.test_desk import running_event, set_result, standings_points

_CELL = re.compile(r'<a class="pname" href="[^"]*">([^<]+)</a>(?: <span class="pts"[^>]*>\(([^)]*)\)</span>)?')


def _shown(page: str) -> dict[str, str | None]:
    """Name -> the points the pairings table shows beside it (None: no points)."""
    table = page[page.index('<table class="table pairings'):]
    table = table[:table.index("</table>")]
    return {name: points or None for name, points in _CELL.findall(table)}


def test_round_page_shows_points_before_the_round_beside_each_name(
        client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    event, (a, b, c, d) = running_event(db, make_event, make_player, rounds=3, ruleset="fide")
    set_result(db, event, 1, 1, GameResult.DRAW)  # 1-2
    set_result(db, event, 1, 2, GameResult.WHITE_WIN)  # 3-4
    names = {e.player.full_name: e for e in (a, b, c, d)}
    first = _shown(client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True))
    assert first == {name: "0" for name in names}
    second = _shown(client.get(f"/eventos/{event.id}/rodadas/2").get_data(as_text=True))
    assert second == {a.player.full_name: "½", b.player.full_name: "½", c.player.full_name: "1",
                      d.player.full_name: "0"}
    assert second == standings_points(db, event)  # the standings after round 1, one computation


def test_round_page_points_are_the_rule_sets_points_in_draughts(
        client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    event, (a, b, c, d) = running_event(db, make_event, make_player, rounds=3)
    set_result(db, event, 1, 1, GameResult.DRAW)
    set_result(db, event, 1, 2, GameResult.BLACK_WIN)
    set_result(db, event, 2, 1, GameResult.WHITE_WIN)  # 3-1
    set_result(db, event, 2, 2, GameResult.DRAW)  # 2-4
    third = _shown(client.get(f"/eventos/{event.id}/rodadas/3").get_data(as_text=True))
    assert third == {a.player.full_name: "1", b.player.full_name: "2", c.player.full_name: "2",
                     d.player.full_name: "3"}
    assert third == standings_points(db, event)


def test_round_page_shows_no_points_while_an_earlier_round_is_open(
        client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    event, entries = running_event(db, make_event, make_player, rounds=3, ruleset="fide")
    set_result(db, event, 1, 1, GameResult.DRAW)
    set_result(db, event, 1, 2, GameResult.WHITE_WIN)  # round 2 stays open
    third = _shown(client.get(f"/eventos/{event.id}/rodadas/3").get_data(as_text=True))
    assert third == {e.player.full_name: None for e in entries}
    sheet = client.get(f"/eventos/{event.id}/relatorios/emparceiramento/3").get_data(as_text=True)
    assert "Pontos antes da rodada" not in sheet  # the printed sheet agrees: no column


def test_event_page_current_round_shows_points_before_the_round(
        client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    event, (a, b, c, d) = running_event(db, make_event, make_player, rounds=2, ruleset="fide")
    set_result(db, event, 1, 1, GameResult.DRAW)
    set_result(db, event, 1, 2, GameResult.WHITE_WIN)
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    now = _shown(page[page.index('class="event-now"'):])
    assert now == {a.player.full_name: "½", b.player.full_name: "½", c.player.full_name: "1",
                   d.player.full_name: "0"}
