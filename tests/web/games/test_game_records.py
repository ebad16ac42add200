"""Games on record through the web (issue 32): typing a record checked by the rules, saving it as
written, the round file import with its preview, the public game page and its diagrams, the
round and event files and their round trip, the desk's references to a move, access."""
from __future__ import annotations

import io
import re
from typing import Any

import pytest

from damas.models import AuditEntry, Event, GameResult, Role
from damas.models.gamerecord import DeskMoveReference, GameRecord
from tests.web.desk.test_desk import board, running_event, set_result

GAME = "/eventos/{e}/partidas/1/{b}/1"
SHORT = "1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 h6-g5"


@pytest.fixture
def setup(db: Any, make_event: Any, make_player: Any, make_user: Any, login_as: Any):  # type: ignore[no-untyped-def]
    arbiter = make_user(role=Role.ARBITER)
    event, entries = running_event(db, make_event, make_player, arbiters=(arbiter,), time_minutes=5)
    login_as(arbiter)
    return event, entries, arbiter


def save(client: Any, event: Event, board: int, moves: str, **extra: Any) -> Any:
    return client.post(GAME.format(e=event.id, b=board) + "/editar", data={"moves": moves, **extra})


def test_a_legal_record_is_saved_with_its_audit_entry(client, db, setup):
    event, entries, arbiter = setup
    revision = event.revision
    response = save(client, event, 1, SHORT + " 2-0")
    assert response.status_code == 302
    db.session.expire_all()
    assert db.session.get(Event, event.id).revision > revision  # the cached public pages move on
    rec = db.session.query(GameRecord).one()
    assert (rec.round_number, rec.board, rec.game_no, rec.result_token) == (1, 1, 1, "2-0")
    assert rec.moves == "c3-d4 f6-e5 d4xf6 g7xe5 b2-c3 h6-g5" and len(rec.plies) == 6
    assert (rec.white_player_id, rec.black_player_id) == (entries[0].player_id, entries[1].player_id)
    audit = db.session.query(AuditEntry).filter_by(action="game_record_saved").one()
    assert audit.user_id == arbiter.id and audit.after["moves"] == rec.moves and audit.before is None


def test_an_illegal_move_is_named_and_nothing_is_saved(client, db, setup):
    event, _entries, _arbiter = setup
    response = save(client, event, 1, "1. c3-d4 f6-e5 2. b2-c3")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Lance 2 das brancas (b2-c3) é irregular. Lances legais: d4xf6." in page
    assert db.session.query(GameRecord).count() == 0


def test_an_irregular_sheet_is_saved_as_written_marked(client, db, setup):
    event, _entries, _arbiter = setup
    response = save(client, event, 1, "1. c3-d4 f6-e5 2. b2-c3 e5xc3 3. d2xb4", as_written="y")
    assert response.status_code == 302
    rec = db.session.query(GameRecord).one()
    assert rec.irregular_ply == 3 and len(rec.plies) == 2 and rec.moves.split()[2:] == ["b2-c3", "e5xc3", "d2xb4"]
    page = client.get(GAME.format(e=event.id, b=1)).get_data(as_text=True)
    assert "irregular" in page and "d2xb4" in page


