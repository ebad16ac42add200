"""A team tournament in a TRF-2026 file: the teams, their boards, the rounds' matches
with match and game points, from the team records and the players' 001 lines.

The records (FIDE TEC, TRF-2026 "Team Section" and after; columns 1-based):

    310 TTT NAME(9-40) NICK(42-46) STRENGTH(48-53) MP(55-60) GP(62-67) RANK(69-71) P1(74-77) P2(79-82) ...
    013 NAME(5-36) P1(37-40) P2(42-45) ...        the older form (no number: the order is the number)
    300 RRR TTT OOO P1(17-20) P2(22-25) ...       round, team out of its 310 order, opponent, its boards
    320 MMMM GGGG T1(15-17) T2(19-21) ...         pairing-allocated bye: its points, then the team per round
    330 TT RRR WWW BBB                            forfeited match: +- / -+ / --, round, White and Black team
    240 T RRR TTTT TTTT ...                       F / H / Z bye of teams (the 001 columns: 11-14, 16-19 ...)
    250 MMMM GGGG RRF RRL FFFF LLLL               fictitious match / game points of teams (acceleration)
    352 WBWB                                      board colours of the team with White on board 1
    362 TW 2.0 TD 1.0 TL 0.0                      match points of a won / drawn / lost match

What we compute [ours, where the text is silent]: a match's game points are the sum of its
boards' points (the 001 result codes, 1 / ½ / 0, a forfeit win 1); its match points compare
them (362, default 2 / 1 / 0), a 330 forfeit gives the winner a win's and the loser no match
points; a 320 bye gives its own match and game points; a 240 bye gives a won (F) or drawn (H)
match's match points and game points (all boards, half the boards) or nothing (Z). A team's
opponent in a round is the team of its players' opponents (all must agree, else the file is
refused). Values are half points (a won game = 2; match points TW 2.0 = 4), as `trf` keeps
every score. The points the 310 records write are kept (`file_match_points`...) so a preview
can list where they differ from the rounds.

Files of other programs, read as their writers mean them [ours, where a file contradicts itself]:
a blank field of a list of numbers (a 320 round with no pairing-allocated bye, an empty board of
a 310 / 300 line-up) reads as 0, as the spec's own `000`; 320 points may be written ` 1.0` or
`01.0`. A 300 line-up naming a player of another team than his 310 roster gives trusts the
roster: when every player it names is of the opponent's team (the team and opponent columns
swapped) it is that team's order; otherwise the players of other teams are left out of it. Each
such line is kept in `notes` so the preview says what was read differently.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

from damas.engine.trf.tournament import TrfError, TrfTournament
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState
from damas.engine.integers import parse_int

_GAME_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.FORFEIT_WIN: 2, Outcome.ADJOURNED: 1}


@dataclass(frozen=True)
class TrfTeam:
    """A team of the file: number (310 pairing number or 013 order), name, nickname, players in
    board order, and what its 310 record says (None when not written)."""

    no: int
    name: str
    nickname: str
    roster: tuple[int, ...]
    file_match_points: int | None = None
    file_game_points: int | None = None
    file_rank: int | None = None


@dataclass(frozen=True)
class TrfMatch:
    """A match of a round: White team (White on board 1), Black team (None: a bye of `kind`),
    each side's game and match points; `forfeit` the 330 type; `boards` (the White team's player,
    the Black team's player) per board; `played` False for a scheduled match without results yet."""

    round: int
    white: int
    black: int | None
    game_points: tuple[int, int]
    match_points: tuple[int, int]
    kind: str = ""  # "" a match, "PAB", "F", "H", "Z" a bye
    forfeit: str = ""
    boards: tuple[tuple[int | None, int | None], ...] = ()
    played: bool = True


