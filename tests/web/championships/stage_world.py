"""A championship for the stage, club and prize tests, built as rows (the foundation's models):
a finished Swiss section whose table is fixed by hand-made rounds, a women's section and a final
fed by the Swiss, all in one published championship.

The Swiss ("Aberto"), 8 players, cbjd (2 points a win), rounds 1-3 with these wins:
  A beats B, C, D  -> 6        E beats F, G  -> 4       B beats H  -> 2 ... see `SWISS_GAMES`.
Totals: A 6, E 4, B 2, C 2, F 2, D 0, G 0, H 0 (the tiebreaks order equal totals; tests read
the feeding table itself rather than assume it).
"""
from __future__ import annotations

from datetime import date
from typing import Any, Callable

from damas.models import Event, EventStatus, Game, GameResult, Player, Round, RoundStatus
from damas.models.championships import Championship, ChampionshipSection

W = GameResult.WHITE_WIN
# round -> boards (white letter, black letter, result)
SWISS_GAMES = {
    1: [("A", "B", W), ("E", "F", W), ("C", "G", W), ("D", "H", GameResult.DRAW)],
    2: [("A", "C", W), ("E", "G", W), ("B", "H", W), ("F", "D", W)],
    3: [("A", "D", W), ("E", "B", GameResult.DRAW), ("F", "C", GameResult.DRAW), ("H", "G", W)],
}


def play(db: Any, event: Event, games: dict[int, list[tuple[str, str, GameResult]]], by_letter: dict[str, int]) -> None:
    """Add complete published rounds: `by_letter` maps a letter to the entry id."""
    for number, boards in games.items():
        rnd = Round(event_id=event.id, number=number, status=RoundStatus.PUBLISHED)
        rnd.games = [Game(board=i, white_entry_id=by_letter[w], black_entry_id=by_letter[b], result=result)
                     for i, (w, b, result) in enumerate(boards, start=1)]
        db.session.add(rnd)
    db.session.commit()


def build(db: Any, make_player: Callable[..., Player], make_event: Callable[..., Event], *,
          states: dict[str, str] | None = None, sexes: dict[str, str] | None = None,
          clubs: dict[str, int | None] | None = None, ratings: dict[str, int] | None = None) -> dict[str, Any]:
    """The championship: {"championship", "swiss", "final", "women", "players" (letter -> Player)}."""
    letters = "ABCDEFGH"
    states, sexes, clubs, ratings = states or {}, sexes or {}, clubs or {}, ratings or {}
    players = {x: make_player(full_name=f"Jogador {x}", state=states.get(x, "CE"), sex=sexes.get(x, "M"),
                              club_id=clubs.get(x), rating_regular=ratings.get(x, 1500 + 10 * (8 - i)))
               for i, x in enumerate(letters)}
    swiss = make_event(name="Aberto", pairing_system="dutch", planned_rounds=3, status=EventStatus.RUNNING,
                       players=tuple(players[x] for x in letters))
    by_letter = {x: next(e.id for e in swiss.entries if e.player_id == players[x].id) for x in letters}
    play(db, swiss, SWISS_GAMES, by_letter)
    swiss.status = EventStatus.FINISHED
    final = make_event(name="Final", pairing_system="berger", planned_rounds=3)
    women = make_event(name="Feminino", pairing_system="berger", planned_rounds=3)
    championship = Championship(name="Campeonato Cearense", start_date=date(2026, 12, 5), end_date=date(2026, 12, 6),
                                published=True)
    championship.sections = [ChampionshipSection(event_id=swiss.id, position=1),
                             ChampionshipSection(event_id=women.id, position=2),
                             ChampionshipSection(event_id=final.id, position=3)]
    db.session.add(championship)
    db.session.commit()
    return {"championship": championship, "swiss": swiss, "final": final, "women": women, "players": players}
