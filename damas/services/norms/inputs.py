"""An event's rows as the norm engine's input, in one place (B.01 1.4; engine `damas.engine.norms`).

* Players: every entry not excluded; federation `Player.fide_federation`, else the home federation
  (`settings.federation_of`); title the one of the event's game, `Player.fide_title` in chess,
  `Player.draughts_title` in draughts (the title on record when the page is read [ours]: the
  application keeps no history of titles). The same rows feed the FIDE check (chess) and the
  national titles' check (draughts, `services.norms.national`).
* Opponents' ratings: `Entry.rating_at_entry`, the rating of the event's list that the start list
  prints (1.4.6a: the list in effect at the start); 0 = unrated (CBJD 115) -> None. Events over 30
  days (1.1.4) would need the rating of each game's day: not kept, so the entry's is used and the
  eligibility warnings say so.
* Games, from the boards of the event's rounds as `formats.mapping.RESULT_OUTCOMES` reads them:
  a won, drawn or lost game (also a double loss by penalty during play) is PLAYED; a forfeit is
  FORFEIT_WIN / FORFEIT_LOSS (1.4.2c); the board without an opponent is the PAIRING_BYE (1.4.1c);
  a requested bye, an absence, a withdrawn player's round, an unpublished round are no games; a
  game still on or adjourned is PENDING, and rounds not yet paired are simply missing (the engine
  counts them as remaining).
* 1.4.2b (round robins): an unrated opponent "scored zero against the rated players" when he has
  at least one played game against a rated player and no point in any of them [ours: forfeits
  do not count either way].
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from damas.engine.norms import GameKind, NormEvent, NormGame, NormPlayer, PairingSystem
from damas.engine.types import Outcome
from damas.extensions import db
from damas.formats import get_format
from damas.formats.mapping import RESULT_OUTCOMES
from damas.models import Entry, EntryStatus, Event, GameResult, Player, Round, RoundStatus
from damas.services.norms.settings import NormSettings, federation_of, norm_settings

__all__ = ["NormInputs", "SeekerRows", "held_title", "norm_inputs", "norm_system"]

_PLAYED = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
_KIND = {Outcome.FORFEIT_WIN: GameKind.FORFEIT_WIN, Outcome.FORFEIT_LOSS: GameKind.FORFEIT_LOSS,
         Outcome.DOUBLE_FORFEIT: GameKind.FORFEIT_LOSS, Outcome.ADJOURNED: GameKind.PENDING}


@dataclass(frozen=True)
class SeekerRows:
    """One player of the event: the engine's player and his games, plus what the pages print."""

    entry_id: int
    player_id: int
    start_no: int | None
    name: str
    sex: str
    fide_id: str
    player: NormPlayer
    games: tuple[NormGame, ...]


@dataclass(frozen=True)
class NormInputs:
    event: NormEvent
    settings: NormSettings
    seekers: tuple[SeekerRows, ...]
    rounds_complete: int
    federations: tuple[str, ...]


def norm_system(event: Event) -> PairingSystem:
    """The event's format as 1.4.2e names it: its format says whether it is a Berger table."""
    if get_format(event).round_robin:
        return PairingSystem.DOUBLE_ROUND_ROBIN if event.double_round_robin else PairingSystem.ROUND_ROBIN
    return PairingSystem.SWISS


def _rating(entry: Entry) -> int | None:
    return entry.rating_at_entry or None


def _side(result: GameResult, white: bool) -> tuple[GameKind, int | None]:
    if result in (GameResult.PENDING, GameResult.ADJOURNED):
        return GameKind.PENDING, None
    if result == GameResult.WITHDRAWN:
        return GameKind.OTHER_BYE, None
    outcome = RESULT_OUTCOMES[result][0 if white else 1]
    if outcome in _PLAYED:
        return GameKind.PLAYED, _PLAYED[outcome]
    return _KIND.get(outcome, GameKind.OTHER_BYE), None


