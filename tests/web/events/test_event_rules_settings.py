"""Issue 18 points 15 and 19 (and the form part of 17): event settings with a rule behind them,
on the event form (validated, audited), the regulations page, the invitation and the pairings."""
from __future__ import annotations

from damas.models import AuditEntry, Entry, Event, EventStatus, Game, Role, Round, RoundStatus
from tests.web.reports.test_reports_pdf import pdf_text

FORM = {
    "name": "Aberto das Regras", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "dutch",
    "planned_rounds": "5", "time_minutes": "60", "time_increment": "0",
    "start_date": "2026-12-05", "end_date": "2026-12-06",
}


def _create(client, db, **extra):  # type: ignore[no-untyped-def]
    response = client.post("/eventos/novo", data={**FORM, **extra}, follow_redirects=True)
    return response.get_data(as_text=True), db.session.query(Event).one_or_none()


def test_cbjd_95e_109i_default_time_is_an_event_setting_printed_everywhere(  # type: ignore[no-untyped-def]
        client, db, make_user, make_player, login_as):
    login_as(make_user(Role.STAFF))
    _page, event = _create(client, db, no_show_minutes="30")
    assert event is not None and event.no_show_minutes == 30
    assert db.session.query(AuditEntry).filter_by(action="create", object_type="event").one().after[
        "no_show_minutes"] == 30
    client.post(f"/eventos/{event.id}/editar", data={**FORM, "no_show_minutes": "15"})
    db.session.expire_all()
    update = db.session.query(AuditEntry).filter_by(action="update", object_type="event").one()
    assert (update.before["no_show_minutes"], update.after["no_show_minutes"]) == (30, 15)
    limit = "derrota por W.O. de quem não comparecer até 15 min após o início da rodada (CBJD 109 i)"
    assert limit in client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert limit in client.get(f"/eventos/{event.id}/inscricao").get_data(as_text=True)  # the invitation
    # the pairings, page and PDF, and the desk's W.O. page
    for n, player in enumerate(make_player() for _ in range(2)):
        db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=n + 1))
    event.status = EventStatus.RUNNING
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    db.session.add(rnd)
    db.session.flush()
    ids = [e.id for e in db.session.query(Entry).filter_by(event_id=event.id).order_by(Entry.pairing_number)]
    db.session.add(Game(round_id=rnd.id, board=1, white_entry_id=ids[0], black_entry_id=ids[1]))
    db.session.commit()
    assert limit in client.get(f"/eventos/{event.id}/relatorios/emparceiramento/1").get_data(as_text=True)
    pdf = client.get(f"/eventos/{event.id}/relatorios/emparceiramento/1.pdf")
    assert "15 min após o início da rodada" in " ".join(pdf_text(pdf.data).split())
    assert limit in client.get(f"/eventos/{event.id}/mesa/wo").get_data(as_text=True)
    assert limit in client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    # English
    client.get("/lang/en")
    assert "15 min after the start of the round loses by default" in client.get(
        f"/eventos/{event.id}/regulamento").get_data(as_text=True)


def test_cbjd_95e_default_time_without_minutes_is_the_end_of_the_first_time_control(  # type: ignore[no-untyped-def]
        client, db, make_user, login_as):
    login_as(make_user(Role.STAFF))
    _page, event = _create(client, db)
    assert event.no_show_minutes is None
    page = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "fim do primeiro controle de tempo (CBJD 95 e)" in page
    page, _event = _create(client, db, name="Outro", no_show_minutes="-5")
    assert "Entre 0 e 600 minutos." in page


def test_fide_gr_pairings_g_restriction_is_a_swiss_option_on_the_form(  # type: ignore[no-untyped-def]
        client, db, make_user, login_as):
    login_as(make_user(Role.STAFF))
    page, event = _create(client, db, pair_restriction="club")
    assert event is not None and event.pair_restriction == "club"
    assert "Jogadores do mesmo clube não se enfrentam" in client.get(
        f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    page, _none = _create(client, db, name="Todos", pairing_system="berger", pair_restriction="state")
    assert "O emparceiramento restrito só vale para o suíço holandês e o suíço SB" in page
    assert db.session.query(Event).count() == 1
    # frozen once the event runs (the pairing already used it)
    event.status = EventStatus.RUNNING
    db.session.commit()
    page = client.post(f"/eventos/{event.id}/editar", data={**FORM, "pair_restriction": "state"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Não é possível mudar isto com o evento em andamento." in page
    db.session.expire_all()
    assert event.pair_restriction == "club"


def test_cbjd_117_round_times_warn_when_a_day_exceeds_six_hours_of_play(  # type: ignore[no-untyped-def]
        client, db, make_user, login_as):
    login_as(make_user(Role.STAFF))
    # 60 min + 30 s: 2 × (60 + 30) = 180 min a round; three rounds on the 5th = 9 h
    schedule = "05/12/2026 09:00\n05/12/2026 13:00\n05/12/2026 17:00\n06/12/2026 09:00"
    page, event = _create(client, db, time_increment="30", round_schedule=schedule)
    assert event is not None and len(event.round_times) == 4  # a warning, not a refusal
    warning = "CBJD 117: 05/12/2026 tem 3 rodadas, cerca de 9h00 de jogo"
    assert warning in page and "06/12/2026 tem" not in page
    assert warning in client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    regulations = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "2 × (tempo + 60 lances × incremento) = 180 min" in regulations and warning in regulations
    # two rounds a day (6 h) are within the limit
    client.post(f"/eventos/{event.id}/editar", data={
        **FORM, "time_increment": "30", "round_schedule": "05/12/2026 09:00\n05/12/2026 14:00\n06/12/2026 09:00"})
    assert "CBJD 117" not in client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)


def test_the_demo_championship_shows_its_default_time_and_restriction(app, client, db):  # type: ignore[no-untyped-def]
    from damas.cli import damas_cli

    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    event = db.session.query(Event).filter(Event.name.like("Campeonato Cearense%")).one()
    page = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "até 30 min após o início da rodada (CBJD 109 i)" in page
    assert "Jogadores do mesmo clube não se enfrentam" in page
    assert "CBJD 117" not in page.split("Horas de jogo por dia (CBJD 117)")[-1]  # its three days stay within 6 h
