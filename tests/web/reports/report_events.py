"""Generated events for the printed-report tests and `benchmarks/reports.py` (issue 26): a Swiss
of any size, every round played, paired by a fold in score order (a bye for an odd field),
with long names and clubs (the widest rows a report meets), the default CBJD categories, a few
prizes and an own tiebreak order of up to six codes.
"""
from __future__ import annotations

import random
from datetime import date, datetime, timezone
from typing import Any

from damas.models import (Club, Entry, EntryStatus, Event, EventPrize, EventStatus, Game, GameResult, Player,
                          Round, RoundStatus)

SIX_TIEBREAKS = "BH-C1,BH,BH-M1,SB,PS,ARO"  # ARO prints the widest values (four digits and a decimal)
FIRST_NAMES = ("Maria Aparecida", "José Carlos", "Francisca Valdenice", "Antônio Raimundo", "Ana Cláudia")
LAST_NAMES = ("dos Santos Nascimento", "Figueiredo de Albuquerque", "Conceição Bezerra", "Vasconcelos Pinheiro")


def player_name(n: int) -> str:
    """A long Brazilian name, unique by its number (the last player's is the longest)."""
    return f"{FIRST_NAMES[n % len(FIRST_NAMES)]} {LAST_NAMES[n % len(LAST_NAMES)]} {n:04d}"


def build_report_event(db: Any, players: int, rounds: int, tiebreaks: str = SIX_TIEBREAKS, seed: int = 1,
                       last_round_played: bool = True) -> Event:
    """A running event of `players` and `rounds` published rounds (the last one without results
    when `last_round_played` is false: its pairings are what gets printed)."""
    rng = random.Random(seed)
    event = Event(name=f"Campeonato Estadual Aberto de Damas com {players} jogadores — São José de Ribamar",
                  discipline="damas-64", ruleset="cbjd", pairing_system="dutch", planned_rounds=rounds,
                  time_minutes=60, time_increment=30, start_date=date(2026, 7, 1), end_date=date(2026, 7, 5),
                  venue="Ginásio Poliesportivo Governador", organiser="Federação", chief_arbiter="Árbitro Principal",
                  status=EventStatus.RUNNING, tiebreak_order=tiebreaks)
    db.session.add(event)
    clubs = [Club(name=f"Clube de Damas Recreativo {k} de Fortaleza", short_name=f"CDR{k}", city="Fortaleza",
                  state="CE") for k in range(max(players // 10, 1))]
    db.session.add_all(clubs)
    db.session.flush()
    people = [Player(full_name=player_name(n), sex="F" if n % 3 == 0 else "M", birth_date=date(1950 + n % 70, 1 + n % 12, 1),
                     state="CE", federation_id=f"R{players}-{n}", rating_regular=2400 - n % 1400,
                     club_id=clubs[n % len(clubs)].id) for n in range(1, players + 1)]
    db.session.add_all(people)
    db.session.flush()
    entries = [Entry(event_id=event.id, player_id=p.id, pairing_number=n, rating_at_entry=p.rating_regular,
                     status=EntryStatus.REGISTERED) for n, p in enumerate(people, start=1)]
    db.session.add_all(entries)
    db.session.add_all([EventPrize(event_id=event.id, category_code="absoluto", place=k, amount=100_000 // k,
                                   trophy=k <= 3) for k in range(1, 6)])
    db.session.flush()
    score = {e.id: 0 for e in entries}
    outcomes = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)
    for r in range(1, rounds + 1):
        played = last_round_played or r < rounds
        order = sorted(entries, key=lambda e: (-score[e.id], e.pairing_number))
        games = []
        for b, i in enumerate(range(0, len(order) - 1, 2), start=1):
            white, black = (order[i], order[i + 1]) if (r + b) % 2 else (order[i + 1], order[i])
            result = rng.choice(outcomes) if played else GameResult.PENDING
            score[white.id] += {GameResult.WHITE_WIN: 2, GameResult.DRAW: 1}.get(result, 0)
            score[black.id] += {GameResult.BLACK_WIN: 2, GameResult.DRAW: 1}.get(result, 0)
            games.append(Game(board=b, white_entry_id=white.id, black_entry_id=black.id, result=result))
        if len(order) % 2:
            games.append(Game(board=len(games) + 1, white_entry_id=order[-1].id, black_entry_id=None,
                              result=GameResult.BYE))
            score[order[-1].id] += 2
        db.session.add(Round(event_id=event.id, number=r, status=RoundStatus.PUBLISHED, games=games,
                             published_at=datetime(2026, 7, 1, 8 + r, tzinfo=timezone.utc)))
    db.session.commit()
    return event
