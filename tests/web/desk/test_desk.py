"""The arbiter's desk through the web: incidents (CBJD 60), disconnections, sanctions (CBJD 51),
CBJD 95 d, and an applied game loss and its reversal in the audit trail and the standings."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from damas.models import (
    AuditEntry,
    Entry,
    EntryStatus,
    Event,
    EventStatus,
    Game,
    GameResult,
    Role,
    Round,
    RoundStatus,
)
from damas.models.desk import DeskIncident, DeskPenalty, DeskSanction, DeskSettings

# ---------------------------------------------------------------- helpers (imported by the other desk tests)

def running_event(db: Any, make_event: Any, make_player: Any, arbiters: tuple = (), rounds: int = 1,
                  n_players: int = 4, **kw: Any):  # type: ignore[no-untyped-def]
    """A running event with `rounds` published rounds, all results pending. Round 1: board 1 is
    players 1-2, board 2 is 3-4; round 2: 3-1, 2-4; round 3: 1-4, 2-3."""
    players = [make_player(rating_regular=2000 - i) for i in range(n_players)]
    event = make_event(arbiters=arbiters, players=tuple(players), status=EventStatus.RUNNING, **kw)
    entries = sorted(event.entries, key=lambda e: e.pairing_number)
    schedule = [((0, 1), (2, 3)), ((2, 0), (1, 3)), ((0, 3), (1, 2))]
    for number in range(1, rounds + 1):
        pairs = schedule[(number - 1) % len(schedule)]
        rnd = Round(event_id=event.id, number=number, status=RoundStatus.PUBLISHED,
                    published_at=datetime.now(timezone.utc))
        rnd.games = [Game(board=b, white_entry_id=entries[w].id, black_entry_id=entries[k].id)
                     for b, (w, k) in enumerate(pairs, start=1)]
        db.session.add(rnd)
    db.session.commit()
    return event, entries


def board(db: Any, event: Event, number: int, board_no: int) -> Game:
    db.session.expire_all()
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=number).one()
    return next(g for g in rnd.games if g.board == board_no)


def set_result(db: Any, event: Event, number: int, board_no: int, result: GameResult) -> None:
    g = board(db, event, number, board_no)
    g.result = result
    db.session.commit()


def standings_points(db: Any, event: Event) -> dict[str, str]:
    from damas.reports.standings import standings_context

    db.session.expire_all()
    return {r["name"]: r["points"] for r in standings_context(db.session.get(Event, event.id))["rows"]}


def incident(client: Any, event: Event, entry: Entry, kind: str = "claimed_irregularity", article: str = "56",
             number: int = 1, note: str = "") -> str:
    response = client.post(f"/eventos/{event.id}/mesa/incidentes", data={
        "i-round_number": number, "i-entry_id": entry.id, "i-kind": kind, "i-article": article, "i-note": note,
    }, follow_redirects=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def sanction(client: Any, event: Event, entry: Entry, kind: str, number: int = 1, note: str = "") -> str:
    response = client.post(f"/eventos/{event.id}/mesa/sancoes", data={
        "s-round_number": number, "s-entry_id": entry.id, "s-kind": kind, "s-note": note}, follow_redirects=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def make_chief(db: Any, event: Event, user: Any) -> None:
    db.session.add(DeskSettings(event_id=event.id, chief_arbiter_user_id=user.id))
    db.session.commit()


# ---------------------------------------------------------------- CBJD 60

def test_first_and_second_incidence_give_the_opponent_two_minutes(client, db, make_user, make_event, make_player,
                                                                    login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    first = incident(client, event, a, note="peça tocada")
    assert f"1ª incidência: adversário +2 minutos ({b.player.full_name})" in first
    second = incident(client, event, a, kind="irregular_move", article="")
    assert "2ª incidência: adversário +2 minutos" in second
    assert board(db, event, 1, 1).result == GameResult.PENDING
    page = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "CBJD 60 a (56)" in page and "CBJD 60 b" in page and "peça tocada" in page and arbiter.name in page
    assert db.session.query(AuditEntry).filter_by(action="incident").count() == 2


def test_breach_counts_from_the_second_time(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    assert "ainda não é incidência" in incident(client, event, c, kind="breach", article="3")
    assert "1ª incidência: adversário +2 minutos" in incident(client, event, c, kind="breach", article="70")


def test_third_incidence_loses_the_game_and_the_reversal_both_show_in_audit_and_standings(
        client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter, chief = make_user(Role.ARBITER), make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter, chief))
    make_chief(db, event, chief)
    set_result(db, event, 1, 2, GameResult.DRAW)
    login_as(arbiter)
    incident(client, event, a)
    incident(client, event, a, article="65")
    before = standings_points(db, event)
    assert before[b.player.full_name] == before[a.player.full_name]  # round 1 incomplete: nothing counted
    third = incident(client, event, a, article="52")
    assert f"3ª incidência: partida perdida por {a.player.full_name}" in third
    g = board(db, event, 1, 1)
    assert g.result == GameResult.BLACK_WIN
    after = standings_points(db, event)
    assert after[b.player.full_name] == "2" and after[a.player.full_name] == "0"
    penalty = db.session.query(DeskPenalty).one()
    assert penalty.result_before == "" and penalty.result_after == "0-1"

    # an ordinary arbiter cannot reverse it
    refused = client.post(f"/eventos/{event.id}/mesa/penalidades/reverter",
                          data={"penalty_id": penalty.id, "reason": "engano"}, follow_redirects=True)
    assert "Só o árbitro principal" in refused.get_data(as_text=True)
    assert board(db, event, 1, 1).result == GameResult.BLACK_WIN

    login_as(chief)
    no_reason = client.post(f"/eventos/{event.id}/mesa/penalidades/reverter", data={"penalty_id": penalty.id, "reason": ""},
                            follow_redirects=True)
    assert "Informe o motivo da reversão." in no_reason.get_data(as_text=True)
    ok = client.post(f"/eventos/{event.id}/mesa/penalidades/reverter",
                     data={"penalty_id": penalty.id, "reason": "Reclamação improcedente após revisão"},
                     follow_redirects=True)
    assert "Penalidade revertida" in ok.get_data(as_text=True)
    assert board(db, event, 1, 1).result == GameResult.PENDING
    assert standings_points(db, event) == before

    trail = [(x.action, x.before and x.before.get("result"), x.after and x.after.get("result"))
             for x in db.session.query(AuditEntry).filter(AuditEntry.object_type == "game").order_by(AuditEntry.id)]
    assert ("penalty", "", "0-1") in trail and ("penalty_reversed", "0-1", "") in trail
    page = client.get(f"/eventos/{event.id}/auditoria").get_data(as_text=True)
    assert "Penalidade aplicada" in page and "Penalidade revertida" in page
    assert "Reclamação improcedente após revisão" in page
    csv = client.get(f"/eventos/{event.id}/mesa/auditoria.csv?object_type=game").get_data(as_text=True)
    assert ",penalty,game," in csv and ",penalty_reversed,game," in csv and ",incident," not in csv


def test_incidences_counted_per_event_when_the_event_says_so(client, db, make_user, make_event, make_player,
                                                             login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), rounds=2)
    db.session.add(DeskSettings(event_id=event.id, incident_scope="event"))
    db.session.commit()
    login_as(arbiter)
    incident(client, event, a, number=1)
    incident(client, event, a, number=1)
    assert "3ª incidência: partida perdida" in incident(client, event, a, number=2)
    assert board(db, event, 2, 1).result == GameResult.WHITE_WIN  # round 2 board 1: 3 (white) - 1 (black)
    assert board(db, event, 1, 1).result == GameResult.PENDING


def test_bad_article_and_unknown_player_change_nothing(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    assert "informe o artigo 52, 56, 65 ou 66" in incident(client, event, a, article="99")
    assert "Descreva a conduta antidesportiva" in incident(client, event, a, kind="unsporting", article="")
    page = client.post(f"/eventos/{event.id}/mesa/incidentes", data={
        "i-round_number": 1, "i-entry_id": 9999, "i-kind": "breach", "i-article": "3"}, follow_redirects=True)
    assert "Escolha rodada, jogador e tipo do incidente." in page.get_data(as_text=True)
    assert db.session.query(DeskIncident).count() == 0 and db.session.query(AuditEntry).count() == 0


def test_disconnections_lose_at_the_event_limit(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), ruleset="club")
    login_as(arbiter)
    assert "1ª queda de conexão registrada" in incident(client, event, d, kind="disconnection", article="")
    assert "2ª queda de conexão registrada" in incident(client, event, d, kind="disconnection", article="")
    assert board(db, event, 1, 2).result == GameResult.PENDING
    assert "3ª queda de conexão: partida perdida" in incident(client, event, d, kind="disconnection", article="")
    assert board(db, event, 1, 2).result == GameResult.WHITE_WIN


def test_disconnection_limit_is_configurable_and_offline_events_refuse_it(client, db, make_user, make_event,
                                                                          make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    assert "Quedas de conexão só valem em eventos online" in incident(client, event, a, kind="disconnection", article="")
    db.session.add(DeskSettings(event_id=event.id, online=True, disconnection_limit=2))
    db.session.commit()
    incident(client, event, a, kind="disconnection", article="")
    assert "2ª queda de conexão: partida perdida" in incident(client, event, a, kind="disconnection", article="")
    assert board(db, event, 1, 1).result == GameResult.BLACK_WIN


# ---------------------------------------------------------------- CBJD 51

def test_warnings_are_recorded_without_changing_results(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    assert f"Advertência verbal ao jogador {a.player.full_name}." in sanction(client, event, a, "verbal_warning", note="conversa")
    assert "Advertência verbal e por escrito" in sanction(client, event, a, "written_warning")
    assert board(db, event, 1, 1).result == GameResult.PENDING
    assert db.session.query(DeskSanction).count() == 2
    page = client.get(f"/eventos/{event.id}/mesa/relatorio").get_data(as_text=True)
    assert "Advertência verbal (CBJD 51 a)" in page and "conversa" in page


def test_game_lost_for_one_or_both_players(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    sanction(client, event, b, "game_lost")
    assert board(db, event, 1, 1).result == GameResult.WHITE_WIN
    sanction(client, event, c, "game_lost_both")
    assert board(db, event, 1, 2).result == GameResult.DOUBLE_LOSS
    points = standings_points(db, event)
    assert points[c.player.full_name] == "0" and points[d.player.full_name] == "0" and points[a.player.full_name] == "2"
    assert db.session.query(AuditEntry).filter_by(action="penalty").count() == 2


def test_exclusion_is_a_withdrawal_under_the_rule_set(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), rounds=2)
    set_result(db, event, 1, 1, GameResult.DRAW)
    login_as(arbiter)
    page = sanction(client, event, a, "exclusion", number=1, note="agressão verbal")
    assert "afastado da competição após a rodada 1" in page
    db.session.expire_all()
    entry = db.session.get(Entry, a.id)
    assert entry.status == EntryStatus.WITHDRAWN and entry.withdrawn_after_round == 1
    assert board(db, event, 2, 1).result == GameResult.WITHDRAWN  # his round-2 board is not played
    assert {x.action for x in db.session.query(AuditEntry)} >= {"sanction", "withdraw", "withdrawal"}
    again = sanction(client, event, a, "exclusion", number=1)
    assert "Este jogador já saiu do evento." in again
    assert db.session.query(DeskSanction).count() == 1


def test_exclusion_refused_when_later_results_exist_writes_nothing(client, db, make_user, make_event, make_player,
                                                                   login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), rounds=2)
    set_result(db, event, 2, 1, GameResult.DRAW)
    login_as(arbiter)
    assert "Há resultado lançado para ele depois da rodada 1" in sanction(client, event, a, "exclusion", number=1)
    assert db.session.query(DeskSanction).count() == 0 and db.session.query(AuditEntry).count() == 0


# ---------------------------------------------------------------- CBJD 95 d

def test_irregular_move_claim_wins_in_blitz(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), time_minutes=5)
    login_as(arbiter)
    url = f"/eventos/{event.id}/mesa/lance-irregular"
    late = client.post(url, data={"c-round_number": 1, "c-entry_id": a.id}, follow_redirects=True)
    assert "a posição foi aceita" in late.get_data(as_text=True)
    assert board(db, event, 1, 1).result == GameResult.PENDING
    ok = client.post(url, data={"c-round_number": 1, "c-entry_id": a.id, "c-before_own_move": "y"}, follow_redirects=True)
    assert f"vitória de {b.player.full_name}" in ok.get_data(as_text=True)
    assert board(db, event, 1, 1).result == GameResult.BLACK_WIN
    assert db.session.query(AuditEntry).filter_by(action="irregular_move_claim").count() == 1


def test_irregular_move_claim_refused_in_slower_events(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), time_minutes=15)
    login_as(arbiter)
    assert "Vale só em eventos de 5x5" in client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    page = client.post(f"/eventos/{event.id}/mesa/lance-irregular",
                       data={"c-round_number": 1, "c-entry_id": a.id, "c-before_own_move": "y"}, follow_redirects=True)
    assert "vale só para 5x5 ou menos" in page.get_data(as_text=True)
    assert board(db, event, 1, 1).result == GameResult.PENDING


def test_nothing_is_recorded_once_the_event_is_finished(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    event.status = EventStatus.FINISHED
    db.session.commit()
    login_as(arbiter)
    assert "O evento não está em andamento." in incident(client, event, a)
    assert db.session.query(DeskIncident).count() == 0


def test_game_lost_by_both_is_a_played_zero_zero_even_under_club_rules(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    """CBJD 51: loss of the game for both players. Stored as a played 0-0, not as a double
    forfeit (which CLUB scores as a draw), so it scores 0 for each under every rule set."""
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), ruleset="club")
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    login_as(arbiter)
    sanction(client, event, c, "game_lost_both")
    assert board(db, event, 1, 2).result == GameResult.DOUBLE_LOSS
    points = standings_points(db, event)
    assert points[c.player.full_name] == "0" and points[d.player.full_name] == "0"
    assert points[a.player.full_name] == "1"


def test_results_form_does_not_overwrite_a_penalty(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    sanction(client, event, b, "game_lost")
    game = board(db, event, 1, 1)
    assert game.result == GameResult.WHITE_WIN
    response = client.post(f"/eventos/{event.id}/rodadas/1/resultados", data={
        f"result-{game.id}": GameResult.DRAW.value, f"version-{game.id}": str(game.version)}, follow_redirects=True)
    assert "foi aplicado como penalidade" in response.get_data(as_text=True)
    assert board(db, event, 1, 1).result == GameResult.WHITE_WIN
    assert db.session.query(AuditEntry).filter_by(action="result").count() == 0


def test_an_incident_whose_board_changed_stays_on_record_only(client, db, make_user, make_event, make_player,
                                                              login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    incident(client, event, a)
    assert db.session.query(DeskIncident).count() == 1
    g1, g2 = board(db, event, 1, 1), board(db, event, 1, 2)  # re-paired: a now plays on board 2
    g1.white_entry_id, g2.white_entry_id = g2.white_entry_id, g1.white_entry_id
    db.session.commit()
    page = client.get(f"/eventos/{event.id}/mesa/")
    assert page.status_code == 200
    assert "fica só registrada" in page.get_data(as_text=True)
    incident(client, event, a)  # a new incident on his current board still records and counts
    assert db.session.query(DeskIncident).count() == 2
