"""The games of events whose games are not one `Game` row each, for the rating exports (RULES.md §1;
CBJD 115): the formats' `rated_games`, read by `damas.exports.rating`.

They cover knockouts (`KnockoutGame` rows), individual micro-matches (`MicroGame`: two games per board) and
team micro-matches (`TeamBoardRow`: two games per board of a team match, or one in a team event
of one game per board: one round column per team round).

Every game goes to the rating files as it was played: the CSV has one row per game (the
micro-match or tie it belongs to in `rodada`/`mesa`, its number there in `partida`), the TRF-16 one
round column per game, laid out as the engine's CLI reads it back:

* micro-match round k -> columns 2k-1 (White in game 1 as White) and 2k (colours swapped),
  folded back by `micromatch_scoring.micro_state_from_games` (`pair --system micromatch`);
* knockout -> `knockout.state.game_columns`: one column per game of the undecided ties of the
  current knockout round, replayed by `knockout.state.bracket_from_state` (`pair --system knockout`).

Forfeits stay in both files as they are for round-by-round events (CSV `jogada` = no, TRF ``+``/``-``);
micro-matches count over complete rounds only, knockout games as soon as they are recorded.
A team player on a board the other team left empty scores without a game: a full-point bye
``F`` in his two columns **[ours]**.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Iterable

from damas.engine.micromatch_scoring import micro_game_results, parse_game
from damas.engine.pairing.knockout import Stage, state_from_bracket
from damas.engine.teams import board_colours, event_board
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState
from damas.formats.knockout_state import first_color, load_bracket
from damas.formats.mapping import RESULT_OUTCOMES, member_entrant, micro_games, micro_settings, snapshot
from damas.formats.team_state import event_lineups, event_team_rounds, event_teams, team_snapshot
from damas.models import Event, GameResult, Player

# (White's outcome, Black's outcome) -> the board result the CSV writes.
BOARD_RESULT: dict[tuple[Outcome, Outcome], GameResult] = {v: k for k, v in RESULT_OUTCOMES.items()}


@dataclass(frozen=True)
class Person:
    """A player as the rating files name him."""

    federation_id: str
    name: str
    rating: int


@dataclass(frozen=True)
class RatedGame:
    """One game for the CSV: `rodada`/`mesa` of its micro-match or tie, `partida` its number there."""

    round: int
    board: int
    game: int
    white: Person
    black: Person
    result: GameResult
    stage: Stage = Stage.MAIN


@dataclass(frozen=True)
class GameExport:
    """An event game by game: the CSV rows and the TRF state (one column per game)."""

    games: list[RatedGame]
    state: TournamentState
    first_color: Color | None = None  # knockout: the better seed's colour in game 1 (TRF XXC)


def _person_of_entry(entry: Any) -> Person:
    return Person(entry.player.federation_id or "", entry.player.full_name, entry.rating_at_entry)


def _result(white: Outcome, black: Outcome) -> GameResult:
    return BOARD_RESULT[(white, black)]


def _named(state: TournamentState, event: Event, total_rounds: int) -> TournamentState:
    return replace(state, total_rounds=max(1, total_rounds), name=event.name)


# -- knockout ---------------------------------------------------------------------------------------

def knockout_games(event: Event) -> GameExport:
    snap = snapshot(event)
    loaded = load_bracket(event)
    if loaded is None:  # not started: the players and no game
        return GameExport([], replace(snap.state, results={no: () for no in snap.state.results}, total_rounds=1))
    games = []
    for (rnd, tie), rows in sorted(loaded.rows.items()):
        for row in rows:
            outcome = Outcome(row.outcome)
            games.append(RatedGame(rnd, tie + 1, row.seq, _person_of_entry(row.white), _person_of_entry(row.black),
                                   _result(outcome, outcome.mirror), Stage(row.stage)))
    state = state_from_bracket(loaded.bracket, snap.state.entrants, event.name)
    return GameExport(games, _named(state, event, state.total_rounds), first_color(event))


# -- individual micro-matches ----------------------------------------------------------------------------

def micro_match_games(event: Event) -> GameExport:
    snap = snapshot(event)
    counted = snap.rounds[: snap.complete_rounds]
    two = micro_games(event, counted)
    person = {no: _person_of_entry(e) for no, e in snap.entry_by_no.items()}
    no_of = {e.id: no for no, e in snap.entry_by_no.items()}
    per_game: dict[tuple[int, int], tuple[RoundResult, RoundResult]] = {}
    games: list[RatedGame] = []
    for rnd in counted:
        for g in rnd.games:
            if g.black_entry_id is None or g.result in (GameResult.BYE, GameResult.WITHDRAWN):
                continue
            a, b = no_of.get(g.white_entry_id), no_of.get(g.black_entry_id)
            if a is None or b is None or g.result not in RESULT_OUTCOMES:
                continue
            if g.id in two:
                board = micro_game_results(rnd.number, a, b, *two[g.id])
            else:  # a board decided without its two games (a forfeit at the desk): both games so
                wa, wb = RESULT_OUTCOMES[g.result]
                first, second = 2 * rnd.number - 1, 2 * rnd.number
                board = {a: (RoundResult(first, wa, b, Color.WHITE), RoundResult(second, wa, b, Color.BLACK)),
                         b: (RoundResult(first, wb, a, Color.BLACK), RoundResult(second, wb, a, Color.WHITE))}
            per_game.update({(rnd.number, no): pair for no, pair in board.items()})
            games.extend(_board_games(rnd.number, g.board, board, a, b, person))
    results = {}
    for no, folded in snap.state.results.items():
        out: list[RoundResult] = []
        for rr in folded:
            pair = per_game.get((rr.round, no))
            if pair is None:  # a bye, a request or no pairing: the same in both games
                pair = (RoundResult(2 * rr.round - 1, rr.outcome), RoundResult(2 * rr.round, rr.outcome))
            out.extend(pair)
        results[no] = tuple(out)
    state = replace(snap.state, results=results)
    return GameExport(games, _named(state, event, 2 * max(event.planned_rounds, snap.complete_rounds)))


def _board_games(round_no: int, board: int, results: dict[int, tuple[RoundResult, RoundResult]], a: int, b: int,
                 person: dict[int, Person]) -> Iterable[RatedGame]:
    """The two games of a micro-match between a (White in game 1) and b for the CSV."""
    for k in (0, 1):
        white, black = (a, b) if k == 0 else (b, a)
        yield RatedGame(round_no, board, k + 1, person[white], person[black],
                        _result(results[white][k].outcome, results[black][k].outcome))


# -- team micro-matches ------------------------------------------------------------------------------

@dataclass(frozen=True)
class TeamPlayer:
    """A team's player as the rating files rate him, with the attributes of `rows.EntryRow` the
    rating change reads: `id` is the player's id, `club` his team's name."""

    id: int
    player_id: int
    full_name: str
    rating_at_entry: int
    club: str
    state: str
    birth_date: date | None


def member_rating(event: Event, player: Player) -> int:
    """A team player's rating in the rating files of a team event: the list its rate of play
    feeds (CBJD 115) of the event's game, as the player's record stands (a team event keeps no rating at entry)."""
    return player.rating_for(event.list_key)


def team_players(event: Event) -> list[TeamPlayer]:
    """Every registered player of the event's teams (teams in order, players in board order)."""
    return [TeamPlayer(m.player.id, m.player.id, m.player.full_name, member_rating(event, m.player), team.name,
                       m.player.state, m.player.birth_date)
            for team in event_teams(event) for m in team.members]


