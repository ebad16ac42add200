"""Score sheets and game files as real files and arbiters write them (issue 36 points 2, 10): a
hostile file is refused at a cap with a message, not read for minutes; moves written with a
space inside (``1- 6``, ``32 x 23``) are read in files and typed records; a whole PDN game pasted
with its tag lines into a board's record form is recorded, its tags checked against the board."""
from __future__ import annotations

import html
import io
import re
from typing import Any

import pytest

from damas.models import AuditEntry, Event, GameResult, Role
from damas.models.gamerecord import GameRecord
from tests.web.desk.test_desk import running_event, set_result

# a real-looking international game as PDN collections print it: spaces inside the moves
SPACED_100 = "1. 32 - 28 17- 21 2. 31-26 11 -17 3. 37-32 6-11 4. 41-37 1- 6 5. 28-23 19 x 28 6. 32 x 23 18x 29 7. 34 x23"
PLAIN_100 = "32-28 17-21 31-26 11-17 37-32 6-11 41-37 1-6 28-23 19x28 32x23 18x29 34x23"
SHORT_64 = "1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 h6-g5"


@pytest.fixture
def arbiter(make_user: Any, login_as: Any):  # type: ignore[no-untyped-def]
    user = make_user(role=Role.ARBITER)
    login_as(user)
    return user


def event_of(db: Any, make_event: Any, make_player: Any, arbiter: Any, discipline: str = "damas-64"):  # type: ignore[no-untyped-def]
    return running_event(db, make_event, make_player, arbiters=(arbiter,), time_minutes=5, discipline=discipline)


def upload(client: Any, event: Event, text: str, name: str = "rodada1.pdn") -> str:
    response = client.post(f"/eventos/{event.id}/rodadas/1/partidas/importar",
                           data={"file": (io.BytesIO(text.encode()), name)}, content_type="multipart/form-data",
                           follow_redirects=True)
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


def pdn(white: str, black: str, moves: str, result: str = "2-0", game_type: str = "26", **tags: str) -> str:
    head = {"Event": "Aberto", "Round": "1", "White": white, "Black": black, "Result": result,
            "GameType": game_type, **tags}
    return "".join(f'[{k} "{v}"]\n' for k, v in head.items()) + f"\n{moves} {result}\n\n"


def save(client: Any, event: Event, board: int, text: str) -> Any:
    return client.post(f"/eventos/{event.id}/partidas/1/{board}/1/editar", data={"moves": text},
                       follow_redirects=True)


def test_a_file_of_thousands_of_move_lines_is_refused_at_the_plies_cap_with_its_message(
        client, db, make_event, make_player, arbiter):
    event, entries = event_of(db, make_event, make_player, arbiter)
    hostile = pdn(entries[0].player.full_name, entries[1].player.full_name, "", "*").replace(
        "\n *\n", "\n" + "c3-d4\n" * 3000)
    page = upload(client, event, hostile)
    assert "A partida da linha 1 tem mais de 600 meios-lances, o máximo de uma partida; nada foi gravado." in page
    assert 'name="token"' not in page
    client.get("/lang/en")
    page = upload(client, event, hostile)
    assert "The game at line 1 has more than 600 plies, the most a game may have; nothing was saved." in page
    assert db.session.query(GameRecord).count() == 0


def test_a_file_with_more_games_than_the_round_is_refused_with_its_message(
        client, db, make_event, make_player, arbiter):
    event, entries = event_of(db, make_event, make_player, arbiter)
    names = [e.player.full_name for e in entries]
    text = pdn(names[0], names[1], SHORT_64) + pdn(names[2], names[3], SHORT_64) + pdn(names[0], names[1], SHORT_64)
    page = upload(client, event, text * 200)
    assert ("O arquivo tem mais de 2 partidas, e a rodada 1 tem 2: envie só as partidas desta rodada; "
            "nada foi gravado.") in page
    client.get("/lang/en")
    page = upload(client, event, text)
    assert "The file has more than 2 games and round 1 has 2: send only this round's games; nothing was saved." in page
    assert db.session.query(GameRecord).count() == 0


