"""FIDE TRF-16 read / write for a tournament's players and results.

TRF-16 is the exchange format of Swiss-Manager, JaVaFo and bbpPairings (FIDE Handbook
C.04 Annex "TRF16"). We read the 001 player lines, the 012/022/032/042/052/062/072/082/092/
102/112/122/132 headers and the pairing-engine extensions ``XXR`` (total rounds) and ``XXC``
(``white1``/``black1``: colour of player 1 in round 1). Columns are fixed (1-based):

    1-3 "001"   5-8 start no   10 sex   11-13 title   15-47 name   49-52 rating
    54-56 federation   58-68 FIDE id   70-79 birth date   81-84 points   86-89 rank
    round r: 92+10(r-1) .. 99+10(r-1) = "oooo c r" (opponent, colour, result)

Result codes: ``1 = 0`` and ``W D L`` played; ``+ -`` forfeit win / loss (``-`` on both sides
of a board is a double forfeit); with opponent ``0000``: ``H`` half-point bye, ``F`` full-point
bye, ``U`` pairing-allocated bye, ``Z`` (or ``-``/``0``) zero-point bye; an empty field means the
player was not paired.

TRF-16 has no code for an adjourned game. We write it ``D`` (a draw not to be rated) with the
opponent and colour **[ours]**: the pairing engines read it as C.04.2 #1 asks (a draw for pairing,
the pair has met, the colour counts) and a rating officer does not rate it; its half point is in
the points column as a pairing engine expects. Read back, ``D`` is a draw.

A pairing engine's input file may already hold, in the column of the round to pair, the byes
players requested for it (``0000 - H``/``Z``/``F``) while nobody has played that round yet: that
column is returned apart as ``pending`` and not as a completed round. The points column counts
the completed rounds only (shared/golden/README.md).

TRF-2026 (`trf_records`) is read beside TRF-16: a file holding any TRF-2026 record (142, 152,
192, 202, 240, 250, ``###`` ...) is TRF-2026, otherwise TRF-16 [ours: the format has no version
line]. Both carry the acceleration an engine needs to re-pair the event (``XXA`` / ``250``).

Errors raise `TrfError` naming the line and column; nothing is half-read.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Mapping, Sequence

from damas.engine import trf_records as rec
from damas.engine.types import (
    Color,
    EngineError,
    Entrant,
    Outcome,
    RoundResult,
    TournamentState,
)

__all__ = ["TrfError", "TrfTournament", "read_trf", "write_trf", "trf_points"]

HEADER_CODES = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132")
_ROUND_START = 91  # 0-based index of the first round field (column 92)
_ROUND_WIDTH = 10

_PLAYED_CODES = {"1": Outcome.WIN, "=": Outcome.DRAW, "0": Outcome.LOSS,
                 "W": Outcome.WIN, "D": Outcome.DRAW, "L": Outcome.LOSS}
_BYE_CODES = {"H": Outcome.HALF_BYE, "F": Outcome.FULL_BYE, "U": Outcome.PAIRING_BYE,
              "Z": Outcome.ZERO_BYE, "-": Outcome.ZERO_BYE, "0": Outcome.ZERO_BYE,
              "+": Outcome.PAIRING_BYE, "1": Outcome.PAIRING_BYE, "=": Outcome.HALF_BYE,
              " ": Outcome.NOT_PAIRED, "W": Outcome.PAIRING_BYE, "D": Outcome.HALF_BYE,
              "L": Outcome.ZERO_BYE}
_REQUESTED = frozenset({"H", "Z", "F", "-", "0", " "})  # codes that may stand in a round not yet paired
_MIRROR_CODE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
_WRITE_BYE = {Outcome.PAIRING_BYE: "U", Outcome.FULL_BYE: "F", Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z"}
_WRITE_GAME = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0",
               Outcome.FORFEIT_WIN: "+", Outcome.FORFEIT_LOSS: "-", Outcome.DOUBLE_FORFEIT: "-",
               Outcome.ADJOURNED: "D"}  # no TRF-16 code: an unrated draw [ours, see above]
# TRF points are always chess points; we keep half points (win 2, draw 1).
_HALF_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.FORFEIT_WIN: 2, Outcome.PAIRING_BYE: 2,
                Outcome.FULL_BYE: 2, Outcome.HALF_BYE: 1, Outcome.ADJOURNED: 1}


class TrfError(EngineError):
    """Malformed TRF: says which line (1-based) and column (1-based) is wrong."""

    def __init__(self, message: str, line: int, column: int | None = None) -> None:
        where = f"TRF line {line}" + (f", column {column}" if column is not None else "")
        super().__init__(f"{where}: {message}")
        self.line = line
        self.column = column


@dataclass(frozen=True)
class TrfTournament:
    """What a TRF file says: completed rounds, pending byes and the pairing-engine extensions.

    `pending` maps start_no -> Outcome (HALF_BYE, ZERO_BYE, FULL_BYE for ``F``, NOT_PAIRED)
    for requests already written in the column of the next round that nobody has played yet.
    `points_column` is the points column as written, in half points (missing when blank).
    `codes` keeps each player's raw result characters of the completed rounds (e.g. ``F`` vs
    ``U``) and `pending_codes` those of the pending requests, for tools that need the distinction.

    `version` is ``TRF-16`` or ``TRF-26``; `accelerations` the fictitious half points per round
    (index 0 = round 1) of XXA / 250 records; `system` our pairing-system code named by 192 and
    `acceleration` "baku" when 192 names the Baku method; `tiebreaks` the 202 record's FIDE
    acronyms as written; `ranks` the rank column (86-89) where filled.
    """

    state: TournamentState
    first_color: Color | None = None
    total_rounds: int = 0
    pending: Mapping[int, Outcome] = field(default_factory=dict)
    points_column: Mapping[int, int] = field(default_factory=dict)
    codes: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    pending_codes: Mapping[int, str] = field(default_factory=dict)
    version: str = rec.TRF16
    accelerations: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    system: str = ""
    acceleration: str = ""
    tiebreaks: tuple[str, ...] = ()
    ranks: Mapping[int, int] = field(default_factory=dict)

    @property
    def next_round(self) -> int:
        return self.state.rounds_played + 1


@dataclass
class _Cell:
    opponent: int | None
    color: str
    code: str
    column: int


def _split_lines(text: str) -> list[str]:
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _int_field(line: str, start: int, end: int, lineno: int, what: str,
               default: int | None = None) -> int | None:
    raw = line[start - 1:end]
    s = raw.strip()
    if not s:
        return default
    if not s.isdigit():
        col = start + (len(raw) - len(raw.lstrip()))
        raise TrfError(f"{what} must be a whole number, got {s!r}", lineno, col)
    return int(s)


def _points_field(line: str, lineno: int) -> int | None:
    raw = line[80:84]
    s = raw.strip()
    if not s:
        return None
    try:
        value = Fraction(s)
    except (ValueError, ZeroDivisionError):
        raise TrfError(f"points must be a decimal number, got {s!r}", lineno, 81) from None
    half = value * 2
    if half.denominator != 1 or half < 0:
        raise TrfError(f"points must be a multiple of 0.5, got {s!r}", lineno, 81)
    return int(half)


def _parse_cells(line: str, lineno: int) -> list[_Cell]:
    cells: list[_Cell] = []
    body = line.rstrip()
    k = _ROUND_START
    while k < len(body):
        col = k + 1
        if body[k - 2:k].strip():
            raise TrfError("round fields must be separated by two blanks", lineno, k - 1)
        chunk = body[k:k + 8].ljust(8)
        opp_raw, c, r = chunk[0:4], chunk[5], chunk[7]
        if chunk[4] != " " or chunk[6] != " ":
            raise TrfError(f"round field must read 'oooo c r', got {chunk!r}", lineno, col)
        if not chunk.strip():
            cells.append(_Cell(None, "-", " ", col))
            k += _ROUND_WIDTH
            continue
        s = opp_raw.strip()
        if not s.isdigit():
            raise TrfError(f"opponent must be a starting number or 0000, got {opp_raw!r}", lineno, col)
        opp = int(s) or None
        if c not in "wbWB- ":
            raise TrfError(f"colour must be w, b or -, got {c!r}", lineno, col + 5)
        code = r.upper() if r in "hfuzwdlHFUZWDL" else r
        allowed = _BYE_CODES if opp is None else {**_PLAYED_CODES, "+": 0, "-": 0}
        if code not in allowed:
            raise TrfError(f"unknown result code {r!r}", lineno, col + 7)
        if opp is not None and c in "- ":
            if code in _PLAYED_CODES:
                raise TrfError("a played game needs colour w or b", lineno, col + 5)
        cells.append(_Cell(opp, c.lower() if c != " " else "-", code, col))
        k += _ROUND_WIDTH
    return cells


def _outcome(cell: _Cell, partner: _Cell | None) -> Outcome:
    if cell.opponent is None:
        return _BYE_CODES[cell.code]
    if cell.code == "+":
        return Outcome.FORFEIT_WIN
    if cell.code == "-":
        return Outcome.DOUBLE_FORFEIT if partner is not None and partner.code == "-" else Outcome.FORFEIT_LOSS
    return _PLAYED_CODES[cell.code]


def _color(c: str) -> Color:
    return {"w": Color.WHITE, "b": Color.BLACK}.get(c, Color.NONE)


def read_trf(text: str) -> TrfTournament:
    """Parse a TRF-16 text into a `TrfTournament`; raise `TrfError` on any malformed line."""
    headers: dict[str, str] = {}
    players: dict[int, tuple[Entrant, list[_Cell], int | None, int]] = {}
    total_rounds: int | None = None
    first_color: Color | None = None
    records = rec.Records()
    ranks: dict[int, int] = {}
    lineno = 0
    for lineno, line in enumerate(_split_lines(text), start=1):
        if not line.strip():
            continue
        tag = line[:3]
        try:
            if records.feed(tag, line, lineno):
                continue
        except rec.RecordError as exc:
            raise TrfError(str(exc), lineno, exc.column) from None
        if tag == "001":
            if len(line) > 3 and line[3] != " ":
                raise TrfError("record code 001 must be followed by a blank", lineno, 4)
            no = _int_field(line, 5, 8, lineno, "starting number")
            if no is None or no <= 0:
                raise TrfError("missing starting number", lineno, 5)
            if no in players:
                raise TrfError(f"starting number {no} appears twice", lineno, 5)
            rating = _int_field(line, 49, 52, lineno, "rating", 0) or 0
            birth = line[69:79].strip()
            year = int(birth[:4]) if len(birth) >= 4 and birth[:4].isdigit() else None
            sex = line[9:10].strip().lower()
            entrant = Entrant(
                start_no=no, name=line[14:47].strip(), rating=rating,
                sex={"w": "f", "f": "f", "m": "m"}.get(sex, ""), birth_year=year,
                federation=line[53:56].strip(), title=line[10:13].strip(),
                fide_id=line[57:68].strip(),
            )
            players[no] = (entrant, _parse_cells(line, lineno), _points_field(line, lineno), lineno)
            if (rank := _int_field(line, 86, 89, lineno, "rank")) is not None:
                ranks[no] = rank
        elif tag == "XXR":
            parts = line.split()
            if len(parts) < 2 or not parts[1].isdigit() or int(parts[1]) <= 0:
                raise TrfError("XXR needs the total number of rounds", lineno, 5)
            total_rounds = int(parts[1])
        elif tag == "XXC":
            words = [w.lower() for w in line.split()[1:]]
            if "white1" in words:
                first_color = Color.WHITE
            elif "black1" in words:
                first_color = Color.BLACK
        elif tag in HEADER_CODES:
            value = line[4:].rstrip() if tag == "132" else line[4:].strip()
            headers[tag] = headers[tag] + "\n" + value if tag in headers else value
    if not players:
        raise TrfError("no player (001) lines", max(1, lineno))
    headers.update(records.headers)
    trf = _assemble(players, headers, total_rounds or records.total_rounds, first_color or records.first_color)
    return _with_records(trf, records, ranks)


def _with_records(trf: TrfTournament, records: rec.Records, ranks: dict[int, int]) -> TrfTournament:
    """Add what the TRF-2026 records and the extensions say: 240 byes of the round to pair are
    pending requests (of a completed round they fill a blank column), acceleration tables."""
    pending, codes = dict(trf.pending), dict(trf.pending_codes)
    results = dict(trf.state.results)
    done = trf.state.rounds_played
    for rnd, code, no, lineno in records.byes:
        if no not in results:
            raise TrfError(f"bye record (240) names player {no}, who has no 001 line", lineno)
        outcome = _bye_outcome(code)
        if rnd == done + 1:
            pending[no], codes[no] = outcome, code
        elif rnd <= done:
            rounds = list(results[no])
            if rounds[rnd - 1].outcome is Outcome.NOT_PAIRED:
                rounds[rnd - 1] = RoundResult(round=rnd, outcome=outcome)
                results[no] = tuple(rounds)
            elif rounds[rnd - 1].outcome is not outcome:
                raise TrfError(f"bye record (240) of round {rnd} contradicts player {no}'s round column", lineno)
    state = replace(trf.state, results=results) if results != dict(trf.state.results) else trf.state
    return replace(trf, state=state, pending=pending, pending_codes=codes, version=records.version,
                   accelerations=records.acceleration_table(), system=records.system,
                   acceleration=records.acceleration, tiebreaks=records.tiebreaks, ranks=ranks)


def _bye_outcome(code: str) -> Outcome:
    return {"F": Outcome.FULL_BYE, "H": Outcome.HALF_BYE, "Z": Outcome.ZERO_BYE}[code]


def _assemble(players: dict, headers: dict[str, str], total_rounds: int | None,
              first_color: Color | None) -> TrfTournament:
    columns = max((len(cells) for _, cells, _, _ in players.values()), default=0)
    # Check every board from both sides.
    for no, (_, cells, _, lineno) in players.items():
        for r, cell in enumerate(cells):
            if cell.opponent is None:
                continue
            if cell.opponent == no:
                raise TrfError(f"player {no} paired against himself", lineno, cell.column)
            if cell.opponent not in players:
                raise TrfError(f"opponent {cell.opponent} has no 001 line", lineno, cell.column)
            other = players[cell.opponent][1]
            back = other[r] if r < len(other) else None
            if back is None or back.opponent != no:
                raise TrfError(f"round {r + 1}: player {cell.opponent} does not list {no} as opponent",
                               lineno, cell.column)
            if cell.code != "-" or back.code != "-":
                if _MIRROR_CODE.get(cell.code) != back.code:
                    raise TrfError(f"round {r + 1}: result {cell.code!r} against {cell.opponent} does not "
                                   f"match {back.code!r}", lineno, cell.column + 7)
            if cell.color in "wb" and back.color == cell.color:
                raise TrfError(f"round {r + 1}: both players of a board have colour {cell.color!r}",
                               lineno, cell.column + 5)
    # The last column is pending when nobody has been paired in it yet (requested byes only).
    completed = columns
    pending: dict[int, Outcome] = {}
    pending_codes: dict[int, str] = {}
    if columns:
        last = [cells[columns - 1] for _, cells, _, _ in players.values() if len(cells) == columns]
        only_requests = all(c.opponent is None and c.code in _REQUESTED for c in last)
        if only_requests and not _column_counted(players, columns):
            completed = columns - 1
            for no, (_, cells, _, _) in players.items():
                if len(cells) == columns and cells[-1].code != " ":
                    pending[no] = _BYE_CODES[cells[-1].code]
                    pending_codes[no] = cells[-1].code
    if total_rounds is None:
        total_rounds = max(columns, 1)
    if columns > total_rounds:
        lineno = min(ln for _, c, _, ln in players.values() if len(c) == columns)
        raise TrfError(f"{columns} round columns but XXR says {total_rounds} rounds", lineno,
                       _ROUND_START + 1 + _ROUND_WIDTH * total_rounds)
    results: dict[int, tuple[RoundResult, ...]] = {}
    codes: dict[int, tuple[str, ...]] = {}
    for no, (_, cells, _, _) in players.items():
        rounds = []
        for r in range(completed):
            cell = cells[r] if r < len(cells) else _Cell(None, "-", " ", 0)
            partner = players[cell.opponent][1][r] if cell.opponent is not None else None
            outcome = _outcome(cell, partner)
            rounds.append(RoundResult(round=r + 1, outcome=outcome, opponent=cell.opponent,
                                      color=_color(cell.color)))
        results[no] = tuple(rounds)
        codes[no] = tuple(cells[r].code if r < len(cells) else " " for r in range(completed))
    entrants = tuple(players[no][0] for no in sorted(players))
    state = TournamentState(entrants=entrants, results=results, total_rounds=total_rounds,
                            name=headers.get("012", ""), extra=headers)
    points = {no: p for no, (_, _, p, _) in players.items() if p is not None}
    return TrfTournament(state=state, first_color=first_color, total_rounds=total_rounds,
                         pending=pending, points_column=points, codes=codes, pending_codes=pending_codes)


def _column_counted(players: dict, columns: int) -> bool:
    """True when the points column already counts the byes of the last column (a completed
    round of byes only) rather than leaving them out (requests for the round to pair)."""
    counted = left_out = 0
    for _, cells, written, _ in players.values():
        if written is None or len(cells) != columns:
            continue
        value = {"H": 1, "F": 2}.get(cells[-1].code, 0)
        if not value:
            continue
        before = sum(_cell_half_points(c) for c in cells[:-1])
        if written == before + value:
            counted += 1
        elif written == before:
            left_out += 1
    return counted > 0 and left_out == 0


def _cell_half_points(cell: _Cell) -> int:
    if cell.opponent is None:
        return _HALF_POINTS.get(_BYE_CODES[cell.code], 0)
    return {"1": 2, "W": 2, "+": 2, "=": 1, "D": 1}.get(cell.code, 0)


def trf_points(results: tuple[RoundResult, ...]) -> int:
    """A player's score in chess half points, as the TRF points column counts it."""
    return sum(_HALF_POINTS.get(r.outcome, 0) for r in results)


