"""Writing a tournament state or a read `TrfTournament` as TRF-16 or TRF-2026 text (the format,
and the [ours] reading of an adjourned game as ``D``: `damas.engine.trf`)."""
from __future__ import annotations

from typing import Mapping, Sequence

from damas.engine.titles import to_trf
from damas.engine.trf import records as rec
from damas.engine.trf.tournament import HEADER_CODES, PairedCell, TrfTournament, trf_points
from damas.engine.types import Color, EngineError, Outcome, RoundResult, TournamentState

_WRITE_BYE = {Outcome.PAIRING_BYE: "U", Outcome.FULL_BYE: "F", Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z"}
_WRITE_GAME = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0",
               Outcome.FORFEIT_WIN: "+", Outcome.FORFEIT_LOSS: "-", Outcome.DOUBLE_FORFEIT: "-",
               Outcome.ADJOURNED: "D"}  # no TRF-16 code: an unrated draw [ours, see damas.engine.trf]


def _fmt_points(half: int) -> str:
    return f"{half // 2}.{5 if half % 2 else 0}"


def _cell_text(res: RoundResult) -> str:
    if res.outcome is Outcome.NOT_PAIRED:
        return " " * 8
    if res.opponent is None or not res.outcome.has_opponent:
        return f"0000 - {_WRITE_BYE.get(res.outcome, 'Z')}"
    return f"{res.opponent:4d} {res.color.value} {_WRITE_GAME[res.outcome]}"


def _paired_text(cell: PairedCell) -> str:
    """A board of the round in progress: a blank result while it is being played."""
    if cell.opponent is None:
        return f"0000 - {_WRITE_BYE.get(cell.outcome, 'Z') if cell.outcome else 'Z'}"
    code = _WRITE_GAME[cell.outcome] if cell.outcome is not None else " "
    return f"{cell.opponent:4d} {cell.color.value} {code}"


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
    in_progress: Mapping[int, PairedCell] | None = None,
    kept_lines: Sequence[str] | None = None,
) -> str:
    """Write TRF-16 (LF line endings) or TRF-2026 (CR LF) text for a state or a read `TrfTournament`.

    `points` (half points) overrides the points column, which otherwise counts the completed
    rounds in chess points; `ranks` fills the rank column (default: starting number);
    `pending` writes requested byes of the next round (TRF-16: in its column, ``H``, ``Z``,
    ``F``; TRF-2026: 240 records). `accelerations` (half points per round, index 0 = round 1)
    become ``XXA`` lines / 250 records; TRF-2026 also writes 192 for `system` (+ `acceleration`)
    and 202 for `tiebreaks` (FIDE acronyms, as written; see `trf.records.tiebreak_acronyms`).
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
        in_progress = source.in_progress if in_progress is None else in_progress
        kept_lines = source.kept_lines if kept_lines is None else kept_lines
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
    engine = rec.engine_lines(state.total_rounds, first_color, trf26, system or "", acceleration or "",
                              tiebreaks or ())
    code = source.system_code if isinstance(source, TrfTournament) else ""
    if trf26 and code and not any(line.startswith("192 ") for line in engine):
        engine.append(f"192 {_field(code)}")  # a type we do not pair (a team Swiss...), kept as written
    lines.extend(engine)
    pend_code = {Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z", Outcome.FULL_BYE: "F"}
    for e in sorted(state.entrants, key=lambda x: x.start_no):
        if e.start_no > 9999:
            raise EngineError(f"starting number {e.start_no} does not fit TRF (max 9999)")
        res = state.rounds_of(e.start_no)
        half = points[e.start_no] if points is not None and e.start_no in points else trf_points(res)
        sex = {"f": "w", "m": "m"}.get(e.sex, " ")
        birth = f"{e.birth_year:04d}/00/00" if e.birth_year else ""
        rank = ranks.get(e.start_no, e.start_no) if ranks else e.start_no
        head = (f"001 {e.start_no:4d} {sex}{_field(to_trf(e.title)):>3} {_field(e.name)[:33]:<33} "
                f"{(str(e.rating) if e.rating else ''):>4} {_field(e.federation)[:3]:<3} {_field(e.fide_id)[:11]:>11} "
                f"{birth:<10} {_fmt_points(half):>4} {rank:4d}")
        cells = [_cell_text(r) for r in res]
        if in_progress and e.start_no in in_progress:
            cells.append(_paired_text(in_progress[e.start_no]))
        elif not trf26 and e.start_no in pending and pending[e.start_no] in pend_code:
            cells.append(f"0000 - {pend_code[pending[e.start_no]]}")
        body = "".join("  " + c for c in cells)
        lines.append((head + body).rstrip())
    table = {no: tuple(v) for no, v in (accelerations or {}).items()}
    team = isinstance(source, TrfTournament) and source.team is not None
    if trf26 and not team:  # a team file's 240 / 250 name teams: written back with its team records
        lines.extend(rec.bye_240_lines(state.rounds_played + 1, pending))
        lines.extend(rec.acceleration_250_lines(table))
    else:
        lines.extend(rec.xxa_lines(table))
    if trf26 and kept_lines:
        lines.extend(_field(line).rstrip() for line in kept_lines)  # TRF-2026 records kept as text
    end = "\r\n" if trf26 else "\n"
    return end.join(lines) + end

