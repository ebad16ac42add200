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
    return f"{len(clubs)} clubs, {len(players)} players, 3 users, 1 event in registration with 24 entries"


def _swiss_code() -> str:
    """The Dutch Swiss when the engine offers it, else round robin (both are real systems)."""
    from damas.engine.pairing import system_codes

    codes = system_codes()
    return "dutch" if "dutch" in codes else codes[0]
