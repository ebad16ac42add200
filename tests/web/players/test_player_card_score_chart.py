"""Issue 27 point 7: the player card draws his points after each round against the leader's
(server-drawn SVG with the same numbers in a table), each opponent's rating, his performance
and expected points. The table's numbers are the standings' points after each round; Rp and We
are the engine's (FIDE B.02 8.2, table 8.1.2) for a small hand-made round robin."""
from __future__ import annotations

import re

from damas.engine.rating import RatedGame
from damas.engine.rating.common import expected_total, performance
from damas.models import Entry, Event, Player
from damas.presentation.rating_figures import hundredths
from damas.services.standings.progress import score_progress
from damas.services.standings.compute import standings_of
from damas.services.rounds.withdrawals import withdraw_entry
from tests.web.awards.test_awards_helpers import PLAYERS, finished_round_robin

RATING = {name: rating for name, rating, _year, _sex in PLAYERS}



def _player(db, name):  # type: ignore[no-untyped-def]
    return db.session.scalar(db.select(Player).where(Player.full_name == name))


def test_chart_table_is_the_standings_after_each_round(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=3)
    pedro = _player(db, "Pedro Sá")
    html = client.get(f"/eventos/{event.id}/jogadores/{pedro.id}").get_data(as_text=True)
    svg = html[html.index('<svg class="rating-chart-svg score-chart-svg"'):]
    svg = svg[:svg.index("</svg>")]
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg and "<script" not in svg
    assert svg.count("<polyline") == 2 and svg.count("<circle") == 6  # 3 rounds, two lines
    table = html[html.index('class="table score-table"'):]
    table = table[:table.index("</table>")]
    rows = re.findall(r'<td class="num">(\d+)</td><td class="num mine">(.*?)</td><td class="num leader">(.*?)</td>', table)
    assert [r[0] for r in rows] == ["1", "2", "3"]
    # the card's own running total per round (an independent sum of the rule set's points) ...
    games = html[html.index('class="table player-games"'):]
    running = re.findall(r'<td class="num">([^<]*)</td>\s*</tr>', games[:games.index("</table>")])
    assert [r[1] for r in rows] == running
    # ... the table after each round from the standings pipeline, and the last one is the page's
    progress = score_progress(db.session.get(Event, event.id))
    no = progress.start_no[pedro.id]
    assert [r[1] for r in rows] == [str(p.points[no]) for p in progress.rounds]
    assert [r[2] for r in rows] == [str(max(p.points.values())) for p in progress.rounds]
    final = standings_of(db.session.get(Event, event.id)).standings
    assert rows[-1][1] == str(final.row(no).points) and rows[-1][2] == str(final.rows[0].points)
    assert progress.names[progress.rounds[-1].leader] == "João Conceição"


def test_opponent_ratings_performance_and_expected_are_the_engines(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=3)
    pedro = _player(db, "Pedro Sá")
    html = client.get(f"/eventos/{event.id}/jogadores/{pedro.id}").get_data(as_text=True)
    games_html = html[html.index('class="table player-games"'):]
    games_html = games_html[:games_html.index("</table>")]
    played = []
    for row in re.findall(r"<tr>(.*?)</tr>", games_html, re.S)[1:]:
        name = re.search(r'<a href="[^"]*">([^<]+)</a>', row)
        if name is None:
            continue  # the bye
        shown = re.search(r'<td class="num opponent-rating">([^<]*)</td>', row).group(1)
        assert shown == str(RATING[name.group(1)])  # the rating the event used (rating at entry)
        # the lower number wins: Pedro (3) beats 4..6 and loses to 1, 2
        score = 2 if RATING[name.group(1)] < RATING["Pedro Sá"] else 0
        played.append(RatedGame(RATING[name.group(1)], score))
    assert played
    games = tuple(played)
    rp = performance(games)
    we = expected_total(RATING["Pedro Sá"], games, 400)
    summary = html[html.index('class="rating-summary"'):]
    summary = summary[:summary.index("</p>")]
    assert f'<strong class="performance">{rp}</strong>' in summary
    assert f'<strong class="expected">{hundredths(we).replace(".", ",")}</strong>' in summary  # pt-BR comma
    assert f"<strong>{sum(g.score for g in games) // 2}</strong>" in summary  # W: whole points here


def test_no_chart_before_a_complete_round(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=0)
    joao = _player(db, "João Conceição")
    html = client.get(f"/eventos/{event.id}/jogadores/{joao.id}").get_data(as_text=True)
    assert "score-chart-svg" not in html and "rating-summary" not in html


def test_a_withdrawal_counts_from_the_round_he_left(client, db, make_user, make_player):  # type: ignore[no-untyped-def]

    event, staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=3)
    jose = _player(db, "José Brandão")
    entry = db.session.scalar(db.select(Entry).where(Entry.event_id == event.id, Entry.player_id == jose.id))
    withdraw_entry(staff, event, entry, 3, "motivo de saúde")
    html = client.get(f"/eventos/{event.id}/jogadores/{jose.id}").get_data(as_text=True)
    assert html.count('<td class="num mine">') == 3  # rounds 1, 2 as then, round 3 as the table now
    progress = score_progress(db.session.get(Event, event.id))
    final = standings_of(db.session.get(Event, event.id)).standings
    assert progress.rounds[-1].points == {r.start_no: r.points for r in final.rows}


def test_the_chart_in_english(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=2)
    pedro = _player(db, "Pedro Sá")
    html = client.get(f"/eventos/{event.id}/jogadores/{pedro.id}?lang=en").get_data(as_text=True)
    assert "Points after each round" in html and "Leader after the round" in html
    assert "Expected points" in html and "games against rated opponents" in html
    assert "points after round 2; leader: 4 points." in html
