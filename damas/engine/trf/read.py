"""Reading TRF-16 and TRF-2026 text into a `TrfTournament` (the format: `damas.engine.trf`)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from damas.engine.trf import records as rec
from damas.engine.trf.teams import read_teams
from damas.engine.trf.tournament import HALF_POINTS, HEADER_CODES, PairedCell, TrfError, TrfTournament
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState
from damas.engine.integers import parse_int

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
_MIRROR_CODE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+", " ": " "}
_UNFINISHED = " "  # a paired board without a result yet: the round in progress (lichess, ITDX)


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
    number = parse_int(s)
    if number is None:
        col = start + (len(raw) - len(raw.lstrip()))
        raise TrfError(f"{what} must be a whole number, got {s!r}", lineno, col)
    return number


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
        if s and parse_int(s) is None:
            raise TrfError(f"opponent must be a starting number or 0000, got {opp_raw!r}", lineno, col)
        if not s and c in "wbWB":
            raise TrfError("a blank opponent (a bye or an absence) has no colour", lineno, col + 5)
        opp = parse_int(s) if s else None  # four blanks are 0000 (TRF-2026; lichess and lidraughts write them)
        opp = opp or None
        if c not in "wbWB- ":
            raise TrfError(f"colour must be w, b or -, got {c!r}", lineno, col + 5)
        code = r.upper() if r in "hfuzwdlHFUZWDL" else r
        allowed = _BYE_CODES if opp is None else {**_PLAYED_CODES, "+": 0, "-": 0, _UNFINISHED: 0}
        if code not in allowed:
            raise TrfError(f"unknown result code {r!r}", lineno, col + 7)
        if opp is not None and c in "- ":
            if code in _PLAYED_CODES or code == _UNFINISHED:
                raise TrfError("a played game needs colour w or b", lineno, col + 5)
        cells.append(_Cell(opp, c.lower() if c != " " else "-", code, col))
        k += _ROUND_WIDTH
    return cells


def _both_lost(code: str, other: str) -> bool:
    """A played game lost by both players ("0" on both sides: CBJD 51, a game lost by both on a
    penalty during play). TRF-16 has no code of its own for it; reading "0" against "0" as two
    played losses is our decision [ours], so that what we write (`write._WRITE_GAME`) reads back."""
    return code in "0L" and other in "0L"


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
            year = parse_int(birth[:4]) if len(birth) >= 4 else None
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
            rounds = parse_int(parts[1], minimum=1, maximum=9999) if len(parts) >= 2 else None
            if rounds is None:
                raise TrfError("XXR needs the total number of rounds", lineno, 5)
            total_rounds = rounds
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
    team = any(tag in ("310", "013") for tag, _, _ in records.team_lines)
    try:
        records.resolve_250(team)
    except rec.RecordError as exc:
        raise TrfError(str(exc), exc.line or lineno, exc.column) from None
    headers.update(records.headers)
    trf = _assemble(players, headers, total_rounds or records.total_rounds, first_color or records.first_color)
    trf = _with_records(trf, records, ranks, team)
    if team:
        trf = replace(trf, team=read_teams(trf, records))
    return trf


def _with_records(trf: TrfTournament, records: rec.Records, ranks: dict[int, int], team: bool) -> TrfTournament:
    """Add what the TRF-2026 records and the extensions say: 240 byes of the round to pair are
    pending requests (of a completed round they fill a blank column), acceleration tables. In a
    team file 240 names teams (`trf.teams` reads it)."""
    pending, codes = dict(trf.pending), dict(trf.pending_codes)
    results = dict(trf.state.results)
    done = trf.state.rounds_played
    kept_lines = list(records.kept_lines)
    if team:
        records.team_lines.extend(("240", line, lineno) for line, lineno in records.bye_lines)
        kept_lines.extend(line for line, _ in records.bye_lines)
    for rnd, code, no, lineno in ([] if team else records.byes):
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
                   acceleration=records.acceleration, tiebreaks=records.tiebreaks, ranks=ranks,
                   kept=tuple(records.kept), kept_lines=tuple(kept_lines), unknown=tuple(records.unknown),
                   system_code=records.system_code)


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
            if (cell.code != "-" or back.code != "-") and not _both_lost(cell.code, back.code):
                if _MIRROR_CODE.get(cell.code) != back.code:
                    raise TrfError(f"round {r + 1}: result {cell.code!r} against {cell.opponent} does not "
                                   f"match {back.code!r}", lineno, cell.column + 7)
            if cell.color in "wb" and back.color == cell.color:
                raise TrfError(f"round {r + 1}: both players of a board have colour {cell.color!r}",
                               lineno, cell.column + 5)
    # The last column is pending when nobody has been paired in it yet (requested byes only),
    # or in progress when a board of it has no result yet (the current round's pairing).
    completed = columns
    pending: dict[int, Outcome] = {}
    pending_codes: dict[int, str] = {}
    in_progress = _in_progress(players, columns)
    if in_progress:
        completed = columns - 1
        for no, cell in in_progress.items():
            if cell.outcome in (Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.FULL_BYE):
                pending[no] = cell.outcome
                pending_codes[no] = players[no][1][columns - 1].code
    elif columns:
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
                         pending=pending, points_column=points, codes=codes, pending_codes=pending_codes,
                         in_progress=in_progress)


def _in_progress(players: dict, columns: int) -> dict[int, PairedCell]:
    """The last column's cells when a board of it is paired without a result (lichess writes the
    round being played so; ITDX the pairing just made); {} otherwise. A paired board without a
    result in an earlier round is refused: only the last round can be unfinished."""
    if not columns:
        return {}
    for no, (_, cells, _, lineno) in players.items():
        for r, cell in enumerate(cells[:columns - 1]):
            if cell.opponent is not None and cell.code == _UNFINISHED:
                raise TrfError(f"round {r + 1}: the game against {cell.opponent} has no result (only the last "
                               "round may be unfinished)", lineno, cell.column + 7)
    last = {no: cells[columns - 1] for no, (_, cells, _, _) in players.items() if len(cells) == columns}
    if not any(c.opponent is not None and c.code == _UNFINISHED for c in last.values()):
        return {}
    out: dict[int, PairedCell] = {}
    for no, cell in last.items():
        if cell.opponent is None and cell.code == " ":
            continue  # not paired in the round in progress
        partner = players[cell.opponent][1][columns - 1] if cell.opponent is not None else None
        outcome = None if cell.code == _UNFINISHED else _outcome(cell, partner)
        out[no] = PairedCell(cell.opponent, _color(cell.color), outcome)
    return out


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
        return HALF_POINTS.get(_BYE_CODES[cell.code], 0)
    return {"1": 2, "W": 2, "+": 2, "=": 1, "D": 1}.get(cell.code, 0)
