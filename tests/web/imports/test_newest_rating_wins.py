"""The newest rating wins: a rating list dated before the player's newest record on that list
adds to his history but leaves his current rating; the preview says so line by line. (Importing
a list of 01/01/2026 saying 2410 after one of 04/12/2026 saying 2390 set him to 2410.)"""
from __future__ import annotations

import io
import re
from html import unescape

from damas.models import Player, RatingRecord, Role

HEADER = "nº federação;nome;rating clássico;rating rápido;rating blitz\n"


def _preview(client, content: str, when: str):  # type: ignore[no-untyped-def]
    return client.post("/importar/ratings", data={"file": (io.BytesIO(content.encode()), "lista.csv"),
                                                  "source": "Rating CBJD", "list_date": when},
                       content_type="multipart/form-data")


def _import(client, content: str, when: str) -> str:  # type: ignore[no-untyped-def]
    html = _preview(client, content, when).get_data(as_text=True)
    token = re.search(r'name="token" type="hidden" value="([^"]+)"', html).group(1)
    assert client.post("/importar/ratings/confirmar", data={"token": token}).status_code == 302
    return unescape(html)


def test_an_older_list_adds_history_but_keeps_the_newest_rating(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    player = make_player(full_name="Rui Barros", federation_id="CE-7", rating_regular=2300)
    _import(client, HEADER + "CE-7;Rui Barros;2390;;\n", "2026-12-04")
    preview = _import(client, HEADER + "CE-7;Rui Barros;2410;;\n", "2026-01-01")
    assert ("clássico 2410: lista mais antiga que o registro de 04/12/2026; entra só no histórico, o rating atual "
            "(2390) fica.") in preview
    assert "2390 → 2410" not in preview
    db.session.expire_all()
    assert db.session.get(Player, player.id).rating_regular == 2390
    history = [(r.list_date.isoformat(), r.value) for r in
               db.session.query(RatingRecord).filter_by(player_id=player.id).order_by(RatingRecord.list_date)]
    assert history == [("2026-01-01", 2410), ("2026-12-04", 2390)]


def test_a_newer_list_still_changes_the_rating(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    player = make_player(full_name="Rui Barros", federation_id="CE-7", rating_regular=2300, rating_rapid=2200)
    _import(client, HEADER + "CE-7;Rui Barros;2390;2250;\n", "2026-06-01")
    preview = _import(client, HEADER + "CE-7;Rui Barros;2380;2150;\n", "2026-12-01")
    assert "lista mais antiga" not in preview
    db.session.expire_all()
    assert (db.session.get(Player, player.id).rating_regular, db.session.get(Player, player.id).rating_rapid) == (
        2380, 2150)


def test_the_older_list_note_speaks_english(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    make_player(full_name="Rui Barros", federation_id="CE-7", rating_regular=2300)
    _import(client, HEADER + "CE-7;Rui Barros;2390;;\n", "2026-12-04")
    client.get("/lang/en")
    preview = unescape(_preview(client, HEADER + "CE-7;Rui Barros;2410;;\n", "2026-01-01").get_data(as_text=True))
    assert "standard 2410: a list older than the record of 04/12/2026; it goes to the history only" in preview
