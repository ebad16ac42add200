"""Pairing and tie-break checker (FIDE C.02 checklist): rebuild a tournament from its TRF round
by round, re-pair every round with our engine and rank it by the file's tie-break list.

Round r is re-paired from the results of rounds 1..r-1 with, as the file says: the players who
did not take part in round r (a bye of any kind but the pairing-allocated one, or an empty
column) left out, requested byes standing, the initial colour (XXC / 152, else inferred from
the first round with colours, as bbpPairings does), and the acceleration (XXA / 250 records,
else the 192 record's or the caller's method). A board differs when the pair, the colours or
the pairing-allocated bye is not the file's; a forfeited board written without colours is
compared as an unordered pair [ours]. The standings part compares the file's rank column
(86-89) with the places our standings give under the tie-break list (TRF-2026 202 record, or
the caller's list).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Sequence

from damas.engine.pairing.acceleration import file_options
from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.rulesets import get_ruleset
from damas.engine.standings import compute_standings
from damas.engine.trf import TrfTournament
from damas.engine.trf.records import tiebreak_codes_of
from damas.engine.types import Color, EngineError, Outcome, TournamentState

__all__ = ["Board", "RoundCheck", "RankCheck", "CheckReport", "check_tournament", "file_boards", "infer_first_color"]

Board = tuple[int, "int | None"]  # (white, black); (player, None) is the pairing-allocated bye
_REQUESTABLE = {Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.ZERO_BYE}


@dataclass(frozen=True)
class RoundCheck:
    """One round: boards of the file we did not make, boards we made that the file has not."""

    round: int
    boards: int
    only_file: tuple[Board, ...] = ()
    only_engine: tuple[Board, ...] = ()
    error: str = ""

    @property
    def ok(self) -> bool:
        return not (self.only_file or self.only_engine or self.error)


@dataclass(frozen=True)
class RankCheck:
    """A player whose place (or points) in the file is not the one our standings give."""

    start_no: int
    file_rank: int | None
    engine_rank: int
    file_points: int | None  # half points
    engine_points: int


@dataclass(frozen=True)
class CheckReport:
    system: str
    rounds: tuple[RoundCheck, ...]
    tiebreaks: tuple[str, ...] = ()
    ranks: tuple[RankCheck, ...] = ()
    ranks_checked: bool = False
    note: str = ""
    unplayed: str = ""

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.rounds) and not self.ranks


@dataclass
class _Boards:
    ordered: set[Board] = field(default_factory=set)
    unordered: set[frozenset[int]] = field(default_factory=set)


def file_boards(state: TournamentState, round_no: int) -> _Boards:
    """The boards of a round as the file writes them."""
    out = _Boards()
    for e in state.entrants:
        rs = state.rounds_of(e.start_no)
        if len(rs) < round_no:
            continue
        res = rs[round_no - 1]
        if res.outcome is Outcome.PAIRING_BYE:
            out.ordered.add((e.start_no, None))
        elif res.outcome.has_opponent and res.opponent is not None:
            if res.color is Color.WHITE:
                out.ordered.add((e.start_no, res.opponent))
            elif res.color is Color.NONE:
                out.unordered.add(frozenset((e.start_no, res.opponent)))
    return out


def infer_first_color(state: TournamentState) -> Color:
    """The colour of the top player in round 1 when the file does not say it: from the first
    round with colours, the first player (pairing-list order) paired in it, his colour or the
    opposite one at an odd position (the colours alternate down the top half)."""
    for r in range(1, state.rounds_played + 1):
        position = 0
        for e in sorted(state.entrants, key=lambda x: x.start_no):
            rs = state.rounds_of(e.start_no)
            if len(rs) < r or not (rs[r - 1].outcome.has_opponent or rs[r - 1].outcome is Outcome.PAIRING_BYE):
                continue
            if rs[r - 1].color in (Color.WHITE, Color.BLACK):
                return rs[r - 1].color if position % 2 == 0 else rs[r - 1].color.opposite
            position += 1
    return Color.WHITE


def _before(state: TournamentState, round_no: int) -> TournamentState:
    return replace(state, results={no: rs[:round_no - 1] for no, rs in state.results.items()})


def _round_request(trf: TrfTournament, round_no: int, first: Color, options: Mapping) -> PairingRequest:
    state = trf.state
    requested: dict[int, Outcome] = {}
    absent: set[int] = set()
    for e in state.entrants:
        rs = state.rounds_of(e.start_no)
        outcome = rs[round_no - 1].outcome if len(rs) >= round_no else Outcome.NOT_PAIRED
        if outcome in _REQUESTABLE:
            requested[e.start_no] = outcome
        elif not (outcome.has_opponent or outcome is Outcome.PAIRING_BYE):
            absent.add(e.start_no)
    return PairingRequest(state=_before(state, round_no), round_no=round_no, ruleset="fide", first_color=first,
                          absent=frozenset(absent | set(requested)), requested_byes=requested, options=options)


def _check_round(trf: TrfTournament, system: str, round_no: int, first: Color, options: Mapping) -> RoundCheck:
    theirs = file_boards(trf.state, round_no)
    count = len(theirs.ordered) + len(theirs.unordered)
    try:
        pairings = get_system(system).pair(_round_request(trf, round_no, first, options))
    except EngineError as exc:
        return RoundCheck(round_no, count, error=str(exc))
    ours: set[Board] = set()
    loose = set(theirs.unordered)
    for p in pairings:
        if p.black is not None and frozenset((p.white, p.black)) in loose:
            loose.discard(frozenset((p.white, p.black)))
            continue
        ours.add((p.white, p.black))
    only_file = sorted(theirs.ordered - ours, key=_board_key) + sorted(
        ((min(s), max(s)) for s in loose), key=_board_key)
    return RoundCheck(round_no, count, tuple(only_file), tuple(sorted(ours - theirs.ordered, key=_board_key)))


def _board_key(board: Board) -> tuple[int, int]:
    return (board[0], board[1] or 0)


def check_tournament(trf: TrfTournament, *, system: str | None = None, acceleration: str | None = None,
                     tiebreaks: Sequence[str] | None = None, unplayed: str | None = None) -> CheckReport:
    """Re-pair every completed round and rank by the tie-break list (`tiebreaks` given, else the
    file's 202 record; neither: the standings are not checked)."""
    code = system or trf.system or "dutch"
    get_system(code)  # an unknown code fails before any round
    first = trf.first_color or infer_first_color(trf.state)
    options = file_options(trf, "fide", {"acceleration": acceleration} if acceleration else None)
    rounds = tuple(_check_round(trf, code, r, first, options) for r in range(1, trf.state.rounds_played + 1))
    acronyms = tuple(tiebreaks) if tiebreaks else trf.tiebreaks
    if not acronyms:
        return CheckReport(code, rounds, note="no tie-break list (202 record or --tiebreaks): standings not checked")
    codes = tiebreak_codes_of(acronyms)
    if not trf.ranks:
        return CheckReport(code, rounds, codes, note="the file has no rank column: standings not checked")
    table = compute_standings(trf.state, get_ruleset("fide"), codes, unplayed=unplayed)
    wrong = tuple(
        RankCheck(row.start_no, trf.ranks.get(row.start_no), row.rank, trf.points_column.get(row.start_no),
                  row.points)
        for row in table.rows
        if trf.ranks.get(row.start_no) != row.rank or trf.points_column.get(row.start_no, row.points) != row.points)
    return CheckReport(code, rounds, codes, wrong, ranks_checked=True, unplayed=table.unplayed)