@dataclass(frozen=True)
class TeamNote:
    """A line read otherwise than it is written (see the module docstring): `kind` "300-swapped"
    (the line-up is the opponent's, `team` the team it was read for) or "300-other-team"
    (`players` left out of `team`'s line-up of `round`)."""

    kind: str
    line: int = field(compare=False)  # where the file wrote it (a rewritten file moves it)
    round: int = 0
    team: int = 0
    players: tuple[int, ...] = ()


@dataclass(frozen=True)
class TrfTeams:
    teams: tuple[TrfTeam, ...]
    matches: tuple[TrfMatch, ...]
    scheduled: tuple[TrfMatch, ...]  # the round in progress (no results yet)
    match_points: Mapping[int, int] = field(default_factory=dict)
    game_points: Mapping[int, int] = field(default_factory=dict)
    boards: int = 0
    scoring: tuple[int, int, int] = (4, 2, 0)  # TW, TD, TL in half points
    accelerations: tuple[tuple[int, int, int, int, int, int], ...] = ()  # (MP, GP, first, last, lo, hi)
    primary: str = "MP"  # the 192 code's primary score (MP or GP)
    notes: tuple[TeamNote, ...] = ()

    def differences(self) -> list[tuple[int, str, int, int]]:
        """(team, "MP" / "GP", the file's value, the rounds' sum) wherever the 310 record differs."""
        out = []
        for t in self.teams:
            for what, written, total in (("MP", t.file_match_points, self.match_points[t.no]),
                                         ("GP", t.file_game_points, self.game_points[t.no])):
                if written is not None and written != total:
                    out.append((t.no, what, written, total))
        return out


def _half(raw: str, line: int, column: int) -> int:
    s = raw.strip()
    if not s:
        return 0
    try:
        half = Fraction(s) * 2
    except (ValueError, ZeroDivisionError):
        raise TrfError(f"points must be a decimal number, got {s!r}", line, column) from None
    if half.denominator != 1:
        raise TrfError(f"points must be a multiple of 0.5, got {s!r}", line, column)
    return int(half)


def _int(raw: str, line: int, column: int, what: str) -> int:
    number = parse_int(raw)
    if number is None:
        raise TrfError(f"{what} must be a whole number, got {raw.strip()!r}", line, column)
    return number


def _numbers(line: str, start: int, width: int, lineno: int, what: str) -> list[int]:
    """The fields of `width` columns from column `start`, one blank apart (0 kept: an empty board;
    a blank field is 0 too, as other programs write an unused one)."""
    out, k, body = [], start - 1, line.rstrip()
    while k < len(body):
        field = body[k:k + width]
        out.append(_int(field, lineno, k + 1, what) if field.strip() else 0)
        k += width + 1
    return out


def _lineup(line: str, lineno: int, rnd: int, no: int, team_of: dict[int, int],
            notes: list[TeamNote]) -> tuple[int, tuple[int, ...]]:
    """The team a 300 line-up is of and its players, trusting the 310 rosters (module docstring)."""
    players = tuple(_numbers(line, 17, 4, lineno, "a player (300)"))
    strangers = tuple(p for p in players if p and team_of.get(p) != no)
    if not strangers:
        return no, players
    opponent = parse_int(line[12:15])
    named = {team_of.get(p) for p in players if p}
    if len(named) == 1 and opponent is not None and named == {opponent}:
        notes.append(TeamNote("300-swapped", lineno, rnd, opponent))
        return opponent, players
    notes.append(TeamNote("300-other-team", lineno, rnd, no, strangers))
    return no, tuple(0 if p in strangers else p for p in players)


