"""Issue 27 point 5: tie-breaks are chosen, not typed. The event page shows the order by name;
the form still takes typed codes (no JavaScript); the pick list's data comes from the engine."""
from __future__ import annotations

import html
import json
import re

from damas.engine.tiebreak_fit import RECOMMENDED
from damas.engine.tiebreaks import get_tiebreak, tiebreak_codes
from damas.engine.tiebreaks.catalogue import DESCRIPTIONS, PRESETS, presets_for
from damas.models import AuditEntry, Event, Role

FORM = {
    "name": "Aberto Escolhido", "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch",
    "planned_rounds": "5", "time_minutes": "60", "time_increment": "0",
    "start_date": "2026-12-01", "end_date": "2026-12-02",
}


def _picker(page: str) -> dict:  # type: ignore[type-arg]
    raw = re.search(r'data-tiebreak-picker="([^"]*)"', page)
    assert raw, "the tie-break field carries the pick list's data"
    return json.loads(html.unescape(raw.group(1)))


def test_every_tiebreak_has_a_description_and_presets_use_known_codes() -> None:
    assert set(DESCRIPTIONS) == set(tiebreak_codes())
    for preset in PRESETS:
        assert [get_tiebreak(c).code for c in preset.codes] == list(preset.codes)
        assert all(kind in RECOMMENDED for kind in preset.kinds)
        assert preset.article.startswith("FIDE-GR")
    assert [p.key for p in presets_for("swiss")] == ["fide-swiss-rated", "fide-swiss"]
    assert presets_for("knockout") == ()


def test_typed_codes_are_still_accepted_and_the_event_page_shows_names(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data={**FORM, "tiebreak_order": "bh/c1, sb, won"})
    assert response.status_code == 302
    event = db.session.query(Event).one()
    assert event.tiebreak_order == "BH-C1, SB, WIN"
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    dd = page.split("Desempates</dt><dd>", 1)[1].split("</dd>", 1)[0]
    assert "Milésimos totais menos o pior" in dd and "Sonneborn-Berger" in dd and "Número de vitórias" in dd
    assert re.sub(r"<[^>]+>", "", dd).startswith("Milésimos totais menos o pior, Sonneborn-Berger, Número de vitórias")
    assert "BH-C1, SB, WIN" not in page
    brochure = client.get(f"/eventos/{event.id}/relatorios/folheto").get_data(as_text=True)
    assert "Milésimos totais menos o pior, Sonneborn-Berger, Número de vitórias" in brochure
    assert db.session.query(AuditEntry).filter_by(action="create", object_type="event").count() == 1


def test_english_event_page_shows_english_names(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    client.post("/eventos/novo", data={**FORM, "tiebreak_order": "DE, TPR, ARO"})
    event = db.session.query(Event).one()
    page = client.get(f"/eventos/{event.id}?lang=en").get_data(as_text=True)
    assert "Direct encounter, Tournament performance rating, Average rating of opponents" in re.sub(r"<[^>]+>", "", page)
    data = _picker(client.get(f"/eventos/{event.id}/editar?lang=en").get_data(as_text=True))
    assert data["text"]["up"] == "Move up" and data["text"]["add"] == "Add a tie-break"
    assert {t["code"]: t["desc"] for t in data["tiebreaks"]}["BH"] == "Sum of all opponents' scores."
    assert "FIDE: Swiss, consistent ratings" in [p["name"] for p in data["presets"]]


def test_unknown_typed_code_is_refused_and_nothing_saved(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data={**FORM, "tiebreak_order": "BH, XYZ"})
    assert response.status_code == 200
    assert "Desempate desconhecido: XYZ" in response.get_data(as_text=True)
    assert db.session.query(Event).count() == 0


def test_forms_carry_the_pick_list_data(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    page = client.get("/eventos/novo").get_data(as_text=True)
    assert "tiebreaks.js" in page
    data = _picker(page)
    names = {t["code"]: t["name"] for t in data["tiebreaks"]}
    assert names["BH-C1"] == "Milésimos totais menos o pior"
    assert all(t["desc"] for t in data["tiebreaks"])
    assert data["defaults"]["fide"]["swiss"] == ["BH-C1", "BH-C2", "SB", "BH-M1"]
    assert data["defaults"]["cbjd"]["swiss"][0] == "PS"
    assert data["kinds"]["berger"] == "roundrobin" and data["kinds"]["dutch"] == "swiss"
    assert {p["key"] for p in data["presets"]} == {p.key for p in PRESETS}
    # the field itself is still the text field that posts the codes
    assert re.search(r'<input[^>]*name="tiebreak_order"[^>]*type="text"|<input[^>]*type="text"[^>]*name="tiebreak_order"', page)


def test_edit_form_keeps_the_stored_codes(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    client.post("/eventos/novo", data={**FORM, "tiebreak_order": "DE, SB"})
    event = db.session.query(Event).one()
    page = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert 'value="DE, SB"' in page
    assert _picker(page)["text"]["up"] == "Subir"


def test_micromatch_form_offers_the_pick_list_of_its_kind(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    """The micro-match event form is an event form too: the same pick list, its kind's defaults."""
    login_as(make_user(Role.STAFF))
    page = client.get("/eventos/micro/novo").get_data(as_text=True)
    assert "tiebreaks.js" in page
    data = _picker(page)
    assert data["kinds"]["micromatch"] == "micromatch"
    assert data["defaults"]["cbjd"]["micromatch"]
    assert set(data["recommended"]["micromatch"]) >= {"GP", "MP"}
