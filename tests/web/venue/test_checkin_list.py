"""The arbiter's check-in list (issue 42 point 1): a starting number + Enter ticks the player, a
name filters the list, a row's button ticks or unticks; with one confirmation the players still
missing are left out of the round (not paired, 0 point), audited, and the pairing leaves them out;
one who arrives before the pairing is ticked back in. The check-in setting per event."""
from __future__ import annotations

import re

from damas.models import AuditEntry, EntryStatus, RequestKind, Round, RoundRequest
from damas.models.venue import CheckIn, CheckInMethod, VenueSettings
from tests.web.venue.checkin_helpers import checkin_event, entry_no


def _page(client, event_id: int, q: str = "") -> str:  # type: ignore[no-untyped-def]
    return client.get(f"/eventos/{event_id}/presenca" + (f"?q={q}" if q else "")).get_data(as_text=True)


def _type(client, event_id: int, text: str) -> str:  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event_id}/presenca", data={"q": text}, follow_redirects=True).get_data(as_text=True)


def test_typing_a_number_and_enter_ticks_the_player(client, db, login_as, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, arbiter, _users = checkin_event(db, make_event, make_player, make_user)
    login_as(arbiter)
    page = _page(client, event.id)
    assert "Presença — rodada 1" in page and "Faltam: 6" in page and "autofocus" in page
    page = _type(client, event.id, "3")
    assert "3. Presença 03 Silva: presente." in page and "Presentes: 1" in page and "Faltam: 5" in page
    row = db.session.query(CheckIn).one()
    assert (row.entry_id, row.method, row.by_user_id) == (entry_no(db, event, 3).id, CheckInMethod.ARBITER, arbiter.id)
    assert "já estava presente" in _type(client, event.id, "3")
    assert "Nenhum inscrito com o nº 42." in _type(client, event.id, "42")
    assert db.session.query(CheckIn).count() == 1
    assert db.session.query(AuditEntry).filter_by(action="check_in").one().after == {"round": 1, "method": "arbiter"}


def test_a_name_filters_the_list_and_a_row_button_ticks_and_unticks(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter, _users = checkin_event(db, make_event, make_player, make_user)
    login_as(arbiter)
    answer = client.post(f"/eventos/{event.id}/presenca", data={"q": "presenca 04"})
    assert answer.status_code == 302 and "q=presenca" in answer.headers["Location"]
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Presença 04 Silva" in page and "Presença 05 Silva" not in page  # accents and case ignored
    entry = entry_no(db, event, 4)
    page = client.post(f"/eventos/{event.id}/presenca", data={"entry_id": entry.id, "action": "tick"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Presença 04 Silva: presente." in page and db.session.query(CheckIn).count() == 1
    page = client.post(f"/eventos/{event.id}/presenca", data={"entry_id": entry.id, "action": "untick"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Presença 04 Silva: presença retirada." in page and db.session.query(CheckIn).count() == 0
    assert db.session.query(AuditEntry).filter_by(action="check_in_undone").count() == 1


def test_the_missing_are_left_out_of_the_round_and_the_pairing_leaves_them_out(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter, _users = checkin_event(db, make_event, make_player, make_user)
    login_as(arbiter)
    for number in (1, 2, 3, 4):
        _type(client, event.id, str(number))
    page = _page(client, event.id)
    assert "Deixar fora da rodada 1 os 2 que faltam" in page and "data-confirm" in page
    page = client.post(f"/eventos/{event.id}/presenca/ausentes", follow_redirects=True).get_data(as_text=True)
    assert "Fora da rodada 1 (não emparceirados, 0 ponto): Presença 05 Silva, Presença 06 Silva." in page
    out = {entry_no(db, event, 5).id, entry_no(db, event, 6).id}
    requests = db.session.query(RoundRequest).filter_by(event_id=event.id).all()
    assert {(r.entry_id, r.round_number, r.kind) for r in requests} == {(i, 1, RequestKind.ABSENT) for i in out}
    audit = db.session.query(AuditEntry).filter_by(action="check_in_missing_not_paired").one()
    assert audit.after["round"] == 1 and set(audit.after["entries"]) == out and audit.user_id == arbiter.id
    assert "Não falta ninguém" in client.post(f"/eventos/{event.id}/presenca/ausentes",
                                              follow_redirects=True).get_data(as_text=True)
    # number 6 arrives before the pairing: ticked, he is paired again
    assert "6. Presença 06 Silva: presente." in _type(client, event.id, "6")
    assert [r.entry_id for r in db.session.query(RoundRequest).filter_by(event_id=event.id)] == [
        entry_no(db, event, 5).id]
    page = client.post(f"/eventos/{event.id}/rodadas/emparceirar", follow_redirects=True).get_data(as_text=True)
    assert "Rodada 1 emparceirada." in page
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    on_boards = {i for g in rnd.games for i in (g.white_entry_id, g.black_entry_id) if i}
    assert entry_no(db, event, 5).id not in on_boards and entry_no(db, event, 6).id in on_boards
    assert entry_no(db, event, 5).status == EntryStatus.REGISTERED  # one round only: he may play the next
    # the check-in closed with the pairing: a late tick is refused with the reason
    page = _page(client, event.id)
    assert "data-checkin-closed" in page and "a rodada 2 não pede presença" in page


def test_the_settings_form_sets_when_players_check_in(client, db, login_as, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, arbiter, _users = checkin_event(db, make_event, make_player, make_user)
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/presenca/regras").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*value="round_one"', page)
    answer = client.post(f"/eventos/{event.id}/presenca/regras", data={"mode": "every_round"})
    assert answer.status_code == 302
    db.session.expire_all()
    row = db.session.get(VenueSettings, event.id)
    assert row.checkin_round_one and row.checkin_every_round
    audit = db.session.query(AuditEntry).filter_by(action="venue_checkin_settings").one()
    assert (audit.before, audit.after) == ({"checkin": "round_one"}, {"checkin": "every_round"})
    page = client.post(f"/eventos/{event.id}/presenca/regras", data={"mode": "sempre"}).get_data(as_text=True)
    assert "Not a valid choice" in page or "inválid" in page.lower() or "Escolha" in page
    client.post(f"/eventos/{event.id}/presenca/regras", data={"mode": ""})
    db.session.expire_all()
    assert not db.session.get(VenueSettings, event.id).checkin_round_one
    assert "Este evento não pede presença." in _page(client, event.id)


def test_the_qr_sheet_for_the_hall_carries_the_open_rounds_code(client, db, login_as, make_event, make_player,  # type: ignore[no-untyped-def]
                                                                  make_user):
    event, arbiter, _users = checkin_event(db, make_event, make_player, make_user)
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/presenca/qr").get_data(as_text=True)
    assert "Presença — rodada 1" in page and "<svg" in page and f"http://localhost/eventos/{event.id}/presenca/" in page