def _teams(lines: list[tuple[str, str, int]], players: set[int], where: dict[int, int]) -> list[TrfTeam]:
    new = [x for x in lines if x[0] == "310"]
    rows = new or [x for x in lines if x[0] == "013"]  # 013 only when there is no 310 (both are allowed)
    teams: dict[int, TrfTeam] = {}
    for k, (tag, line, lineno) in enumerate(rows, start=1):
        if tag == "310":
            no = _int(line[4:7], lineno, 5, "the team pairing number (310)")
            team = TrfTeam(no, line[8:40].strip(), line[41:46].strip(),
                           tuple(_numbers(line, 74, 4, lineno, "a player (310)")),
                           _half(line[54:60], lineno, 55) if line[54:60].strip() else None,
                           _half(line[61:67], lineno, 62) if line[61:67].strip() else None,
                           parse_int(line[68:71]) if line[68:71].strip() else None)
        else:
            no = k
            team = TrfTeam(no, line[4:36].strip(), "", tuple(_numbers(line, 37, 4, lineno, "a player (013)")))
        if no in teams:
            raise TrfError(f"team {no} appears twice", lineno, 5)
        for p in team.roster:
            if p and p not in players:
                raise TrfError(f"team {no} names player {p}, who has no 001 line", lineno)
        teams[no] = team
        where[no] = lineno
    return [teams[no] for no in sorted(teams)]


def _scoring(lines: list[tuple[str, str, int]]) -> tuple[int, int, int]:
    values = {"TW": 4, "TD": 2, "TL": 0}
    for tag, line, lineno in lines:
        if tag == "362":
            for code, number in re.findall(r"(T[WDL])\s*(-?\d+(?:\.\d+)?)", line[4:].upper()):
                values[code] = _half(number, lineno, 5)
    return values["TW"], values["TD"], values["TL"]


def read_teams(trf: TrfTournament, records) -> TrfTeams:  # type: ignore[no-untyped-def]
    """The team tournament of a team file (see the module docstring); TrfError on a contradiction."""
    lines = records.team_lines
    state = trf.state
    where: dict[int, int] = {}  # team -> the line of its team record
    teams = _teams(lines, {e.start_no for e in state.entrants}, where)
    if not teams:
        raise TrfError("a team file needs its team records (310 or 013)", max(1, lines[0][2] if lines else 1))
    team_of = {p: t.no for t in teams for p in t.roster if p}
    tw, td, tl = _scoring(lines)
    colours = next((line[4:].strip().upper() for tag, line, _ in lines if tag == "352"), "")
    boards = len(colours) or max((len(t.roster) for t in teams), default=0)
    by_no = {t.no: t for t in teams}
    byes: dict[tuple[int, int], tuple[str, int, int]] = {}
    forfeits: dict[tuple[int, int], str] = {}
    named: list[tuple[int, int, int]] = []  # (round, team, line) each record names, checked below
    order: dict[tuple[int, int], tuple[int, ...]] = {}
    notes: list[TeamNote] = []
    accel = []
    for tag, line, lineno in lines:
        if tag == "320":
            mp, gp = _half(line[4:8], lineno, 5), _half(line[9:13], lineno, 10)
            for rnd, no in enumerate(_numbers(line, 15, 3, lineno, "a team (320)"), start=1):
                if no:
                    byes[(rnd, no)] = ("PAB", mp, gp)
                    named.append((rnd, no, lineno))
        elif tag == "240":
            kind, rnd = line[4:5].upper(), _int(line[6:9], lineno, 7, "the round (240)")
            for no in filter(None, _numbers(line, 11, 4, lineno, "a team (240)")):
                mp = {"F": tw, "H": td}.get(kind, 0)
                byes[(rnd, no)] = (kind, mp, {"F": 2 * boards, "H": boards}.get(kind, 0))
                named.append((rnd, no, lineno))
        elif tag == "330":
            rnd = _int(line[7:10], lineno, 8, "the round (330)")
            white, black = _int(line[11:14], lineno, 12, "a team (330)"), _int(line[15:18], lineno, 16, "a team (330)")
            if line[4:6] not in ("+-", "-+", "--"):
                raise TrfError(f"type of forfeit (330) must be +-, -+ or --, got {line[4:6]!r}", lineno, 5)
            forfeits[(rnd, white)] = forfeits[(rnd, black)] = line[4:6]
            named.extend(((rnd, white, lineno), (rnd, black, lineno)))
        elif tag == "300":
            rnd, no = _int(line[4:7], lineno, 5, "the round (300)"), _int(line[8:11], lineno, 9, "a team (300)")
            no, players = _lineup(line, lineno, rnd, no, team_of, notes)
            order[(rnd, no)] = players
            named.append((rnd, no, lineno))
        elif tag == "250":
            first = _int(line[22:26], lineno, 23, "the first team (250)")
            accel.append((_half(line[4:8], lineno, 5), _half(line[9:13], lineno, 10),
                          _int(line[14:17], lineno, 15, "the first round (250)"),
                          _int(line[18:21], lineno, 19, "the last round (250)"), first,
                          _int(line[27:31], lineno, 28, "the last team (250)") if line[27:31].strip() else first))
    for rnd, no, lineno in named:
        if no not in by_no:
            raise TrfError(f"round {rnd}: team {no} has no team record", lineno)
    matches: list[TrfMatch] = []
    rounds = state.rounds_played
    for rnd in range(1, rounds + 1):
        matches.extend(_round(rnd, teams, team_of, {no: state.rounds_of(no)[rnd - 1] for no in team_of},
                              byes, forfeits, order, (tw, td, tl), where))
    scheduled = _scheduled(rounds + 1, teams, team_of, trf, byes, where) if trf.in_progress else []
    mp = {t.no: 0 for t in teams}
    gp = {t.no: 0 for t in teams}
    for m in matches:
        for side, no in enumerate((m.white, m.black)):
            if no is not None:
                mp[no] += m.match_points[side]
                gp[no] += m.game_points[side]
    primary = "GP" if "_GP" in trf.system_code and trf.system_code.find("_GP") < (trf.system_code + "_MP").find("_MP") else "MP"
    return TrfTeams(tuple(teams), tuple(matches), tuple(scheduled), mp, gp, boards, (tw, td, tl), tuple(accel), primary,
                    tuple(notes))


