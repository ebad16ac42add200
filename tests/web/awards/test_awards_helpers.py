"""A finished 6-player CBJD round robin for the categories, prizes and reports tests.

Players by rating (= pairing number, numbering by rating), birth year and sex:
  1 João Conceição   2000  1990 M
  2 Ana Júlia Araújo 1900  2013 F   (sub-14 in 2026, not sub-12)
  3 Pedro Sá         1800  2012 M   (sub-14)
  4 Maria Lúcia      1700  1995 F
  5 Carlos Ávila     1600  1980 M
  6 José Brandão     1500  1975 M
Every game: the lower pairing number wins, so the table is 1..6 with 10, 8, 6, 4, 2, 0 points.
"""
from __future__ import annotations

from datetime import date

from damas.models import EventStatus, GameResult, Role
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.rounds.round_robin import generate_round_robin
from damas.services.results.recording import publish_round, record_results

PLAYERS = (
    ("João Conceição", 2000, 1990, "M"),
    ("Ana Júlia Araújo", 1900, 2013, "F"),
    ("Pedro Sá", 1800, 2012, "M"),
    ("Maria Lúcia", 1700, 1995, "F"),
    ("Carlos Ávila", 1600, 1980, "M"),
    ("José Brandão", 1500, 1975, "M"),
)


def finished_round_robin(db, make_user, make_player, rounds_to_play: int | None = None):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    arbiter = make_user(Role.ARBITER)
    event = event_service.create_event(staff, {
        "name": "Torneio Relâmpago de São João", "discipline": "damas-64", "ruleset": "cbjd",
        "pairing_system": "berger", "planned_rounds": 5, "time_minutes": 60, "time_increment": 0,
        "start_date": date(2026, 6, 20), "end_date": date(2026, 6, 21), "venue": "Praça do Ferreira, Fortaleza",
        "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional", "notes": "Inscrições até 18/06.",
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for name, rating, year, sex in PLAYERS:
        player = make_player(full_name=name, rating_regular=rating, birth_date=date(year, 5, 1), sex=sex)
        entry_service.add_entry(staff, event, player)
    rounds = generate_round_robin(staff, event, "rating")
    for rnd in rounds[:rounds_to_play]:
        publish_round(staff, event, rnd)
        changes = {}
        for g in rnd.games:
            if g.black is None:
                continue
            win = GameResult.WHITE_WIN if g.white.pairing_number < g.black.pairing_number else GameResult.BLACK_WIN
            changes[g.id] = (win, g.version)
        record_results(staff, event, changes)
    return event, staff, arbiter
