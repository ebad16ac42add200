"""An event from another program's TRF file (issue 17 point 3): upload -> preview -> confirm,
then the event continues here: the next round pairs as the reference engine paired it, and the
standings' points are the file's."""
from __future__ import annotations

import base64
import io
from html import unescape
import re
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import func, select

from damas.engine.trf import read_trf
from damas.services.standings.compute import standings_of
from damas.models import AuditEntry, Entry, Event, EventStatus, Game, Player, RequestKind, Role, Round, RoundRequest
from damas.services.rounds.swiss import set_round_request
from damas.services.trf.preview import normal_name

GOLDEN = Path(__file__).resolve().parents[4] / "shared" / "golden"
if not GOLDEN.is_dir():
    GOLDEN = Path("/work/shared/golden")
CASES = [
    ("dutch", "dutch-00091-p015-r04of05", "dutch"),  # forfeits, pairing-allocated byes
    ("dutch", "dutch-00034-p072-r06of08", "dutch"),  # half-point byes in completed rounds
    ("dutch", "dutch-00126-p078-r02of03", "dutch"),  # half-point byes requested for the round to pair
    ("dutch2025", "dutch-200035-p062-r05of07", "dutch-2025"),  # 2025 edition, forfeits and half-point byes
]


def line(no: int, name: str, cells: tuple[str, ...] = (), *, sex: str = "m", rating: int = 0, fide: str = "",
         birth: str = "", points: str = "0.0") -> str:
    """A TRF-16 001 line in its columns (start no 5-8, name 15-47, rating 49-52, FIDE id 58-68,
    birth 70-79, points 81-84, rounds from 92)."""
    head = (f"001 {no:4d} {sex}    {name:<33} {(str(rating) if rating else ''):>4} BRA {fide:>11} {birth:<10} "
            f"{points:>4} {no:4d}")
    return head + "".join("  " + c for c in cells) + "\n"


def _golden(folder: str, name: str) -> tuple[bytes, set[tuple[int, int]]]:
    data = (GOLDEN / folder / f"{name}.trf").read_bytes()
    lines = (GOLDEN / folder / f"{name}.pairs").read_text().split()
    pairs = {(int(lines[k]), int(lines[k + 1])) for k in range(1, len(lines), 2)}
    return data, pairs


def _upload(client, data: bytes, filename: str = "torneio.trf"):  # type: ignore[no-untyped-def]
    return client.post("/eventos/importar-trf/", data={"file": (io.BytesIO(data), filename)},
                       content_type="multipart/form-data")


def _confirm(client, data: bytes, **fields):  # type: ignore[no-untyped-def]
    form = {"trf": base64.b64encode(data).decode(), "filename": "torneio.trf", "name": "Aberto importado",
            "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch", "acceleration": "",
            "planned_rounds": "", "time_minutes": "90", "time_increment": "30", "start_date": "2026-11-20",
            "end_date": "2026-11-22", "venue": "Fortaleza", "chief_arbiter": "", "tiebreak_order": ""}
    form.update({k: str(v) for k, v in fields.items()})
    return client.post("/eventos/importar-trf/confirmar", data=form)


@pytest.fixture
def staff(make_user, login_as, client):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF)
    login_as(user)
    return user


@pytest.mark.parametrize("folder,name,system", CASES)
def test_imported_golden_trf_pairs_the_next_round_as_the_reference_engine(client, db, staff, folder, name, system):  # type: ignore[no-untyped-def]
    data, reference = _golden(folder, name)
    trf = read_trf(data.decode())
    preview = _upload(client, data)
    page = preview.get_data(as_text=True)
    assert preview.status_code == 200 and "pré-visualização" in page
    assert f"{len(trf.state.entrants)} (" in page  # the number of players
    assert db.session.scalar(select(func.count(Event.id))) == 0  # the preview writes nothing
    total = trf.total_rounds
    response = _confirm(client, data, pairing_system=system, planned_rounds=total)
    assert response.status_code == 302, response.get_data(as_text=True)
    event = db.session.scalars(select(Event)).one()
    assert event.status == EventStatus.RUNNING and event.first_color == trf.first_color.value
    assert len(event.entries) == len(trf.state.entrants)
    rounds = db.session.scalars(select(Round).where(Round.event_id == event.id)).all()
    assert len(rounds) == trf.state.rounds_played
    # the standings after the import are the file's points column
    standings = standings_of(event).standings  # units: chess half points (fide), draughts points (win 2)
    assert {row.start_no: row.points for row in standings.rows} == dict(trf.points_column)
    assert client.get(f"/eventos/{event.id}/classificacao").status_code == 200
    # requested byes standing in the column of the round to pair are requests of that round
    pending = db.session.scalars(select(RoundRequest).where(RoundRequest.round_number == len(rounds) + 1)).all()
    assert len(pending) == len(trf.pending)
    # the event continues here: pair the next round
    paired = client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    assert paired.status_code == 302
    number = len(rounds) + 1
    games = db.session.scalars(select(Game).join(Round).where(Round.event_id == event.id, Round.number == number)).all()
    ours = {(g.white.pairing_number, g.black.pairing_number if g.black else 0) for g in games}
    assert ours == reference


