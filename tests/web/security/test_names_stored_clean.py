"""Issue 25 point 8: names are stored clean. Control characters are removed, and a name starting
with "=", "+" or "@" (a spreadsheet formula once exported) is refused with a message, in the
guest and member sign-up, the player and club forms and the user form (`damas.services.players.names`)."""
from __future__ import annotations

import pytest

from damas.models import Club, Player, Role, User
from damas.services.players.names import clean_name
from tests.web.players.test_players_clubs import _player_form

FORMULAS = ('=HYPERLINK("http://x","y")', "+55 85", "@SUM(A1)")


def _guest(client, name: str, email: str = "g@x.br"):  # type: ignore[no-untyped-def]
    return client.post("/conta/cadastro", data={"kind": "guest", "name": name, "email": email, "password": "segredo123",
                                                "confirm": "segredo123", "sex": "F"})


def test_clean_name_drops_control_characters() -> None:
    assert clean_name("Ana\x07 \u202eSouza\x1b ") == "Ana Souza"
    assert clean_name("  Maria\tdas\nDores ") == "Maria das Dores"


@pytest.mark.parametrize("name", FORMULAS)
def test_a_guest_cannot_sign_up_as_a_formula(client, db, name):  # type: ignore[no-untyped-def]
    page = _guest(client, name).get_data(as_text=True)
    assert "O nome não pode começar com" in page
    assert db.session.query(User).count() == 0 and db.session.query(Player).count() == 0


def test_a_guest_name_is_stored_without_control_characters(client, db):  # type: ignore[no-untyped-def]
    assert _guest(client, "Bia\x07 Lima\x1b").status_code == 302
    assert db.session.query(Player).one().full_name == "Bia Lima"
    assert db.session.query(User).one().name == "Bia Lima"


@pytest.mark.parametrize("name", FORMULAS)
def test_staff_forms_refuse_formula_names(client, db, make_user, login_as, name):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    page = client.post("/jogadores/novo", data=_player_form(full_name=name)).get_data(as_text=True)
    assert "O nome não pode começar com" in page and db.session.query(Player).count() == 0
    page = client.post("/clubes/novo", data={"name": name, "short_name": "", "city": "", "state": ""}).get_data(
        as_text=True)
    assert "O nome não pode começar com" in page and db.session.query(Club).count() == 0


def test_the_message_speaks_english_too(client, db):  # type: ignore[no-untyped-def]
    client.get("/lang/en")
    assert "A name cannot start with" in _guest(client, "=1+1").get_data(as_text=True)
