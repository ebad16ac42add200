"""An event imported from a TRF file says so on its page in the reader's language ("Importado
de um arquivo TRF-16 ..." / "Imported from a TRF-16 file ..."): the line is written from the
import's audit record when the page is shown, not stored in Portuguese in the event's notes."""
from __future__ import annotations

from sqlalchemy import select

from damas.models import Event
from tests.web.trf import test_trf_team_import as team_import
from tests.web.trf.test_trf_import import _confirm, _upload, line, staff  # noqa: F401  (the staff fixture)


def test_imported_event_page_states_the_import_in_the_readers_language(client, db, staff):  # type: ignore[no-untyped-def]  # noqa: F811
    text = ("012 Aberto Importado\n042 2026/11/20\n052 2026/11/21\n122 60'+0\nXXR 3\nXXC white1\n"
            + line(1, "Test, Primeiro", ("   2 w 1",), rating=2100, points="1.0")
            + line(2, "Silva, Segundo", ("   1 b 0",), rating=2000)
            + line(3, "Nova, Terceira", ("0000 - U",), sex="w", rating=1900, points="1.0"))
    assert _upload(client, text.encode()).status_code == 200
    assert _confirm(client, text.encode(), discipline="damas-64", ruleset="cbjd", pairing_system="dutch",
                    planned_rounds=3, time_minutes=60, time_increment=0).status_code == 302
    event = db.session.scalars(select(Event)).one()
    assert not event.notes  # the organiser's notes stay his own
    pt = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "Importado de um arquivo TRF-16 com 1 rodada jogada." in pt
    en = client.get(f"/eventos/{event.id}?lang=en").get_data(as_text=True)
    assert "Imported from a TRF-16 file with 1 round played." in en and "Importado de um arquivo" not in en


def test_imported_team_event_page_states_the_import_in_the_readers_language(client, db, staff):  # type: ignore[no-untyped-def]  # noqa: F811
    data = (team_import.DIALECTS / "trf2026_team.trf").read_bytes()
    assert team_import._upload(client, data).status_code == 200
    assert team_import._confirm(client, data, planned_rounds=5).status_code == 302
    event = db.session.scalars(select(Event)).one()
    pt = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "rodadas jogadas, encerrado para registro (uma partida por tabuleiro)." in pt
    en = client.get(f"/eventos/{event.id}?lang=en").get_data(as_text=True)
    assert "team file with" in en and "finished for the record" in en and "Importado de um arquivo" not in en
