"""The Dutch system's edition chosen per event (C.04.3 2017 or 2025): the form's default by
the rules, the event and regulations pages, a 2025 event treated as a Dutch Swiss everywhere,
and the edition frozen once round 1 is paired (a forged change is refused)."""
from __future__ import annotations

from damas.models import AuditEntry, Event, Role, Round

FORM = {
    "name": "Aberto FIDE", "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch",
    "dutch_edition": "", "planned_rounds": "7", "time_minutes": "90", "time_increment": "30",
    "start_date": "2026-12-01", "end_date": "2026-12-05",
}


def _create(client, db, **extra):  # type: ignore[no-untyped-def]
    response = client.post("/eventos/novo", data={**FORM, **extra}, follow_redirects=True)
    assert response.status_code == 200
    return db.session.query(Event).order_by(Event.id.desc()).first()


def _edit_form(event, **extra):  # type: ignore[no-untyped-def]
    return {**FORM, "name": event.name, "ruleset": event.ruleset, "discipline": event.discipline, **extra}


def test_new_fide_chess_swiss_defaults_to_the_2025_edition(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    fide = _create(client, db)
    assert fide.pairing_system == "dutch-2025"
    cbjd = _create(client, db, name="Estadual", discipline="damas-64", ruleset="cbjd")
    club = _create(client, db, name="Clube", discipline="damas-64", ruleset="club")
    assert cbjd.pairing_system == club.pairing_system == "dutch"
    chosen = _create(client, db, name="Estadual 2025", discipline="damas-64", ruleset="cbjd",
                     dutch_edition="dutch-2025")
    old_rules = _create(client, db, name="Aberto 2017", dutch_edition="dutch")
    assert chosen.pairing_system == "dutch-2025" and old_rules.pairing_system == "dutch"
    refused = client.post("/eventos/novo", data={**FORM, "name": "X", "dutch_edition": "dutch-1999"},
                          follow_redirects=True)
    assert db.session.query(Event).filter_by(name="X").count() == 0
    assert refused.status_code == 200


def test_edition_shown_on_the_event_form_event_page_and_regulations(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    event = _create(client, db)
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "Suíço holandês (FIDE 2025)" in page
    assert "Tabela" in page  # the crosstable link of a Swiss (the family, not the code)
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "Suíço holandês (FIDE 2025)" in rules and "FIDE C.04.3 (2025)" in rules
    assert "menor número de partidas não jogadas (C9)" in rules
    form = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert '<option selected value="dutch-2025">' in form
    assert "Edição do suíço holandês" in form
    client.get("/lang/en")
    english = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "Dutch (FIDE 2025)" in english
    assert "Dutch system edition" in client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)


def _running_with_round_one(client, db, make_player, event):  # type: ignore[no-untyped-def]
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for n in range(1, 8):
        player = make_player(full_name=f"Xadrez {n}", rating_regular=2400 - 30 * n)
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": player.id})
    response = client.post(f"/eventos/{event.id}/rodadas/emparceirar", follow_redirects=True)
    assert "Rodada 1 emparceirada." in response.get_data(as_text=True)


def test_edition_changes_until_round_one_then_is_frozen(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    event = _create(client, db, acceleration="baku")  # Baku acceleration: any Dutch edition
    assert event.acceleration == "baku"
    client.post(f"/eventos/{event.id}/editar", data=_edit_form(event, dutch_edition="dutch", acceleration="baku"))
    db.session.refresh(event)
    assert event.pairing_system == "dutch"
    client.post(f"/eventos/{event.id}/editar", data=_edit_form(event, dutch_edition="dutch-2025", acceleration="baku"))
    db.session.refresh(event)
    assert event.pairing_system == "dutch-2025"
    _running_with_round_one(client, db, make_player, event)
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 1
    pair_log = db.session.query(AuditEntry).filter_by(action="pair").one()
    assert pair_log.after["system"] == "dutch-2025"

    form = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    select = form[form.rindex("<select", 0, form.index('id="dutch_edition"')):form.index("</select>", form.index('id="dutch_edition"'))]
    assert "disabled" in select
    assert "A 1ª rodada já foi emparceirada com esta edição das regras" in form
    # The read-only field is not sent: saving the rest of the form keeps the edition.
    data = _edit_form(event, acceleration="baku", notes="Sala 2")
    del data["dutch_edition"]
    client.post(f"/eventos/{event.id}/editar", data=data)
    db.session.refresh(event)
    assert event.notes == "Sala 2" and event.pairing_system == "dutch-2025"
    # A forged POST naming the other edition is refused and changes nothing.
    before = db.session.query(AuditEntry).count()
    response = client.post(f"/eventos/{event.id}/editar",
                           data=_edit_form(event, acceleration="baku", dutch_edition="dutch", notes="Outra"),
                           follow_redirects=True)
    assert "A edição do suíço holandês não pode mudar depois que a 1ª rodada foi emparceirada." in \
        response.get_data(as_text=True)
    db.session.refresh(event)
    assert event.pairing_system == "dutch-2025" and event.notes == "Sala 2"
    assert db.session.query(AuditEntry).count() == before


def test_a_2025_event_is_a_dutch_swiss_everywhere(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    event = _create(client, db)
    _running_with_round_one(client, db, make_player, event)
    for url in ("rodadas", "rodadas/1", "classificacao", "tabela", "jogadores", "regulamento"):
        response = client.get(f"/eventos/{event.id}/{url}")
        assert response.status_code == 200, url
    rounds = client.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True)
    assert "Emparceirar" in rounds  # paired round by round
    api = client.get(f"/api/v1/events/{event.id}").get_json()
    assert api["pairing_system"] == "dutch-2025" and api["pairing_family"] == "dutch"
    assert api["pairing_rules"] == "FIDE C.04.3 (2025)"
