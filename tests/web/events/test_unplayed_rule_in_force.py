"""The unplayed-games rule in force by default (issue 24 point 3): a FIDE event gets the rule of
the tie-break regulations in force at its start date: the seed regulations' rule before the
2023 regulations (C.07, "effective from 1 April 2024" in the Handbook), ``fide-2024`` from
then, ``fide-2026`` from 1 March 2026. The TRF import page shows the rule and lets the arbiter
choose it, and an imported event keeps it open until the next round is paired here."""
from __future__ import annotations

import base64
import io
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from damas.engine.rulesets import get_ruleset
from damas.formats.event_rules import unplayed_rule
from damas.models import Event, Role
from damas.services.errors import ServiceError
from damas.services.events.frozen_settings import check_unchanged, frozen_settings

CASE = Path("/work/shared/golden/tiebreaks/fide2024/tb-unplayed-01040-p25-r06.trf")


@pytest.mark.parametrize("start,rule", [
    (date(2023, 12, 31), "seed"), (date(2024, 3, 31), "seed"), (date(2024, 4, 1), "fide-2024"),
    (date(2025, 4, 1), "fide-2024"), (date(2026, 2, 28), "fide-2024"), (date(2026, 3, 1), "fide-2026"),
])
def test_fide_c07_unplayed_rule_in_force_at_the_start_date(start, rule):
    assert get_ruleset("fide").unplayed_on(start) == rule
    assert get_ruleset("cbjd").unplayed_on(start) == "seed" and get_ruleset("club").unplayed_on(start) == "seed"


def _file(start: str = "2025/04/01") -> bytes:
    lines = CASE.read_text().splitlines(keepends=True)
    return ("".join(lines[:1]) + f"042 {start}\n052 {start}\n" + "".join(lines[1:])).encode()


@pytest.fixture
def staff(make_user, login_as):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF)
    login_as(user)
    return user


def _confirm(client, data: bytes, **fields):  # type: ignore[no-untyped-def]
    form = {"trf": base64.b64encode(data).decode(), "filename": CASE.name, "name": "Aberto de 2025",
            "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch", "acceleration": "",
            "planned_rounds": "7", "time_minutes": "90", "time_increment": "30", "start_date": "2025-04-01",
            "end_date": "2025-04-05", "venue": "Fortaleza", "chief_arbiter": "", "tiebreak_order": "", "unplayed_rule": ""}
    form.update({k: str(v) for k, v in fields.items()})
    return client.post("/eventos/importar-trf/confirmar", data=form)


def test_fide_c07_a_2025_event_defaults_to_the_2023_regulations(client, db, staff):  # type: ignore[no-untyped-def]
    data = _file()
    page = client.post("/eventos/importar-trf/", data={"file": (io.BytesIO(data), CASE.name)},
                       content_type="multipart/form-data").get_data(as_text=True)
    assert 'name="unplayed_rule"' in page  # the arbiter may choose it on the import page
    shown = page.split('id="default-unplayed">', 1)[1].split("</dd>", 1)[0]
    assert "Oponente virtual (FIDE C.07, 2023/24)" in shown
    assert _confirm(client, data).status_code == 302
    event = db.session.scalars(select(Event)).one()
    assert unplayed_rule(event) == "fide-2024"


def test_fide_c07_import_page_stores_the_chosen_rule(client, db, staff):  # type: ignore[no-untyped-def]
    assert _confirm(client, _file(), unplayed_rule="played").status_code == 302
    event = db.session.scalars(select(Event)).one()
    assert (event.tiebreak_options or {}).get("unplayed") == "played" and unplayed_rule(event) == "played"


def test_fide_c07_imported_event_rule_changes_until_the_next_round_is_paired(client, db, staff):  # type: ignore[no-untyped-def]
    assert _confirm(client, _file()).status_code == 302
    event = db.session.scalars(select(Event)).one()
    assert not [s for s in frozen_settings(event) if s.field == "unplayed_rule"]
    check_unchanged(event, {"tiebreak_options": {"unplayed": "fide-2026"}, "tiebreak_order": "", "tiebreak_by_lot": False,
                            "rating_list": event.rating_list})
    edit = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    select_tag = edit.split('name="unplayed_rule"', 1)[0].rsplit("<select", 1)[1] + edit.split('name="unplayed_rule"', 1)[1].split(">", 1)[0]
    assert "disabled" not in select_tag
    assert client.post(f"/eventos/{event.id}/rodadas/emparceirar").status_code == 302
    assert [s for s in frozen_settings(event) if s.field == "unplayed_rule"]
    with pytest.raises(ServiceError):
        check_unchanged(event, {"tiebreak_options": {"unplayed": "fide-2026"}, "tiebreak_order": "",
                                "tiebreak_by_lot": False, "rating_list": event.rating_list})
    edit = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert "depois da importação" in edit
