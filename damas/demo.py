"""The demo federation: what a newcomer sees after `make run` (deterministic, seed 2026)."""
from __future__ import annotations

import random
from datetime import date, timedelta

from damas.models import EventStatus, Role
from damas.services import entries as entry_service
from damas.services import events as event_service
from damas.services.players import create_club, create_player
from damas.services.users import create_user

CLUBS = (
    ("Clube de Damas de Fortaleza", "CDF", "Fortaleza", "CE"),
    ("Associação Recifense de Damas", "ARD", "Recife", "PE"),
    ("Grêmio Damista Paulistano", "GDP", "São Paulo", "SP"),
    ("Clube Carioca de Damas", "CCD", "Rio de Janeiro", "RJ"),
    ("Damas Clube de Belo Horizonte", "DCBH", "Belo Horizonte", "MG"),
    ("Sociedade Damista de Salvador", "SDS", "Salvador", "BA"),
    ("Clube de Xadrez e Damas de Natal", "CXDN", "Natal", "RN"),
)
FIRST_M = ("João", "Pedro", "Lucas", "Mateus", "Gabriel", "Rafael", "Carlos", "Antônio", "Francisco",
           "Paulo", "José", "Miguel", "Davi", "Arthur", "Heitor", "Bernardo", "Samuel", "Thiago")
FIRST_F = ("Maria", "Ana", "Beatriz", "Júlia", "Larissa", "Fernanda", "Camila", "Letícia", "Alice",
           "Sofia", "Helena", "Valentina", "Luíza", "Mariana")
LAST = ("Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Ferreira", "Costa", "Rodrigues",
        "Almeida", "Nascimento", "Carvalho", "Araújo", "Ribeiro", "Barbosa", "Gomes", "Martins", "Rocha")


def load_demo() -> str:
    rng = random.Random(2026)
    staff = create_user(None, {"email": "staff@demo.damas.br", "name": "Equipe da Federação",
                               "role": Role.STAFF.value, "password": "demo12345"})
    arbiter = create_user(staff, {"email": "arbitro@demo.damas.br", "name": "Árbitro Regional",
                                  "role": Role.ARBITER.value, "password": "demo12345"})
    clubs = [create_club(staff, {"name": n, "short_name": s, "city": c, "state": uf}) for n, s, c, uf in CLUBS]
    players = []
    this_year = date.today().year
    used = set()
    for i in range(60):
        female = i % 3 == 0
        while True:
            name = f"{rng.choice(FIRST_F if female else FIRST_M)} {rng.choice(LAST)} {rng.choice(LAST)}"
            if name not in used:
                used.add(name)
                break
        age = rng.choice((8, 9, 11, 13, 15, 17, 20, 22, 30, 41, 55, 67)) if i % 2 else rng.randint(8, 70)
        club = clubs[i % len(clubs)]
        rated = rng.random() < 0.9
        regular = rng.randint(1300, 2300) if rated else None
        players.append(create_player(staff, {
            "full_name": name,
            "sex": "F" if female else "M",
            "birth_date": date(this_year - age, rng.randint(1, 12), rng.randint(1, 28)),
            "club_id": club.id,
            "state": club.state,
            "federation_id": f"CE-{1000 + i}",
            "fide_id": str(9_100_000 + i) if i % 4 == 0 else None,
            "rating_regular": regular,
            "rating_rapid": (regular + rng.randint(-120, 120)) if regular else None,
            "email": None,
        }))
    create_user(staff, {"email": "jogador@demo.damas.br", "name": players[0].full_name,
                        "role": Role.PLAYER.value, "player_id": players[0].id, "password": "demo12345"})
    start = date.today() + timedelta(days=21)
    championship = event_service.create_event(staff, {
        "name": f"Campeonato Cearense Absoluto de Damas 64 {start.year}",
        "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": _swiss_code(),
        "planned_rounds": 7, "time_minutes": 45, "time_increment": 0,
        "start_date": start, "end_date": start + timedelta(days=2),
        "venue": "Ginásio Paulo Sarasate, Fortaleza - CE", "organiser": "Federação Cearense de Damas",
        "chief_arbiter": "Árbitro Regional", "notes": "Inscrições até a véspera, 18h.",
    })
    event_service.assign_arbiter(staff, championship, arbiter)
    event_service.change_status(staff, championship, EventStatus.REGISTRATION)
    for player in players[:24]:
        entry_service.add_entry(staff, championship, player)
    finished = _demo_round_robin(staff, arbiter, players[24:32], rng)
    running = _demo_swiss(staff, arbiter, players[30:60], rng)
    return (f"{len(clubs)} clubs, {len(players)} players, 3 users; events: 1 in registration (24 entries), "
            f"1 finished round robin ({finished} rounds), 1 running Swiss ({running} rounds played)")


def _play(staff, event, rnd, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Publish a round and enter plausible results (the higher rating wins more often)."""
    from damas.models import GameResult
    from damas.services.rounds import publish_round, record_results

    publish_round(staff, event, rnd)
    changes = {}
    for g in rnd.games:
        if g.black is None:
            continue
        edge = (g.white.rating_at_entry - g.black.rating_at_entry) / 800
        roll = rng.random() + edge
        result = GameResult.WHITE_WIN if roll > 0.62 else GameResult.BLACK_WIN if roll < 0.30 else GameResult.DRAW
        changes[g.id] = (result, g.version)
    record_results(staff, event, changes)


def _demo_round_robin(staff, arbiter, players, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """A finished 8-player blitz round robin (pairing numbers drawn by lot)."""
    from damas.services.roundrobin import generate_round_robin

    start = date.today() - timedelta(days=14)
    event = event_service.create_event(staff, {
        "name": f"Torneio Relâmpago da Federação {start.year}", "discipline": "damas-64", "ruleset": "cbjd",
        "pairing_system": "berger", "planned_rounds": 7, "time_minutes": 5, "time_increment": 0,
        "start_date": start, "end_date": start, "venue": "Sede da Federação, Fortaleza - CE",
        "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional", "notes": "",
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    rounds = generate_round_robin(staff, event, "lot")
    for rnd in rounds:
        _play(staff, event, rnd, rng)
    event_service.change_status(staff, event, EventStatus.FINISHED)
    return len(rounds)


def _demo_swiss(staff, arbiter, players, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """A running 30-player FIDE Dutch Swiss: three rounds played, round 4 published."""
    from damas.services.swiss import pair_next_round

    start = date.today() - timedelta(days=1)
    event = event_service.create_event(staff, {
        "name": f"Aberto de Xadrez de Fortaleza {start.year}", "discipline": "xadrez", "ruleset": "fide",
        "pairing_system": _swiss_code(), "planned_rounds": 7, "time_minutes": 90, "time_increment": 30,
        "start_date": start, "end_date": start + timedelta(days=3), "venue": "Hotel Beira-Mar, Fortaleza - CE",
        "organiser": "Clube de Xadrez e Damas de Natal", "chief_arbiter": "Árbitro Regional", "notes": "",
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    for _number in range(3):
        _play(staff, event, pair_next_round(staff, event), rng)
    from damas.services.rounds import publish_round

    publish_round(staff, event, pair_next_round(staff, event))
    return 3


def _swiss_code() -> str:
    """The Dutch Swiss when the engine offers it, else round robin (both are real systems)."""
    from damas.engine.pairing import system_codes

    codes = system_codes()
    return "dutch" if "dutch" in codes else codes[0]