def test_a_pdn_file_with_spaces_inside_the_moves_is_imported_as_the_same_moves(
        client, db, make_event, make_player, arbiter):
    event, entries = event_of(db, make_event, make_player, arbiter, "damas-100")
    text = pdn(entries[0].player.full_name, entries[1].player.full_name, SPACED_100, "1-1", "20")
    page = upload(client, event, text)
    assert "erro" not in page.split("<tbody>")[1].split("</tbody>")[0]
    token = re.search(r'name="token"[^>]*value="([^"]+)"', page).group(1)
    client.post(f"/eventos/{event.id}/rodadas/1/partidas/importar/confirmar", data={"token": token})
    rec = db.session.query(GameRecord).one()
    assert rec.moves == PLAIN_100 and rec.irregular_ply is None and rec.result_token == "1-1"


def test_a_typed_record_with_spaces_inside_the_moves_is_saved_as_the_same_moves(
        client, db, make_event, make_player, arbiter):
    event, _entries = event_of(db, make_event, make_player, arbiter, "damas-100")
    response = save(client, event, 1, SPACED_100 + " 1-1")
    assert "Partida gravada." in response.get_data(as_text=True)
    rec = db.session.query(GameRecord).one()
    assert rec.moves == PLAIN_100 and rec.irregular_ply is None and len(rec.plies) == 13


def test_a_pasted_pdn_game_with_matching_tags_is_recorded_from_its_moves(
        client, db, make_event, make_player, arbiter):
    event, entries = event_of(db, make_event, make_player, arbiter)
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    first, last = entries[0].player.full_name.rsplit(" ", 1)
    pasted = pdn(f"{last}, {first}", entries[1].player.full_name, SHORT_64, "2-0", Site="Fortaleza")
    page = save(client, event, 1, pasted).get_data(as_text=True)
    assert "Partida gravada." in page and "flash-warning" not in page and "não está na notação" not in page
    rec = db.session.query(GameRecord).one()
    assert rec.moves == "c3-d4 f6-e5 d4xf6 g7xe5 b2-c3 h6-g5" and rec.result_token == "2-0"
    assert db.session.query(AuditEntry).filter_by(action="game_record_saved").count() == 1


def test_a_pasted_game_whose_tags_disagree_with_the_board_is_recorded_with_warnings(
        client, db, make_event, make_player, arbiter):
    event, entries = event_of(db, make_event, make_player, arbiter)
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    white, black = entries[0].player.full_name, entries[1].player.full_name
    pasted = pdn(black, "Fulano de Tal", SHORT_64, "0-2").replace(" 0-2\n\n", " 1-1\n\n")
    page = save(client, event, 1, pasted).get_data(as_text=True)
    assert "Partida gravada." in page
    warnings = re.findall(r'class="flash flash-warning"[^>]*>([^<]*)<', page)
    assert warnings == [
        f"A etiqueta White diz {black}, mas nesta mesa as brancas são de {white}.",
        f"A etiqueta Black diz Fulano de Tal, mas nesta mesa as pretas são de {black}.",
        "A etiqueta Result diz 0-2, mas o resultado da mesa é 2-0; o resultado da mesa não muda.",
        "A etiqueta Result diz 0-2, mas os lances terminam em 1-1; gravado 1-1.",
    ]
    rec = db.session.query(GameRecord).one()
    assert len(rec.plies) == 6 and rec.result_token == "1-1"
    client.get("/lang/en")
    page = html.unescape(save(client, event, 1, pasted.replace(" 1-1\n\n", " 0-2\n\n")).get_data(as_text=True))
    assert f"The White tag says {black}, but White on this board is {white}." in page
    assert "The Result tag says 0-2, but the board's result is 2-0; the board's result is not changed." in page


def test_a_paste_of_two_games_is_refused_with_a_message_and_nothing_saved(
        client, db, make_event, make_player, arbiter):
    event, entries = event_of(db, make_event, make_player, arbiter)
    game = pdn(entries[0].player.full_name, entries[1].player.full_name, SHORT_64)
    page = save(client, event, 1, game + game).get_data(as_text=True)
    assert "Cole uma partida só: o texto tem mais de uma." in page
    tags_only = save(client, event, 1, game.split("\n\n")[0]).get_data(as_text=True)
    assert "Digite os lances da partida." in tags_only
    assert db.session.query(GameRecord).count() == 0
