"""Demo: the Swiss events (CBJD Dutch championship, the FIDE chess open)."""
from __future__ import annotations

import random
from datetime import date, timedelta

from damas.models import EventStatus
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.models import GameResult
from damas.services.results.recording import publish_round, record_results
from damas.engine.pairing import family_of
from damas.services.rounds.swiss import pair_next_round
from damas.services.rounds.absence import explain_absence, mark_absent
from damas.services.results.recording import withdraw_entry
from damas.engine.pairing import system_codes
from damas.services.events.lifecycle import default_dutch_edition

from damas.demo.common import lot, play_round
from damas.demo.reports import demo_reports

def demo_swiss(staff, arbiter, players, rng: random.Random, lots: random.Random,  # type: ignore[no-untyped-def]
               today: date, late_entrant=None) -> int:
    """A running 30-player FIDE Dutch Swiss, paired by the 2025 edition of the Dutch rules (the
    default of FIDE chess events), with Baku acceleration (C.04.5.1): three rounds played, round
    4 published (its last board adjourned); one player was absent without notice in round 2
    (explained), one is absent without notice from round 4 on; one withdrew after round 2 and
    `late_entrant` entered late, from round 3. Players report their own results (round 4:
    `damas.demo.reports`)."""
    code = fide_swiss_code()
    start = today - timedelta(days=1)
    event = event_service.create_event(staff, {
        "name": f"Aberto de Xadrez de Fortaleza {start.year}", "discipline": "xadrez", "ruleset": "fide",
        "pairing_system": code, "planned_rounds": 7, "time_minutes": 90, "time_increment": 30,
        "start_date": start, "end_date": start + timedelta(days=3), "venue": "Hotel Beira-Mar, Fortaleza - CE",
        "organiser": "Clube de Xadrez e Damas de Natal", "chief_arbiter": "Árbitro Regional", "notes": "",
        "acceleration": "baku" if family_of(code) == "dutch" else "",
        "unplayed_rule": "fide-2024",  # FIDE C.07 (2023/24) for the unplayed rounds
        "player_reports": True,  # players report their own results from their phones
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    by_player = {e.player_id: e for e in event.entries}
    late, gone = by_player[players[-1].id], by_player[players[-2].id]
    for number in range(1, 4):
        if number == 2:  # absent without notice (C.04.2 #2): left out of round 2, explained after it
            mark_absent(arbiter, event, late, 2, "não compareceu à rodada 2")
        if number == 3:
            explain_absence(arbiter, event, late, "ônibus quebrado na estrada; justificativa aceita")
            # CBJD 105 B / FIDE-GR f: a withdrawal after round 2, then a late entry (C.04.3 A.2):
            # the list is renumbered and the withdrawn player keeps his number and his games.
            withdraw_entry(arbiter, event, by_player[players[5].id], 2, "problema de saúde")
            if late_entrant is not None:
                entry_service.add_entry(staff, event, late_entrant)
        play_round(staff, event, pair_next_round(staff, event, first_color_seed=lot(lots)), rng)
    mark_absent(arbiter, event, gone, 4, "saiu do salão sem avisar na rodada 3")  # still absent: not paired
    fourth = pair_next_round(staff, event)
    publish_round(staff, event, fourth)
    # the last board's game is adjourned (C.04.2 #1): "adiada", pending in the standings
    last = [g for g in fourth.games if g.black is not None][-1]
    record_results(arbiter, event, {last.id: (GameResult.ADJOURNED, last.version)})
    demo_reports(staff, event, fourth)  # an agreed, a conflicting and a one-sided report
    return 3


def swiss_code() -> str:
    """The Dutch Swiss when the engine offers it, else round robin (both are real systems)."""
    codes = system_codes()
    return "dutch" if "dutch" in codes else codes[0]


def fide_swiss_code() -> str:
    """The Dutch edition a new FIDE chess Swiss gets (2025 when offered), else `swiss_code`."""
    code = default_dutch_edition("fide", "xadrez")
    return code if code in system_codes() else swiss_code()