def test_the_public_game_page_lists_positions_per_move_without_javascript(client, db, setup):
    event, _entries, _arbiter = setup
    save(client, event, 1, SHORT)
    client.post("/conta/sair")
    page = client.get(GAME.format(e=event.id, b=1) + "?lance=3").get_data(as_text=True)
    # each move a link to the page at that move, the diagram of move 3 shown
    for ply in range(1, 7):
        assert f'href="/eventos/{event.id}/partidas/1/1/1?lance={ply}#diagrama"' in page
    assert f'src="/eventos/{event.id}/partidas/1/1/1/diagrama/3.svg"' in page
    svg = client.get(f"/eventos/{event.id}/partidas/1/1/1/diagrama/3.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    body = svg.get_data(as_text=True)
    assert body.startswith("<svg") and "<script" not in body and "style=" not in body
    assert body.count("<circle") == 12 + 11  # 12 white men, 11 black after d4xf6
    assert client.get(f"/eventos/{event.id}/partidas/1/1/1/diagrama/9.svg").status_code == 404


def test_round_page_and_player_card_link_the_game(client, db, setup):
    event, entries, _arbiter = setup
    save(client, event, 1, SHORT)
    client.post("/conta/sair")
    url = f"/eventos/{event.id}/partidas/1/1/1"
    assert url in client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    card = client.get(f"/eventos/{event.id}/jogadores/{entries[1].player_id}").get_data(as_text=True)
    assert url in card and "de pretas contra" in card


def test_record_changes_need_the_events_arbiter(client, db, setup, make_user, login_as):
    event, _entries, _arbiter = setup
    login_as(make_user(role=Role.ARBITER))  # an arbiter of another event
    assert save(client, event, 1, SHORT).status_code == 403
    client.post("/conta/sair")
    assert save(client, event, 1, SHORT).status_code == 302  # to the login page
    assert db.session.query(GameRecord).count() == 0


def pdn_of(event: Event, entries: list, board: int, moves: str, result: str = "2-0", **tags: str) -> str:
    w, b = (entries[0], entries[1]) if board == 1 else (entries[2], entries[3])
    head = {"Event": event.name, "Round": "1", "White": w.player.full_name, "Black": b.player.full_name,
            "Result": result, "GameType": "26", **tags}
    return "".join(f'[{k} "{v}"]\n' for k, v in head.items()) + f"\n{moves} {result}\n\n"


def upload(client: Any, event: Event, text: str) -> Any:
    return client.post(f"/eventos/{event.id}/rodadas/1/partidas/importar",
                       data={"file": (io.BytesIO(text.encode()), "rodada1.pdn")}, content_type="multipart/form-data")


def token_of(page: str) -> str:
    return re.search(r'name="token"[^>]*value="([^"]+)"', page).group(1)


def test_round_file_import_previews_then_saves(client, db, setup):
    event, entries, _arbiter = setup
    text = pdn_of(event, entries, 1, SHORT) + pdn_of(event, entries, 2, "1. c3-d4 f6-e5 2. b2-c3", "1-1")
    preview = upload(client, event, text)
    page = preview.get_data(as_text=True)
    assert preview.status_code == 200 and "lance irregular" in page and "Mesa 2" in page
    assert db.session.query(GameRecord).count() == 0  # nothing before the confirmation
    refused = client.post(f"/eventos/{event.id}/rodadas/1/partidas/importar/confirmar", data={"token": token_of(page)})
    assert refused.status_code == 302 and db.session.query(GameRecord).count() == 0
    done = client.post(f"/eventos/{event.id}/rodadas/1/partidas/importar/confirmar",
                       data={"token": token_of(page), "as_written": "y"})
    assert done.status_code == 302
    recs = {r.board: r for r in db.session.query(GameRecord)}
    assert recs[1].irregular_ply is None and recs[2].irregular_ply == 3 and recs[2].source == "file"


def test_a_file_with_an_unknown_pair_is_refused_whole(client, db, setup):
    event, entries, _arbiter = setup
    wrong = pdn_of(event, entries, 1, SHORT).replace(entries[0].player.full_name, "Fulano de Tal")
    page = upload(client, event, pdn_of(event, entries, 2, SHORT) + wrong).get_data(as_text=True)
    assert "Nenhuma partida da rodada 1 tem estes jogadores." in page and 'name="token"' not in page
    swapped = pdn_of(event, entries, 1, SHORT, White=entries[1].player.full_name, Black=entries[0].player.full_name)
    assert "As cores estão trocadas" in upload(client, event, swapped).get_data(as_text=True)
    other_game = pdn_of(event, entries, 1, "1. 32-28 19-23", GameType="20")
    assert "GameType 20" in upload(client, event, other_game).get_data(as_text=True)


def test_players_match_by_registry_name_in_any_case_and_order_or_by_start_number(client, db, setup):
    event, entries, _arbiter = setup
    first, last = entries[0].player.full_name.rsplit(" ", 1)
    text = (pdn_of(event, entries, 1, SHORT, White=f"{last.upper()}, {first.lower()}", Black="2")
            + pdn_of(event, entries, 2, SHORT, White="3", Black="4"))
    page = upload(client, event, text).get_data(as_text=True)
    assert "erro" not in page.split("<tbody>")[1].split("</tbody>")[0]
    client.post(f"/eventos/{event.id}/rodadas/1/partidas/importar/confirmar", data={"token": token_of(page)})
    assert db.session.query(GameRecord).count() == 2


def test_the_round_file_imports_back_with_nothing_lost(client, db, setup):
    event, entries, _arbiter = setup
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    save(client, event, 1, SHORT + " 2-0")
    save(client, event, 2, "1. c3-d4 f6-e5 2. b2-c3 e5xc3", as_written="y")
    before = {r.board: (r.moves, r.result_token, r.irregular_ply, r.plies) for r in db.session.query(GameRecord)}
    exported = client.get(f"/eventos/{event.id}/rodadas/1/partidas.pdn")
    text = exported.get_data(as_text=True)
    assert exported.headers["Content-Disposition"].endswith('.pdn"')
    assert '[GameType "26"]' in text and '[Result "2-0"]' in text and f'[Event "{event.name}"]' in text
    assert '[WhiteRating "2000"]' in text and '[Round "1"]' in text and '[Date "2026.12.05"]' in text
    for rec in db.session.query(GameRecord):
        db.session.delete(rec)
    db.session.commit()
    page = upload(client, event, text).get_data(as_text=True)
    client.post(f"/eventos/{event.id}/rodadas/1/partidas/importar/confirmar",
                data={"token": token_of(page), "as_written": "y"})
    db.session.expire_all()
    after = {r.board: (r.moves, r.result_token, r.irregular_ply, r.plies) for r in db.session.query(GameRecord)}
    assert after == before
    assert client.get(f"/eventos/{event.id}/partidas.pdn").get_data(as_text=True) == text
    assert client.get(f"/eventos/{event.id}/partidas.pgn").status_code == 404  # a draughts event has PDN


def test_a_record_contradicting_the_result_is_flagged_never_changed(client, db, setup):
    event, _entries, _arbiter = setup
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    save(client, event, 1, SHORT + " 1-1")
    page = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "O resultado da planilha não é o da mesa." in page
    db.session.expire_all()
    assert board(db, event, 1, 1).result == GameResult.WHITE_WIN


def test_a_95d_claim_points_at_the_recorded_move_and_the_desk_shows_its_position(client, db, setup):
    event, entries, _arbiter = setup
    save(client, event, 1, "1. c3-d4 f6-e5 2. b2-c3 e5xc3", as_written="y")
    response = client.post(f"/eventos/{event.id}/mesa/lance-irregular", data={
        "c-round_number": 1, "c-entry_id": entries[0].id, "c-before_own_move": "y", "c-note": "não capturou",
        "c-move_number": 2, "c-move_side": "white"})
    assert response.status_code == 302
    ref = db.session.query(DeskMoveReference).one()
    assert (ref.subject, ref.ply, ref.record.board) == ("claim_95d", 3, 1)
    page = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert f"/eventos/{event.id}/partidas/1/1/1/diagrama/2.svg" in page  # the position before the move
    assert "b2-c3" in page


def test_a_move_count_question_cbjd_5(client, db, setup):
    event, entries, _arbiter = setup
    save(client, event, 1, SHORT)
    response = client.post(f"/eventos/{event.id}/mesa/contagem-de-lances", data={
        "q-round_number": 1, "q-entry_id": entries[1].id, "q-move_number": 3, "q-move_side": "black"})
    assert response.status_code == 302
    ref = db.session.query(DeskMoveReference).one()
    assert (ref.subject, ref.ply) == ("move_count", 6)
    page = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "3 lances das brancas e 3 das pretas" in page
    refused = client.post(f"/eventos/{event.id}/mesa/contagem-de-lances", data={
        "q-round_number": 1, "q-entry_id": entries[1].id, "q-move_number": 9, "q-move_side": "black"},
        follow_redirects=True)
    assert "não tem o lance 9 das pretas" in refused.get_data(as_text=True)


def test_two_arbiters_recording_the_same_game_at_once_get_a_message(client, db, setup, monkeypatch):
    # the second arbiter's form was read before the first record landed: it inserts again, the
    # unique key refuses it, and he gets a message instead of an error page
    event, _entries, _arbiter = setup
    save(client, event, 1, SHORT)
    monkeypatch.setattr("damas.services.games.records.stored", lambda *_a, **_k: {})
    response = save(client, event, 1, SHORT + " 2-0")
    assert response.status_code == 200
    assert "Outro árbitro gravou esta partida ao mesmo tempo." in response.get_data(as_text=True)
    assert db.session.query(GameRecord).one().result_token == ""


def test_the_game_pages_speak_english_on_request(client, db, setup):
    event, _entries, _arbiter = setup
    save(client, event, 1, "1. c3-d4 f6-e5 2. b2-c3")  # refused: the message in Portuguese by default
    client.get("/lang/en")
    refused = save(client, event, 1, "1. c3-d4 f6-e5 2. b2-c3").get_data(as_text=True)
    assert "Move 2 of White (b2-c3) is irregular. Legal moves: d4xf6." in refused
    save(client, event, 1, SHORT)
    page = client.get(GAME.format(e=event.id, b=1)).get_data(as_text=True)
    assert "After ply 6 of 6" in page and "Após o meio-lance" not in page
    assert "Moves pointed at (CBJD 5º, 95 d)" in client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