def _fmt_points(half: int) -> str:
    return f"{half // 2}.{5 if half % 2 else 0}"


def _cell_text(res: RoundResult) -> str:
    if res.outcome is Outcome.NOT_PAIRED:
        return " " * 8
    if res.opponent is None or not res.outcome.has_opponent:
        return f"0000 - {_WRITE_BYE.get(res.outcome, 'Z')}"
    return f"{res.opponent:4d} {res.color.value} {_WRITE_GAME[res.outcome]}"


_CONTROL = {code: " " for code in (*range(32), *range(127, 160), 0x2028, 0x2029)}


def _field(value: object) -> str:
    """A text field as written: control characters (CR, LF, tab, NUL...) and the line and
    paragraph separators become blanks, so no field (a venue, a name) can start a line of its
    own in the file (a venue "x\r001 ..." would have added a player line)."""
    return str(value).translate(_CONTROL)


def write_trf(
    source: TrfTournament | TournamentState,
    *,
    first_color: Color | None = None,
    pending: Mapping[int, Outcome] | None = None,
    points: Mapping[int, int] | None = None,
    ranks: Mapping[int, int] | None = None,
    version: str | None = None,
    accelerations: Mapping[int, Sequence[int]] | None = None,
    system: str | None = None,
    acceleration: str | None = None,
    tiebreaks: Sequence[str] | None = None,
) -> str:
    """Write TRF-16 (LF line endings) or TRF-2026 (CR LF) text for a state or a read `TrfTournament`.

    `points` (half points) overrides the points column, which otherwise counts the completed
    rounds in chess points; `ranks` fills the rank column (default: starting number);
    `pending` writes requested byes of the next round (TRF-16: in its column, ``H``, ``Z``,
    ``F``; TRF-2026: 240 records). `accelerations` (half points per round, index 0 = round 1)
    become ``XXA`` lines / 250 records; TRF-2026 also writes 192 for `system` (+ `acceleration`)
    and 202 for `tiebreaks` (FIDE acronyms, as written; see `trf_records.tiebreak_acronyms`).
    Values not given come from a read `TrfTournament`.
    """
    if isinstance(source, TrfTournament):
        state = source.state
        first_color = source.first_color if first_color is None else first_color
        pending = source.pending if pending is None else pending
        ranks = source.ranks if ranks is None and source.ranks else ranks
        version = version or source.version
        accelerations = source.accelerations if accelerations is None else accelerations
        system = source.system if system is None else system
        acceleration = source.acceleration if acceleration is None else acceleration
        tiebreaks = source.tiebreaks if tiebreaks is None else tiebreaks
    else:
        state = source
    version = version or rec.TRF16
    if version not in (rec.TRF16, rec.TRF26):
        raise EngineError(f"unknown TRF version {version!r} (TRF-16 or TRF-26)")
    trf26 = version == rec.TRF26
    pending = pending or {}
    lines: list[str] = []
    extra = dict(state.extra)
    if state.name and "012" not in extra:
        extra["012"] = state.name
    extra.setdefault("062", str(len(state.entrants)))
    for tag in HEADER_CODES + (rec.TRF26_TEXT_HEADERS if trf26 else ()):
        if tag in extra and extra[tag] != "":
            for value in str(extra[tag]).split("\n"):  # a multi-line header: one line each
                lines.append(f"{tag} {_field(value)}".rstrip())
    lines.extend(rec.engine_lines(state.total_rounds, first_color, trf26, system or "", acceleration or "",
                               tiebreaks or ()))
    pend_code = {Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z", Outcome.FULL_BYE: "F"}
    for e in sorted(state.entrants, key=lambda x: x.start_no):
        if e.start_no > 9999:
            raise EngineError(f"starting number {e.start_no} does not fit TRF (max 9999)")
        res = state.rounds_of(e.start_no)
        half = points[e.start_no] if points is not None and e.start_no in points else trf_points(res)
        sex = {"f": "w", "m": "m"}.get(e.sex, " ")
        birth = f"{e.birth_year:04d}/00/00" if e.birth_year else ""
        rank = ranks.get(e.start_no, e.start_no) if ranks else e.start_no
        head = (f"001 {e.start_no:4d} {sex}{_field(e.title)[:3]:>3} {_field(e.name)[:33]:<33} "
                f"{(str(e.rating) if e.rating else ''):>4} {_field(e.federation)[:3]:<3} {_field(e.fide_id)[:11]:>11} "
                f"{birth:<10} {_fmt_points(half):>4} {rank:4d}")
        cells = [_cell_text(r) for r in res]
        if not trf26 and e.start_no in pending and pending[e.start_no] in pend_code:
            cells.append(f"0000 - {pend_code[pending[e.start_no]]}")
        body = "".join("  " + c for c in cells)
        lines.append((head + body).rstrip())
    table = {no: tuple(v) for no, v in (accelerations or {}).items()}
    if trf26:
        lines.extend(rec.bye_240_lines(state.rounds_played + 1, pending))
        lines.extend(rec.acceleration_250_lines(table))
    else:
        lines.extend(rec.xxa_lines(table))
    end = "\r\n" if trf26 else "\n"
    return end.join(lines) + end

