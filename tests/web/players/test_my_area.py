"""Issue 17, point 10: "Minha área" of a player that staff linked to his record."""
from __future__ import annotations

import re

from damas.models import Player, Role
from damas.services.accounts.player_accounts import sign_up_guest
from damas.services.accounts.users import create_user
from tests.conftest import login
from tests.web.awards.test_awards_helpers import finished_round_robin


def _flat(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_player_linked_by_staff_is_not_called_a_guest_and_sees_his_games(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=2)
    ana = db.session.query(Player).filter_by(full_name="Ana Júlia Araújo").one()
    ana.federation_id = None  # a record staff typed without a federation number
    db.session.commit()
    user = create_user(staff, {"email": "ana@test.br", "name": ana.full_name, "role": Role.PLAYER.value,
                               "player_id": ana.id, "password": "secret123", "active": True})
    login(client, user)
    html = client.get("/conta/minha-area").get_data(as_text=True)
    assert "convidado" not in html
    games = html.split('id="minhas-partidas"', 1)[1].split("</table>", 1)[0]
    assert f'href="/eventos/{event.id}"' in games and event.name in games
    rows = re.findall(r"<tr>(.*?)</tr>", games.split("<tbody>", 1)[1], re.S)
    assert len(rows) == 2
    first = _flat(rows[0]).split()
    assert first[0] == "1" and ("brancas" in first or "pretas" in first)
    text = _flat(games)
    assert any(name in text for name in ("João Conceição", "Pedro Sá", "Maria Lúcia", "Carlos Ávila", "José Brandão"))


def test_self_registered_guest_is_still_called_a_guest(client, db):  # type: ignore[no-untyped-def]
    user = sign_up_guest({"email": "conv@test.br", "name": "Visitante Teste", "password": "secret123",
                          "sex": "F", "birth_date": None, "state": "CE"})
    login(client, user)
    html = client.get("/conta/minha-area").get_data(as_text=True)
    assert "convidado" in html and "Nenhuma partida ainda." in html