def test_import_is_audited_and_matches_players_by_fide_id_then_name(client, db, staff, make_player):  # type: ignore[no-untyped-def]
    by_fide = make_player(full_name="Outro Nome Qualquer", fide_id="123456")
    by_name = make_player(full_name="João da Silva", birth_date=date(1990, 5, 1), fide_id=None)
    text = ("012 Aberto de Damas do Teste\n042 2026/11/20\n052 2026/11/21\n122 60'+0\nXXR 3\nXXC white1\n"
            + line(1, "Test, Primeiro", ("   2 w 1",), rating=2100, fide="123456", birth="1980/01/01", points="1.0")
            + line(2, "Silva, Joao da", ("   1 b 0",), rating=2000, birth="1990/05/01")
            + line(3, "Nova, Jogadora", ("0000 - U",), sex="w", rating=1900, birth="2001/00/00", points="1.0"))
    assert _upload(client, text.encode()).status_code == 200
    response = _confirm(client, text.encode(), discipline="damas-64", ruleset="cbjd", pairing_system="dutch",
                        planned_rounds=3, time_minutes=60, time_increment=0)
    assert response.status_code == 302
    event = db.session.scalars(select(Event)).one()
    entries = {e.pairing_number: e for e in event.entries}
    assert entries[1].player_id == by_fide.id and entries[2].player_id == by_name.id
    new = db.session.get(Player, entries[3].player_id)
    assert new.full_name == "Jogadora Nova" and new.sex == "F" and new.rating_regular == 1900
    assert new.birth_date is None  # year only in the file: no date is made up
    assert db.session.scalar(select(func.count(Player.id))) == 3
    bye = db.session.scalars(select(Game).where(Game.black_entry_id.is_(None))).one()
    assert bye.white_entry_id == entries[3].id
    actions = {(a.action, a.object_type) for a in db.session.scalars(select(AuditEntry).where(AuditEntry.event_id == event.id))}
    assert {("create", "event"), ("status", "event"), ("create", "entry"), ("import_trf", "round"),
            ("import_trf", "event")} <= actions
    assert db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "player")).one().action == "create"


def test_trf_new_player_is_stored_given_name_first_and_matches_again_either_way(client, db, staff):  # type: ignore[no-untyped-def]
    """Issue 27 point 8: TRF writes "Surname, Given"; the registry writes "Given Surname". A player
    created by one import is stored as the registry writes him, and a second file matches him by
    name whichever order it uses."""
    first = ("012 Primeiro\n042 2026/11/20\n052 2026/11/21\nXXR 3\n"
             + line(1, "Souza Lima, Maria Clara", ("0000 - U",), sex="w", birth="1999/03/04", points="1.0"))
    r = _confirm(client, first.encode(), name="Primeiro", planned_rounds=3)
    assert r.status_code == 302, re.findall(r"(?:error|flash)[^>]*>([^<]+)", r.get_data(as_text=True))
    maria = db.session.scalars(select(Player)).one()
    assert maria.full_name == "Maria Clara Souza Lima"
    for n, name in enumerate(("Souza Lima, Maria Clara", "Maria Clara Souza Lima")):
        again = ("012 Outro\n042 2026/11/20\n052 2026/11/21\nXXR 3\n"
                 + line(1, name, ("0000 - U",), sex="w", birth="1999/03/04", points="1.0"))
        assert _confirm(client, again.encode(), name=f"Outro {n}", planned_rounds=3).status_code == 302
    assert db.session.scalar(select(func.count(Player.id))) == 1


