"""TRF-2026 records and the pairing engines' TRF-16 extensions that let another program rebuild
an event (read by `trf.read_trf`, written by `trf.write_trf`).

TRF-2026 (FIDE TEC, "Format of Tournament Report File, version 2026") keeps the TRF-16 player
lines (001) and adds tournament records; the ones a pairing or tie-break program needs:

    142 n                   number of rounds
    152 W|B                 initial colour (of the top player paired in round 1)
    192 TYPE                encoded type of tournament (FIDE_DUTCH_2025, ..._BAKU)
    202 a,b,c               tie-breaks (the FIDE acronyms of the mandatory tie-break list)
    240 T RRR PPPP PPPP     byes F/H/Z of round RRR (cols 5, 7-9, then 11-14, 16-19, ...)
    250 MMMM GGGG RRF RRL PPPF PPPL   accelerated rounds: fictitious points GGGG (cols 10-13)
                            in rounds RRF-RRL (15-17, 19-21) for players PPPF-PPPL (23-26, 28-31)
    ### ...                 comment

TRF-16 engines (JaVaFo's advanced user manual, bbpPairings) read ``XXR`` (rounds), ``XXC``
(``white1``/``black1``) and ``XXA nnnn`` (columns 5-8 the player) followed by one field per
round, columns 10-13, 15-18, ...: the fictitious points added to his score in that round.

Values here are chess half points (a win = 2), as `trf` keeps every TRF score. [ours] The
other TRF-2026 tournament records a pairing of individuals does not need (162 scoring, 172,
182, 212, 222) are kept as text and written back in TRF-2026; scores are read 1 / ½ / 0 as in
TRF-16. Every other record of the specification is read too: the team records (013 /
310 teams, 300 out-of-order boards, 320 pairing-allocated byes, 330 forfeited matches, 352 board
colours, 362 match points) make a team file and are read by `trf.teams`, where 240 and 250 name
teams and 250 may give match points; 260 (prohibited pairings), 299 (abnormal points), 801 / 802
(informative team lines), the national-rating records (a federation code, e.g. ``BRA``, with
the 001 columns) and the pairing engines' other ``XX?`` lines are kept as text, listed as "kept,
not used" (`Records.kept`), and the TRF-2026 ones written back. A line whose code is none of
these is listed apart (`Records.unknown`), never read as data.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

from damas.engine.tiebreaks.fide_codes import parse_fide_list, to_fide
from damas.engine.types import Color, EngineError, Outcome
from damas.engine.integers import parse_int

__all__ = [
    "TRF16", "TRF26", "TRF26_ONLY", "TRF26_TEXT_HEADERS", "Records", "RecordError",
    "xxa_lines", "acceleration_250_lines", "bye_240_lines", "system_type", "system_of_type",
    "tiebreak_acronyms", "tiebreak_codes_of", "format_points", "engine_lines",
]

TRF16, TRF26 = "TRF-16", "TRF-26"
# Records that exist only in TRF-2026: any of them (or a ### comment) makes a file TRF-2026.
TRF26_ONLY = frozenset({"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250",
                        "260", "299", "300", "310", "320", "330", "352", "362", "801", "802"})
# TRF-2026 tournament records kept as text (not interpreted), written back only in TRF-2026.
TRF26_TEXT_HEADERS = ("162", "172", "182", "212", "222")
# Team records (`trf.teams` reads them) and the records only kept as text; both written back as read.
TEAM_RECORDS = frozenset({"013", "300", "310", "320", "330", "352", "362"})
KEPT_RECORDS = frozenset({"260", "299", "801", "802"})
# What each record is, for the import preview's "kept, not used" list.
RECORD_NAMES = {
    "162": "scoring point system (individuals)", "172": "starting rank method", "182": "pairing controller",
    "212": "tie-breaks defining the standings", "222": "encoded time control", "260": "prohibited pairings",
    "299": "abnormal points", "801": "team informative record", "802": "team informative record (short)",
    "352": "board colour sequence", "362": "team scoring point system", "013": "team (old form)",
    "310": "team", "300": "out-of-order boards", "320": "pairing-allocated byes of teams",
    "330": "forfeited matches", "NRS": "national rating", "XX": "pairing-engine extension",
}

# The pairing systems the encoded type of tournament (192) names; the acceleration is a suffix.
# [ours] plain FIDE_DUTCH reads as our 2017 edition `dutch`; FIDE_DUTCH_2025/_2026 as `dutch-2025`.
_TYPES = {"dutch": "FIDE_DUTCH", "dutch-2025": "FIDE_DUTCH_2025"}
_READ_TYPES = {"FIDE_DUTCH": "dutch", "FIDE_DUTCH_2017": "dutch", "FIDE_DUTCH_2025": "dutch-2025",
               "FIDE_DUTCH_2026": "dutch-2025"}
# Our tie-break codes whose FIDE acronym differs (C.07 names); modifiers: ours "-C1", FIDE "/C1".
class RecordError(EngineError):
    """A malformed TRF-2026 or extension record; `trf` turns it into a TrfError with the line
    (`line` when the record is checked after the whole file was read)."""

    def __init__(self, message: str, column: int | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.column = column
        self.line = line


# Codes the reader itself reads (001, the TRF-16 headers, XXR / XXC).
_OURS = frozenset({"001", "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
                   "132", "XXR", "XXC"})


def _national(tag: str, line: str) -> bool:
    """A national-rating-support record: a federation code (3 capitals) with a starting number in
    the 001 columns 5-8 (TRF-2026 "National Rating Support")."""
    return len(tag) == 3 and tag.isalpha() and tag.isupper() and not tag.startswith("XX") \
        and line[3:4] == " " and parse_int(line[4:8]) is not None


def format_points(half: int) -> str:
    """Chess half points as TRF writes them: ``1.0``, ``0.5``, ``11.5``."""
    return f"{half // 2}.{5 if half % 2 else 0}"


def _half_points(raw: str, column: int) -> int:
    s = raw.strip()
    try:
        half = Fraction(s) * 2
    except (ValueError, ZeroDivisionError):
        raise RecordError(f"points must be a decimal number, got {s!r}", column) from None
    if half.denominator != 1 or half < 0:
        raise RecordError(f"points must be a multiple of 0.5, got {s!r}", column)
    return int(half)


def _number(raw: str, column: int, what: str) -> int:
    number = parse_int(raw, minimum=1)
    if number is None:
        raise RecordError(f"{what} must be a positive whole number, got {raw.strip()!r}", column)
    return number


@dataclass
class Records:
    """What the TRF-2026 records and the extensions of one file say (filled line by line)."""

    version: str = TRF16
    total_rounds: int | None = None
    first_color: Color | None = None
    system: str = ""  # our pairing-system code from 192, "" when absent or not ours
    acceleration: str = ""  # "baku" when 192 names the Baku method
    tiebreaks: tuple[str, ...] = ()  # 202 as written (FIDE acronyms)
    accelerations: dict[int, dict[int, int]] = field(default_factory=dict)  # no -> round -> half points
    byes: list[tuple[int, str, int, int]] = field(default_factory=list)  # (round, F|H|Z, start no, line)
    headers: dict[str, str] = field(default_factory=dict)  # TRF26_TEXT_HEADERS as written
    kept: list[tuple[str, int]] = field(default_factory=list)  # (tag, line) read and kept, not used
    kept_lines: list[str] = field(default_factory=list)  # the TRF-2026 ones, written back as read
    unknown: list[tuple[str, int]] = field(default_factory=list)  # (tag, line) of no known record
    team_lines: list[tuple[str, str, int]] = field(default_factory=list)  # (tag, line, lineno) for trf.teams
    system_code: str = ""  # 192 as written
    bye_lines: list[tuple[str, int]] = field(default_factory=list)  # the 240 records as written, line
    raw_250: list[tuple[int, int, int, int, int, int, int, str]] = field(default_factory=list)

    lineno: int = 0  # the line being read (for the 240 records checked after the 001 lines)

    def feed(self, tag: str, line: str, lineno: int = 0) -> bool:
        """Read one line if it is a record of this module; False leaves it to the caller."""
        self.lineno = lineno
        if tag == "###":
            self.version = TRF26
            return True
        if tag in TRF26_ONLY:
            self.version = TRF26
        reader = _READERS.get(tag)
        if reader is not None:
            reader(self, line)
            if tag in TRF26_TEXT_HEADERS:
                self.kept.append((tag, lineno))
            return True
        if tag in TEAM_RECORDS:
            self.team_lines.append((tag, line, lineno))
            self.kept_lines.append(line)
            return True
        if tag in KEPT_RECORDS or _national(tag, line):
            self.kept.append(("NRS" if tag not in KEPT_RECORDS else tag, lineno))
            self.kept_lines.append(line)
            return True
        if tag.startswith("XX") and tag not in ("XXR", "XXC"):
            self.kept.append((tag, lineno))  # JaVaFo / bbpPairings extensions we do not use (TRF-16 only)
            return True
        if tag not in _OURS:
            self.unknown.append((tag, lineno))
            return True
        return False

    def resolve_250(self, team: bool) -> None:
        """The 250 records once the kind of file is known: in an individual file the fictitious
        points of players (match points must be empty); in a team file they name teams and are
        read by `trf.teams` (kept beside the team records)."""
        for mp, gp, first, last, lo, hi, lineno, line in self.raw_250:
            if team:
                self.team_lines.append(("250", line, lineno))
                self.kept_lines.append(line)
                continue
            if mp:
                raise RecordError("match points (250) must be empty in an individual event", 5, lineno)
            if not gp:
                raise RecordError("fictitious points (250) must differ from 0.0", 10, lineno)
            for no in range(lo, hi + 1):
                table = self.accelerations.setdefault(no, {})
                for rnd in range(first, last + 1):
                    table[rnd] = gp

    def acceleration_table(self) -> dict[int, tuple[int, ...]]:
        """Per player, the fictitious half points of rounds 1..n (0 where none)."""
        out: dict[int, tuple[int, ...]] = {}
        for no, by_round in self.accelerations.items():
            if any(by_round.values()):
                last = max(r for r, v in by_round.items() if v)
                out[no] = tuple(by_round.get(r, 0) for r in range(1, last + 1))
        return out


def _read_142(rec: Records, line: str) -> None:
    rec.total_rounds = _number(line[4:], 5, "the number of rounds (142)")


def _read_152(rec: Records, line: str) -> None:
    value = line[4:].strip().upper()
    if value not in ("W", "B"):
        raise RecordError(f"initial colour (152) must be W or B, got {value!r}", 5)
    rec.first_color = Color.WHITE if value == "W" else Color.BLACK


def _read_192(rec: Records, line: str) -> None:
    value = line[4:].strip().upper()
    rec.system_code = value
    base, baku = (value[:-5], True) if value.endswith("_BAKU") else (value, False)
    rec.system = _READ_TYPES.get(base, "")
    rec.acceleration = "baku" if baku else ""


def _read_202(rec: Records, line: str) -> None:
    rec.tiebreaks = tuple(c.strip() for c in line[4:].replace(";", ",").split(",") if c.strip())


def _read_text(rec: Records, line: str) -> None:
    tag = line[:3]
    value = line[4:].rstrip()
    rec.headers[tag] = rec.headers[tag] + "\n" + value if tag in rec.headers else value


def _read_240(rec: Records, line: str) -> None:
    kind = line[4:5].upper()
    if kind not in ("F", "H", "Z"):
        raise RecordError(f"type of bye (240) must be F, H or Z, got {kind!r}", 5)
    rnd = _number(line[6:9], 7, "the round (240)")
    k = 10
    body = line.rstrip()
    if len(body) <= k:
        raise RecordError("a bye record (240) names at least one player", 11)
    while k < len(body):
        rec.byes.append((rnd, kind, _number(body[k:k + 4], k + 1, "a starting number (240)"), rec.lineno))
        k += 5
    rec.bye_lines.append((line, rec.lineno))


def _read_250(rec: Records, line: str) -> None:
    body = line.rstrip()
    if len(body) < 26:
        raise RecordError("an accelerated-rounds record (250) reads '250 MMMM GGGG RRF RRL PPPF PPPL'", 1)
    match = _half_points(body[4:8], 5) if body[4:8].strip() else 0
    points = _half_points(body[9:13], 10) if body[9:13].strip() else 0
    first, last = _number(body[14:17], 15, "the first round (250)"), _number(body[18:21], 19, "the last round (250)")
    lo = _number(body[22:26], 23, "the first player (250)")
    hi = _number(body[27:31], 28, "the last player (250)") if body[27:31].strip() else lo
    if last < first or hi < lo:
        raise RecordError("a range of the accelerated-rounds record (250) ends before it starts", 15)
    rec.raw_250.append((match, points, first, last, lo, hi, rec.lineno, line))


def _read_xxa(rec: Records, line: str) -> None:
    no = _number(line[4:8], 5, "the player (XXA)")
    body = line.rstrip()
    table = rec.accelerations.setdefault(no, {})
    k, rnd = 9, 1
    while k < len(body):
        if body[k - 1] != " ":
            raise RecordError("XXA fields are 4 columns wide, one blank apart", k)
        raw = body[k:k + 4]
        if len(raw) < 4:
            raise RecordError("an XXA field is 4 columns wide (e.g. ' 1.0')", k + 1)
        table[rnd] = _half_points(raw, k + 1) if raw.strip() else 0
        k, rnd = k + 5, rnd + 1


_READERS = {"142": _read_142, "152": _read_152, "192": _read_192, "202": _read_202, "240": _read_240,
            "250": _read_250, "XXA": _read_xxa, **{tag: _read_text for tag in TRF26_TEXT_HEADERS}}


def xxa_lines(accelerations: Mapping[int, Sequence[int]]) -> list[str]:
    """TRF-16 ``XXA`` lines: per accelerated player, every round up to his last virtual point."""
    lines = []
    for no in sorted(accelerations):
        values = list(accelerations[no])
        while values and not values[-1]:
            values.pop()
        if values:
            lines.append(f"XXA {no:4d}" + "".join(f" {format_points(v):>4}" for v in values))
    return lines


def acceleration_250_lines(accelerations: Mapping[int, Sequence[int]]) -> list[str]:
    """TRF-2026 ``250`` records: the same table, as runs of consecutive players getting the same
    points in a run of consecutive rounds (fewest records for the Baku groups)."""
    runs: dict[tuple[int, int, int], list[int]] = {}  # (points, first no, last no) -> rounds
    rounds = max((len(v) for v in accelerations.values()), default=0)
    for rnd in range(1, rounds + 1):
        by_points: dict[int, list[int]] = {}
        for no in sorted(accelerations):
            values = accelerations[no]
            if rnd <= len(values) and values[rnd - 1]:
                by_points.setdefault(values[rnd - 1], []).append(no)
        for points, nos in by_points.items():
            start = prev = nos[0]
            for no in nos[1:] + [None]:  # type: ignore[list-item]
                if no is not None and no == prev + 1:
                    prev = no
                    continue
                runs.setdefault((points, start, prev), []).append(rnd)
                if no is not None:
                    start = prev = no
    lines: list[tuple[int, int, str]] = []
    for (points, lo, hi), rnds in runs.items():
        first = prev = rnds[0]
        for rnd in rnds[1:] + [None]:  # type: ignore[list-item]
            if rnd is not None and rnd == prev + 1:
                prev = rnd
                continue
            lines.append((first, lo, f"250      {format_points(points):>4} {first:03d} {prev:03d} {lo:04d} {hi:04d}"))
            if rnd is not None:
                first = prev = rnd
    return [text for _, _, text in sorted(lines)]


def bye_240_lines(round_no: int, byes: Mapping[int, Outcome]) -> list[str]:
    """TRF-2026 ``240`` records of the requested byes of one round (one record per kind)."""
    code = {Outcome.FULL_BYE: "F", Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z"}
    lines = []
    for outcome in (Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE):
        nos = sorted(no for no, o in byes.items() if o is outcome)
        for k in range(0, len(nos), 20):
            lines.append(f"240 {code[outcome]} {round_no:03d}" + "".join(f" {no:4d}" for no in nos[k:k + 20]))
    return lines


def system_type(system: str, acceleration: str = "") -> str:
    """The encoded type of tournament (192) of our pairing-system code, "" when it has none."""
    base = _TYPES.get(system, "")
    return base + "_BAKU" if base and acceleration == "baku" else base


def system_of_type(value: str) -> str:
    return _READ_TYPES.get(value.strip().upper().removesuffix("_BAKU"), "")


def tiebreak_acronyms(codes: Sequence[str]) -> str:
    """Our tie-break codes as the FIDE acronyms of the 202 record (``BH/C1,BH,SB,WON``)."""
    return ",".join(to_fide(code) for code in codes)


def tiebreak_codes_of(acronyms: Sequence[str]) -> tuple[str, ...]:
    """The 202 record's FIDE acronyms as our registered tie-break codes (FIDE's meaning: ``WIN``
    is rounds won, our ``WIN-R``; `damas.engine.tiebreaks.fide_codes`); EngineError names every
    one we do not compute."""
    return parse_fide_list(",".join(acronyms))


def engine_lines(total: int, first_color: Color | None, trf26: bool, system: str, acceleration: str,
                 tiebreaks: Sequence[str]) -> list[str]:
    """Rounds, initial colour, and in TRF-2026 the type of tournament and the tie-breaks."""
    colour = first_color if first_color in (Color.WHITE, Color.BLACK) else None
    if not trf26:
        out = [f"XXR {total}"]
        if colour is not None:
            out.append(f"XXC {'white1' if colour is Color.WHITE else 'black1'}")
        return out
    out = [f"142 {total}"]
    if colour is not None:
        out.append(f"152 {'W' if colour is Color.WHITE else 'B'}")
    if kind := system_type(system, acceleration):
        out.append(f"192 {kind}")
    if tiebreaks:
        out.append(f"202 {','.join(tiebreaks)}")
    return out
