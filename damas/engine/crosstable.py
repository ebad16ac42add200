"""The crosstable (tabela cruzada) of a tournament as plain data for pages and PDFs.

Rows and columns are in pairing-number order (the starting order unless a Varma draw gave
other numbers). Each cell lists the games against that opponent in round order, as the
points scored in the rule set's display ("2", "1", "0" in draughts; "1", "½", "0" in chess)
followed by the colour ("w"/"b"); unplayed games are '+' (forfeit win) and '-' (forfeit
loss, double forfeit: FIDE-GR "Where not all games are played" d). A double round robin has
two entries per cell. Rank and tiebreak columns come from the standings (caller).

A game shown but not counted in the standings (CBJD 105 A a: the results of an excluded player
are annulled; FIDE-GR d: not counted in the final standings) is put in brackets, "[2b]", and
scores nothing in the cell's points, so every counted row's cells add up to its total
**[ours: the notation]**.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from damas.engine.points import Exact
from damas.engine.rulesets import RuleSet, get_ruleset
from damas.engine.types import Color, EngineError, EntrantStatus, Outcome, RoundResult, TournamentState

_MARKS = {Outcome.FORFEIT_WIN: "+", Outcome.FORFEIT_LOSS: "-", Outcome.DOUBLE_FORFEIT: "-"}
_COLOURS = {Color.WHITE: "w", Color.BLACK: "b", Color.NONE: ""}


@dataclass(frozen=True, slots=True)
class Cell:
    """The games of the row player against one opponent."""

    opponent: int
    rounds: tuple[int, ...]
    entries: tuple[str, ...]  # e.g. ("2b",), ("1w", "0b"), ("+",), ("[2b]",) when annulled
    points: int  # units the row player scored in these games, as counted in the standings

    @property
    def text(self) -> str:
        return " ".join(self.entries)


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    """One player: cells per column (None on the diagonal and for opponents not met)."""

    number: int
    start_no: int
    name: str
    rating: int
    federation: str
    status: EntrantStatus
    counted: bool
    cells: tuple[Cell | None, ...]
    other: tuple[str, ...]  # rounds without an opponent, e.g. ("R3: bye 2",)
    total: int | None  # units counted in the standings; None when not counted
    total_text: str
    rank: int | None = None
    tiebreaks: Mapping[str, Exact] = field(default_factory=dict)


@dataclass(frozen=True)
class Crosstable:
    ruleset: str
    columns: tuple[int, ...]  # start numbers in column order
    rows: tuple[CrosstableRow, ...]
    tiebreak_codes: tuple[str, ...] = ()

    def row(self, start_no: int) -> CrosstableRow:
        for r in self.rows:
            if r.start_no == start_no:
                return r
        raise EngineError(f"no row for starting number {start_no}")


_OTHER = {
    Outcome.PAIRING_BYE: "bye",
    Outcome.FULL_BYE: "full-bye",
    Outcome.HALF_BYE: "half-bye",
    Outcome.ZERO_BYE: "zero-bye",
}


def build_crosstable(
    state: TournamentState,
    ruleset: str,
    *,
    score_state: TournamentState | None = None,
    marks: Mapping[tuple[int, int], str] | None = None,
    pairing_numbers: Mapping[int, int] | None = None,
    ranks: Mapping[int, int] | None = None,
    tiebreaks: Mapping[int, Mapping[str, Exact]] | None = None,
    tiebreak_codes: Sequence[str] = (),
) -> Crosstable:
    """Crosstable of `state` scored by `get_ruleset(ruleset).points_for`.

    `score_state` (e.g. `WithdrawalResult.state`) gives the totals counted in the standings:
    a player missing from it or EXCLUDED there is shown with his games but no total. `marks[(start_no, round)]`
    overrides a cell entry ('+' / '-'). `ranks` and `tiebreaks` fill the standings columns.
    """
    rs = get_ruleset(ruleset)
    marks = marks or {}
    if pairing_numbers and set(pairing_numbers) != {e.start_no for e in state.entrants}:
        raise EngineError("pairing_numbers must cover every entrant")
    numbers = pairing_numbers or {e.start_no: e.start_no for e in state.entrants}
    order = sorted(state.entrants, key=lambda e: numbers[e.start_no])
    columns = tuple(e.start_no for e in order)
    index = {s: i for i, s in enumerate(columns)}
    scoring = score_state or state
    counted = {e.start_no for e in scoring.entrants if e.status is not EntrantStatus.EXCLUDED}
    rows = []
    for number, e in enumerate(order, start=1):
        games: dict[int, list[tuple[int, str, int]]] = {}
        other = []
        for rr in state.rounds_of(e.start_no):
            if rr.opponent is not None and rr.outcome.has_opponent:
                if rr.opponent not in index:
                    raise EngineError(f"player {e.start_no} met {rr.opponent}, who is not in the table")
                text, points = _entry(e.start_no, rr, rs, marks), rs.points_for(rr)
                if annulled(scoring, e.start_no, rr):
                    text, points = f"[{text}]", 0
                games.setdefault(rr.opponent, []).append((rr.round, text, points))
            elif rr.outcome in _OTHER:
                other.append(f"R{rr.round}: {_OTHER[rr.outcome]} {rs.format_points(rs.points_for(rr))}")
        cells: list[Cell | None] = [None] * len(columns)
        for opp, lst in games.items():
            lst.sort()
            cells[index[opp]] = Cell(
                opp, tuple(r for r, _, _ in lst), tuple(t for _, t, _ in lst), sum(p for _, _, p in lst)
            )
        is_counted = e.start_no in counted
        total = rs.total(scoring.rounds_of(e.start_no)) if is_counted else None
        rows.append(
            CrosstableRow(
                number=number,
                start_no=e.start_no,
                name=e.name,
                rating=e.rating,
                federation=e.federation,
                status=e.status,
                counted=is_counted,
                cells=tuple(cells),
                other=tuple(other),
                total=total,
                total_text=rs.format_points(total) if total is not None else "-",
                rank=(ranks or {}).get(e.start_no),
                tiebreaks=MappingProxyType(dict((tiebreaks or {}).get(e.start_no, {}))),
            )
        )
    return Crosstable(ruleset, columns, tuple(rows), tuple(tiebreak_codes))


def annulled(scoring: TournamentState, player: int, rr: RoundResult) -> bool:
    """Whether the game `rr` of `player` in the table is left out of the standings: `scoring`
    (the state the standings count, e.g. `WithdrawalResult.state`) has no game against that
    opponent in that round (CBJD 105 A a, FIDE-GR d)."""
    counted = next((c for c in scoring.rounds_of(player) if c.round == rr.round), None) \
        if player in scoring.results else None
    return counted is None or counted.opponent != rr.opponent or not counted.outcome.has_opponent


def _entry(player: int, rr: RoundResult, rs: RuleSet, marks: Mapping[tuple[int, int], str]) -> str:
    """One game as shown in a cell: points + colour, or '+' / '-' when not played."""
    if (player, rr.round) in marks:
        return marks[(player, rr.round)]
    if rr.outcome in _MARKS:
        return _MARKS[rr.outcome]
    if rr.outcome is Outcome.ADJOURNED:
        return "adj"
    return f"{rs.format_points(rs.points_for(rr))}{_COLOURS[rr.color]}"


# -- the Swiss crosstable (one row per player in rank order, one column per round) ---------------


@dataclass(frozen=True, slots=True)
class SwissCell:
    """The row player's round: opponent's line in the table, colour and result.

    `result` is the points scored as the rule set prints them, or '+' / '-' for a game not
    played (forfeit); rounds without an opponent (byes, absences) have `opponent` None and
    show only their points.
    """

    round: int
    outcome: Outcome
    opponent: int | None  # the opponent's line (1 = first row), None without an opponent
    colour: str  # "w", "b" or ""
    result: str
    points: int  # as counted in the standings (0 when annulled)
    annulled: bool = False  # shown, not counted (CBJD 105 A a, FIDE-GR d)

    @property
    def text(self) -> str:
        """e.g. "12b2" (line 12, Black, 2 points); "7w+" a forfeit win; "[12b2]" annulled."""
        if self.opponent is None:
            return self.result
        text = f"{self.opponent}{self.colour}{self.result}"
        return f"[{text}]" if self.annulled else text


@dataclass(frozen=True, slots=True)
class SwissRow:
    line: int
    start_no: int
    name: str
    rating: int
    status: EntrantStatus
    counted: bool
    cells: tuple[SwissCell, ...]  # one per round, in round order
    total: int | None
    total_text: str


@dataclass(frozen=True)
class SwissCrosstable:
    rounds: int
    rows: tuple[SwissRow, ...]


def build_swiss_crosstable(
    state: TournamentState,
    ruleset: str | RuleSet,
    order: Sequence[int],
    *,
    score_state: TournamentState | None = None,
    marks: Mapping[tuple[int, int], str] | None = None,
) -> SwissCrosstable:
    """The usual Swiss crosstable of `state`: rows in `order` (start numbers in rank order;
    players missing from it follow by start number), each round as opponent's line, colour
    and result. Linear in players x rounds (no N x N grid). `score_state`, `marks`: as in
    `build_crosstable` (withdrawals)."""
    rs = ruleset if isinstance(ruleset, RuleSet) else get_ruleset(ruleset)
    marks = marks or {}
    by_no = {e.start_no: e for e in state.entrants}
    unknown = [no for no in order if no not in by_no]
    if unknown:
        raise EngineError(f"unknown starting numbers: {', '.join(map(str, unknown))}")
    seen = set(order)
    lines = list(order) + sorted(no for no in by_no if no not in seen)
    line_of = {no: i for i, no in enumerate(lines, start=1)}
    scoring = score_state or state
    counted = {e.start_no for e in scoring.entrants if e.status is not EntrantStatus.EXCLUDED}
    rows = []
    for no in lines:
        e = by_no[no]
        cells = []
        for rr in state.rounds_of(no):
            points = rs.points_for(rr)
            if rr.opponent is not None and rr.outcome.has_opponent:
                if rr.opponent not in line_of:
                    raise EngineError(f"player {no} met {rr.opponent}, who is not in the table")
                mark = marks.get((no, rr.round)) or _MARKS.get(rr.outcome)
                result = mark or ("adj" if rr.outcome is Outcome.ADJOURNED else rs.format_points(points))
                gone = annulled(scoring, no, rr)
                cells.append(SwissCell(rr.round, rr.outcome, line_of[rr.opponent], _COLOURS[rr.color], result,
                                       0 if gone else points, gone))
            else:
                cells.append(SwissCell(rr.round, rr.outcome, None, "", rs.format_points(points), points))
        is_counted = no in counted
        total = rs.total(scoring.rounds_of(no)) if is_counted else None
        rows.append(SwissRow(
            line=line_of[no], start_no=no, name=e.name, rating=e.rating, status=e.status, counted=is_counted,
            cells=tuple(cells), total=total, total_text=rs.format_points(total) if total is not None else "-",
        ))
    return SwissCrosstable(max((len(state.rounds_of(no)) for no in lines), default=0), tuple(rows))
