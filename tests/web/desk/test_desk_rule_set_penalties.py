"""Issue 18 points 6 and 7: the desk's incidents and forfeit defaults follow the event's rule set."""
from __future__ import annotations

import pytest

from damas.models import AuditEntry, EntryStatus, EventStatus, GameResult, Role
from damas.models.desk import DeskIncident
from tests.web.desk.test_desk import board, incident, running_event, set_result


def _forfeits_page(client, event):  # type: ignore[no-untyped-def]
    return client.get(f"/eventos/{event.id}/mesa/wo").get_data(as_text=True)


@pytest.mark.parametrize("ruleset", ["cbjd", "club"])
def test_rules_md_5_fide_gr_forfeit_expulsion_is_off_by_default_outside_fide(
        client, db, make_user, make_event, make_player, login_as, ruleset):  # type: ignore[no-untyped-def]
    """RULES.md §5 scopes FIDE-GR "one forfeit without a valid reason: expelled" to the FIDE rule set."""
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), rounds=2, ruleset=ruleset)
    set_result(db, event, 1, 1, GameResult.BLACK_FORFEIT_WIN)  # player 1 lost by default
    login_as(arbiter)
    page = _forfeits_page(client, event)
    assert "eliminação proposta" not in page and "Nenhuma medida." in page


def test_fide_gr_forfeit_expulsion_stays_on_by_default_for_fide(client, db, make_user, make_event, make_player,
                                                                 login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), rounds=2, ruleset="fide")
    set_result(db, event, 1, 1, GameResult.BLACK_FORFEIT_WIN)
    login_as(arbiter)
    assert "eliminação proposta, a confirmar pelo árbitro principal" in _forfeits_page(client, event)


def test_fide_laws_second_illegal_move_loses_not_the_third(client, db, make_user, make_event, make_player,
                                                          login_as):  # type: ignore[no-untyped-def]
    """Chess follows the FIDE Laws: first illegal move +2 minutes, the second loses the game."""
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), ruleset="fide")
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "Leis do Xadrez" in page and "CBJD 60 a" not in page and "CBJD 95 d" not in page
    first = incident(client, event, a, kind="fide_illegal_move", article="")
    assert "acrescentar 2 minutos" in first and board(db, event, 1, 1).result == GameResult.PENDING
    second = incident(client, event, a, kind="fide_illegal_move", article="")
    assert "2º lance ilegal" in second
    assert board(db, event, 1, 1).result == GameResult.BLACK_WIN


def test_fide_laws_a_sounding_phone_loses_the_game(client, db, make_user, make_event, make_player,
                                                   login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), ruleset="fide")
    login_as(arbiter)
    assert "tocou: perda da partida" in incident(client, event, d, kind="fide_device_sound", article="")
    assert board(db, event, 1, 2).result == GameResult.WHITE_WIN
    assert db.session.query(AuditEntry).filter_by(action="penalty").count() == 1


def test_chess_events_refuse_cbjd_60_incidents(client, db, make_user, make_event, make_player,
                                               login_as):  # type: ignore[no-untyped-def]
    """A forged POST of a CBJD 60 kind in a FIDE event changes nothing."""
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), ruleset="fide")
    login_as(arbiter)
    page = incident(client, event, a)  # claimed_irregularity, art. 56
    assert "não existe no regulamento do evento" in page
    assert db.session.query(DeskIncident).count() == 0 and db.session.query(AuditEntry).count() == 0
    claim = client.post(f"/eventos/{event.id}/mesa/lance-irregular", data={
        "c-round_number": 1, "c-entry_id": a.id, "c-before_own_move": "y"}, follow_redirects=True)
    assert board(db, event, 1, 1).result == GameResult.PENDING and "95 d da CBJD não faz parte" in claim.get_data(as_text=True)


def test_cbjd_60_third_incidence_still_loses_in_draughts(client, db, make_user, make_event, make_player,
                                                        login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), ruleset="cbjd")
    login_as(arbiter)
    assert "não existe no regulamento" in incident(client, event, a, kind="fide_illegal_move", article="")
    for _ in range(2):
        incident(client, event, a)
    assert board(db, event, 1, 1).result == GameResult.PENDING
    incident(client, event, a)
    assert board(db, event, 1, 1).result == GameResult.BLACK_WIN


def test_club_rules_keep_cbjd_60_and_disconnections_but_not_the_fide_laws(
        client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), ruleset="club")
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert 'value="disconnection"' in page and 'value="claimed_irregularity"' in page
    assert 'value="fide_illegal_move"' not in page
    assert "não existe no regulamento" in incident(client, event, a, kind="fide_device_sound", article="")
    assert "1ª queda de conexão registrada" in incident(client, event, a, kind="disconnection", article="")
    assert db.session.get(type(a), a.id).status == EntryStatus.REGISTERED


@pytest.mark.parametrize("ruleset,shown,hidden", [
    ("fide", "2º lance ilegal do mesmo jogador", "CBJD 60"),
    ("cbjd", "Incidentes (CBJD 60)", "Leis do Xadrez"),
    ("club", "Quedas de conexão", "Leis do Xadrez"),
])
def test_regulations_page_states_the_rule_sets_penalties(client, make_event, ruleset, shown, hidden):  # type: ignore[no-untyped-def]
    event = make_event(ruleset=ruleset, status=EventStatus.RUNNING)
    page = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert shown in page and hidden not in page
    if ruleset != "fide":
        assert "decisão da federação: o evento pode ativá-la na mesa" in page and "RULES.md" not in page
