"""Titles on record: the player form's two selects (FIDE and draughts, refused when unknown), the
player's page, and the title that fits the event's game on every list of the event - start list,
pairings, standings (pages, PDF text, API) - and in the TRF export's 001 title field."""
from __future__ import annotations

import re
import subprocess

import pytest
from sqlalchemy import select

from damas.engine.titles import from_trf, to_trf
from damas.engine.trf import read_trf
from damas.models import AuditEntry, EventStatus, GameResult, Player, Role
from damas.services.entries import add_remove as entry_service
from damas.services.errors import ServiceError
from damas.services.players.records import create_player
from damas.services.results.recording import publish_round, record_results
from damas.services.rounds.swiss import pair_next_round

FORM = {"full_name": "Ana Titulada", "sex": "F", "birth_date": "", "club_id": "", "state": "CE",
        "federation_id": "", "fide_id": "", "email": ""}


def _pdf_text(data: bytes) -> str:
    out = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout
    return " ".join(out.decode().split())


def test_staff_sets_both_titles_on_the_form_and_the_page_shows_them(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    login_as(staff)
    page = client.get("/jogadores/novo").get_data(as_text=True)
    assert 'name="fide_title"' in page and 'name="draughts_title"' in page
    assert '<option value="WGM">' in page and '<option value="MI 64">' in page and '<option value="GMIF">' in page
    response = client.post("/jogadores/novo", data={**FORM, "fide_title": "WGM", "draughts_title": "MI 64"})
    assert response.status_code == 302
    player = db.session.scalar(select(Player).where(Player.full_name == "Ana Titulada"))
    assert (player.fide_title, player.draughts_title) == ("WGM", "MI 64")
    audit = db.session.scalar(select(AuditEntry).where(AuditEntry.object_type == "player",
                                                       AuditEntry.object_id == player.id))
    assert audit.after["fide_title"] == "WGM" and audit.after["draughts_title"] == "MI 64"
    view = client.get(f"/jogadores/{player.id}").get_data(as_text=True)
    assert 'class="player-fide-title">WGM<' in view and 'class="player-draughts-title">MI 64' in view
    # edited: the title taken off is audited before and after
    client.post(f"/jogadores/{player.id}/editar", data={**FORM, "fide_title": "", "draughts_title": "MI 64"})
    db.session.refresh(player)
    assert player.fide_title == ""
    last = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "player")
                              .order_by(AuditEntry.id.desc())).first()
    assert (last.before["fide_title"], last.after["fide_title"]) == ("WGM", "")


