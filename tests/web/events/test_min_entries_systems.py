"""Minimum entries for every pairing system (RULES.md §9, CLUB): generating a round robin,
starting a knockout or pairing round 1 of a team micro-match event with too few entries cancels
the event and tells the entrants, exactly as the Swiss start does; nothing else is written."""
from __future__ import annotations

from damas.models import AuditEntry, Event, EventStatus, KnockoutSetup, Role, Round
from damas.models.micromatch import MicroMatchSettings, Team, TeamMemberRow, TeamRound
from damas.models.registration import PlayerMessage, RegistrationSettings


def _with_minimum(db, event, minimum):  # type: ignore[no-untyped-def]
    db.session.add(RegistrationSettings(event_id=event.id, min_entries=minimum))
    db.session.commit()
    return event


def _cancelled(db, event_id, told):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    event = db.session.get(Event, event_id)
    assert event.status == EventStatus.CANCELLED
    messages = db.session.query(PlayerMessage).filter_by(event_id=event_id).all()
    assert sorted(m.player_id for m in messages) == sorted(told)
    audit = db.session.query(AuditEntry).filter_by(event_id=event_id, action="status").one()
    assert audit.after["reason"] == "min_entries"
    return messages


def test_round_robin_below_minimum_of_ten_is_cancelled(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    players = [make_player() for _ in range(9)]
    event = _with_minimum(db, make_event(name="Todos Contra Todos", players=tuple(players)), 10)
    login_as(make_user(Role.STAFF))
    page = client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"},
                       follow_redirects=True).get_data(as_text=True)
    assert "o evento foi cancelado e os inscritos foram avisados" in page
    messages = _cancelled(db, event.id, [p.id for p in players])
    assert messages[0].text_pt == "O evento Todos Contra Todos foi cancelado: 9 inscritos, o mínimo era 10."
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 0
    # a cancelled event generates nothing either
    client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"})
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 0


def test_round_robin_with_its_minimum_of_ten_starts(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    event = _with_minimum(db, make_event(players=tuple(make_player() for _ in range(10))), 10)
    login_as(make_user(Role.STAFF))
    page = client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"},
                       follow_redirects=True).get_data(as_text=True)
    assert "9 rodadas geradas" in page
    db.session.expire_all()
    assert db.session.get(Event, event.id).status == EventStatus.RUNNING
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 9
    assert db.session.query(PlayerMessage).count() == 0


def test_knockout_below_minimum_of_four_is_cancelled(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = [make_player() for _ in range(3)]
    event = _with_minimum(db, make_event(name="Copa", arbiters=(arbiter,), players=tuple(players),
                                         pairing_system="knockout", ruleset="club", time_minutes=10), 4)
    login_as(arbiter)
    page = client.post(f"/eventos/{event.id}/eliminatoria/iniciar", follow_redirects=True).get_data(as_text=True)
    assert "o evento foi cancelado e os inscritos foram avisados" in page
    assert "Eliminatória iniciada" not in page
    messages = _cancelled(db, event.id, [p.id for p in players])
    assert messages[0].text_en == "The event Copa was cancelled: 3 entries, the minimum was 4."
    assert db.session.query(KnockoutSetup).filter_by(event_id=event.id).count() == 0


def test_knockout_with_its_minimum_of_four_starts(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event = _with_minimum(db, make_event(arbiters=(arbiter,), players=tuple(make_player() for _ in range(4)),
                                         pairing_system="knockout", ruleset="club", time_minutes=10), 4)
    login_as(arbiter)
    page = client.post(f"/eventos/{event.id}/eliminatoria/iniciar", follow_redirects=True).get_data(as_text=True)
    assert "Eliminatória iniciada: 4 jogadores" in page
    db.session.expire_all()
    assert db.session.get(Event, event.id).status == EventStatus.RUNNING
    assert db.session.get(KnockoutSetup, event.id).seeds is not None


def _team_event(db, make_event, make_player, teams, minimum):  # type: ignore[no-untyped-def]
    event = make_event(name="Interclubes", pairing_system="micromatch", planned_rounds=3)
    db.session.add(MicroMatchSettings(event_id=event.id, team=True, boards=2, scoring="game", openings="none"))
    ids = []
    for t in range(1, teams + 1):
        team = Team(event_id=event.id, number=t, name=f"Equipe {t}")
        for b in (1, 2):
            player = make_player()
            ids.append(player.id)
            team.members.append(TeamMemberRow(player_id=player.id, position=b))
        db.session.add(team)
    db.session.commit()
    return _with_minimum(db, event, minimum), ids


def test_team_event_below_minimum_teams_is_cancelled(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    event, ids = _team_event(db, make_event, make_player, 3, 4)
    login_as(make_user(Role.STAFF))
    page = client.post(f"/eventos/{event.id}/micro/emparceirar", follow_redirects=True).get_data(as_text=True)
    assert "o evento foi cancelado e os inscritos foram avisados" in page
    messages = _cancelled(db, event.id, ids)
    assert messages[0].text_pt == "O evento Interclubes foi cancelado: 3 equipes inscritas, o mínimo era 4."
    assert db.session.query(TeamRound).filter_by(event_id=event.id).count() == 0


def test_team_event_started_by_status_counts_teams(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    event, _ids = _team_event(db, make_event, make_player, 4, 4)
    login_as(make_user(Role.STAFF))
    page = client.post(f"/eventos/{event.id}/situacao", data={"status": "running"},
                       follow_redirects=True).get_data(as_text=True)
    assert "pelo menos 2 inscritos" not in page
    db.session.expire_all()
    assert db.session.get(Event, event.id).status == EventStatus.RUNNING
    page = client.post(f"/eventos/{event.id}/micro/emparceirar", follow_redirects=True).get_data(as_text=True)
    assert "Rodada 1 emparceirada" in page
    assert db.session.query(TeamRound).filter_by(event_id=event.id).count() == 1
