"""One rating list per game and rate: a chess event reads and feeds the chess lists, a draughts 64
event draughts 64's; periods, the public list, the player's page, imports and exports name the
game (engine.rating.lists)."""
from __future__ import annotations

import csv
import io
import re
from datetime import date

import pytest

from damas.engine.rating.lists import RatingListKey
from damas.models import EventStatus, GameResult, Player, RatingPeriod, RatingRecord, Role, Season
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.errors import ServiceError
from damas.services.ratings.periods import close_period, plan_period
from damas.services.rounds.round_robin import generate_round_robin
from damas.services.ratings.seasons import save_season
from damas.services.results.recording import publish_round, record_results

D64 = RatingListKey("damas-64", "regular")
CHESS = RatingListKey("xadrez", "regular")
# name, draughts 64 rating, chess rating: the order differs between the games
PLAYERS = (("Ana Lima", 2000, 1500), ("Bia Souza", 1900, 1600), ("Caio Rocha", 1800, 1700),
           ("Davi Melo", 1700, 1800))


def _finished(db, staff, players, discipline: str, ruleset: str, name: str):  # type: ignore[no-untyped-def]
    """A finished round robin of the four players, 60 minutes (the regular lists); the lower
    pairing number wins every game."""
    event = event_service.create_event(staff, {
        "name": name, "discipline": discipline, "ruleset": ruleset, "pairing_system": "berger",
        "planned_rounds": 3, "time_minutes": 60, "time_increment": 0,
        "start_date": date(2026, 6, 20), "end_date": date(2026, 6, 21)})
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for p in players:
        entry_service.add_entry(staff, event, p)
    for rnd in generate_round_robin(staff, event, "rating"):
        publish_round(staff, event, rnd)
        record_results(staff, event, {g.id: (GameResult.WHITE_WIN if g.white.pairing_number < g.black.pairing_number
                                             else GameResult.BLACK_WIN, g.version)
                                      for g in rnd.games if g.black is not None})
    event.status = EventStatus.FINISHED
    db.session.commit()
    return event


@pytest.fixture
def two_games(db, make_user, make_player):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=n, rating_regular=d, rating_chess_regular=c, federation_id=f"CE-{i}")
               for i, (n, d, c) in enumerate(PLAYERS, start=1)]
    draughts = _finished(db, staff, players, "damas-64", "cbjd", "Estadual de Damas")
    chess = _finished(db, staff, players, "xadrez", "fide", "Aberto de Xadrez")
    return staff, players, draughts, chess


def test_a_chess_event_seeds_from_the_chess_list(db, two_games):  # type: ignore[no-untyped-def]
    _staff, players, draughts, chess = two_games
    assert {e.player_id: e.rating_at_entry for e in draughts.entries} == {p.id: d for p, (_n, d, _c) in
                                                                         zip(players, PLAYERS)}
    assert {e.player_id: e.rating_at_entry for e in chess.entries} == {p.id: c for p, (_n, _d, c) in
                                                                      zip(players, PLAYERS)}
    # the starting order follows each game's list: Ana first at draughts, last at chess
    ana = players[0]
    assert next(e.pairing_number for e in draughts.entries if e.player_id == ana.id) == 1
    assert next(e.pairing_number for e in chess.entries if e.player_id == ana.id) == 4