def test_an_unknown_title_is_refused_and_nothing_changes(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    login_as(staff)
    player = make_player(full_name="Bruno Sem Titulo")
    for field, value in (("fide_title", "XM"), ("draughts_title", "GMX"), ("fide_title", "MI")):
        data = {**FORM, "full_name": "Bruno Sem Titulo", "sex": "M", "fide_title": "", "draughts_title": "",
                field: value}
        response = client.post(f"/jogadores/{player.id}/editar", data=data)
        assert response.status_code == 200, (field, value)  # the form again, with its error
        db.session.refresh(player)
        assert (player.fide_title, player.draughts_title) == ("", "")


def test_service_refuses_a_title_a_form_could_not_send(db, make_user):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    base = {"full_name": "Carla Direta", "sex": "F", "birth_date": None, "club_id": None, "state": "",
            "federation_id": None, "fide_id": None, "email": None}
    with pytest.raises(ServiceError) as refused:
        create_player(staff, {**base, "fide_title": "Grande Mestre"})
    assert refused.value.field == "fide_title"
    with pytest.raises(ServiceError) as refused:
        create_player(staff, {**base, "draughts_title": "MN"})  # no such national title yet
    assert refused.value.field == "draughts_title"
    assert db.session.scalar(select(Player).where(Player.full_name == "Carla Direta")) is None


def _chess_event(db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    """A chess Swiss of four with one round played: a GM (draughts title too), a WIM, two without."""
    gm = make_player(full_name="Garry Mestre", fide_title="GM", draughts_title="GMI", rating_regular=2000,
                     rating_chess_regular=2600)
    wim = make_player(full_name="Wanda Mestra", sex="F", fide_title="WIM", rating_chess_regular=2300)
    plain = [make_player(full_name=f"Sem Titulo {k}", rating_chess_regular=2000 - k) for k in (1, 2)]
    event = make_event(discipline="xadrez", ruleset="fide", pairing_system="dutch", planned_rounds=3,
                       status=EventStatus.REGISTRATION)
    for p in (gm, wim, *plain):
        entry_service.add_entry(staff, event, p)
    rnd = pair_next_round(staff, event)
    publish_round(staff, event, rnd)
    record_results(staff, event, {g.id: (GameResult.DRAW, g.version) for g in rnd.games})
    return event


def test_a_chess_event_shows_fide_titles_everywhere_and_trf_writes_them(client, db, make_user, make_event,
                                                                       make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = _chess_event(db, staff, make_event, make_player)
    login_as(staff)
    base = f"/eventos/{event.id}"
    prefix = re.compile(r'<span class="ptitle">(\w+)</span>\s*(?:<a[^>]*>)?([^<]+)')

    start = client.get(f"{base}").get_data(as_text=True)
    assert ("GM", "Garry Mestre") in prefix.findall(start) and ("WIM", "Wanda Mestra") in prefix.findall(start)
    assert "GMI" not in start  # the draughts title is not the chess event's
    assert "GM Garry Mestre" in _pdf_text(client.get(f"{base}/lista-inicial.pdf").data)

    api = client.get(f"/api/v1/events/{event.id}").get_json()
    titles = {r["name"]: r["title"] for r in api["start_list"]}
    assert titles == {"Garry Mestre": "GM", "Wanda Mestra": "WIM", "Sem Titulo 1": "", "Sem Titulo 2": ""}

    round_page = client.get(f"{base}/rodadas/1").get_data(as_text=True)
    assert ("GM", "Garry Mestre") in prefix.findall(round_page)
    boards = client.get(f"/api/v1/events/{event.id}/rounds/1").get_json()["boards"]
    sides = {s["name"]: s["title"] for b in boards for s in (b["white"], b["black"]) if s}
    assert sides["Garry Mestre"] == "GM" and sides["Wanda Mestra"] == "WIM" and sides["Sem Titulo 1"] == ""
    pairings_pdf = _pdf_text(client.get(f"{base}/relatorios/emparceiramento/1.pdf").data)
    assert "GM Garry Mestre" in pairings_pdf and "WIM Wanda Mestra" in pairings_pdf
    pairings_html = client.get(f"{base}/relatorios/emparceiramento/1").get_data(as_text=True)
    assert ("WIM", "Wanda Mestra") in prefix.findall(pairings_html)

    standings = client.get(f"{base}/classificacao").get_data(as_text=True)
    assert ("GM", "Garry Mestre") in prefix.findall(standings)
    standings_pdf = _pdf_text(client.get(f"{base}/relatorios/classificacao.pdf").data)
    assert "GM Garry Mestre" in standings_pdf and "WIM Wanda Mestra" in standings_pdf
    rows = client.get(f"/api/v1/events/{event.id}/standings").get_json()["rows"]
    assert {r["name"]: r["title"] for r in rows} == titles

    trf = client.get(f"{base}/relatorios/fide.trf").get_data(as_text=True)
    lines = {line[14:47].strip(): line for line in trf.splitlines() if line.startswith("001")}
    assert lines["Garry Mestre"][10:13] == " GM" and lines["Wanda Mestra"][10:13] == "WIM"
    assert lines["Sem Titulo 1"][10:13] == "   "
    read = {e.name: e.title for e in read_trf(trf).state.entrants}
    assert read["Garry Mestre"] == "GM" and read["Wanda Mestra"] == "WIM"


def test_a_draughts_event_shows_draughts_titles(client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    gmi = make_player(full_name="Ton Grande", fide_title="IM", draughts_title="GMI")
    mi64 = make_player(full_name="Rita Sessenta", sex="F", draughts_title="MI 64")
    other = make_player(full_name="Nuno Comum")
    event = make_event(players=(gmi, mi64, other), pairing_system="dutch", status=EventStatus.REGISTRATION)
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert '<span class="ptitle">GMI</span>' in page and '<span class="ptitle">MI 64</span>' in page
    assert '<span class="ptitle">IM</span>' not in page
    rows = {r["name"]: r["title"] for r in client.get(f"/api/v1/events/{event.id}").get_json()["start_list"]}
    assert rows == {"Ton Grande": "GMI", "Rita Sessenta": "MI 64", "Nuno Comum": ""}


def test_trf_title_field_both_spellings_and_what_does_not_fit():  # type: ignore[no-untyped-def]
    assert [from_trf(t) for t in ("GM", " g", "wg", "WIM", "c", "gmi", "")] == ["GM", "GM", "WGM", "WIM", "CM", "", ""]
    assert to_trf("GMI") == "GMI" and to_trf("MI 64") == "" and to_trf("WCM") == "WCM"
