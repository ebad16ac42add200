"""Issue 17, point 8: the printed arbiter's report in words and in the rule set's notation,
with the absences without notice and the proposed expulsions."""
from __future__ import annotations

import re

from damas.models import GameResult, Role
from damas.models.micromatch import OpeningDrawRow
from damas.services.rounds.absence import mark_absent
from tests.web.desk.test_desk import incident, make_chief, running_event, sanction, set_result
from tests.web.reports.test_reports_pdf import pdf_text


def test_arbiter_report_prints_words_draughts_results_absences_and_proposed_expulsions(
        client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), rounds=2, pairing_system="dutch")
    make_chief(db, event, arbiter)  # desk settings: FIDE-GR forfeit rule, proposal after 1 default
    set_result(db, event, 1, 2, GameResult.BLACK_FORFEIT_WIN)  # c (white, board 2) lost by default
    login_as(arbiter)
    for article in ("56", "65", "52"):  # CBJD 60 a: the third incidence loses the game (0-2 in draughts)
        incident(client, event, a, article=article)
    sanction(client, event, b, "verbal_warning")
    mark_absent(arbiter, event, d, 3, "não veio")
    flat = " ".join(pdf_text(client.get(f"/eventos/{event.id}/relatorios/arbitro.pdf").data).split())
    html = client.get(f"/eventos/{event.id}/relatorios/arbitro").get_data(as_text=True)
    page = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    for text in (flat, page):
        assert "claimed_irregularity" not in text and "verbal_warning" not in text
        assert "Irregularidade reclamada" in text and "Advertência verbal (CBJD 51 a)" in text
        assert "incidente" in text and "0 – 2" in text and "0-1" not in text
        absent = text.split("Ausentes sem aviso", 1)[1].split("Eliminações propostas", 1)[0]
        assert d.player.full_name in absent and "não veio" in absent
        proposed = text.split("Eliminações propostas", 1)[1].split("Incidentes e penalidades", 1)[0]
        # the PDF's table wraps the cells line by line: the words, not the phrase
        assert "eliminação" in proposed and "proposta" in proposed and "FIDE-GR" in proposed
    assert c.player.full_name in page.split("Eliminações propostas", 1)[1].split("Incidentes e penalidades", 1)[0]


def test_micromatch_pairing_pdf_prints_the_opening_name_beside_its_number(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    players = [make_player(full_name=f"Micro {n}", rating_regular=2100 - 50 * n) for n in range(1, 5)]
    event = _paired_micro_event(client, db, make_user, login_as, players, "Estadual Micro Match", "round")
    draw = db.session.query(OpeningDrawRow).filter_by(event_id=event.id, round_number=1).one()
    assert draw.name
    flat = " ".join(pdf_text(client.get(f"/eventos/{event.id}/relatorios/emparceiramento/1.pdf").data).split())
    assert f"{draw.code} — {draw.name}" in flat


def _page_size(data: bytes) -> tuple[float, float]:
    import subprocess

    info = subprocess.run(["pdfinfo", "-"], input=data, capture_output=True, check=True).stdout.decode()
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info)
    assert size is not None
    return float(size.group(1)), float(size.group(2))


def test_crosstable_pdf_is_landscape_beyond_ten_rounds_with_names_on_one_line(client, db, make_user, make_player,
                                                                               make_event, login_as):  # type: ignore[no-untyped-def]
    from damas.services.rounds.round_robin import generate_round_robin

    staff = make_user(Role.STAFF)
    long_name = "Maria Aparecida dos Santos Figueiredo Albuquerque"
    players = [make_player(full_name=long_name if n == 0 else f"Jogador Cruzado {n:02d}", rating_regular=2000 - n)
               for n in range(12)]
    event = make_event(players=tuple(players), planned_rounds=11, pairing_system="berger")
    generate_round_robin(staff, event, "rating")
    login_as(staff)
    data = client.get(f"/eventos/{event.id}/relatorios/tabela.pdf").data
    width, height = _page_size(data)
    assert width > height  # 11 rounds: landscape
    assert any(long_name in line for line in pdf_text(data).splitlines())
    small = make_event(players=tuple(players[:6]), planned_rounds=5, pairing_system="berger")
    generate_round_robin(staff, small, "rating")
    width, height = _page_size(client.get(f"/eventos/{small.id}/relatorios/tabela.pdf").data)
    assert width < height


def test_crosstable_pdf_is_landscape_beyond_twenty_players(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    """Issue 17 point 8, the other half of the rule: a 5-round Swiss of 21 players prints its
    crosstable on landscape A4; 20 players stay on portrait."""
    from damas.models import EventStatus
    from damas.services.rounds.swiss import pair_next_round

    staff = make_user(Role.STAFF)
    sizes = {}
    for count in (20, 21):
        players = [make_player(full_name=f"Suíço {count}-{n:02d}", rating_regular=2000 - n) for n in range(count)]
        event = make_event(players=tuple(players), planned_rounds=5, pairing_system="dutch", status=EventStatus.RUNNING)
        pair_next_round(staff, event)
        response = client.get(f"/eventos/{event.id}/relatorios/tabela.pdf")
        assert response.status_code == 200
        sizes[count] = _page_size(response.data)
    assert sizes[20][0] < sizes[20][1] and sizes[21][0] > sizes[21][1]


def test_micromatch_board_openings_pdf_keeps_names_on_one_line(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    """Issue 17 point 8: with one opening per board the pairing PDF prints each board's opening
    name beside its number on a line under the board, so the players' names (as long as the demo's
    longest) keep the row's width and stay on one line."""
    players = [make_player(full_name=f"Micro {n} Nascimento Rodrigues", rating_regular=2100 - 50 * n)
               for n in range(1, 7)]
    event = _paired_micro_event(client, db, make_user, login_as, players, "Micro por Mesa", "board")
    draws = {d.board: d for d in db.session.query(OpeningDrawRow).filter_by(event_id=event.id, round_number=1)}
    assert len(draws) == 3
    lines = [" ".join(line.split()) for line in
             pdf_text(client.get(f"/eventos/{event.id}/relatorios/emparceiramento/1.pdf").data).splitlines()]
    for p in players:
        line = next(line for line in lines if p.full_name in line)  # the whole name on one line
    for board, d in draws.items():  # under the board's line: its opening, the name beside the number
        board_line = next(i for i, line in enumerate(lines) if line.startswith(f"{board} ")
                          and sum(p.full_name in line for p in players) == 2)
        assert lines[board_line + 1] == f"Abertura: {d.code} — {d.name} {d.moves}", lines[board_line:board_line + 2]


def _paired_micro_event(client, db, make_user, login_as, players, name: str, openings: str):  # type: ignore[no-untyped-def]
    """A CBJD micro-match event by staff with the openings file loaded, the players entered and
    round 1 paired (its openings drawn once per round or once per board)."""
    import io

    from damas.models import Event
    from tests.web.micromatch.test_micromatch_event import CSV, _post

    login_as(make_user(Role.STAFF))
    client.post("/aberturas/carregar", data={"file": (io.BytesIO(CSV), "tablita.csv")},
                content_type="multipart/form-data")
    _post(client, "/eventos/micro/novo", {
        "name": name, "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "micromatch",
        "planned_rounds": "3", "time_minutes": "30", "time_increment": "0", "start_date": "2026-12-01",
        "end_date": "2026-12-01", "scoring": "game", "openings": openings,
    }, expect="Evento em micro match criado.")
    event = db.session.query(Event).one()
    _post(client, f"/eventos/{event.id}/situacao", {"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    _post(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    return event
