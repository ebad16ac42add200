"""Issue 28 point 3: a TRF-2026 team tournament (the FIDE TEC team sample's shape: 310 / 013,
320 / 330 / 300 / 240, 352, 362) imports through the web as a team event of one game per board,
finished for the record, with the file's own match and game points per team on the published
team table (with and without a scheduled unplayed round)."""
from __future__ import annotations

import base64
import io
import re
from html import unescape
from pathlib import Path

import pytest
from sqlalchemy import func, select

from damas.engine.trf import read_trf
from damas.models import AuditEntry, Event, EventStatus, Player, Role
from damas.models.micromatch import MicroMatchSettings, Team, TeamBoardRow, TeamMatchRow, TeamRound
from damas.services.micromatch.team_standings import standings_context

DIALECTS = Path(__file__).resolve().parents[2] / "engine" / "golden" / "trf_dialects"
# The file's own 310 values (MP, GP) per team name, read by the reader too.
FILE_POINTS = {"Alfenas": ("6", "5"), "Bage": ("2", "2½"), "Caxias": ("2", "2"), "Divinopolis": ("3", "3½"),
               "Erechim": ("2", "2")}


@pytest.fixture
def staff(make_user, login_as, client):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF)
    login_as(user)
    return user


def _upload(client, data: bytes):  # type: ignore[no-untyped-def]
    return client.post("/eventos/importar-trf/", data={"file": (io.BytesIO(data), "equipes.trf")},
                       content_type="multipart/form-data")


def _confirm(client, data: bytes, **fields):  # type: ignore[no-untyped-def]
    form = {"trf": base64.b64encode(data).decode(), "filename": "equipes.trf", "name": "Copa importada",
            "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch-2025", "acceleration": "",
            "planned_rounds": "", "time_minutes": "90", "time_increment": "30", "start_date": "2026-09-10",
            "end_date": "2026-09-13", "venue": "Pelotas", "chief_arbiter": "", "tiebreak_order": ""}
    form.update({k: str(v) for k, v in fields.items()})
    return client.post("/eventos/importar-trf/confirmar", data=form)


@pytest.mark.parametrize("name,scheduled", [("trf2026_team", False), ("trf2026_team_scheduled_round", True)])
def test_team_trf2026_imports_as_a_finished_team_event_with_the_files_own_points(client, db, staff, name, scheduled):  # type: ignore[no-untyped-def]
    data = (DIALECTS / f"{name}.trf").read_bytes()
    preview = unescape(_upload(client, data).get_data(as_text=True))
    assert "importar-trf/confirmar" in preview and "encerrado para registro" in preview
    assert ("sem resultados" in preview) is scheduled
    assert "MPvGP" in preview  # a 202 code we do not compute for teams is named
    assert "fora da alternância" not in preview  # the sample keeps 352 WB on every board
    response = _confirm(client, data, planned_rounds=5)
    assert response.status_code == 302, unescape(response.get_data(as_text=True))[:3000]
    event = db.session.scalars(select(Event)).one()
    assert event.status is EventStatus.FINISHED and event.ruleset == "fide" and event.pairing_system == "micromatch"
    settings = db.session.scalars(select(MicroMatchSettings)).one()
    assert (settings.team, settings.boards, settings.games_per_board, settings.scoring) == (True, 2, 1, "match")
    teams = {t.number: t for t in db.session.scalars(select(Team))}
    assert [teams[n].name for n in sorted(teams)] == ["Alfenas", "Bage", "Caxias", "Divinopolis", "Erechim"]
    assert [m.player.full_name for m in teams[1].members] == ["Alan Abreu", "Beto Bastos", "Kaio Klein"]
    rounds = list(db.session.scalars(select(TeamRound).order_by(TeamRound.number)))
    assert [r.number for r in rounds] == ([1, 2, 3, 4] if scheduled else [1, 2, 3]) and all(r.published for r in rounds)
    byes = {(m.round.number, m.team_a.number): (m.bye_outcome, m.bye_game_points)
            for m in db.session.scalars(select(TeamMatchRow).where(TeamMatchRow.team_b_id.is_(None)))}
    expected = {(1, 5): ("half_bye", 2), (2, 2): ("half_bye", 2), (3, 3): ("half_bye", 2)}
    if scheduled:
        expected[(4, 4)] = ("half_bye", 2)  # the 240 H bye of the scheduled round
    assert byes == expected
    games = {b.game1 for b in db.session.scalars(select(TeamBoardRow))}
    assert games <= {"1-0", "½-½", "0-1", "+-", "-+", "--"} and "+-" in games

    page = unescape(client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True))
    rows = re.findall(r'data-team="(\w+)"><td class="num">(\d+)</td><td>.*?</td><td>[^<]*</td>'
                      r'<td class="num"><strong>([^<]*)</strong></td>\s*(?:<td class="num">([^<]*)</td>)?', page)
    assert {team: mp for team, _rank, mp, _other in rows} == {t: mp for t, (mp, _gp) in FILE_POINTS.items()}
    assert [team for team, *_ in rows] == ["Alfenas", "Divinopolis", "Bage", "Caxias", "Erechim"]
    trf = read_trf(data.decode())
    assert trf.team is not None and trf.team.differences() == []
    api_table = client.get(f"/api/v1/events/{event.id}/standings").get_json()["teams"]
    assert api_table["after_round"] == 3 and api_table["scoring"] == "match"
    assert {r["name"]: (r["mp"], r["gp"]) for r in api_table["rows"]} == FILE_POINTS
    rules = unescape(client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True))
    assert "uma partida por tabuleiro" in rules and "encerrado, para registro" in rules
    report = client.get(f"/eventos/{event.id}/relatorios/equipes/classificacao")
    assert report.status_code == 200
    round_page = unescape(client.get(f"/eventos/{event.id}/equipes/rodadas/1").get_data(as_text=True))
    assert "Alfenas" in round_page and "Uma partida por tabuleiro" in round_page and "2ª partida" not in round_page
    assert "1-0" in round_page and "1½-½" in round_page  # Alfenas 1½-½ Bage: points as chess prints them
    for sheet in ("emparceiramento", "resultados"):
        printed = unescape(client.get(f"/eventos/{event.id}/relatorios/equipes/{sheet}/1").get_data(as_text=True))
        assert "Alfenas" in printed and "2ª partida" not in printed
    api = client.get(f"/api/v1/events/{event.id}/rounds/1").get_json()
    assert {m["team_a"]["name"] for m in api["matches"]} >= {"Alfenas"}
    assert db.session.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.action == "import_trf")) == (
        len(rounds) + 1)


