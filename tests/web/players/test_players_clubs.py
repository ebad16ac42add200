"""Player and club forms: validation messages, nothing written on error, audit on success."""
from __future__ import annotations

from datetime import date, timedelta

from damas.models import AuditEntry, Club, Player, Role


def _player_form(**overrides):  # type: ignore[no-untyped-def]
    data = {
        "full_name": "Maria  das Dores", "sex": "F", "birth_date": "2010-05-04", "club_id": "",
        "state": "CE", "federation_id": "CE-77", "fide_id": "", "rating_regular": "1700",
        "rating_rapid": "", "email": "",
    }
    data.update(overrides)
    return data


def test_staff_creates_player_and_it_is_audited(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    login_as(staff)
    response = client.post("/jogadores/novo", data=_player_form())
    assert response.status_code == 302
    player = db.session.query(Player).one()
    assert player.full_name == "Maria das Dores"
    assert player.rating_regular == 1700 and player.rating_rapid is None
    audit = db.session.query(AuditEntry).one()
    assert (audit.action, audit.object_type, audit.user_id) == ("create", "player", staff.id)
    assert audit.after["federation_id"] == "CE-77"


def test_duplicate_federation_id_is_refused(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    make_player(federation_id="CE-77")
    login_as(make_user(Role.STAFF))
    response = client.post("/jogadores/novo", data=_player_form())
    assert response.status_code == 200
    assert "Já existe um jogador com este número de federação." in response.get_data(as_text=True)
    assert db.session.query(Player).count() == 1
    assert db.session.query(AuditEntry).count() == 0


def test_impossible_birth_date_is_refused(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    future = (date.today() + timedelta(days=3)).isoformat()
    for bad in (future, "1850-01-01"):
        response = client.post("/jogadores/novo", data=_player_form(birth_date=bad))
        assert "Data de nascimento impossível." in response.get_data(as_text=True)
    response = client.post("/jogadores/novo", data=_player_form(birth_date="2010-02-31"))
    assert response.status_code == 200
    assert db.session.query(Player).count() == 0


def test_negative_rating_is_refused(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/jogadores/novo", data=_player_form(rating_regular="-5"))
    assert "Rating entre 0 e 3500." in response.get_data(as_text=True)
    assert db.session.query(Player).count() == 0


def test_empty_form_names_every_required_field(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/jogadores/novo", data={})
    assert response.get_data(as_text=True).count("Campo obrigatório.") >= 1
    assert db.session.query(Player).count() == 0


def test_edit_player_records_before_and_after(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    player = make_player(full_name="Antigo Nome", federation_id="X1")
    login_as(make_user(Role.STAFF))
    response = client.post(f"/jogadores/{player.id}/editar", data=_player_form(full_name="Novo Nome", federation_id="X1"))
    assert response.status_code == 302
    audit = db.session.query(AuditEntry).one()
    assert audit.before["full_name"] == "Antigo Nome" and audit.after["full_name"] == "Novo Nome"


def test_english_messages_after_language_switch(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    make_player(federation_id="CE-77")
    login_as(make_user(Role.STAFF))
    client.get("/lang/en")
    response = client.post("/jogadores/novo", data=_player_form())
    text = response.get_data(as_text=True)
    assert "A player with this federation id already exists." in text
    assert "New player" in text


def test_player_search_and_pagination(client, make_player):  # type: ignore[no-untyped-def]
    for i in range(30):
        make_player(full_name=f"Atleta {i:02d}")
    make_player(full_name="Zélia Procurada")
    page1 = client.get("/jogadores/").get_data(as_text=True)
    assert "Atleta 00" in page1 and "Atleta 29" not in page1
    page2 = client.get("/jogadores/?page=2").get_data(as_text=True)
    assert "Zélia Procurada" in page2
    found = client.get("/jogadores/?q=procur").get_data(as_text=True)
    assert "Zélia Procurada" in found and "Atleta 00" not in found


def test_club_duplicate_name_refused_case_insensitively(client, db, make_user, make_club, login_as):  # type: ignore[no-untyped-def]
    make_club(name="Clube Central")
    login_as(make_user(Role.STAFF))
    response = client.post("/clubes/novo", data={"name": "clube  central", "short_name": "", "city": "", "state": ""})
    assert "Já existe um clube com este nome." in response.get_data(as_text=True)
    assert db.session.query(Club).count() == 1