BAD_FILES = [
    (line(1, "Alpha", ("   9 w 1",), points="1.0").encode(), "linha 1, coluna 92", "o adversário 9 não tem linha 001"),
    (("012 Torneio\n" + line(1, "Alpha", ("   2 w 1",), points="1.0")
      + line(2, "Beta", ("   1 b 1",), points="1.0")).encode(), "linha 2, coluna 99", "não confere com"),
    (("012 Torneio\n" + line(1, "Alpha", ("   2 w x",))).encode(), "linha 2, coluna 99", "código de resultado desconhecido 'x'"),
    (b"012 Torneio\n001    x m    Alpha\n", "linha 2", "o número inicial deve ser um número inteiro, veio 'x'"),
    (b"012 Torneio\n\x00001 bad\n", "linha 2", "caractere de controle"),
    (b"012 Torneio\n\xff\x81\n", "linha 2", "nem UTF-8"),
    (b"012 Torneio\n", "linha 2", "nenhuma linha de jogador (001)"),
    (b"", "arquivo", "vazio"),
]


@pytest.mark.parametrize("data,where,reason", BAD_FILES)
def test_malformed_trf_is_refused_with_the_line_and_the_reason_and_writes_nothing(client, db, staff, data, where, reason):  # type: ignore[no-untyped-def]
    response = _upload(client, data)
    page = unescape(response.get_data(as_text=True))
    assert response.status_code == 200 and "Arquivo TRF recusado" in page
    assert where in page and reason in page
    response = _confirm(client, data, planned_rounds=3)  # a forged confirm is refused the same way
    assert response.status_code == 302
    assert db.session.scalar(select(func.count(Event.id))) == 0
    assert db.session.scalar(select(func.count(Player.id))) == 0
    assert db.session.scalar(select(func.count(AuditEntry.id))) == 0


def test_trf_refusals_speak_the_users_language(client, db, staff):  # type: ignore[no-untyped-def]
    """The engine's reasons (English: its command line's) are translated on the page: pt-BR by
    default, English when the interface is English; every reason the reader can give has a
    translation (a sentence not translated would stay English on a Portuguese page)."""
    from damas.services.trf import reasons as trf_reasons

    data = line(1, "Alpha", ("   9 w 1",), points="1.0").encode()
    assert "o adversário 9 não tem linha 001" in unescape(_upload(client, data).get_data(as_text=True))
    client.get("/lang/en")
    page = unescape(_upload(client, data).get_data(as_text=True))
    assert "opponent 9 has no 001 line" in page and "adversário" not in page
    samples = ["rank must be a whole number, got 'x'", "the round (240) must be a positive whole number, got '0'",
               "points must be a decimal number, got 'a'", "points must be a multiple of 0.5, got '0.3'",
               "round fields must be separated by two blanks", "round field must read 'oooo c r', got 'x'",
               "opponent must be a starting number or 0000, got 'ab'", "colour must be w, b or -, got 'q'",
               "unknown result code 'x'", "a played game needs colour w or b",
               "record code 001 must be followed by a blank", "missing starting number",
               "starting number 3 appears twice", "XXR needs the total number of rounds", "no player (001) lines",
               "bye record (240) names player 4, who has no 001 line",
               "bye record (240) of round 2 contradicts player 4's round column", "player 2 paired against himself",
               "opponent 9 has no 001 line", "round 1: player 2 does not list 1 as opponent",
               "round 1: result '1' against 2 does not match '1'", "round 1: both players of a board have colour 'w'",
               "3 round columns but XXR says 2 rounds", "initial colour (152) must be W or B, got 'x'",
               "type of bye (240) must be F, H or Z, got 'x'", "a bye record (240) names at least one player",
               "an accelerated-rounds record (250) reads '250 MMMM GGGG RRF RRL PPPF PPPL'",
               "match points (250) must be empty in an individual event", "fictitious points (250) must differ from 0.0",
               "a range of the accelerated-rounds record (250) ends before it starts",
               "XXA fields are 4 columns wide, one blank apart", "an XXA field is 4 columns wide (e.g. ' 1.0')",
               "a blank opponent (a bye or an absence) has no colour",
               "round 2: the game against 3 has no result (only the last round may be unfinished)",
               "team 2 appears twice", "team 2 names player 9, who has no 001 line",
               "round 1: the players of team 2 meet more than one team", "round 3: team 7 has no team record",
               "a team file needs its team records (310 or 013)",
               "out-of-order record (300) puts player 5 in team 1, not his team",
               "type of forfeit (330) must be +-, -+ or --, got 'x-'"]
    client.get("/lang/pt_BR")
    with client.application.test_request_context("/"):
        for sample in samples:
            assert trf_reasons.trf_reason(sample) != sample, sample