def _round(rnd, teams, team_of, results, byes, forfeits, order, scoring, where) -> list[TrfMatch]:  # type: ignore[no-untyped-def]
    """The matches and byes of one completed round."""
    tw, td, tl = scoring
    out: list[TrfMatch] = []
    seen: set[int] = set()
    for team in teams:
        if team.no in seen:
            continue
        if (rnd, team.no) in byes:
            kind, mp, gp = byes[(rnd, team.no)]
            out.append(TrfMatch(rnd, team.no, None, (gp, 0), (mp, 0), kind=kind))
            seen.add(team.no)
            continue
        lineup = [p for p in order.get((rnd, team.no), team.roster) if p]
        opponents = {team_of.get(results[p].opponent) for p in lineup
                     if results[p].opponent is not None and results[p].outcome.has_opponent}
        if not opponents:
            continue
        if len(opponents) != 1 or None in opponents:
            raise TrfError(f"round {rnd}: the players of team {team.no} meet more than one team", where[team.no])
        other = opponents.pop()
        seen.update((team.no, other))
        boards = [(p, results[p].opponent) for p in lineup if results[p].outcome.has_opponent]
        first_white = results[boards[0][0]].color.value == "w"
        gp_a = sum(_GAME_POINTS.get(results[p].outcome, 0) for p, _ in boards)
        gp_b = sum(_GAME_POINTS.get(results[o].outcome, 0) for _, o in boards)
        kind = forfeits.get((rnd, team.no), "")
        if kind:
            win = kind in ("+-", "-+")
            a_wins = win and ((kind == "+-") == first_white)
            mp = ((tw, tl) if a_wins else (tl, tw)) if win else (0, 0)
        else:
            mp = (tw, tl) if gp_a > gp_b else (tl, tw) if gp_a < gp_b else (td, td)
        pairs = tuple((p, o) for p, o in boards)
        if first_white:
            out.append(TrfMatch(rnd, team.no, other, (gp_a, gp_b), mp, forfeit=kind, boards=pairs))
        else:
            out.append(TrfMatch(rnd, other, team.no, (gp_b, gp_a), (mp[1], mp[0]), forfeit=kind,
                                boards=tuple((o, p) for p, o in pairs)))
    return out


