"""Game records of the 64-square board in the numeric notation of the federation's opening tables
(1 = g1 ... 32 = b8, `damas.engine.games.notation`): typed, pasted and in a round's PDN file they
are the same games as by file and rank; the record keeps the moves as written and the pages show
them by file and rank; a square past 32 or a record in two notations is refused with a clear
message."""
from __future__ import annotations

from damas.models.gamerecord import GameRecord
from damas.services.games.records import checked
from tests.web.games.test_game_records import GAME, pdn_of, save, setup, token_of, upload  # noqa: F401  (fixture)

NUMERIC = "1. 11-15 22-18 2. 15x22 25x18 3. 9-13 18-14"
ALGEBRAIC = ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "g3-h4", "e5-f4"]


def test_a_typed_numeric_record_is_stored_as_written_and_replayed(client, db, setup):
    event, _entries, _arbiter = setup
    response = save(client, event, 1, NUMERIC + " 2-0")
    assert response.status_code == 302
    rec = db.session.query(GameRecord).one()
    assert rec.moves == "11-15 22-18 15x22 25x18 9-13 18-14" and rec.result_token == "2-0"
    assert [p["n"] for p in rec.plies] == ALGEBRAIC and rec.irregular_ply is None
    replay = checked(event, rec)
    assert replay.legal and [p.notation for p in replay.plies] == ALGEBRAIC
    page = client.get(GAME.format(e=event.id, b=1)).get_data(as_text=True)
    assert "d4xf6" in page and "g7xe5" in page  # the pages write CBJD 4º d
    form = client.get(GAME.format(e=event.id, b=1) + "/editar").get_data(as_text=True)
    assert "11-15 22-18 15x22 25x18 9-13 18-14 2-0" in form  # the form gives back what was typed
    exported = client.get(f"/eventos/{event.id}/rodadas/1/partidas.pdn").get_data(as_text=True)
    assert "1. c3-d4 f6-e5 2. d4xf6 g7xe5" in exported  # the file is GameType 26, by file and rank


def test_the_same_game_by_numbers_and_by_file_and_rank_gives_the_same_record(client, db, setup):
    event, _entries, _arbiter = setup
    save(client, event, 1, NUMERIC)
    save(client, event, 2, " ".join(ALGEBRAIC))
    recs = {r.board: r for r in db.session.query(GameRecord)}
    assert recs[1].plies == recs[2].plies and recs[1].final == recs[2].final


def test_a_pasted_pdn_game_in_numbers(client, db, setup):
    event, entries, _arbiter = setup
    text = pdn_of(event, entries, 1, NUMERIC, "*")
    response = save(client, event, 1, text)
    assert response.status_code == 302
    rec = db.session.query(GameRecord).one()
    assert [p["n"] for p in rec.plies] == ALGEBRAIC and rec.moves.split()[0] == "11-15"


def test_a_round_file_in_numbers_is_imported(client, db, setup):
    event, entries, _arbiter = setup
    text = pdn_of(event, entries, 1, NUMERIC, "*") + pdn_of(event, entries, 2, " ".join(ALGEBRAIC), "*")
    page = upload(client, event, text).get_data(as_text=True)
    assert "erro" not in page.split("<tbody>")[1].split("</tbody>")[0]
    client.post(f"/eventos/{event.id}/rodadas/1/partidas/importar/confirmar", data={"token": token_of(page)})
    recs = {r.board: r for r in db.session.query(GameRecord)}
    assert recs[1].source == "file" and recs[1].plies == recs[2].plies


def test_a_square_past_the_board_is_named_in_portuguese(client, db, setup):
    event, _entries, _arbiter = setup
    page = save(client, event, 1, "1. 33-29").get_data(as_text=True)
    assert "Lance 1 das brancas (33-29): a casa 33 não existe; na notação numérica as casas vão de 1 a 32." in page
    page = save(client, event, 1, "1. 11-15 0-4").get_data(as_text=True)
    assert "Lance 1 das pretas (0-4): a casa 0 não existe" in page
    assert db.session.query(GameRecord).count() == 0


def test_a_record_in_two_notations_is_refused_even_as_written(client, db, setup):
    event, _entries, _arbiter = setup
    for extra in ({}, {"as_written": "y"}):
        page = save(client, event, 1, "1. 11-15 22-18 2. d4xf6", **extra).get_data(as_text=True)
        assert ("Lance 2 das brancas (d4xf6) está em notação algébrica, e os anteriores em notação numérica: "
                "escreva a partida toda numa só notação.") in page
    page = save(client, event, 1, "1. c3-d4 22-18").get_data(as_text=True)
    assert "Lance 1 das pretas (22-18) está em notação numérica, e os anteriores em notação algébrica" in page
    assert db.session.query(GameRecord).count() == 0


def test_a_file_game_in_two_notations_is_an_error_row(client, db, setup):
    event, entries, _arbiter = setup
    page = upload(client, event, pdn_of(event, entries, 1, "1. 11-15 f6-e5", "*")).get_data(as_text=True)
    assert "está em notação algébrica" in page and 'name="token"' not in page


def test_the_form_explains_the_numeric_notation_in_english(client, db, setup):
    event, _entries, _arbiter = setup
    page = client.get(GAME.format(e=event.id, b=1) + "/editar?lang=en").get_data(as_text=True)
    assert "Also in the numeric notation of the opening tables (square 1 = g1, 4 = a1, 32 = b8)" in page
    page = save(client, event, 1, "1. 33-29").get_data(as_text=True)
    assert "a casa 33 não existe" in page
    client.get(f"/eventos/{event.id}?lang=en")
    english = client.post(GAME.format(e=event.id, b=1) + "/editar?lang=en", data={"moves": "1. 33-29"})
    assert "square 33 does not exist" in english.get_data(as_text=True)