def test_a_refused_setting_writes_nothing(client, db, staff):  # type: ignore[no-untyped-def]
    data, _pairs = _golden("dutch", "dutch-00091-p015-r04of05")
    response = _confirm(client, data, planned_rounds=2)  # fewer than the 3 rounds played
    assert response.status_code == 200 and "rodadas jogadas" in response.get_data(as_text=True)
    response = _confirm(client, data, planned_rounds=5, time_minutes=0)
    assert response.status_code == 200
    assert db.session.scalar(select(func.count(Event.id))) == 0
    assert db.session.scalar(select(func.count(Player.id))) == 0
    assert db.session.scalar(select(func.count(Entry.id))) == 0


def test_preview_guesses_the_settings_and_lists_the_problems(client, staff):  # type: ignore[no-untyped-def]
    text = ("012 Campeonato de Damas 64\n122 45 min\nXXS W=1.0\n"
            + line(1, "Alpha", ("   2 w 1",), sex=" ", points="1.0") + line(2, "Beta", ("   1 b 0",), sex=" "))
    page = _upload(client, text.encode()).get_data(as_text=True)
    assert re.search(r'<option selected value="damas-64">|<option value="damas-64" selected>', page)
    assert re.search(r'value="cbjd" selected|selected value="cbjd"', page)
    assert 'value="45"' in page
    assert "XXS" in page and "042" in page and "masculino" in page


def test_only_staff_import(client, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.ARBITER))
    assert client.get("/eventos/importar-trf/").status_code == 403


@pytest.mark.parametrize("folder,name,system", CASES[:2])
def test_the_imported_event_exports_the_rounds_of_the_file(client, db, staff, folder, name, system):  # type: ignore[no-untyped-def]
    """One computation: the event's own TRF export gives back every round of the imported file."""
    data, _pairs = _golden(folder, name)
    original = read_trf(data.decode())
    assert _confirm(client, data, pairing_system=system, planned_rounds=original.total_rounds).status_code == 302
    event = db.session.scalars(select(Event)).one()
    exported = read_trf(client.get(f"/eventos/{event.id}/relatorios/fide.trf").get_data(as_text=True))
    assert exported.first_color == original.first_color
    for e in original.state.entrants:
        mine, theirs = exported.state.rounds_of(e.start_no), original.state.rounds_of(e.start_no)
        assert [(r.outcome, r.opponent) for r in mine] == [(r.outcome, r.opponent) for r in theirs], e.start_no
        assert all(a.color == b.color for a, b in zip(mine, theirs) if b.color.value in "wb")
        assert exported.state.entrant(e.start_no).rating == e.rating


def test_a_registered_player_is_matched_once(client, db, staff, make_player):  # type: ignore[no-untyped-def]
    """Line 1 is the registered player by FIDE id (another spelling); line 2 has his name and no FIDE
    id: a new player
    (two entries of one player would be refused by the database)."""
    registered = make_player(full_name="Carlos Lima", fide_id="777")
    text = ("012 Aberto\nXXR 3\n" + line(1, "Lima, C.", ("   2 w 1",), fide="777", points="1.0")
            + line(2, "Carlos Lima", ("   1 b 0",)))
    page = _upload(client, text.encode()).get_data(as_text=True)
    assert "já é outro jogador do arquivo" in page
    assert _confirm(client, text.encode(), planned_rounds=3).status_code == 302
    event = db.session.scalars(select(Event)).one()
    entries = {e.pairing_number: e.player_id for e in event.entries}
    assert entries[1] == registered.id and entries[2] != registered.id


def test_a_trf_2026_file_names_its_system_and_pending_byes(client, db, staff):  # type: ignore[no-untyped-def]
    """TRF-2026 (CR LF, 142 rounds, 152 colour, 192 type, 240 byes of the round to pair): the 192
    record picks the pairing system on the form, the 240 records become the next round's requests."""
    data, _pairs = _golden("dutch2025", "dutch-200035-p062-r05of07")
    assert _confirm(client, data, pairing_system="dutch-2025", planned_rounds=7).status_code == 302
    first = db.session.scalars(select(Event)).one()
    entry = next(e for e in first.entries if e.pairing_number == 3)
    set_round_request(staff, first, entry, 5, RequestKind.HALF_BYE)
    exported = client.get(f"/eventos/{first.id}/relatorios/fide-2026.trf").data
    assert b"\r\n192 FIDE_DUTCH_2025\r\n" in exported
    page = _upload(client, exported, "evento.trf").get_data(as_text=True)
    assert "TRF-26" in page and re.search(r'<option selected value="dutch-2025">|value="dutch-2025" selected', page)
    assert _confirm(client, exported, name="Reimportado", pairing_system="dutch-2025", planned_rounds=7).status_code == 302
    second = db.session.scalars(select(Event).where(Event.name == "Reimportado")).one()
    requests = db.session.scalars(select(RoundRequest).where(RoundRequest.event_id == second.id,
                                                             RoundRequest.round_number == 5)).all()
    wanted = db.session.scalars(select(RoundRequest).where(RoundRequest.event_id == first.id,
                                                           RoundRequest.round_number == 5)).all()
    assert len(requests) == len(wanted) >= 1


