"""The demo's game recorded "as written" carries a note in notation only (the move and the
capture it missed, with the article): the page's own translated banner says what "as written"
means, so an English reader of the demo does not get a Portuguese sentence in the game's note."""
from __future__ import annotations

from sqlalchemy import select

from damas.cli import damas_cli
from damas.models import Event


def test_demo_irregular_game_note_has_no_portuguese_on_the_english_page(app, client, db):  # type: ignore[no-untyped-def]
    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    event = db.session.scalar(select(Event).where(Event.name.like("Torneio Relâmpago da Federação%")))
    en = client.get(f"/eventos/{event.id}/partidas/1/1/1?lang=en").get_data(as_text=True)
    assert "Score sheet saved as written" in en
    assert "2. b2-c3? (d4xf6, CBJD 56 f)" in en
    assert "Planilha como escrita" not in en and "captura obrigatória" not in en
