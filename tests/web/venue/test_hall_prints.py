"""Printed for the hall (issue 42 point 4): table cards with the board number large, the pairing
sheet with a QR code of the round's live page (read back by a real decoder, zxing-cpp, from the
printed page), and the player's phone pages with his board number first."""
from __future__ import annotations

import io
import os
import re
import subprocess

import zxingcpp
from PIL import Image

from damas.models import Round
from damas.models.venue import VenueSettings
from tests.web.venue.checkin_helpers import checkin_event, entry_no


def _pdf_text(data: bytes) -> str:
    out = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout
    return " ".join(out.decode().split())


def _paired(client, db, login_as, make_event, make_player, make_user, publish=True):  # type: ignore[no-untyped-def]
    event, arbiter, users = checkin_event(db, make_event, make_player, make_user)
    db.session.delete(db.session.get(VenueSettings, event.id))
    db.session.commit()
    login_as(arbiter)
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    if publish:
        client.post(f"/eventos/{event.id}/rodadas/1/publicar")
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    return event, arbiter, users, rnd


def test_table_cards_one_per_board_number_large(client, db, login_as, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, _arbiter, _users, rnd = _paired(client, db, login_as, make_event, make_player, make_user, publish=False)
    answer = client.get(f"/eventos/{event.id}/rodadas/1/mesas.pdf")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    _save(None, "table-cards", answer.data)
    assert len(re.findall(rb"/Type /Page\b", answer.data)) == 2  # three boards, two cards a sheet
    text = _pdf_text(answer.data)
    for game in rnd.games:
        white, black = game.white, game.black
        assert f"Brancas: {white.pairing_number}. {white.player.full_name}" in text
        assert f"Pretas: {black.pairing_number}. {black.player.full_name}" in text
    assert text.count("Mesa") == 3 and f"{event.name} · Rodada 1" in text
    assert client.get(f"/eventos/{event.id}/rodadas/9/mesas.pdf").status_code == 404


def test_the_pairing_sheet_carries_a_qr_code_of_the_rounds_page(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user, tmp_path):
    event, _arbiter, _users, _rnd = _paired(client, db, login_as, make_event, make_player, make_user)
    answer = client.get(f"/eventos/{event.id}/relatorios/emparceiramento/1.pdf")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    url = f"http://localhost/eventos/{event.id}/rodadas/1"
    _save(None, "pairing-sheet", answer.data)
    assert f"Acompanhe esta rodada ao vivo, mesa a mesa, no celular: {url}" in _pdf_text(answer.data)
    png = subprocess.run(["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", "-", ], input=answer.data,
                         capture_output=True, check=True).stdout
    found = {code.text for code in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))}
    assert url in found  # the round's page, besides the header's live page of the event
    assert f"http://localhost/eventos/{event.id}/ao-vivo" in found


def _save(tmp_path, name: str, data: bytes) -> None:  # type: ignore[no-untyped-def]
    """Keep the PDF as PNG pages for a look (DAMAS_SHOTS: a folder)."""
    folder = os.environ.get("DAMAS_SHOTS")
    if folder:
        subprocess.run(["pdftoppm", "-png", "-r", "50", "-", f"{folder}/{name}"], input=data, check=True)


def test_the_players_pages_show_his_board_first(client, db, login_as, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, _arbiter, users, rnd = _paired(client, db, login_as, make_event, make_player, make_user)
    entry = entry_no(db, event, 4)
    game = next(g for g in rnd.games if entry.id in (g.white_entry_id, g.black_entry_id))
    login_as(users[3])
    area = client.get("/conta/minha-area").get_data(as_text=True)
    box = area.split("data-board-first", 1)[1].split("</section>", 1)[0]
    assert f"<strong>{game.board}</strong>" in box and "Rodada 1" in box
    assert area.index("data-board-first") < area.index(event.name, area.index("Minhas inscrições"))
    card = client.get(f"/eventos/{event.id}/jogadores/{entry.player_id}").get_data(as_text=True)
    assert card.index("data-board-first") < card.index("player-games")
    assert f"<strong>{game.board}</strong>" in card.split("data-board-first", 1)[1].split("</section>", 1)[0]