def test_cbjd_51_a_game_lost_by_both_is_imported_and_exported_as_such(client, db, staff):  # type: ignore[no-untyped-def]
    """A board lost by both on a penalty (CBJD 51) is "0" on both sides of the file: imported as
    the board result "0-0" (two played losses), and the event's own TRF export writes it back."""
    text = ("012 Aberto\nXXR 3\n" + line(1, "Ana Souza", ("   2 w 0", "   3 b 1"), points="1.0")
            + line(2, "Bruno Lima", ("   1 b 0", "0000 - U"), points="1.0")
            + line(3, "Carla Dias", ("0000 - U", "   1 w 0"), points="1.0"))
    assert _confirm(client, text.encode(), planned_rounds=3).status_code == 302
    event = db.session.scalars(select(Event)).one()
    first = db.session.scalars(select(Game).join(Round).where(Round.event_id == event.id, Round.number == 1,
                                                              Game.black_entry_id.is_not(None))).one()
    assert first.result.value == "0-0"
    exported = read_trf(client.get(f"/eventos/{event.id}/relatorios/fide.trf").get_data(as_text=True))
    assert [r.outcome.value for r in exported.state.rounds_of(1)][:1] == ["loss"]
    assert [r.outcome.value for r in exported.state.rounds_of(2)][:1] == ["loss"]


DIALECTS = Path(__file__).resolve().parents[2] / "engine" / "golden" / "trf_dialects"


def test_lichess_export_with_blank_bye_fields_imports_with_its_own_points(client, db, staff):  # type: ignore[no-untyped-def]
    """Issue 28: an online Swiss export (lidraughts / lichess: a bye or an absence as a blank
    opponent field and the code) was refused; it imports, and the standings' points are the file's."""
    data = (DIALECTS / "lichess_blank_byes.trf").read_bytes()
    page = _upload(client, data, "arena.trf").get_data(as_text=True)
    assert "Arquivo TRF recusado" not in page and "jogador_um" in page
    assert _confirm(client, data, planned_rounds=4).status_code == 302
    event = db.session.scalars(select(Event)).one()
    table = standings_of(event).standings
    points = {row.start_no: row.points for row in table.rows}
    assert points == {1: 4, 2: 3, 3: 4, 4: 2, 5: 2}  # half points: the file's 2.0 1.5 2.0 1.0 1.0
    absent = db.session.scalars(select(RoundRequest).where(RoundRequest.event_id == event.id)).all()
    assert [(r.round_number, r.kind) for r in absent if r.round_number == 4] == [(4, RequestKind.ZERO_BYE)]


def test_lichess_round_in_progress_imports_as_a_paired_round(client, db, staff):  # type: ignore[no-untyped-def]
    data = (DIALECTS / "lichess_round_in_progress.trf").read_bytes()
    page = unescape(_upload(client, data).get_data(as_text=True))
    assert "em andamento" in page
    assert _confirm(client, data, planned_rounds=5).status_code == 302
    event = db.session.scalars(select(Event)).one()
    third = db.session.scalars(select(Round).where(Round.event_id == event.id, Round.number == 3)).one()
    results = {(g.white.pairing_number, g.black.pairing_number if g.black else None): g.result.value for g in third.games}
    assert results == {(1, 2): "", (4, 3): "0-1"}


def test_trf2026_preview_lists_the_records_kept_not_used(client, staff):  # type: ignore[no-untyped-def]
    page = unescape(_upload(client, (DIALECTS / "trf2026_individual.trf").read_bytes()).get_data(as_text=True))
    assert "Registros guardados, não usados" in page
    for tag in ("162", "172", "182", "212", "222", "260", "299", "NRS"):
        assert f"<code>{tag}</code>" in page
    text = (DIALECTS / "trf2026_individual.trf").read_bytes().replace(b"192 FIDE_DUTCH_2025_BAKU", b"192 FIDE_DUBOV")
    assert "FIDE_DUBOV" in unescape(_upload(client, text).get_data(as_text=True))