def _scored_zero(entries: dict[int, Entry], rounds: list[Round]) -> set[int]:
    """1.4.2b: the unrated entries with played games against rated players and no point in them."""
    played: dict[int, int] = {}
    points: dict[int, int] = {}
    for rnd in rounds:
        for game in rnd.games:
            if game.black_entry_id is None:
                continue
            for me, other, white in ((game.white_entry_id, game.black_entry_id, True),
                                     (game.black_entry_id, game.white_entry_id, False)):
                if _rating(entries[me]) is not None or _rating(entries[other]) is None:
                    continue
                kind, half = _side(game.result, white)
                if kind is GameKind.PLAYED:
                    played[me] = played.get(me, 0) + 1
                    points[me] = points.get(me, 0) + (half or 0)
    return {e for e, n in played.items() if n and not points.get(e)}


def held_title(event: Event, player: Player) -> str | None:
    """The title `player` holds in the event's game: FIDE's in chess, the draughts title otherwise."""
    return (player.fide_title if event.discipline == "xadrez" else player.draughts_title) or None


def _event(event: Event, settings: NormSettings) -> NormEvent:
    return NormEvent(rounds=event.planned_rounds, system=norm_system(event),
                     host_federation=settings.host_federation, start=event.start_date, end=event.end_date,
                     kind=settings.kind, swiss_foreign_field=settings.foreign_field)


def norm_inputs(event: Event) -> NormInputs:
    """Every player's games of `event` as the engine reads them (see the module docstring)."""
    settings = norm_settings(event)
    entries = {e.id: e for e in db.session.scalars(
        select(Entry).where(Entry.event_id == event.id).options(selectinload(Entry.player)))}
    rounds = list(db.session.scalars(select(Round).where(Round.event_id == event.id, Round.status == RoundStatus.PUBLISHED)
                                     .order_by(Round.number).options(selectinload(Round.games))))
    zero = _scored_zero(entries, rounds) if norm_system(event).predetermined else set()
    games: dict[int, list[NormGame]] = {e: [] for e in entries}
    for rnd in rounds:
        seen: set[int] = set()
        for game in rnd.games:
            if game.black_entry_id is None or game.result == GameResult.BYE:
                games[game.white_entry_id].append(NormGame(rnd.number, GameKind.PAIRING_BYE))
                seen.add(game.white_entry_id)
                continue
            for me, other, white in ((game.white_entry_id, game.black_entry_id, True),
                                     (game.black_entry_id, game.white_entry_id, False)):
                kind, half = _side(game.result, white)
                opp: Player = entries[other].player
                games[me].append(NormGame(
                    rnd.number, kind, half, opponent_id=opp.id, opponent_name=opp.full_name,
                    opponent_rating=_rating(entries[other]), opponent_title=held_title(event, opp),
                    opponent_federation=federation_of(opp.fide_federation),
                    opponent_unrated_scored_zero=other in zero))
                seen.add(me)
        for entry_id in entries:
            if entry_id not in seen:  # a requested bye, an absence, withdrawn: no game (1.4.1)
                games[entry_id].append(NormGame(rnd.number, GameKind.OTHER_BYE))
    seekers = []
    for entry in sorted(entries.values(), key=lambda e: (e.pairing_number or 10**6, e.player.full_name)):
        if entry.status == EntryStatus.EXCLUDED:
            continue
        p = entry.player
        seekers.append(SeekerRows(
            entry.id, p.id, entry.pairing_number, p.full_name, p.sex, p.fide_id or "",
            NormPlayer(p.id, federation_of(p.fide_federation), held_title(event, p), _rating(entry), p.full_name),
            tuple(games[entry.id])))
    complete = sum(1 for r in rounds if r.games and all(g.result not in (GameResult.PENDING, GameResult.ADJOURNED)
                                                        for g in r.games))
    federations = tuple(sorted({s.player.federation for s in seekers}))
    return NormInputs(_event(event, settings), settings, tuple(seekers), complete, federations)
