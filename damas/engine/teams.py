"""Team events in micro-matches (CBJD 120; RULES.md §3, §4).

* A team registers its players in board order (regulars first, then reserves) and a captain.
* Each round the captain (or the arbiter) submits a line-up: `validate_lineup` **[ours, after the
  FIDE Olympiad practice]**: exactly one entry per board, only registered players, nobody twice,
  the registered order kept down the boards (a reserve moves the others up, never past them),
  and an empty board (forfeited) only below every fielded player.
* Every board is a micro-match (`micromatch_scoring.micro_match`), or one game when the event
  plays one game per board (a FIDE team tournament: `games_per_board` 1); the team whose player has
  White in game 1 on board 1 (`Pairing.white`) keeps it on the odd boards, the other team on
  the even boards **[ours]**.
* Team game points = sum of the board game points; team match points 2/1/0 by comparing the team
  game points (RULES.md §3). A match is *played* when some board was played over the board.
* Teams are paired by the same Brazilian system on a team `TournamentState` (`team_state`); the
  team bye scores every board as a won micro-match **[ours]**.
* Tiebreaks (RULES.md §4): `GP`, `MP`, `TSB` exist; this module adds `OPP-MP` and `OPP-GP`
  (opponents' match / game points, FIDE-TB A(c), 3; unplayed rounds as in `BH`).
* Board prizes: `board_prizes`.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from damas.engine.micromatch_scoring import MicroMatch, board_match, bye_result, micro_ruleset
from damas.engine.pairing.base import PairingRequest
from damas.engine.pairing.micromatch import MicromatchSystem
from damas.engine.rulesets import RuleSet, get_ruleset
from damas.engine.standings import Standings, compute_standings
from damas.engine.types import Color, EngineError, Entrant, Outcome, Pairing, RoundResult, TournamentState

__all__ = [
    "BoardGame", "BoardPrizeRow", "LineupError", "TeamEntry", "TeamMatch", "TeamMember",
    "board_colours", "board_prizes", "event_board", "table_and_board", "default_team_tiebreaks", "lineups_by_board", "pair_teams",
    "score_team_match",
    "team_standings", "team_state", "validate_lineup",
]

_PLAYED = frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS})


class LineupError(EngineError):
    """A line-up that breaks the registered board order or the roster."""


@dataclass(frozen=True, slots=True)
class TeamMember:
    """A registered player; `id` is unique in the event (the player's record id)."""

    id: int
    name: str
    rating: int = 0


@dataclass(frozen=True)
class TeamEntry:
    """A team: starting number, name, club/city, roster in registered board order, captain."""

    no: int
    name: str
    roster: tuple[TeamMember, ...]
    captain: str = ""
    club: str = ""
    city: str = ""
    rating: int = 0

    def __post_init__(self) -> None:
        ids = [m.id for m in self.roster]
        if len(set(ids)) != len(ids):
            raise EngineError(f"team {self.name}: a player is registered twice")

    def check(self, boards: int) -> None:
        """The roster must fill every board (reserves beyond that are optional)."""
        if boards < 1:
            raise EngineError("a team match needs at least one board")
        if len(self.roster) < boards:
            raise EngineError(f"team {self.name}: {len(self.roster)} players registered, {boards} boards")

    def entrant(self) -> Entrant:
        return Entrant(self.no, self.name, rating=self.rating, club=self.club, federation=self.city)


def validate_lineup(team: TeamEntry, lineup: Sequence[int | None], boards: int) -> tuple[int | None, ...]:
    """Check a round's line-up (member ids by board, None = empty board); see the module doc."""
    team.check(boards)
    if len(lineup) != boards:
        raise LineupError(f"team {team.name}: the line-up has {len(lineup)} boards, the match {boards}")
    order = {m.id: k for k, m in enumerate(team.roster)}
    last = -1
    empty_seen = False
    for board, member in enumerate(lineup, start=1):
        if member is None:
            empty_seen = True
            continue
        if member not in order:
            raise LineupError(f"team {team.name}, board {board}: player {member} is not registered")
        if empty_seen:
            raise LineupError(f"team {team.name}, board {board}: an empty board must be the last")
        if order[member] <= last:
            word = "twice" if member in lineup[:board - 1] else "out of order"
            raise LineupError(f"team {team.name}, board {board}: player {member} is {word} "
                              "(the registered board order must be kept)")
        last = order[member]
    return tuple(lineup)


def board_colours(board: int) -> tuple[bool, bool]:
    """(team A White in game 1, team B White in game 1) on `board` (odd boards: team A)."""
    return (True, False) if board % 2 == 1 else (False, True)


def event_board(table: int, board: int, boards: int) -> int:
    """One number for board `board` of the team match at `table`, counted over the round:
    (table - 1) x boards per team + board (the rating export and the arbiter's desk use it) [ours]."""
    return (table - 1) * boards + board


def table_and_board(number: int, boards: int) -> tuple[int, int]:
    """The inverse of `event_board`: (table, board within the team match)."""
    table, board = divmod(number - 1, boards)
    return table + 1, board + 1


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a team match: A's and B's players (None = empty) and the micro-match seen
    from A's player (`match.points_a` is his; who had White in game 1 is `board_colours`)."""

    board: int
    player_a: int | None
    player_b: int | None
    match: MicroMatch


@dataclass(frozen=True)
class TeamMatch:
    """A team match of round `round`; `team_a` is the pairing's `white` team."""

    round: int
    team_a: int
    team_b: int
    boards: tuple[BoardGame, ...]
    points_a: int
    points_b: int
    outcome: Outcome  # team A's match outcome


def score_team_match(
    round_no: int,
    team_a: TeamEntry,
    team_b: TeamEntry,
    lineup_a: Sequence[int | None],
    lineup_b: Sequence[int | None],
    games: Sequence[tuple[Outcome | str, ...] | None],
    ruleset: RuleSet | str = "cbjd",
    games_per_board: int = 2,
) -> TeamMatch:
    """Score a team match (CBJD 120; RULES.md §3). `games[k]` are A's board-(k+1) player's
    game results (two, or one with `games_per_board` 1), None for a board with an empty side
    (scored as forfeits, CBJD 113 when both)."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    boards = len(games)
    la = validate_lineup(team_a, lineup_a, boards)
    lb = validate_lineup(team_b, lineup_b, boards)
    out = []
    for k, (pa, pb, g) in enumerate(zip(la, lb, games), start=1):
        if pa is None or pb is None:
            forfeit = ("--" if pa is None and pb is None else "-+" if pa is None else "+-")
            g = (forfeit,) * games_per_board
        elif g is None or len(g) != games_per_board:
            word = "the two games" if games_per_board == 2 else "its game"
            raise EngineError(f"board {k}: both players are present, enter {word}")
        out.append(BoardGame(k, pa, pb, board_match(tuple(g), rs)))
    a = sum(b.match.points_a for b in out)
    b = sum(b.match.points_b for b in out)
    if any(bg.match.played for bg in out):
        outcome = Outcome.WIN if a > b else Outcome.LOSS if a < b else Outcome.DRAW
    else:
        outcome = (Outcome.FORFEIT_WIN if a > b else Outcome.FORFEIT_LOSS if a < b
                   else Outcome.DOUBLE_FORFEIT)
    return TeamMatch(round_no, team_a.no, team_b.no, tuple(out), a, b, outcome)


def team_state(
    teams: Sequence[TeamEntry],
    matches: Iterable[TeamMatch],
    *,
    boards: int,
    total_rounds: int,
    byes: Iterable[tuple[int, int] | tuple[int, int, Outcome, int]] = (),
    ruleset: RuleSet | str = "cbjd",
    name: str = "",
    games_per_board: int = 2,
) -> TournamentState:
    """Teams as entrants, one `RoundResult` per team and round: outcome = match result,
    `game_points` = team game points, colour = White on board 1 in game 1. `byes` are
    (round, team) pairs, a pairing bye (`bye_result`), or (round, team, outcome, game points) for
    a bye of another kind or worth (a TRF file's 320 / 240 byes); a team without a match or
    bye in a round is NOT_PAIRED."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    rows: dict[int, dict[int, RoundResult]] = {t.no: {} for t in teams}

    def put(no: int, result: RoundResult) -> None:
        if no not in rows:
            raise EngineError(f"round {result.round}: unknown team {no}")
        if result.round in rows[no]:
            raise EngineError(f"round {result.round}: team {no} is paired twice")
        rows[no][result.round] = result

    for m in matches:
        put(m.team_a, RoundResult(m.round, m.outcome, m.team_b, Color.WHITE, m.points_a))
        put(m.team_b, RoundResult(m.round, m.outcome.mirror, m.team_a, Color.BLACK, m.points_b))
    for bye in byes:
        if len(bye) == 4:
            round_no, no, outcome, points = bye  # type: ignore[misc]
            put(no, RoundResult(round_no, outcome, None, Color.NONE, points))
        else:
            round_no, no = bye[0], bye[1]
            if games_per_board == 1:  # every board a won game [ours, as the micro-match bye]
                put(no, RoundResult(round_no, Outcome.PAIRING_BYE, None, Color.NONE, rs.win * boards))
            else:
                put(no, bye_result(round_no, rs, micro_matches=boards))
    played = max((r for row in rows.values() for r in row), default=0)
    results = {
        no: tuple(row.get(r, RoundResult(r, Outcome.NOT_PAIRED)) for r in range(1, played + 1))
        for no, row in rows.items()
    }
    return TournamentState(tuple(t.entrant() for t in teams), results, total_rounds, name=name)


def pair_teams(state: TournamentState, *, ruleset: str = "cbjd", scoring: str = "game",
               first_color: Color = Color.WHITE, absent: Iterable[int] = ()) -> list[Pairing]:
    """The next round of a team event by the Brazilian system on teams (CBJD 120)."""
    request = PairingRequest(state, state.rounds_played + 1, ruleset, first_color, frozenset(absent),
                             options={"micro_scoring": scoring})
    return MicromatchSystem().pair(request)


def default_team_tiebreaks(scoring: str = "game") -> tuple[str, ...]:
    """RULES.md §4 team Swiss: GP, TSB, opponents' MP, opponents' GP; MP comes first when the
    ranking is by game points (GP then adds nothing)."""
    first = ("MP",) if scoring == "game" else ("GP",)
    return first + ("TSB", "OPP-MP", "OPP-GP")


def team_standings(state: TournamentState, *, ruleset: str = "cbjd", scoring: str = "game",
                   tiebreaks: Sequence[str] | None = None, lot_seed: int | None = None) -> Standings:
    """Team table: points by the event's scoring (team game points or match points), then
    `tiebreaks` (default `default_team_tiebreaks`)."""
    order = tuple(tiebreaks) if tiebreaks is not None else default_team_tiebreaks(scoring)
    return compute_standings(state, micro_ruleset(ruleset, scoring), order, lot_seed=lot_seed)


@dataclass(frozen=True, slots=True)
class BoardPrizeRow:
    """One player's result on one board: micro-matches played there and game points scored."""

    board: int
    member: int
    team: int
    matches: int
    game_points: int
    percentage: Fraction  # game points / maximum, 0..1
    eligible: bool


def board_prizes(
    teams: Sequence[TeamEntry],
    matches: Iterable[TeamMatch],
    *,
    rounds: int,
    min_matches: int | None = None,
    ruleset: RuleSet | str = "cbjd",
    games_per_board: int = 2,
) -> dict[int, list[BoardPrizeRow]]:
    """Board prizes **[ours]**: for each board, the players ranked by percentage of game points in
    micro-matches *played* on that board (forfeits do not count), then game points, then number
    of micro-matches, then member id. Eligible: at least `min_matches` played there (default
    two thirds of `rounds`, rounded up, as the FIDE Olympiad's 8 of 11)."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    need = min_matches if min_matches is not None else -(-2 * rounds // 3)
    team_of = {m.id: t.no for t in teams for m in t.roster}
    tally: dict[tuple[int, int], list[int]] = {}
    for match in matches:
        for bg in match.boards:
            if not bg.match.played:
                continue
            for member, pts in ((bg.player_a, bg.match.points_a), (bg.player_b, bg.match.points_b)):
                t = tally.setdefault((bg.board, member), [0, 0])
                t[0] += 1
                t[1] += pts
    per_match = games_per_board * rs.win
    out: dict[int, list[BoardPrizeRow]] = {}
    for (board, member), (n, pts) in tally.items():
        out.setdefault(board, []).append(BoardPrizeRow(
            board, member, team_of.get(member, 0), n, pts, Fraction(pts, n * per_match), n >= need))
    for rows in out.values():
        rows.sort(key=lambda r: (not r.eligible, -r.percentage, -r.game_points, -r.matches, r.member))
    return dict(sorted(out.items()))


def lineups_by_board(match: TeamMatch) -> Mapping[int, tuple[int | None, int | None]]:
    """Board -> (White in game 1, Black in game 1) member ids, by `board_colours`."""
    out = {}
    for bg in match.boards:
        a_white, _ = board_colours(bg.board)
        out[bg.board] = (bg.player_a, bg.player_b) if a_white else (bg.player_b, bg.player_a)
    return out
