"""Chess round robins for the norm tests, built through the services the other tests use
(`generate_round_robin`, `publish_round`, `record_results`).

`FIELD`: ten players for a 9-round FIDE round robin; player 1 (BRA, no federation on record, so
the home federation) seeks the IM norm against players 2-10:

  no  title fed  rating      no  title fed  rating
   2  GM    ARG  2500         7  -     BRA  2250
   3  IM    CHI  2450         8  -     BRA  2200
   4  IM    URU  2400         9  -     PER  2150
   5  FM    BRA  2350        10  -     BRA  2100
   6  FM    BRA  2300

Sum 20700 -> Ra 2300 (1.4.7). Title-holders 5 >= ceil(9/2) = 5 (1.4.5a); GM/IM 3 >= 3 (1.4.5c);
foreign federations ARG CHI URU PER = 4 >= 2 (1.4.3); own BRA 5 <= floor(27/5) = 5 (1.4.4).
6½/9 = 72.2% -> p 72, dp 166, Rp 2466 >= 2450 (1.4.8): met; 6/9 -> p 67, dp 125, Rp 2425: missed.
"""
from __future__ import annotations

from datetime import date
from typing import Any, Callable

from damas.models import Entry, Event, EventStatus, GameResult, Player, Role
from damas.services.rounds.round_robin import generate_round_robin
from damas.services.results.recording import publish_round, record_results

# (title, federation ("" = the home federation BRA), rating) of players 1..10
FIELD: list[tuple[str, str, int]] = [
    ("", "", 2300), ("GM", "ARG", 2500), ("IM", "CHI", 2450), ("IM", "URU", 2400), ("FM", "", 2350),
    ("FM", "BRA", 2300), ("", "", 2250), ("", "", 2200), ("", "PER", 2150), ("", "", 2100),
]
WIN, DRAW, LOSS, FORFEIT_WIN = "1", "½", "0", "+"
# player 1's results against 2..10 for 6½: draw with the GM, losses to the IMs, wins against the rest
SIX_AND_A_HALF = {2: DRAW, 3: LOSS, 4: LOSS, 5: WIN, 6: WIN, 7: WIN, 8: WIN, 9: WIN, 10: WIN}


def build_round_robin(db: Any, make_user: Callable[..., Any], make_player: Callable[..., Player],
                      make_event: Callable[..., Event], field: list[tuple[str, str, int]],
                      results: dict[int, str], *, sexes: dict[int, str] | None = None,
                      rounds_to_play: int | None = None, name: str = "Internacional de Xadrez",
                      wins: frozenset[tuple[int, int]] = frozenset(),
                      **event_kw: Any) -> tuple[Event, list[Player], Any]:
    """A 10-player FIDE round robin (9 rounds) of `field`; player 1's results against each
    number are `results` (from his side: "1", "½", "0", "+" a forfeit win), every other game is
    drawn but the (winner, loser) pairs of `wins`; only the first `rounds_to_play` rounds get results (all by default)."""
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Enxadrista {n:02d}", fide_title=title, fide_federation=fed,
                           rating_regular=rating, rating_chess_regular=rating, fide_id=f"99{n:04d}",
                           sex=(sexes or {}).get(n, "M"))
               for n, (title, fed, rating) in enumerate(field, start=1)]
    values = {"discipline": "xadrez", "ruleset": "fide", "pairing_system": "berger", "planned_rounds": 9,
              "time_minutes": 90, "time_increment": 30, "start_date": date(2026, 12, 5),
              "end_date": date(2026, 12, 13), "status": EventStatus.REGISTRATION, "name": name,
              "venue": "Fortaleza", "chief_arbiter": "Árbitro Chefe"}
    values.update(event_kw)
    event = make_event(players=tuple(players), **values)
    for entry, (_t, _f, rating) in zip(sorted(event.entries, key=lambda e: e.pairing_number), field):
        entry.rating_at_entry = rating
    db.session.commit()
    numbers = {e.id: e.pairing_number for e in event.entries}
    rounds = generate_round_robin(staff, event, "manual", numbers=numbers)
    mine = {WIN: (GameResult.WHITE_WIN, GameResult.BLACK_WIN), LOSS: (GameResult.BLACK_WIN, GameResult.WHITE_WIN),
            DRAW: (GameResult.DRAW, GameResult.DRAW),
            FORFEIT_WIN: (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)}
    for rnd in rounds[:rounds_to_play]:
        publish_round(staff, event, rnd)
        changes = {}
        for game in rnd.games:
            if game.black is None:
                continue
            white, black = game.white.pairing_number, game.black.pairing_number
            if 1 in (white, black):
                other = black if white == 1 else white
                as_white, as_black = mine[results[other]]
                changes[game.id] = (as_white if white == 1 else as_black, game.version)
            elif (white, black) in wins:
                changes[game.id] = (GameResult.WHITE_WIN, game.version)
            elif (black, white) in wins:
                changes[game.id] = (GameResult.BLACK_WIN, game.version)
            else:
                changes[game.id] = (GameResult.DRAW, game.version)
        record_results(staff, event, changes)
    db.session.expire_all()
    return event, players, staff


# The demo's second player: number 5 (FM, BRA, 2350) beats 6-10 and draws with 2-4 (and loses to
# player 1): 6½/9 against Ra 2294 (20650 / 9) -> p 72, dp 166, Rp 2460 >= 2450, foreigners and
# GM/IM opponents (2, 3, 4) enough, but only 4 title-holders (2, 3, 4, 6) of the 5 that 1.4.5a asks.
DEMO_WINS = frozenset((5, n) for n in (6, 7, 8, 9, 10))


def entry_of(db: Any, event: Event, number: int) -> Entry:
    return db.session.query(Entry).filter_by(event_id=event.id, pairing_number=number).one()
