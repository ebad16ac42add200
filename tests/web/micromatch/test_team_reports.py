"""Printed reports of a team micro-match event (CBJD 119-122): the round's pairing sheet (teams,
players board by board with the colours of both games, the drawn openings), the results sheet
(both games of every board, the match score) and the team standings, each as a page and an A4
PDF (read back with pdftotext); unpublished rounds and drafts stay hidden from visitors. Also:
pairing a micro-match round and drawing its opening is one transaction."""
from __future__ import annotations

from datetime import date

import pytest

from damas.models import AuditEntry, Event, EventStatus, Role, Round
from damas.models.micromatch import OpeningDrawRow, TeamRound
from damas.services.events import lifecycle as event_service
from damas.services.micromatch import matches as micro_service
from damas.services.micromatch import openings as opening_service
from damas.services.micromatch import team_events as team_service
from damas.services.errors import ServiceError
from tests.web.reports.test_reports_pdf import pdf_text

OPENINGS = ("código;lances;nome\nA1;11-15 22-18;Cruz\nA2;11-15 22-19;Ortodoxa\nA3;12-16 22-18;Dama Velha\n"
            "A4;9-13 22-18;Ataque de Ponta\nA5;10-14 22-18;Diagonal\n")
# round 1 results, per table: board -> (game 1, game 2) from team A's player's side
GAMES = {1: {1: ("2-0", "1-1"), 2: ("0-2", "1-1")}, 2: {1: ("1-1", "1-1"), 2: ("2-0", "2-0")}}


def _team_event(db, make_user, make_player, openings: str = "board", surname: str = "Sobrenome"):  # type: ignore[no-untyped-def]
    staff, arbiter = make_user(Role.STAFF), make_user(Role.ARBITER)
    opening_service.upload_openings(staff, OPENINGS.encode(), "tablita.csv")
    event = micro_service.create_micromatch_event(staff, {
        "name": "Interclubes de Teste", "discipline": "damas-64", "ruleset": "cbjd", "planned_rounds": 3,
        "time_minutes": 20, "time_increment": 0, "start_date": date(2026, 12, 5), "end_date": date(2026, 12, 6),
        "team": True, "boards": 2, "scoring": "match", "openings": openings})
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for t in range(1, 5):
        squad = [make_player(full_name=f"Jogador{t}{b} {surname}", rating_regular=2000 - 50 * t - b)
                 for b in range(1, 4)]
        team_service.add_team(staff, event, {"name": f"Time {t}", "club": f"Clube {t}", "city": "Natal",
                                             "player_ids": [p.id for p in squad]})
    return event, staff, arbiter


def _play_round(event, staff):  # type: ignore[no-untyped-def]
    rnd = team_service.team_rounds(event)[-1]
    team_service.publish_team_round(staff, event, rnd)
    for match in rnd.matches:
        for team in (match.team_a, match.team_b):
            team_service.submit_lineup(staff, event, rnd, team, [m.player_id for m in team.members[:2]])
    team_service.record_round_results(staff, event, rnd, {m.id: GAMES[m.table] for m in rnd.matches})
    return rnd


