"""Rating change of an event (CBJD 115; FIDE B.02 8.3): per player Ro, the games rated, W, We,
K, ΔR, the new rating and the performance, on the event's rating list.

Only played games are rated (a win, a draw or a loss over the board): forfeits, byes, absences,
a double loss by penalty and unplayed games are not (FIDE-GR; the same games as the rating
CSV: complete rounds, a C.04.2 #8 correction for the rating replacing the result). Knockout and
micro-match events are rated game by game (`EventFormat.rated_games`), a play-off game only
when its rate of play feeds the same list. In a team event the rated are the teams' players
(`rated_games.team_players`), each with the rating the rating files give him, his team as club.

The system is the event's: `fide` for FIDE-rule events, `cbjd` (the federation's Elo list with
the parameters of the federation page) for the others. The state before the event: games rated
before = the played games of this player's earlier events here, or 30 when his rating came from
a list or the form (an established rating) **[ours]**; the highest rating reached = the highest
record of the list.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import func, select

from damas.engine.pairing.knockout import PLAYOFF_CLOCKS
from damas.engine.rate_of_play import classify
from damas.engine.rulesets import get_ruleset
from damas.engine.rating import RatedGame, RatingChange, RatingInput, get_rating_system
from damas.engine.rating.lists import FEDERATION_GAME
from damas.extensions import db
from damas.formats import get_format
from damas.formats.mapping import round_is_complete
from damas.formats.rated_games import TeamPlayer, team_players
from damas.formats.rows import EntryRow, entry_rows, round_rows
from damas.models import Entry, Event, FederationSettings, Game, GameResult, Player, RatingRecord, Round

__all__ = ["EventRatings", "PlayerRating", "OpponentGame", "event_ratings", "event_rating_list",
           "system_code", "PLAYED"]

# White's score in half points of a played game (CBJD 115; FIDE-GR: only games played are rated)
PLAYED = {GameResult.WHITE_WIN: 2, GameResult.DRAW: 1, GameResult.BLACK_WIN: 0}
ESTABLISHED_GAMES = 30


@dataclass(frozen=True)
class OpponentGame:
    round: int
    name: str
    rating: int
    score: int  # half points


@dataclass(frozen=True)
class PlayerRating:
    """One line of the "Variação de rating" (plain data for pages, PDF and CSV)."""

    player_id: int
    name: str
    federation_id: str
    club: str
    state: str
    games: tuple[OpponentGame, ...]
    change: RatingChange


@dataclass(frozen=True)
class EventRatings:
    system: str
    rating_list: str
    rows: tuple[PlayerRating, ...]
    teams: bool = False  # a team event: the rows are the teams' players, `club` their team
    discipline: str = FEDERATION_GAME  # the game whose list the event feeds (one list per game and rate)


def event_rating_list(event: Event) -> str:
    """The event's list, else its time control's (CBJD 115)."""
    return event.rating_list or classify(event.time_minutes, event.time_increment).rating_list


def system_code(event: Event) -> str:
    """The rating calculation the event's games feed, as its rule set says (`RuleSet.rating_system`)."""
    return get_ruleset(event.ruleset).rating_system


def _parameters() -> dict[str, Any] | None:
    return db.session.scalar(select(FederationSettings.rating_parameters).limit(1))


def _round_games(event: Event) -> list[tuple[int, int, int, int]]:
    """(round, white entry id, black entry id, White's half points) of the complete rounds."""
    corrected = dict(db.session.execute(
        select(Game.id, Game.rating_result).join(Round, Round.id == Game.round_id)
        .where(Round.event_id == event.id, Game.rating_result.is_not(None))).all())
    out = []
    for rnd in round_rows(event):
        if not round_is_complete(rnd):
            break
        for g in rnd.games:
            result = GameResult(corrected[g.id]) if g.id in corrected else g.result
            if g.black_entry_id is not None and result in PLAYED:
                out.append((rnd.number, g.white_entry_id, g.black_entry_id, PLAYED[result]))
    return out