@pytest.mark.parametrize("name", ["trf2026_team", "trf2026_team_scheduled_round"])
def test_team_trf2026_is_read_with_its_teams_and_points(client, db, staff, name):  # type: ignore[no-untyped-def]
    """The FIDE TEC team sample's shape (250 with match points, 310 / 013, 320 / 330 / 300): refused
    before; now read with the file's own match and game points, ranked as the event's team table
    ranks them; confirming imports it as a team event (tests/web/trf/test_trf_team_import.py)."""
    data = (DIALECTS / f"{name}.trf").read_bytes()
    page = unescape(_upload(client, data).get_data(as_text=True))
    assert "Arquivo TRF recusado" not in page and "Torneio por equipes" in page
    assert re.search(r"Alfenas</td><td>[^<]*</td><td class=\"num\">6.0</td><td class=\"num\">5.0</td>", page)
    assert '<th class="num">TSB</th>' in page and '<th class="num">OPP-MP</th>' in page
    ranks = re.findall(r'<tr><td class="num">(\d+)</td><td class="num">(\d+)</td><td>(\w+)</td>', page)
    assert [(rank, name) for rank, _no, name in ranks] == [("1", "Alfenas"), ("2", "Divinopolis"), ("3", "Bage"),
                                                          ("4", "Caxias"), ("5", "Erechim")]


def test_trf2026_import_then_our_export_reads_back_with_nothing_lost(client, db, staff):  # type: ignore[no-untyped-def]
    """Issue 28 point 5: a TRF-2026 file imported, then our own TRF-2026 export read by our reader:
    players, ratings, federations, results, byes, forfeits, the acceleration and 192 as the file."""
    data = (DIALECTS / "trf2026_individual.trf").read_bytes()
    original = read_trf(data.decode())
    assert _confirm(client, data, pairing_system="dutch-2025", acceleration="baku", planned_rounds=4).status_code == 302
    event = db.session.scalars(select(Event)).one()
    exported = read_trf(client.get(f"/eventos/{event.id}/relatorios/fide-2026.trf").get_data(as_text=True))
    assert exported.version == "TRF-26" and exported.system == "dutch-2025" and exported.acceleration == "baku"
    # names: the registry stores "Given Surname" (issue 27 point 8); the same name either way
    pick = lambda t: {e.start_no: (normal_name(e.name), e.rating, e.federation, e.fide_id) for e in t.state.entrants}  # noqa: E731
    assert pick(exported) == pick(original)
    assert {no: [(r.outcome, r.opponent, r.color) for r in rs] for no, rs in exported.state.results.items()} == {
        no: [(r.outcome, r.opponent, r.color) for r in rs] for no, rs in original.state.results.items()}
    assert exported.pending == original.pending
    assert exported.accelerations == original.accelerations


def test_a_250_table_other_than_our_baku_is_named_on_the_preview(client, staff):  # type: ignore[no-untyped-def]
    data = (DIALECTS / "trf2026_individual.trf").read_bytes().replace(b"250      00.5 002 002", b"250      01.0 002 002")
    page = unescape(_upload(client, data).get_data(as_text=True))
    assert "difere da aceleração Baku" in page


def test_issue_27_8_a_new_player_from_trf_is_stored_given_name_first_and_matched_either_way(client, db, staff, make_player):  # type: ignore[no-untyped-def]
    """TRF writes "Surname, Given"; the registry writes "Given Surname": a new player is stored as
    the registry writes names, and a later import of the same file matches him by name."""
    text = ("012 Aberto\nXXR 3\n" + line(1, "Souza Lima, Ana Maria", ("   2 w 1",), points="1.0")
            + line(2, "Pedro Alves", ("   1 b 0",)))
    assert _confirm(client, text.encode(), planned_rounds=3).status_code == 302
    names = set(db.session.scalars(select(Player.full_name)))
    assert names == {"Ana Maria Souza Lima", "Pedro Alves"}
    page = _upload(client, text.encode()).get_data(as_text=True)
    assert page.count("Ana Maria Souza Lima") >= 1 and "Pedro Alves" in page
    assert _confirm(client, text.encode(), planned_rounds=3, name="Segundo").status_code == 302
    assert db.session.scalar(select(func.count(Player.id))) == 2