def test_a_period_closes_one_games_events_and_changes_one_games_ratings(db, two_games):  # type: ignore[no-untyped-def]
    staff, players, draughts, chess = two_games
    ana = players[0]
    assert [e.id for e in plan_period(D64, date(2026, 6, 1), date(2026, 6, 30)).events] == [draughts.id]
    period = close_period(staff, "Junho damas", D64, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    assert (period.discipline, period.rating_list, period.event_ids) == ("damas-64", "regular", [draughts.id])
    db.session.refresh(ana)
    assert ana.rating_chess_regular == 1500  # the chess list is untouched by the draughts period
    draughts_after = ana.rating_regular
    assert draughts_after != 2000
    chess_period = close_period(staff, "Junho xadrez", CHESS, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    assert (chess_period.discipline, chess_period.event_ids) == ("xadrez", [chess.id])
    db.session.refresh(ana)
    assert ana.rating_regular == draughts_after and ana.rating_chess_regular not in (None, 1500)
    games = {r.discipline for r in db.session.scalars(db.select(RatingRecord).where(
        RatingRecord.period_id == chess_period.id))}
    assert games == {"xadrez"}
    with pytest.raises(ServiceError):  # the chess event is rated: no second chess period over it
        close_period(staff, "Junho xadrez bis", CHESS, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))


def test_the_periods_page_names_each_games_lists(client, db, two_games, login_as):  # type: ignore[no-untyped-def]
    staff, _players, _draughts, chess = two_games
    login_as(staff)
    page = client.get("/rating/periodos").get_data(as_text=True)
    for option in ("Damas 64 · clássica", "Damas 100 · rápida", "Xadrez · blitz"):
        assert option in page
    form = {"name": "Junho", "rating_list": "xadrez:regular", "start_date": "2026-06-01",
            "end_date": "2026-06-30", "list_date": "2026-07-01"}
    review = client.post("/rating/periodos", data={**form, "preview": "1"}).get_data(as_text=True)
    assert "Aberto de Xadrez" in review and "Estadual de Damas" not in review
    bad = client.post("/rating/periodos", data={**form, "rating_list": "xadrez:classic", "close": "1"})
    assert bad.status_code == 200 and db.session.query(RatingPeriod).count() == 0
    assert client.post("/rating/periodos", data={**form, "close": "1"}).status_code == 302
    period = db.session.scalar(db.select(RatingPeriod))
    assert (period.discipline, period.event_ids) == ("xadrez", [chess.id])
    listing = client.get("/rating/periodos").get_data(as_text=True)
    assert "lista clássica (normal) de xadrez" in listing


def test_the_public_list_and_its_files_per_game(client, db, two_games):  # type: ignore[no-untyped-def]
    chess_page = client.get("/rating/lista?lista=xadrez:regular").get_data(as_text=True)
    names = re.findall(r'<td class="name"><a [^>]*>([^<]+)</a>', chess_page)
    assert names == ["Davi Melo", "Caio Rocha", "Bia Souza", "Ana Lima"]  # best chess rating first
    assert "lista clássica (normal) de xadrez" in chess_page
    draughts_page = client.get("/rating/lista?lista=regular").get_data(as_text=True)  # a bare rate: draughts 64
    assert re.findall(r'<td class="name"><a [^>]*>([^<]+)</a>', draughts_page)[0] == "Ana Lima"
    assert "Nenhum jogador com rating nesta lista." in client.get("/rating/lista?lista=damas-100:regular").get_data(
        as_text=True)
    response = client.get("/rating/lista.csv?lista=xadrez:regular")
    assert "rating-xadrez-regular.csv" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert [(r["nome"], r["rating"], r["modalidade"], r["lista"]) for r in rows][0] == (
        "Davi Melo", "1800", "xadrez", "regular")


def test_the_player_page_keeps_the_games_apart(client, db, two_games):  # type: ignore[no-untyped-def]
    staff, players, _draughts, _chess = two_games
    close_period(staff, "Junho damas", D64, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    close_period(staff, "Junho xadrez", CHESS, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    page = client.get(f"/jogadores/{players[0].id}").get_data(as_text=True)
    table = page[page.index("Ratings por modalidade"):]
    table = table[:table.index("</table>")]
    assert "Damas 64 casas" in table and "Xadrez" in table and "Damas 100 casas" not in table
    # one chart per game, and each event's change named by its game's list
    assert re.findall(r"<h3>([^<]+)</h3>", page) == ["Damas 64 casas", "Xadrez"]
    career = page[page.index("Carreira"):]
    assert "lista clássica (normal) de xadrez" in career and "lista clássica (normal) de damas 64" in career
    english = client.get(f"/jogadores/{players[0].id}?lang=en").get_data(as_text=True)
    assert "Ratings by game" in english and "chess standard list" in english


def _import(client, content: str, discipline: str):  # type: ignore[no-untyped-def]
    html = client.post("/importar/ratings", data={
        "file": (io.BytesIO(content.encode()), "fide.csv"), "source": "FIDE", "list_date": "2026-11-01",
        "discipline": discipline}, content_type="multipart/form-data").get_data(as_text=True)
    token = re.search(r'name="token" type="hidden" value="([^"]+)"', html)
    return html, token.group(1) if token else None


def test_a_rating_list_file_goes_to_the_chosen_games_lists(client, db, make_user, make_player,
                                                           login_as):  # type: ignore[no-untyped-def]
    ana = make_player(full_name="Ana", federation_id="CE-1", rating_regular=1500)
    login_as(make_user(Role.STAFF))
    html, token = _import(client, "nº federação;nome;rating clássico;rating rápido\nCE-1;Ana;1720;1690\n", "xadrez")
    assert token is not None
    assert client.post("/importar/ratings/confirmar", data={"token": token}).status_code == 302
    db.session.expire_all()
    ana = db.session.get(Player, ana.id)
    assert (ana.rating_regular, ana.rating_chess_regular, ana.rating_chess_rapid) == (1500, 1720, 1690)
    assert {(r.discipline, r.rating_list, r.value) for r in db.session.scalars(db.select(RatingRecord))} == {
        ("xadrez", "regular", 1720), ("xadrez", "rapid", 1690)}
    html, token = _import(client, "nº federação;rating clássico\nCE-1;1600\n", "damas-200")
    assert token is None and db.session.query(RatingRecord).count() == 2  # an unknown game: nothing written


def test_the_player_form_edits_every_games_ratings(client, db, make_user, make_player,
                                                   login_as):  # type: ignore[no-untyped-def]
    ana = make_player(full_name="Ana Lima", rating_regular=1500, sex="F")
    login_as(make_user(Role.STAFF))
    form = client.get(f"/jogadores/{ana.id}/editar").get_data(as_text=True)
    assert 'name="rating_chess_regular"' in form and 'name="rating_d100_blitz"' in form
    response = client.post(f"/jogadores/{ana.id}/editar", data={
        "full_name": "Ana Lima", "sex": "F", "rating_regular": "1500", "rating_d100_rapid": "1610"})
    assert response.status_code == 302
    db.session.expire_all()
    ana = db.session.get(Player, ana.id)
    assert (ana.rating_regular, ana.rating_d100_rapid) == (1500, 1610)
    record = db.session.scalar(db.select(RatingRecord))
    assert (record.discipline, record.rating_list, record.value) == ("damas-100", "rapid", 1610)


def test_a_season_ranks_the_events_of_one_game(db, two_games):  # type: ignore[no-untyped-def]
    staff, _players, draughts, chess = two_games
    form = {"name": "Circuito 2026", "year": 2026, "kind": "place", "points_table": "10, 8, 6"}
    with pytest.raises(ServiceError, match="uma só modalidade"):
        save_season(staff, None, {**form, "event_ids": [draughts.id, chess.id]})
    assert db.session.query(Season).count() == 0
    assert [e.event_id for e in save_season(staff, None, {**form, "event_ids": [chess.id]}).events] == [chess.id]