def _scheduled(rnd, teams, team_of, trf, byes, where) -> list[TrfMatch]:  # type: ignore[no-untyped-def]
    """The matches of the round in progress (paired, no results yet) and its byes."""
    out, seen = [], set()
    for team in teams:
        if team.no in seen:
            continue
        if (rnd, team.no) in byes:
            kind, mp, gp = byes[(rnd, team.no)]
            out.append(TrfMatch(rnd, team.no, None, (gp, 0), (mp, 0), kind=kind, played=False))
            seen.add(team.no)
            continue
        cells = [(p, trf.in_progress[p]) for p in team.roster if p in trf.in_progress
                 and trf.in_progress[p].opponent is not None]
        if not cells:
            continue
        other = team_of.get(cells[0][1].opponent)
        if other is None or any(team_of.get(c.opponent) != other for _, c in cells):
            raise TrfError(f"round {rnd}: the players of team {team.no} meet more than one team", where[team.no])
        seen.update((team.no, other))
        white = team.no if cells[0][1].color.value == "w" else other
        out.append(TrfMatch(rnd, white, other if white == team.no else team.no, (0, 0), (0, 0), played=False,
                            boards=tuple((p, c.opponent) if white == team.no else (c.opponent, p) for p, c in cells)))
    return out


def team_results(teams: TrfTeams, total_rounds: int, name: str = "") -> TournamentState:
    """The teams as a `TournamentState` (entrants = teams, one `RoundResult` per round with the
    match outcome and the team's game points), so the team tie-breaks of RULES.md §4 (`GP`,
    `TSB`, `OPP-MP`, `OPP-GP`) rank them. [ours] A bye is the outcome its match points make it
    (a won match's: pairing-allocated / full-point bye; a drawn match's: half-point bye; none:
    zero-point bye), scored with the 2 / 1 / 0 match points of `engine.teams.team_standings`."""
    tw, td, _tl = teams.scoring
    rows: dict[int, dict[int, RoundResult]] = {t.no: {} for t in teams.teams}
    for m in teams.matches:
        if m.black is None:
            outcome = (Outcome.PAIRING_BYE if m.kind == "PAB" else Outcome.FULL_BYE) if m.match_points[0] >= tw \
                else Outcome.HALF_BYE if m.match_points[0] >= td and m.match_points[0] else Outcome.ZERO_BYE
            rows[m.white][m.round] = RoundResult(m.round, outcome, None, Color.NONE, m.game_points[0])
            continue
        a_mp, b_mp = m.match_points
        played = not m.forfeit
        if played:
            outcome = Outcome.WIN if a_mp > b_mp else Outcome.LOSS if a_mp < b_mp else Outcome.DRAW
        else:
            outcome = Outcome.FORFEIT_WIN if a_mp > b_mp else Outcome.FORFEIT_LOSS if a_mp < b_mp \
                else Outcome.DOUBLE_FORFEIT
        rows[m.white][m.round] = RoundResult(m.round, outcome, m.black, Color.WHITE, m.game_points[0])
        rows[m.black][m.round] = RoundResult(m.round, outcome.mirror, m.white, Color.BLACK, m.game_points[1])
    played = max((m.round for m in teams.matches), default=0)
    results = {no: tuple(row.get(r, RoundResult(r, Outcome.NOT_PAIRED)) for r in range(1, played + 1))
               for no, row in rows.items()}
    entrants = tuple(Entrant(t.no, t.name) for t in teams.teams)
    return TournamentState(entrants, results, max(total_rounds, played), name=name)
