"""Demo: the micro-match events (individual and teams, with the opening lottery)."""
from __future__ import annotations

import random
from datetime import date, timedelta

from damas.models import EventStatus
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.models import GameResult
from damas.services.results.recording import publish_round
from damas.services import desk as desk_service
from damas.services.micromatch import matches as micro_service
from damas.services.micromatch import openings as opening_service
from damas.services.micromatch import team_events as team_service

from damas.demo.common import lot


def demo_micromatch(staff, arbiter, players, rng: random.Random, lots: random.Random,  # type: ignore[no-untyped-def]
                    today: date) -> str:
    """The federation's openings and a running micro-match event (CBJD 119-122): three rounds
    played (both games of each micro-match), round 4 published with its opening drawn; plus a
    team event (4 teams x 2 boards) with round 1 played."""
    opening_service.upload_openings(staff, (
        "código;lances;nome\n"
        "01;11-15 22-18 15x22;Cruz\n02;11-15 22-17 8-11;Ortodoxa\n03;11-15 23-19 9-13;Central\n"
        "04;11-16 22-18 16-20;Lateral Esquerda\n05;12-16 22-18 16-20;Dama Velha\n"
        "06;9-13 22-18 13-17;Ataque de Ponta\n07;10-14 22-18 14-17;Diagonal\n08;10-15 21-17 15-19;Avanço\n"
    ).encode(), "tablita-federacao.csv")
    start = today - timedelta(days=1)
    base = {"discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "micromatch", "time_increment": 0,
            "start_date": start, "end_date": start + timedelta(days=1), "venue": "Sede da Federação, Fortaleza - CE",
            "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional", "notes": ""}
    event = micro_service.create_micromatch_event(staff, dict(
        base, name=f"Copa Micro Match de Damas {start.year}", planned_rounds=5, time_minutes=30,
        scoring="game", openings="round"))
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players[:10]:
        entry_service.add_entry(staff, event, player)
    for _number in range(3):
        rnd = micro_service.pair_individual_round(staff, event, first_color_seed=lot(lots), opening_seed=lot(lots))
        publish_round(staff, event, rnd)
        changes = {g.id: (rng.choice(("2-0", "1-1", "1-1", "0-2")), rng.choice(("2-0", "1-1", "0-2")), g.version)
                   for g in rnd.games if g.black_entry_id is not None and g.result == GameResult.PENDING}
        micro_service.record_micro_results(staff, event, rnd, changes)
    publish_round(staff, event, micro_service.pair_individual_round(staff, event, opening_seed=lot(lots)))

    teams = micro_service.create_micromatch_event(staff, dict(
        base, name=f"Interclubes por Equipes {start.year}", planned_rounds=3, time_minutes=20,
        team=True, boards=2, scoring="match", openings="board"))
    event_service.assign_arbiter(staff, teams, arbiter)
    event_service.change_status(staff, teams, EventStatus.REGISTRATION)
    for k in range(4):
        squad = players[10 + 3 * k: 13 + 3 * k]
        club = squad[0].club
        team_service.add_team(staff, teams, {"name": f"Equipe {club.short_name if club else k + 1}",
                                             "club": club.name if club else "", "city": club.city if club else "",
                                             "player_ids": [p.id for p in squad], "captain_name": squad[0].full_name})
    rnd = team_service.pair_team_round(staff, teams, first_color_seed=lot(lots),  # running from here on
                                       opening_seed=lot(lots))
    team_service.publish_team_round(staff, teams, rnd)
    games = {}
    for match in rnd.matches:
        if match.team_b_id is None:
            continue
        for team_id in (match.team_a_id, match.team_b_id):
            team = next(t for t in team_service.teams_of(teams) if t.id == team_id)
            team_service.submit_lineup(staff, teams, rnd, team, [m.player_id for m in team.members[:2]])
        games[match.id] = {b: (rng.choice(("2-0", "1-1", "0-2")), rng.choice(("2-0", "1-1", "0-2"))) for b in (1, 2)}
    team_service.record_round_results(staff, teams, rnd, games)
    played = next(m for m in rnd.matches if m.team_b_id is not None)
    desk_service.add_incident(arbiter, teams, 1, team_service.lineup_of(rnd, played.team_b_id)[1], "irregular_move",
                              "", "Lance irregular corrigido; adversário recebeu 2 minutos.")
    return "1 running micro-match event (3 rounds played), 1 running team micro-match event (1 round played)"
