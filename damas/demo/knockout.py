"""Demo: the knockout events (a finished one and one running)."""
from __future__ import annotations

import random
from datetime import date, timedelta

from damas.models import EventStatus
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.engine.pairing.knockout import all_ties
from damas.services.rounds import knockout as ko
from damas.services import desk as desk_service

from damas.demo.common import lot


def demo_knockout(staff, arbiter, players, rng: random.Random, lots: random.Random,  # type: ignore[no-untyped-def]
                  today: date) -> int:
    """A finished 11-player club knockout: byes for the top 5, drawn ties replayed with colours
    reversed (club), one both-absent game, third place played off. Returns the games played."""
    start = today - timedelta(days=7)
    event = event_service.create_event(staff, {
        "name": f"Copa Eliminatória do Clube {start.year}", "discipline": "damas-64", "ruleset": "club",
        "pairing_system": "knockout", "planned_rounds": 4, "time_minutes": 10, "time_increment": 5,
        "start_date": start, "end_date": start, "venue": "Clube de Damas de Fortaleza",
        "organiser": "Clube de Damas de Fortaleza", "chief_arbiter": "Árbitro Regional", "notes": "",
        "no_show_minutes": 5,  # CLUB "Não comparecimento — derrota após"
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    ko.save_settings(staff, event, games=1, drawn="replay", rapid_games=2, places=4)
    ko.start_knockout(staff, event, lot_seed=rng.randrange(2**31))
    played, absence_done = 0, False
    while True:
        loaded = ko.load_bracket(event)
        assert loaded is not None
        todo = [(t, ko.proposed_game(event, loaded, t)) for t in all_ties(loaded.bracket).values()]
        todo = [(t, nxt) for t, nxt in todo if nxt is not None]
        if not todo:
            break
        for tie, (white, black, _stage) in todo:
            loaded = ko.load_bracket(event)
            assert loaded is not None
            if not absence_done and tie.id[0] == 1:
                ko.record_tie_game(staff, event, tie.id, len(tie.games), "absent", 25, 10)
                absence_done = True
            else:
                edge = (loaded.entry_by_no[white].rating_at_entry - loaded.entry_by_no[black].rating_at_entry) / 800
                roll = rng.random() + edge
                result = "1-0" if roll > 0.6 else "0-1" if roll < 0.3 else "=-="
                ko.record_tie_game(staff, event, tie.id, len(tie.games), result)
            played += 1
    event_service.change_status(staff, event, EventStatus.FINISHED, lot_seed=lot(lots))
    return played


# Round 1 of the running knockout, tie by tie: the results of the games entered so far
# (two classical games, then the rapid play-off when the tie is drawn).
RUNNING_KNOCKOUT_GAMES = (
    ("1-0", "=-="),  # decided in the classical games
    ("=-=", "1-0"),
    ("=-=", "=-=", "1-0", "=-="),  # decided in the rapid play-off
    ("=-=", "=-=", "=-=", "=-="),  # drawn again: Armageddon pending (FIDE-GR Playoff 1 b)
)


def demo_running_knockout(staff, arbiter, players, lots: random.Random,  # type: ignore[no-untyped-def]
                          today: date) -> None:
    """A running 8-player knockout (two-game mini-matches, drawn ties played off in two rapid
    games then Armageddon): three quarter-finals decided, the fourth waiting for its Armageddon
    game, so the arbiter sees the tie-entry forms."""
    start = today
    event = event_service.create_event(staff, {
        "name": f"Copa Estadual Eliminatória de Damas {start.year}", "discipline": "damas-64", "ruleset": "cbjd",
        "pairing_system": "knockout", "planned_rounds": 3, "time_minutes": 30, "time_increment": 0,
        "start_date": start, "end_date": start + timedelta(days=1), "venue": "Clube Carioca de Damas, Rio de Janeiro - RJ",
        "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional", "notes": "",
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    ko.save_settings(staff, event, games=2, drawn="playoff", rapid_games=2, places=2)
    ko.start_knockout(staff, event, lot_seed=lot(lots))
    loaded = ko.load_bracket(event)
    assert loaded is not None
    first = sorted(tie_id for tie_id in all_ties(loaded.bracket) if tie_id[0] == 1)
    for tie_id, results in zip(first, RUNNING_KNOCKOUT_GAMES):
        for seq, result in enumerate(results):
            ko.record_tie_game(staff, event, tie_id, seq, result)
    # The arbiter's desk on the tie waiting for its Armageddon (fase 1, confronto 4): a warning only.
    armageddon = all_ties(ko.load_bracket(event).bracket)[first[3]]
    desk_service.add_incident(arbiter, event, 1, loaded.entry_by_no[armageddon.top], "claimed_irregularity", "56",
                              "Tocou uma peça e jogou outra no Armagedom.")