def test_team_trf2026_standings_match_the_files_game_points(client, db, staff):  # type: ignore[no-untyped-def]
    """The team table's game points (GP, a tie-break column under match-point ranking) are the
    file's 310 values for every team."""
    data = (DIALECTS / "trf2026_team.trf").read_bytes()
    assert _confirm(client, data, planned_rounds=5).status_code == 302
    event = db.session.scalars(select(Event)).one()
    with client.application.test_request_context():
        ctx = standings_context(event)
    assert {r["name"]: (str(r["mp"]), r["gp"]) for r in ctx["rows"]} == FILE_POINTS


def test_imported_team_event_exports_one_game_per_board_as_the_file(client, db, staff):  # type: ignore[no-untyped-def]
    """The rating export of a team event of one game per board: one round column per team round,
    each player's games as the file's 001 lines have them (forfeits as forfeits)."""
    data = (DIALECTS / "trf2026_team.trf").read_bytes()
    assert _confirm(client, data, planned_rounds=5).status_code == 302
    event = db.session.scalars(select(Event)).one()
    exported = read_trf(client.get(f"/eventos/{event.id}/relatorios/fide.trf").get_data(as_text=True))
    original = read_trf(data.decode())
    assert exported.state.rounds_played == 3
    name_of = {e.start_no: e.name for e in original.state.entrants}
    ours = {e.start_no: e.name for e in exported.state.entrants}

    def games(trf, names):  # type: ignore[no-untyped-def]
        out = {}
        for no, rs in trf.state.results.items():
            out[names[no]] = [(r.outcome.value, names.get(r.opponent) if r.opponent else None) for r in rs
                              if r.outcome.has_opponent]
        return out

    mine = games(exported, ours)
    theirs = {given(n): [(o, given(opp) if opp else None) for o, opp in v] for n, v in games(original, name_of).items()}
    assert mine == theirs


def given(name: str) -> str:
    last, _sep, first = name.partition(", ")
    return f"{first} {last}"


def test_a_refused_team_file_writes_nothing(client, db, staff):  # type: ignore[no-untyped-def]
    """A line-up against the team's registered board order refuses the import, nothing written."""
    data = (DIALECTS / "trf2026_team.trf").read_bytes().replace(b"300 003 001 004    1   11",
                                                               b"300 003 001 004   11    1")
    players = db.session.scalar(select(func.count(Player.id)))
    response = _confirm(client, data, planned_rounds=5)
    assert response.status_code == 200 and "ordem dos tabuleiros" in unescape(response.get_data(as_text=True))
    assert db.session.scalar(select(func.count(Event.id))) == 0
    assert db.session.scalar(select(func.count(Player.id))) == players


def test_team_file_players_match_the_registry_by_name(client, db, staff, make_player):  # type: ignore[no-untyped-def]
    """A registered "Alan Abreu" is the file's "Abreu, Alan": the team's board 1, no new player."""
    registered = make_player(full_name="Alan Abreu", fide_id=None)
    data = (DIALECTS / "trf2026_team.trf").read_bytes()
    assert _confirm(client, data, planned_rounds=5).status_code == 302
    alfenas = db.session.scalars(select(Team).where(Team.name == "Alfenas")).one()
    assert alfenas.members[0].player_id == registered.id
    assert db.session.scalar(select(func.count(Player.id)).where(Player.full_name == "Alan Abreu")) == 1


def test_colours_off_the_board_alternation_are_named_on_the_preview(client, staff):  # type: ignore[no-untyped-def]
    data = (DIALECTS / "trf2026_team.trf").read_bytes()
    text = data.decode().splitlines()
    swap = {"1": ("3 w 1", "3 b 1"), "3": ("1 b 0", "1 w 0")}  # round 1, board 1: Alfenas's player as Black
    for k, row in enumerate(text):
        if row.startswith("001") and row[4:8].strip() in swap:
            old, new = swap[row[4:8].strip()]
            text[k] = row.replace(old, new, 1)
    page = unescape(_upload(client, ("\n".join(text) + "\n").encode()).get_data(as_text=True))
    assert "fora da alternância" in page
