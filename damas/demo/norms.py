"""Demo: a finished 10-player FIDE chess round robin (90'+30'', nine rounds, two a day at most)
whose norms page shows one player making an IM norm and another missing it by one requirement
(FIDE B.01 1.4.5a: four title-holders where five are needed); its players carry titles, so the
lists, the TRF export and the IT1/IT3 certificates show them."""
from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta


from damas.demo.common import lot
from damas.models import EventStatus, GameResult, Player, RoundStatus, User
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.norms.settings import save_norm_settings
from damas.services.players.records import create_player
from damas.services.rounds.round_robin import generate_round_robin
from damas.services.results.recording import publish_round, record_results

# (name, FIDE title, FIDE federation ("" = the federation's own: BRA), chess rating), numbers 1..10.
# Ra of no. 1 = 20700 / 9 = 2300; of no. 5 = 20650 / 9 = 2294 (B.01 1.4.7).
FIELD = (
    ("Lucas Andrade Moreira", "", "", 2300), ("Martín Ferreyra", "GM", "ARG", 2500),
    ("Diego Sepúlveda Rojas", "IM", "CHI", 2450), ("Nicolás Bentancor", "IM", "URU", 2400),
    ("Bruno Cavalcanti Neto", "FM", "", 2350), ("Gustavo Teixeira Lobo", "FM", "BRA", 2300),
    ("Felipe Rocha Lima", "", "", 2250), ("André Pires Valente", "", "", 2200),
    ("José Quispe Mamani", "", "PER", 2150), ("Mateus Fontes Arruda", "", "", 2100),
)
# No. 1: ½ with the GM, losses to the two IMs, wins against 5-10 (6½/9, Rp 2466: the IM norm).
# No. 5: wins against 6-10, draws with 2-4 (6½/9, Rp 2460, but 4 title-holders: 1.4.5a missed).
# Every other game is drawn.
WINS = frozenset({(3, 1), (4, 1), *((1, n) for n in range(5, 11)), *((5, n) for n in range(6, 11))})


def _result(white: int, black: int) -> GameResult:
    if (white, black) in WINS:
        return GameResult.WHITE_WIN
    if (black, white) in WINS:
        return GameResult.BLACK_WIN
    return GameResult.DRAW


def demo_norm_round_robin(staff: User, arbiter: User, lots: random.Random, today: date) -> None:
    start = today - timedelta(days=10)
    players: list[Player] = [create_player(staff, {
        "full_name": name, "sex": "M", "birth_date": date(1995 + n % 7, 1 + n, 10), "state": "CE",
        "federation_id": None, "fide_id": str(9_310_000 + n), "fide_title": title,
        "rating_chess_regular": rating, "email": None,
    }, fide_federation=federation) for n, (name, title, federation, rating) in enumerate(FIELD, start=1)]
    event = event_service.create_event(staff, {
        "name": f"Internacional de Xadrez de Fortaleza {start.year}", "discipline": "xadrez", "ruleset": "fide",
        "pairing_system": "berger", "planned_rounds": 9, "time_minutes": 90, "time_increment": 30,
        "start_date": start, "end_date": start + timedelta(days=4), "venue": "Hotel Beira-Mar, Fortaleza - CE",
        "organiser": "Federação Cearense de Xadrez e Damas", "chief_arbiter": "Árbitro Regional",
        "notes": "Torneio fechado com normas FIDE (B.01).",
        "round_times": [datetime.combine(start + timedelta(days=r // 2), time(9 if r % 2 == 0 else 16, 0))
                        for r in range(9)],
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    entries = [entry_service.add_entry(staff, event, player) for player in players]
    save_norm_settings(staff, event, {"kind": "ordinary", "host_federation": "BRA", "chief_arbiter_title": "IA"})
    numbers = {entry.id: n for n, entry in enumerate(entries, start=1)}
    for rnd in generate_round_robin(staff, event, "manual", numbers=numbers):
        if rnd.status == RoundStatus.PAIRED:
            publish_round(staff, event, rnd)
        changes = {game.id: (_result(numbers[game.white_entry_id], numbers[game.black_entry_id]), game.version)
                   for game in rnd.games if game.black_entry_id is not None}
        record_results(staff, event, changes)
    event_service.change_status(staff, event, EventStatus.FINISHED, lot_seed=lot(lots))
