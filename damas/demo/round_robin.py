"""Demo: a finished round robin (Berger tables)."""
from __future__ import annotations

import random
from datetime import date, timedelta

from damas.models import EventStatus
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.rounds.round_robin import generate_round_robin

from damas.demo.common import lot, play_round

def demo_round_robin(staff, arbiter, players, rng: random.Random, lots: random.Random,  # type: ignore[no-untyped-def]
                     today: date) -> int:
    """A finished 8-player blitz round robin (pairing numbers drawn by lot)."""
    start = today - timedelta(days=14)
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
    rounds = generate_round_robin(staff, event, "lot", seed=lot(lots))
    for rnd in rounds:
        play_round(staff, event, rnd, rng)
    event_service.change_status(staff, event, EventStatus.FINISHED, lot_seed=lot(lots))
    return len(rounds)
