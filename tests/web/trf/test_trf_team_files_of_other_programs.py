"""TRF-2026 team files as other programs write them: a 320 record with blank round fields (no
pairing-allocated bye that round) and points written ` 1.0`, and a 300 line-up whose team and
opponent columns are swapped. Both were refused ("a team (320) deve ser um número inteiro, veio
''", "põe o jogador 1 na equipe 4, que não é a dele"); they import as their writers mean them,
the 310 rosters deciding a player's team, and the preview says what was read otherwise."""
from __future__ import annotations

import base64
import io
from html import unescape
from pathlib import Path

import pytest
from sqlalchemy import select

from damas.engine.trf import read_trf
from damas.models import Event, Player, Role
from damas.models.micromatch import Team, TeamLineup, TeamMatchRow, TeamRound

DIALECTS = Path(__file__).resolve().parents[2] / "engine" / "golden" / "trf_dialects"
# The 310 records' own (MP, GP): the same tournament as trf2026_team.trf, written otherwise.
FILE_POINTS = {"Alfenas": ("6", "5"), "Bage": ("2", "2½"), "Caxias": ("2", "2"), "Divinopolis": ("3", "3½"),
               "Erechim": ("2", "2")}


@pytest.fixture
def staff(make_user, login_as):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF)
    login_as(user)
    return user


def _preview(client, data: bytes) -> str:  # type: ignore[no-untyped-def]
    response = client.post("/eventos/importar-trf/", data={"file": (io.BytesIO(data), "equipes.trf")},
                           content_type="multipart/form-data")
    return unescape(response.get_data(as_text=True))


def _confirm(client, data: bytes):  # type: ignore[no-untyped-def]
    form = {"trf": base64.b64encode(data).decode(), "filename": "equipes.trf", "name": "Copa de outro programa",
            "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch-2025", "acceleration": "",
            "planned_rounds": "5", "time_minutes": "90", "time_increment": "30", "start_date": "2026-09-10",
            "end_date": "2026-09-13", "venue": "Pelotas", "chief_arbiter": "", "tiebreak_order": ""}
    return client.post("/eventos/importar-trf/confirmar", data=form)


def _imported(client, db, data: bytes) -> Event:  # type: ignore[no-untyped-def]
    response = _confirm(client, data)
    assert response.status_code == 302, unescape(response.get_data(as_text=True))[:3000]
    return db.session.scalars(select(Event)).one()


def _table(client, event: Event) -> dict[str, tuple[str, str]]:  # type: ignore[no-untyped-def]
    rows = client.get(f"/api/v1/events/{event.id}/standings").get_json()["teams"]["rows"]
    return {r["name"]: (r["mp"], r["gp"]) for r in rows}


def test_a_320_record_with_blank_rounds_and_spaced_points_imports_its_byes(client, db, staff):  # type: ignore[no-untyped-def]
    """Round 1 has no pairing-allocated bye (a 240 H bye instead): its 320 field is blank."""
    data = (DIALECTS / "trf2026_team_blank_320_rounds.trf").read_bytes()
    page = _preview(client, data)
    assert "importar-trf/confirmar" in page and "deve ser um número inteiro" not in page
    event = _imported(client, db, data)
    byes = {(m.round.number, m.team_a.number): (m.bye_outcome, m.bye_game_points)
            for m in db.session.scalars(select(TeamMatchRow).where(TeamMatchRow.team_b_id.is_(None)))}
    assert byes == {(1, 5): ("half_bye", 2), (2, 2): ("half_bye", 2), (3, 3): ("half_bye", 2)}
    assert _table(client, event) == FILE_POINTS
    assert [r.number for r in db.session.scalars(select(TeamRound).order_by(TeamRound.number))] == [1, 2, 3]


def test_a_300_line_up_under_the_opponents_column_is_read_as_the_rosters_say(client, db, staff):  # type: ignore[no-untyped-def]
    data = (DIALECTS / "trf2026_team_swapped_300.trf").read_bytes()
    page = _preview(client, data)
    assert "importar-trf/confirmar" in page
    assert ("Linha 42: a escalação da rodada 3 (300) traz só jogadores da equipe 1, que o arquivo põe como "
            "adversária") in page
    event = _imported(client, db, data)
    assert _table(client, event) == FILE_POINTS
    alfenas = db.session.scalars(select(Team).where(Team.name == "Alfenas")).one()
    lineup = db.session.scalars(select(TeamLineup).join(TeamRound).where(
        TeamRound.number == 3, TeamLineup.team_id == alfenas.id).order_by(TeamLineup.board)).all()
    names = {row.board: db.session.get(Player, row.player_id).full_name for row in lineup}
    assert names == {1: "Alan Abreu", 2: "Kaio Klein"}  # the reserve on board 2, as the line-up says


def test_the_swapped_line_up_note_speaks_english_on_request(client, staff):  # type: ignore[no-untyped-def]
    client.get("/lang/en")
    page = _preview(client, (DIALECTS / "trf2026_team_swapped_300.trf").read_bytes())
    assert "Line 42: the line-up of round 3 (300) holds only players of team 1" in page


def test_a_line_up_naming_a_player_of_a_third_team_leaves_him_out_and_says_so(client, db, staff):  # type: ignore[no-untyped-def]
    """Team 1's round-3 line-up names player 3 (Caxias, not its opponent): Alfenas keeps its own
    players, the preview names the line and the player."""
    data = (DIALECTS / "trf2026_team.trf").read_bytes().replace(b"300 003 001 004    1   11",
                                                               b"300 003 001 004    1   11    3")
    teams = read_trf(data.decode()).team
    assert [(n.kind, n.team, n.players) for n in teams.notes] == [("300-other-team", 1, (3,))]
    page = _preview(client, data)
    assert "a escalação da equipe 1 na rodada 3 (300) cita jogadores de outra equipe (3)" in page
    event = _imported(client, db, data)
    assert _table(client, event) == FILE_POINTS