@pytest.fixture
def played(db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, staff, arbiter = _team_event(db, make_user, make_player)
    team_service.pair_team_round(staff, event)
    rnd = _play_round(event, staff)
    team_service.pair_team_round(staff, event)  # round 2 paired, not published
    return event, rnd, arbiter


def _pdf(client, url: str) -> str:  # type: ignore[no-untyped-def]
    response = client.get(url)
    assert response.status_code == 200, url
    assert response.mimetype == "application/pdf"
    text = pdf_text(response.data)
    assert "Interclubes de Teste" in text
    return text


def _line(text: str, *parts: str) -> str:
    """The first line holding every part, its runs of spaces made single."""
    lines = (" ".join(line.split()) for line in text.splitlines())
    return next(line for line in lines if all(p in line for p in parts))


def test_index_lists_the_team_reports_with_their_pdfs(client, played, login_as):  # type: ignore[no-untyped-def]
    event, _rnd, arbiter = played
    base = f"/eventos/{event.id}/relatorios"
    page = client.get(base).get_data(as_text=True)
    for path in ("equipes/classificacao", "equipes/classificacao.pdf", "equipes/emparceiramento/1",
                 "equipes/emparceiramento/1.pdf", "equipes/resultados/1", "equipes/resultados/1.pdf"):
        assert f'href="{base}/{path}"' in page, path
    assert "equipes/emparceiramento/2" not in page  # unpublished: not for visitors
    assert f'href="/eventos/{event.id}/relatorios/emparceiramento/1"' not in page  # no individual rounds
    login_as(arbiter)
    page = client.get(base).get_data(as_text=True)
    assert f'href="{base}/equipes/emparceiramento/2.pdf"' in page and "não publicada" in page


def test_pairing_sheet_page_and_pdf(client, db, played):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter = played
    draws = {d.board: d for d in db.session.query(OpeningDrawRow).filter_by(event_id=event.id, round_number=1)}
    assert set(draws) == {1, 2}  # one opening per board
    url = f"/eventos/{event.id}/relatorios/equipes/emparceiramento/1"
    page = client.get(url).get_data(as_text=True)
    assert "Emparceiramento da rodada 1" in page and f'href="{url}.pdf"' in page
    text = _pdf(client, f"{url}.pdf")
    assert "Emparceiramento da rodada 1" in text and "página 1 de 1" in text
    for d in draws.values():
        assert d.code in page and d.moves in text
    assert f"Semente do sorteio: {draws[1].seed}" in text
    for match in rnd.matches:
        a, b = match.team_a, match.team_b
        assert f"Mesa {match.table} — {a.name} (nº {a.number}) × {b.name} (nº {b.number})" in text
        a1, b1 = a.members[0].player.full_name, b.members[0].player.full_name
        a2, b2 = a.members[1].player.full_name, b.members[1].player.full_name
        # board 1: team A White in game 1, Black in game 2; board 2 the other way round
        assert "Brancas × Pretas Pretas × Brancas" in _line(text, a1, b1)
        assert "Pretas × Brancas Brancas × Pretas" in _line(text, a2, b2)
        assert draws[1].code in _line(text, a1, b1) and draws[2].code in _line(text, a2, b2)


def test_team_pairing_sheet_prints_the_opening_name_beside_its_number(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    """Issue 17 point 8: the team pairing sheet (page and PDF) names each drawn opening beside its
    number, in a legend of the round's openings; the boards print the number only, so long
    players' names stay on one line of the PDF."""
    event, staff, _arbiter = _team_event(db, make_user, make_player, surname="Nascimento Rodrigues Ferreira")
    team_service.pair_team_round(staff, event)
    rnd = _play_round(event, staff)
    draws = {d.board: d for d in db.session.query(OpeningDrawRow).filter_by(event_id=event.id, round_number=1)}
    assert set(draws) == {1, 2} and all(d.name for d in draws.values())
    url = f"/eventos/{event.id}/relatorios/equipes/emparceiramento/1"
    page = client.get(url).get_data(as_text=True)
    for board, d in draws.items():
        assert (f'<td class="num">{board}</td><td class="num">{d.code}</td><td>{d.name}</td>'
                f'<td class="nowrap">{d.moves}</td>') in page
    text = _pdf(client, f"{url}.pdf")
    for board, d in draws.items():
        assert _line(text, d.code, d.name, d.moves).startswith(f"{board} {d.code} {d.name} {d.moves}")
    for match in rnd.matches:
        for board, (a, b) in enumerate(zip(match.team_a.members[:2], match.team_b.members[:2]), start=1):
            line = _line(text, a.player.full_name)  # the whole name on one line...
            assert b.player.full_name in line  # ...beside the opponent's, and the opening's number
            assert line.endswith(draws[board].code) and draws[board].moves not in line


def test_results_sheet_page_and_pdf(client, played):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter = played
    url = f"/eventos/{event.id}/relatorios/equipes/resultados/1"
    assert "Resultados da rodada 1" in client.get(url).get_data(as_text=True)
    text = _pdf(client, f"{url}.pdf")
    assert "Rodada em andamento" not in text
    points = {"2-0": (2, 0), "1-1": (1, 1), "0-2": (0, 2)}
    for match in rnd.matches:
        ta = tb = 0
        for board, (g1, g2) in GAMES[match.table].items():
            pa = points[g1][0] + points[g2][0]
            pb = points[g1][1] + points[g2][1]
            ta, tb = ta + pa, tb + pb
            name_a = match.team_a.members[board - 1].player.full_name
            assert _line(text, name_a).split(name_a, 1)[1].split()[:3] == [g1, g2, f"{pa}-{pb}"]
        # the match score in the heading and on the totals line
        assert f"{match.team_b.name} (nº {match.team_b.number}): {ta}-{tb}" in text
        assert f"{ta}-{tb}" in _line(text, match.team_a.name, match.team_b.name, f"{ta}-{tb}")


def test_team_standings_page_and_pdf(client, played):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter = played
    url = f"/eventos/{event.id}/relatorios/equipes/classificacao"
    page = client.get(url).get_data(as_text=True)
    assert "Classificação por equipes" in page and "Prêmios por tabuleiro" in page
    live = client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True)
    assert 'class="team-row"' in live and live.count('class="team-row"') == page.count('class="team-row"') == 4
    text = _pdf(client, f"{url}.pdf")
    assert "Após a rodada 1" in text
    header = _line(text, "TSB")
    assert "MP" in header and "OPP-MP" in header
    # table 1: 3-1 and 1-3, a 4-4 draw; table 2: 2-2 and 4-0, 6-2 for team A (MP 2/1/0, GP the sum)
    m1, m2 = sorted(rnd.matches, key=lambda m: m.table)
    expected = [(m2.team_a, "1", "2", "6"), (m1.team_a, "2-3", "1", "4"), (m1.team_b, "2-3", "1", "4"),
                (m2.team_b, "4", "0", "2")]
    for team, rank, mp, gp in expected:
        row = _line(text, f"{team.name} {team.club}")
        assert row.startswith(f"{rank} {team.number} {team.name}"), row
        assert row.split(team.club, 1)[1].split()[:2] == [mp, gp], row
    assert "Tabuleiro 1" in text and "Jogador" in text


def test_unpublished_rounds_and_drafts_are_hidden(client, db, played, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _rnd, arbiter = played
    base = f"/eventos/{event.id}/relatorios/equipes"
    for path in ("emparceiramento/2", "emparceiramento/2.pdf", "resultados/2", "resultados/2.pdf",
                 "emparceiramento/9"):
        assert client.get(f"{base}/{path}").status_code == 404, path
    login_as(arbiter)
    page = client.get(f"{base}/emparceiramento/2").get_data(as_text=True)
    assert "Rodada ainda não publicada." in page
    assert "Rodada ainda não publicada." in _pdf(client, f"{base}/emparceiramento/2.pdf")
    client.post("/conta/sair")
    draft, _staff, _arb = _team_event(db, make_user, make_player)
    draft.status = EventStatus.DRAFT
    db.session.commit()
    assert client.get(f"/eventos/{draft.id}/relatorios/equipes/classificacao").status_code == 404
    assert client.get(f"/eventos/{draft.id}/relatorios/equipes/classificacao.pdf").status_code == 404


def test_team_reports_of_an_individual_event_go_back_to_the_index(client, make_event):  # type: ignore[no-untyped-def]
    event = make_event(status=EventStatus.RUNNING)
    for path in ("equipes/classificacao", "equipes/classificacao.pdf", "equipes/emparceiramento/1.pdf"):
        response = client.get(f"/eventos/{event.id}/relatorios/{path}")
        assert response.status_code == 302 and response.headers["Location"].endswith(f"/eventos/{event.id}/relatorios")


def _failing_draw(*args, **kwargs):  # type: ignore[no-untyped-def]
    raise ServiceError("sorteio falhou")


def test_failed_draw_leaves_no_team_round(client, db, make_user, make_player, login_as, monkeypatch):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = _team_event(db, make_user, make_player, openings="round")
    login_as(arbiter)
    monkeypatch.setattr(opening_service, "draw_openings", _failing_draw)
    text = client.post(f"/eventos/{event.id}/micro/emparceirar", follow_redirects=True).get_data(as_text=True)
    assert "sorteio falhou" in text
    db.session.expire_all()
    assert db.session.query(TeamRound).filter_by(event_id=event.id).count() == 0
    assert db.session.query(AuditEntry).filter_by(event_id=event.id, action="pair").count() == 0
    monkeypatch.undo()
    client.post(f"/eventos/{event.id}/micro/emparceirar")
    db.session.expire_all()
    assert db.session.query(TeamRound).filter_by(event_id=event.id).count() == 1
    assert db.session.query(OpeningDrawRow).filter_by(event_id=event.id, round_number=1).count() == 1


def test_failed_draw_leaves_no_individual_round(client, db, make_user, make_player, login_as, monkeypatch):  # type: ignore[no-untyped-def]
    staff, arbiter = make_user(Role.STAFF), make_user(Role.ARBITER)
    opening_service.upload_openings(staff, OPENINGS.encode(), "tablita.csv")
    event = micro_service.create_micromatch_event(staff, {
        "name": "Copa Micro", "discipline": "damas-64", "ruleset": "cbjd", "planned_rounds": 3,
        "time_minutes": 20, "time_increment": 0, "start_date": date(2026, 12, 5), "end_date": date(2026, 12, 6),
        "scoring": "game", "openings": "round"})
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    from damas.services.entries import add_remove as entry_service

    for k in range(4):
        entry_service.add_entry(staff, event, make_player(rating_regular=1900 - k))
    event_id = event.id
    login_as(arbiter)
    monkeypatch.setattr(opening_service, "draw_openings", _failing_draw)
    text = client.post(f"/eventos/{event_id}/micro/emparceirar", follow_redirects=True).get_data(as_text=True)
    assert "sorteio falhou" in text
    db.session.expire_all()
    assert db.session.query(Round).filter_by(event_id=event_id).count() == 0
    assert db.session.query(AuditEntry).filter_by(event_id=event_id, action="pair").count() == 0
    monkeypatch.undo()
    client.post(f"/eventos/{event_id}/micro/emparceirar")
    db.session.expire_all()
    assert db.session.query(Round).filter_by(event_id=event_id).count() == 1
    assert db.session.query(OpeningDrawRow).filter_by(event_id=event_id, round_number=1).count() == 1
    assert db.session.get(Event, event_id).status == EventStatus.RUNNING


def test_round_and_standings_pages_link_their_pdfs(client, played):  # type: ignore[no-untyped-def]
    event, _rnd, _arbiter = played
    page = client.get(f"/eventos/{event.id}/equipes/rodadas/1").get_data(as_text=True)
    assert f"/eventos/{event.id}/relatorios/equipes/emparceiramento/1.pdf" in page
    assert f"/eventos/{event.id}/relatorios/equipes/resultados/1.pdf" in page
    page = client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True)
    assert f"/eventos/{event.id}/relatorios/equipes/classificacao.pdf" in page


def test_demo_team_event_prints_its_round_and_table(app, client, db):  # type: ignore[no-untyped-def]
    import re

    from damas.cli import damas_cli

    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    event = db.session.query(Event).filter(Event.name.like("Interclubes%")).one()
    index = client.get(f"/eventos/{event.id}/relatorios").get_data(as_text=True)
    links = set(re.findall(rf'href="(/eventos/{event.id}/relatorios/equipes/[^"]+\.pdf)"', index))
    assert {f"/eventos/{event.id}/relatorios/equipes/{p}.pdf"
            for p in ("classificacao", "emparceiramento/1", "resultados/1")} <= links
    for url in links:
        assert event.name in _pdf_any(client, url), url


def _pdf_any(client, url: str) -> str:  # type: ignore[no-untyped-def]
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf", url
    return pdf_text(response.data)