def _format_games(export: Any, by_key: dict[tuple[str, str], int],
                  rating_list: str) -> list[tuple[int, int, int, int]]:
    """The games of a knockout or micro-match event matched to the entries by federation id
    and name (the export's people)."""
    out = []
    for g in export.games:
        if g.result not in PLAYED:
            continue
        clocks = PLAYOFF_CLOCKS.get(g.stage)
        if clocks is not None and classify(min(clocks[0][0], clocks[1][0]) // 60, clocks[0][1]).rating_list != rating_list:
            continue
        white = by_key.get((g.white.federation_id, g.white.name))
        black = by_key.get((g.black.federation_id, g.black.name))
        if white is not None and black is not None:
            out.append((g.round, white, black, PLAYED[g.result]))
    return out


def _history(event: Event, player_ids: list[int], rating_list: str) -> tuple[dict[int, int], dict[int, int], set[int]]:
    """Games played in earlier events here, the highest record of the list, and the players
    whose records are not all from rating periods (an established rating), as they stood when
    the event started: a later period's records change nothing of this event."""
    games: dict[int, int] = defaultdict(int)
    if not player_ids:
        return games, {}, set()
    earlier = (select(Event.id).where(Event.end_date < event.start_date, Event.id != event.id,
                                      Event.discipline == event.discipline)).subquery()
    for side in (Game.white_entry_id, Game.black_entry_id):
        rows = db.session.execute(
            select(Entry.player_id, func.count()).join(Game, side == Entry.id)
            .where(Entry.event_id.in_(select(earlier.c.id)), Entry.player_id.in_(player_ids),
                   Game.black_entry_id.is_not(None), Game.result.in_(list(PLAYED)))
            .group_by(Entry.player_id)).all()
        for pid, n in rows:
            games[pid] += n
    reached, outside = {}, set()
    for pid, top, n_outside in db.session.execute(
            select(RatingRecord.player_id, func.max(RatingRecord.value),
                   func.count(RatingRecord.id).filter(RatingRecord.period_id.is_(None)))
            .where(RatingRecord.player_id.in_(player_ids), RatingRecord.rating_list == rating_list,
                   RatingRecord.discipline == event.discipline,
                   RatingRecord.list_date <= event.start_date)  # in force when the event started
            .group_by(RatingRecord.player_id)):
        reached[pid] = top or 0
        if n_outside:
            outside.add(pid)
    return games, reached, outside


def event_ratings(event: Event) -> EventRatings:
    """The rating change of every player of the event with a rated game or a rating."""
    rating_list = event_rating_list(event)
    fmt = get_format(event)
    entries: list[EntryRow] | list[TeamPlayer] = team_players(event) if fmt.team_based else entry_rows(event)
    by_id = {e.id: e for e in entries}
    export = fmt.rated_games(event)
    if export is None:
        games = _round_games(event)
    else:
        fids = _federation_ids([e.player_id for e in entries])
        keys = {(fids.get(e.player_id, ""), e.full_name): e.id for e in entries}
        games = _format_games(export, keys, rating_list)
    per_entry: dict[int, list[OpponentGame]] = defaultdict(list)
    for rnd, white, black, score in games:
        w, b = by_id.get(white), by_id.get(black)
        if w is None or b is None:
            continue
        per_entry[white].append(OpponentGame(rnd, b.full_name, b.rating_at_entry, score))
        per_entry[black].append(OpponentGame(rnd, w.full_name, w.rating_at_entry, 2 - score))
    code = system_code(event)
    system = get_rating_system(code, _parameters() if code == "cbjd" else {"rating_list": rating_list})
    shown = [e for e in entries if per_entry.get(e.id) or e.rating_at_entry]
    ids = [e.player_id for e in shown]
    history, reached, outside = _history(event, ids, rating_list)
    federation_ids = _federation_ids(ids)
    rows = []
    for e in shown:
        played = tuple(per_entry.get(e.id, ()))
        before = history.get(e.player_id, 0)
        if e.rating_at_entry and (e.player_id in outside or e.player_id not in reached):
            before = max(before, ESTABLISHED_GAMES)
        age = event.end_date.year - e.birth_date.year if e.birth_date else None
        change = system.rate(RatingInput(e.rating_at_entry, tuple(RatedGame(g.rating, g.score) for g in played),
                                         before, age, reached.get(e.player_id, 0)))
        rows.append(PlayerRating(e.player_id, e.full_name, federation_ids.get(e.player_id, ""), e.club, e.state,
                                 played, change))
    return EventRatings(system.code, rating_list, tuple(rows), fmt.team_based, event.discipline)


def _federation_ids(player_ids: list[int]) -> dict[int, str]:
    """Player id -> federation number ("" without one), one query."""
    if not player_ids:
        return {}
    return {pid: fid or "" for pid, fid in db.session.execute(
        select(Player.id, Player.federation_id).where(Player.id.in_(player_ids)))}