def team_games(event: Event) -> GameExport:
    settings = micro_settings(event)
    assert settings is not None and settings.team  # the team format's own
    snap = team_snapshot(event, settings)
    boards, complete, per = snap["settings"].boards, snap["complete"], snap["settings"].games_per_board
    entrants: list[Entrant] = []
    person: dict[int, Person] = {}
    no_of: dict[int, int] = {}  # player id -> start number: teams in order, players in board order
    for team in snap["teams"]:
        for member in team.members:
            p = member.player
            no = len(entrants) + 1
            rating = member_rating(event, p)
            no_of[p.id] = no
            person[no] = Person(p.federation_id or "", p.full_name, rating)
            entrants.append(member_entrant(p, no, rating, team.name, event.discipline))
    lineups = event_lineups(event)
    results: dict[int, list[RoundResult]] = {no: [] for no in person}
    games: list[RatedGame] = []
    for rnd in event_team_rounds(event):
        if rnd.number > complete:
            break
        seen: dict[int, tuple[RoundResult, RoundResult]] = {}
        for match in rnd.matches:
            if match.team_b_id is None:
                continue
            la = lineups.get((rnd.id, match.team_a_id), {})
            lb = lineups.get((rnd.id, match.team_b_id), {})
            rows = {x.board: x for x in match.boards}
            for k in range(1, boards + 1):
                pa, pb = no_of.get(la.get(k) or 0), no_of.get(lb.get(k) or 0)
                row = rows.get(k)
                if pa is None or pb is None or row is None or not row.game1 or (per == 2 and not row.game2):
                    for alone in (pa, pb):
                        if alone is not None:  # the other team left the board empty
                            seen[alone] = tuple(RoundResult(per * (rnd.number - 1) + j, Outcome.FULL_BYE)
                                                for j in range(1, per + 1))
                    continue
                if per == 1:  # one game per board (a FIDE team match)
                    game = _single_game(rnd.number, event_board(match.table, k, boards), k, pa, pb, row.game1,
                                        person)
                    seen.update(game[0])
                    games.append(game[1])
                    continue
                if board_colours(k)[0]:
                    board = micro_game_results(rnd.number, pa, pb, row.game1, row.game2)
                    white1, black1 = pa, pb
                else:
                    board = micro_game_results(rnd.number, pb, pa, *_mirrored(row.game1, row.game2))
                    white1, black1 = pb, pa
                seen.update(board)
                games.extend(_board_games(rnd.number, event_board(match.table, k, boards), board, white1, black1,
                                            person))
        for no in results:
            results[no].extend(seen.get(no) or tuple(RoundResult(per * (rnd.number - 1) + j, Outcome.NOT_PAIRED)
                                                     for j in range(1, per + 1)))
    state = TournamentState(tuple(entrants), {no: tuple(rs) for no, rs in results.items()},
                            per * max(event.planned_rounds, complete), event.name)
    return GameExport(games, state)


def _single_game(round_no: int, number: int, board: int, pa: int, pb: int, game: str, person: dict[int, Person]
                 ) -> tuple[dict[int, tuple[RoundResult, ...]], RatedGame]:
    """A board of one game: team A's player `pa` has White on odd boards (`board_colours`);
    `game` is his result. One round column per team round."""
    outcome = parse_game(game)
    white, black = (pa, pb) if board_colours(board)[0] else (pb, pa)
    if white != pa:
        outcome = outcome.mirror
    results = {white: (RoundResult(round_no, outcome, black, Color.WHITE),),
               black: (RoundResult(round_no, outcome.mirror, white, Color.BLACK),)}
    return results, RatedGame(round_no, number, 1, person[white], person[black], _result(outcome, outcome.mirror))


def _mirrored(game1: str, game2: str) -> tuple[Outcome, Outcome]:
    """Team A's player's two results seen from team B's player."""
    return parse_game(game1).mirror, parse_game(game2).mirror
