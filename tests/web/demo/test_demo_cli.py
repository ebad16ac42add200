"""`flask damas demo` loads a working demo federation, and is safe to run twice."""
from __future__ import annotations

from damas.cli import damas_cli
from damas.models import Entry, Event, EventStatus, Player, User


def test_demo_loads_once(app, db):  # type: ignore[no-untyped-def]
    runner = app.test_cli_runner()
    result = runner.invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    assert "staff@demo.damas.br" in result.output
    assert db.session.query(Player).filter(Player.federation_id.like("CE-%")).count() == 60  # + imported ones
    sexes = {p.sex for p in db.session.query(Player)}
    years = {p.birth_date.year for p in db.session.query(Player) if p.birth_date}  # online arena: no birth dates
    assert sexes == {"M", "F"} and max(years) - min(years) > 40
    kinds = {(e.pairing_system, e.status) for e in db.session.query(Event)}
    assert {("dutch", EventStatus.REGISTRATION), ("berger", EventStatus.FINISHED),
            ("dutch-2025", EventStatus.RUNNING)} <= kinds  # the FIDE chess open: the 2025 Dutch rules
    counts = (db.session.query(Event).count(), db.session.query(Entry).count(), db.session.query(User).count())
    again = runner.invoke(damas_cli, ["demo"])
    assert again.exit_code == 0 and "already loaded" in again.output
    assert (db.session.query(Event).count(), db.session.query(Entry).count(), db.session.query(User).count()) == counts


def test_demo_logins_work(app, client):  # type: ignore[no-untyped-def]
    app.test_cli_runner().invoke(damas_cli, ["demo"])
    response = client.post("/conta/entrar", data={"email": "staff@demo.damas.br", "password": "demo12345"})
    assert response.status_code == 302
    client.post("/conta/sair")
    wrong = client.post("/conta/entrar", data={"email": "staff@demo.damas.br", "password": "nope"})
    assert "E-mail ou senha incorretos." in wrong.get_data(as_text=True)


def test_demo_events_show_standings(app, client, db):  # type: ignore[no-untyped-def]
    app.test_cli_runner().invoke(damas_cli, ["demo"])
    for event in db.session.query(Event):
        assert client.get(f"/eventos/{event.id}").status_code == 200
        page = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
        if event.pairing_system == "berger" and event.status == EventStatus.FINISHED:
            assert f"após a rodada {event.planned_rounds}" in page
        if event.pairing_system == "dutch-2025" and event.status == EventStatus.RUNNING:
            assert "após a rodada 3" in page
            assert client.get(f"/eventos/{event.id}/rodadas/4").status_code == 200


def test_knockout_and_team_events_send_the_generic_tabs_to_their_own_pages(app, client, db):  # type: ignore[no-untyped-def]
    app.test_cli_runner().invoke(damas_cli, ["demo"])
    knockout = db.session.query(Event).filter_by(pairing_system="knockout", ruleset="club").one()
    teams = db.session.query(Event).filter(Event.name.like("Interclubes%")).one()
    for part in ("rodadas", "classificacao"):
        assert client.get(f"/eventos/{knockout.id}/{part}").headers["Location"] == f"/eventos/{knockout.id}/eliminatoria"
    assert client.get(f"/eventos/{teams.id}/rodadas").headers["Location"] == f"/eventos/{teams.id}/micro"
    table = client.get(f"/eventos/{teams.id}/classificacao", follow_redirects=True)
    assert table.status_code == 200 and "Nenhum jogador inscrito." not in table.get_data(as_text=True)
    individual = db.session.query(Event).filter(Event.name.like("Copa Micro Match%")).one()
    assert client.get(f"/eventos/{individual.id}/classificacao").status_code == 200


def test_reports_index_offers_the_bracket_and_the_team_table(app, client, db):  # type: ignore[no-untyped-def]
    app.test_cli_runner().invoke(damas_cli, ["demo"])
    knockout = db.session.query(Event).filter_by(pairing_system="knockout", ruleset="club").one()
    page = client.get(f"/eventos/{knockout.id}/relatorios").get_data(as_text=True)
    assert f"/eventos/{knockout.id}/eliminatoria/chave.pdf" in page
    assert f"/eventos/{knockout.id}/relatorios/classificacao" not in page
    assert client.get(f"/eventos/{knockout.id}/eliminatoria/chave.pdf").mimetype == "application/pdf"
    teams = db.session.query(Event).filter(Event.name.like("Interclubes%")).one()
    page = client.get(f"/eventos/{teams.id}/relatorios").get_data(as_text=True)
    assert f"/eventos/{teams.id}/relatorios/equipes/classificacao.pdf" in page
    assert f"/eventos/{teams.id}/relatorios/classificacao" not in page
    berger = db.session.query(Event).filter(Event.name.like("Torneio Relâmpago%")).one()
    page = client.get(f"/eventos/{berger.id}/relatorios").get_data(as_text=True)
    assert f"/eventos/{berger.id}/relatorios/classificacao.pdf" in page
