"""Rows -> engine types -> rows: the one module that knows both the database and the engine.

Part of the event formats layer (`damas.formats`): it imports only models and the engine, so
services, reports and web all map rows through it.

Starting numbers in the engine are the entries' pairing numbers. A round counts only once
every board has a result, so standings and pairings always see whole rounds.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from damas.engine.micromatch_scoring import bye_result, micro_match, micro_match_results
from damas.engine.pairing import plays_micro_matches
from damas.engine.titles import event_title
from damas.engine.teams import TeamEntry, TeamMember, score_team_match
from damas.engine.types import Color, Entrant, EntrantStatus, Outcome, RoundResult, TournamentState
from damas.extensions import db
from damas.formats.rows import EntryRow, RoundRows, entry_row, entry_rows, round_rows
from damas.models import Entry, EntryStatus, Event, Game, GameResult, Player, RequestKind, Round, RoundRequest
from damas.models.championships import QualifierStatus, SectionQualifier
from damas.models.micromatch import MicroGame, MicroMatchSettings

logger = logging.getLogger(__name__)

# (white outcome, black outcome) of each recorded board result.
RESULT_OUTCOMES: dict[GameResult, tuple[Outcome, Outcome]] = {
    GameResult.WHITE_WIN: (Outcome.WIN, Outcome.LOSS),
    GameResult.DRAW: (Outcome.DRAW, Outcome.DRAW),
    GameResult.BLACK_WIN: (Outcome.LOSS, Outcome.WIN),
    GameResult.WHITE_FORFEIT_WIN: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    GameResult.BLACK_FORFEIT_WIN: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT),
    GameResult.DOUBLE_LOSS: (Outcome.LOSS, Outcome.LOSS),
    GameResult.ADJOURNED: (Outcome.ADJOURNED, Outcome.ADJOURNED),  # C.04.2 #1: met; a draw for pairing only
}
REQUEST_OUTCOMES = {
    RequestKind.HALF_BYE: Outcome.HALF_BYE,
    RequestKind.ZERO_BYE: Outcome.ZERO_BYE,
    RequestKind.ABSENT: Outcome.NOT_PAIRED,
}
ENTRY_STATUS = {
    EntryStatus.REGISTERED: EntrantStatus.ACTIVE,
    EntryStatus.WITHDRAWN: EntrantStatus.WITHDRAWN,
    EntryStatus.EXCLUDED: EntrantStatus.EXCLUDED,
}


@dataclass(frozen=True)
class EventSnapshot:
    """An event's state for the engine plus the lookups to map engine answers back to rows.

    `rows_by_no` (plain rows: names, clubs, ratings, statuses) is what tables print; the ORM
    entries (`entry_by_no`) and rounds with their games (`rounds`) are loaded on first use only,
    for the callers that change or walk them (pairing, exports): a page of 1,000 players then
    reads no ORM object."""

    state: TournamentState
    rows_by_no: dict[int, EntryRow]
    complete_rounds: int
    event_id: int
    # what the tables of one request share (the withdrawals' outcome, the tiebreak context)
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def entry_by_no(self) -> dict[int, Entry]:
        no_of = {row.id: no for no, row in self.rows_by_no.items()}
        entries = db.session.scalars(
            select(Entry).where(Entry.event_id == self.event_id, Entry.id.in_(no_of))
            .options(selectinload(Entry.player).selectinload(Player.club)))
        return dict(sorted((no_of[e.id], e) for e in entries))

    @cached_property
    def rounds(self) -> list[Round]:
        return list(db.session.scalars(select(Round).where(Round.event_id == self.event_id)
                                       .order_by(Round.number).options(selectinload(Round.games))))


def preload_entries(event: Event) -> list[Entry]:
    """Every entry of the event with its player and club, in three queries; later lazy loads
    of these rows (a board's players, a start list) then come from the session, not the DB."""
    return list(db.session.scalars(
        select(Entry).where(Entry.event_id == event.id)
        .options(selectinload(Entry.player).selectinload(Player.club))
    ))


def _start_key(rating: int | None, name: str, player_id: int, provisional: int | None) -> tuple[int, str, int]:
    return -(rating or provisional or 0), name.casefold(), player_id


def starting_order(entries: list[Entry], provisional: int | None = None) -> list[Entry]:
    """Starting list: rating at entry (highest first), then name (RULES.md §3 'Starting order');
    an unrated player counts as `provisional` when the event sets one (starting order only)."""
    return sorted(entries, key=lambda e: _start_key(e.rating_at_entry, e.player.full_name, e.player_id, provisional))


def start_numbers(event: Event, rows: list[EntryRow]) -> dict[int, int]:
    """Entry id -> the engine's starting number: the pairing number; an entry on a board without
    one (see `rows.entry_rows`) gets the next free numbers, in starting-list order, and a
    warning in the log, instead of vanishing with his games."""
    no_of = {e.id: e.pairing_number for e in rows if e.pairing_number is not None}
    unnumbered = [e for e in rows if e.pairing_number is None]
    if unnumbered:
        logger.warning("event %s: entries %s have boards but no pairing number; numbered after the others",
                       event.id, [e.id for e in unnumbered])
        top = max(no_of.values(), default=0)
        ordered = sorted(unnumbered, key=lambda e: _start_key(e.rating_at_entry, e.full_name, e.player_id,
                                                              event.provisional_rating))
        for offset, entry in enumerate(ordered, start=1):
            no_of[entry.id] = top + offset
    return no_of


def entrant_of(entry: Entry, start_no: int | None = None) -> Entrant:
    return entrant_of_row(entry_row(entry), start_no if start_no is not None else entry.pairing_number or 0)


def entrant_of_row(row: EntryRow, start_no: int, carried: int = 0) -> Entrant:
    """The engine's entrant of an entry's row (`rows.entry_rows`, `rows.entry_row`); `carried`
    the points he brings from a qualifying stage (`carried_points`)."""
    return Entrant(start_no=start_no, name=row.full_name, rating=row.rating_at_entry, sex=row.sex.lower(),
                   birth_year=row.birth_date.year if row.birth_date else None,
                   federation=row.fide_federation or row.state,
                   club=row.club, fide_id=row.fide_id, status=ENTRY_STATUS[row.status], title=row.title,
                   carried=carried)


def carried_points(event: Event) -> dict[int, int]:
    """player id -> the points carried into the event from a qualifying stage (a championship
    section whose regulations carry them, `SectionQualifier.carried_units`): the ONE place they
    enter the standings, as the entrant's starting total, so every table, PDF and API agrees."""
    return {pid: units for pid, units in db.session.execute(
        select(SectionQualifier.player_id, SectionQualifier.carried_units)
        .where(SectionQualifier.event_id == event.id, SectionQualifier.carried_units != 0,
               SectionQualifier.status != QualifierStatus.DECLINED))}


def member_entrant(player: Player, start_no: int, rating: int, club: str, discipline: str = "") -> Entrant:
    """A team member as an individual `Entrant` (the rating export of a team event, game by game);
    `discipline` the event's, which picks his title (`engine.titles.event_title`)."""
    return Entrant(start_no=start_no, name=player.full_name, rating=rating, sex=player.sex.lower(),
                   birth_year=player.birth_date.year if player.birth_date else None, federation=player.state,
                   club=club, fide_id=player.fide_id or "", status=EntrantStatus.ACTIVE,
                   title=event_title(discipline, player.fide_title, player.draughts_title))


def event_rounds(event: Event) -> list[Round]:
    return list(db.session.scalars(
        select(Round).where(Round.event_id == event.id).order_by(Round.number).options(selectinload(Round.games))
    ))


def round_is_complete(rnd: Round | RoundRows) -> bool:
    """Every board has a result; an adjourned one counts (C.04.2 #1: the next round is paired with
    it as a draw), so standings show it pending (`has_adjourned`)."""
    return bool(rnd.games) and all(g.result != GameResult.PENDING for g in rnd.games)


def has_adjourned(rounds: Iterable[Round]) -> bool:
    return any(g.result == GameResult.ADJOURNED for r in rounds for g in r.games)


def board_results(game: Game | Any, white_no: int, black_no: int | None,
                  round_no: int) -> tuple[tuple[int, RoundResult], ...]:
    """The RoundResult of each player on a board (a bye has one player); `game` is a `Game`
    or a board row (`rows.round_rows`)."""
    result = game.result
    if result == GameResult.WITHDRAWN:  # not played: a player had withdrawn (RULES.md §5)
        if black_no is None:
            return ((white_no, RoundResult(round_no, Outcome.NOT_PAIRED)),)
        return ((white_no, RoundResult(round_no, Outcome.NOT_PAIRED)),
                (black_no, RoundResult(round_no, Outcome.NOT_PAIRED)))
    if result == GameResult.BYE or black_no is None:
        return ((white_no, RoundResult(round_no, Outcome.PAIRING_BYE)),)
    white_outcome, black_outcome = RESULT_OUTCOMES[result]
    return ((white_no, RoundResult(round_no, white_outcome, black_no, Color.WHITE)),
            (black_no, RoundResult(round_no, black_outcome, white_no, Color.BLACK)))


def snapshot(event: Event, *, only_complete: bool = True) -> EventSnapshot:
    """The event as a TournamentState over its complete rounds (all of them if not `only_complete`).

    Players not on a board in a round get their request's outcome (half-point or zero-point
    bye, absence) or NOT_PAIRED (withdrawn, entered late). Read from plain rows (`rows`): five
    queries, whatever the size of the event.
    """
    rounds = round_rows(event)
    entries = entry_rows(event, rounds)
    no_of = start_numbers(event, entries)
    entries.sort(key=lambda e: no_of[e.id])
    row_by_no = {no_of[e.id]: e for e in entries}
    counted = []
    for rnd in rounds:
        if only_complete and not round_is_complete(rnd):
            break
        counted.append(rnd)
    carried = carried_points(event)
    requests = {
        (r.entry_id, r.round_number): r.kind
        for r in db.session.execute(select(RoundRequest.entry_id, RoundRequest.round_number, RoundRequest.kind)
                                    .where(RoundRequest.event_id == event.id))
    }
    results: dict[int, list[RoundResult]] = {no: [] for no in row_by_no}
    micro = (_micro_games_by_id([g.id for r in counted for g in r.games])
             if plays_micro_matches(event.pairing_system) else None)
    for rnd in counted:
        seen: dict[int, RoundResult] = {}
        for game in rnd.games:
            white_no = no_of.get(game.white_entry_id)
            black_no = no_of.get(game.black_entry_id) if game.black_entry_id else None
            if white_no is None or (game.black_entry_id and black_no is None):
                continue  # an entry removed before the start cannot have games; be defensive
            for no, rr in board_results(game, white_no, black_no, rnd.number):
                seen[no] = rr
            if micro is not None:  # micro-match event: the two games give the game points (RULES.md §2)
                seen.update(micro_board_results(event, game, micro, white_no, black_no, rnd.number))
        not_paired = RoundResult(rnd.number, Outcome.NOT_PAIRED)  # immutable: one object serves everyone
        for no, entry in row_by_no.items():
            rr = seen.get(no)
            if rr is None:
                kind = requests.get((entry.id, rnd.number)) if requests else None
                rr = RoundResult(rnd.number, REQUEST_OUTCOMES[kind]) if kind else not_paired
            results[no].append(rr)
    state = TournamentState(
        entrants=tuple(entrant_of_row(e, no, carried.get(e.player_id, 0)) for no, e in row_by_no.items()),
        results={no: tuple(rs) for no, rs in results.items()},
        total_rounds=event.planned_rounds,
        name=event.name,
    )
    return EventSnapshot(state=state, rows_by_no=row_by_no, complete_rounds=len(counted), event_id=event.id)


def entry_results(event: Event, entry: Entry, rounds: list[Round], games: dict[int, Game],
                  requests: dict[int, RequestKind]) -> dict[int, RoundResult | None]:
    """Round number -> `entry`'s RoundResult as the standings count it (the player card): his
    board's result (a micro-match's game points), else his request or NOT_PAIRED; None while his
    board has no result. `games`: his board per round id; `requests`: his requests per round."""
    micro = _micro_games_by_id([g.id for g in games.values()]) if plays_micro_matches(event.pairing_system) else None
    out: dict[int, RoundResult | None] = {}
    for rnd in rounds:
        game = games.get(rnd.id)
        if game is None:  # not on a board: his request (bye, absence) or not paired
            kind = requests.get(rnd.number)
            out[rnd.number] = RoundResult(rnd.number, REQUEST_OUTCOMES[kind] if kind else Outcome.NOT_PAIRED)
            continue
        if not game.result.value:
            out[rnd.number] = None
            continue
        black_no = 2 if game.black_entry_id else None
        mine = dict(board_results(game, 1, black_no, rnd.number))
        if micro is not None:  # a micro-match: game points of its two games, as in the standings
            mine.update(micro_board_results(event, game, micro, 1, black_no, rnd.number))
        out[rnd.number] = mine[1 if game.white_entry_id == entry.id else 2]
    return out


# -- micro-match events (CBJD 119-122; RULES.md §2, §3) ------------------------------------------

def micro_games(event: Event, rounds: list[Round]) -> dict[int, tuple[str, str]]:
    """Game id -> the two games of the micro-match played on that board (White-in-game-1's side)."""
    return _micro_games_by_id([g.id for r in rounds for g in r.games])


def _micro_games_by_id(ids: list[int]) -> dict[int, tuple[str, str]]:
    if not ids:
        return {}
    rows = db.session.execute(select(MicroGame.game_id, MicroGame.game1, MicroGame.game2)
                              .where(MicroGame.game_id.in_(ids)))
    return {m.game_id: (m.game1, m.game2) for m in rows if m.game1 and m.game2}


def micro_settings(event: Event) -> MicroMatchSettings | None:
    """The event's micro-match settings row (None when none were saved)."""
    return db.session.scalar(select(MicroMatchSettings).where(MicroMatchSettings.event_id == event.id))


def micro_scoring(event: Event) -> str:
    """The event's micro-match scoring, ``game`` (default) or ``match``."""
    settings = micro_settings(event)
    return settings.scoring if settings is not None else "game"


def micro_board_results(event: Event, game: Game, micro: dict[int, tuple[str, str]], white_no: int,
                        black_no: int | None, round_no: int) -> dict[int, RoundResult]:
    """A micro-match board as RoundResults with game points (`micromatch_scoring`); the pairing
    bye scores a won micro-match. Boards without their two games keep `board_results`."""
    if game.result == GameResult.WITHDRAWN:
        return {}
    if game.result == GameResult.BYE or black_no is None:
        return {white_no: bye_result(round_no, event.ruleset)}
    games = micro.get(game.id)
    if games is None:
        return {}
    ra, rb = micro_match_results(round_no, white_no, black_no, micro_match(games[0], games[1], event.ruleset))
    return {white_no: ra, black_no: rb}


def team_entry(team: object) -> object:
    """A `Team` row as the engine's `TeamEntry` (roster in registered board order)."""
    key = team.event.list_key  # type: ignore[attr-defined]
    roster = tuple(TeamMember(m.player_id, m.player.full_name, m.player.rating_for(key))
                   for m in team.members)  # type: ignore[attr-defined]
    return TeamEntry(team.number, team.name, roster, captain=team.captain_name,  # type: ignore[attr-defined]
                     club=team.club, city=team.city)  # type: ignore[attr-defined]


def team_match_of(match: object, lineups: dict[tuple[int, int], dict[int, int | None]], teams: dict[int, object],
                  boards: int, round_no: int, ruleset: str, games_per_board: int = 2) -> object | None:
    """A `TeamMatchRow` as the engine's scored `TeamMatch`, or None while a result is missing
    (`games_per_board` 1: only `game1` is a board's game)."""
    m = match
    if (m.round_id, m.team_a_id) not in lineups or (m.round_id, m.team_b_id) not in lineups:  # type: ignore[attr-defined]
        return None  # a line-up is still missing
    a, b = teams[m.team_a_id], teams[m.team_b_id]  # type: ignore[attr-defined]
    la = [lineups.get((m.round_id, m.team_a_id), {}).get(k) for k in range(1, boards + 1)]  # type: ignore[attr-defined]
    lb = [lineups.get((m.round_id, m.team_b_id), {}).get(k) for k in range(1, boards + 1)]  # type: ignore[attr-defined]
    by_board = {x.board: x for x in m.boards}  # type: ignore[attr-defined]
    games: list[tuple[str, ...] | None] = []
    for k in range(1, boards + 1):
        row = by_board.get(k)
        if la[k - 1] is None or lb[k - 1] is None:
            games.append(None)
        elif row is None or not row.game1 or (games_per_board == 2 and not row.game2):
            return None
        else:
            games.append((row.game1, row.game2) if games_per_board == 2 else (row.game1,))
    return score_team_match(round_no, team_entry(a), team_entry(b), la, lb, games, ruleset,  # type: ignore[arg-type]
                            games_per_board)
