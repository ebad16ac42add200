"""What a TRF file from another program holds beyond an individual event's rounds (issue 28),
for the import preview: the records read and kept as text ("kept, not used"), the lines of no
known record, a type of tournament (192) we do not pair, the round in progress, and a team
tournament's teams with the file's own match and game points beside the rounds' sums.

A team file is read and checked whole (`damas.engine.trf.teams`) and shown on the preview; our
team events are micro-match events (two games per board, CBJD 120), so [ours] a FIDE team
tournament (one game per board) is not written as an event: the preview says so and the confirm
step refuses it, nothing written.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from damas.engine.points import format_value
from damas.engine.teams import default_team_tiebreaks, team_standings
from damas.engine.trf import TrfTournament
from damas.engine.trf.teams import team_results
from damas.engine.types import Outcome

__all__ = ["kept_records", "foreign_problems", "team_rows", "team_tiebreak_names", "round_in_progress_points"]

_HALF = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.FORFEIT_WIN: 2, Outcome.PAIRING_BYE: 2, Outcome.FULL_BYE: 2,
         Outcome.HALF_BYE: 1}


def _names() -> dict[str, str]:
    return {
        "162": _("pontuação das partidas"), "172": _("método da ordem inicial"),
        "182": _("programa que emparceirou"), "212": _("desempates que definem a classificação"),
        "222": _("ritmo de jogo codificado"), "260": _("emparceiramentos proibidos"),
        "299": _("pontos atribuídos fora das partidas"), "801": _("resumo informativo das equipes"),
        "802": _("resumo informativo das equipes (curto)"), "NRS": _("rating nacional"),
    }


def kept_records(trf: TrfTournament) -> list[dict[str, Any]]:
    """The records read and kept as text, not used by the import: code, what it is, lines."""
    names = _names()
    rows: dict[str, dict[str, Any]] = {}
    for tag, line in trf.kept:
        name = names.get(tag) or (_("extensão de programa de emparceiramento") if tag.startswith("XX") else tag)
        rows.setdefault(tag, {"tag": tag, "name": name, "lines": []})["lines"].append(line)
    return list(rows.values())


def round_in_progress_points(trf: TrfTournament, no: int) -> int:
    """Half points a player scored on a finished board of the round in progress (0 otherwise)."""
    cell = trf.in_progress.get(no)
    return _HALF.get(cell.outcome, 0) if cell is not None and cell.outcome is not None else 0


def foreign_problems(trf: TrfTournament) -> list[str]:
    """What the preview must say about the file's other records (see the module docstring)."""
    out = []
    for tag, line in trf.unknown:
        out.append(_("Linha %(line)s: registro %(tag)s desconhecido, ignorado.", line=line, tag=tag))
    if trf.system_code and not trf.system and trf.team is None:
        out.append(_("Tipo de torneio (192) %(code)s: não é um sistema que emparceiramos; escolha o sistema.",
                     code=trf.system_code[:40]))
    if trf.in_progress:
        waiting = sum(1 for c in trf.in_progress.values() if c.opponent is not None and c.outcome is None)
        out.append(_("A rodada %(r)s está emparceirada e em andamento (%(n)s jogadores sem resultado): será "
                     "importada como rodada emparceirada, com os resultados que já tem.",
                     r=trf.next_round, n=waiting))
    if trf.team is not None:
        for team, what, written, total in trf.team.differences():
            out.append(_("Equipe %(no)s: o arquivo diz %(what)s %(file)s, as rodadas somam %(sum)s.", no=team,
                         what=what, file=_fmt(written), sum=_fmt(total)))
        out.append(_("Torneio por equipes (%(code)s): lido e conferido, mas os nossos eventos por equipes são de "
                     "micro-matches (duas partidas por tabuleiro, CBJD 120); este arquivo não pode ser importado "
                     "como evento.", code=trf.system_code or "013/310"))
    return out


def team_rows(trf: TrfTournament) -> list[dict[str, Any]]:
    """A team file's teams for the preview, ranked as our team table ranks them (RULES.md §4 team
    Swiss: the 192 code's primary score, then `default_team_tiebreaks`: GP or MP, TSB, opponents'
    MP, opponents' GP), beside the file's own match and game points and rank."""
    if trf.team is None:
        return []
    names = {e.start_no: e.name for e in trf.state.entrants}
    t = trf.team
    scoring = "match" if t.primary == "MP" else "game"
    table = team_standings(team_results(t, trf.total_rounds), ruleset="fide", scoring=scoring)
    by_no = {team.no: team for team in t.teams}
    rows = []
    for row in table.rows:
        team = by_no[row.start_no]
        rows.append({"rank": row.rank_label, "no": team.no, "name": team.name, "nickname": team.nickname,
                     "players": ", ".join(names.get(p, str(p)) for p in team.roster if p),
                     "mp": _fmt(t.match_points[team.no]), "gp": _fmt(t.game_points[team.no]),
                     "tiebreaks": [format_value(v) for v in row.tiebreaks[1:]],
                     "file_mp": _fmt(team.file_match_points) if team.file_match_points is not None else "",
                     "file_gp": _fmt(team.file_game_points) if team.file_game_points is not None else "",
                     "file_rank": team.file_rank or ""})
    return rows


def team_tiebreak_names(trf: TrfTournament) -> list[str]:
    """The names of the tie-break columns `team_rows` fills (after the first, the other score)."""
    if trf.team is None:
        return []
    scoring = "match" if trf.team.primary == "MP" else "game"
    return list(default_team_tiebreaks(scoring)[1:])


def _fmt(half: int) -> str:
    return f"{half // 2}.{5 if half % 2 else 0}" if half >= 0 else f"-{(-half) // 2}.{5 if half % 2 else 0}"
