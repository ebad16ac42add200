"""What a TRF file from another program holds beyond an individual event's rounds, for the
import preview: the records read and kept as text ("kept, not used"), the lines of no known
record, a type of tournament (192) we do not pair, the round in progress, and a team
tournament's teams with the file's own match and game points beside the rounds' sums.

A team file is read and checked whole (`damas.engine.trf.teams`) and shown on the preview,
ranked as the imported event's team table will rank it; confirming writes it as a team event of
one game per board (`trf_team_import`), finished "for the record": [ours] our team pairing is
the Brazilian micro-match system (CBJD 120), not a FIDE team Swiss, so the preview says the
event is not continued here.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from damas.engine.points import format_value
from damas.engine.teams import default_team_tiebreaks, team_standings
from damas.engine.tiebreaks.fide_codes import from_fide
from damas.engine.trf import TrfTournament
from damas.engine.trf.teams import TeamNote, TrfTeams
from damas.engine.trf.teams import team_results
from damas.engine.types import Color, EngineError, Outcome

__all__ = ["kept_records", "foreign_problems", "team_rows", "team_tiebreak_names", "round_in_progress_points",
           "scoring_of", "team_tiebreaks_of", "TEAM_TIEBREAKS"]

TEAM_TIEBREAKS = frozenset({"GP", "MP", "TSB", "OPP-MP", "OPP-GP"})  # the team tie-breaks we compute (RULES.md §4)

_HALF = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.FORFEIT_WIN: 2, Outcome.PAIRING_BYE: 2, Outcome.FULL_BYE: 2,
         Outcome.HALF_BYE: 1}


def scoring_of(teams: TrfTeams) -> str:
    """The team table's ranking score: the 192 code's primary (match points unless it says GP)."""
    return "match" if teams.primary == "MP" else "game"


def team_tiebreaks_of(acronyms: tuple[str, ...], scoring: str) -> tuple[tuple[str, ...], list[str]]:
    """The 202 record's team tie-breaks we compute, in its order (the ranking score itself left
    out), else the default team order; and the acronyms not used."""
    first = "MP" if scoring == "match" else "GP"
    known, unused = [], []
    for code in acronyms:
        try:
            ours = from_fide(code)
        except EngineError:
            unused.append(code)
            continue
        if ours in TEAM_TIEBREAKS and ours != first and ours not in known:
            known.append(ours)
        elif ours not in TEAM_TIEBREAKS:
            unused.append(code)
    return (tuple(known) if known else default_team_tiebreaks(scoring)), unused


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
        out.extend(_team_note(note) for note in trf.team.notes)
        for team, what, written, total in trf.team.differences():
            out.append(_("Equipe %(no)s: o arquivo diz %(what)s %(file)s, as rodadas somam %(sum)s.", no=team,
                         what=what, file=_fmt(written), sum=_fmt(total)))
        out.append(_("Torneio por equipes (%(code)s): importado como evento por equipes de uma partida por "
                     "tabuleiro, encerrado para registro: o nosso emparceiramento de equipes é o sistema "
                     "brasileiro de micro-matches (CBJD 120), não o suíço por equipes da FIDE, e o evento não "
                     "continua aqui.", code=trf.system_code or "013/310"))
        odd = _colour_breaks(trf)
        if odd:
            out.append(_("Cores do arquivo fora da alternância por tabuleiro (352 WB: a equipe de brancas no 1º "
                         "tabuleiro joga de brancas nos ímpares) em %(n)s tabuleiros: o evento mostra as cores da "
                         "alternância; os resultados são os do arquivo.", n=odd))
        if trf.team.scoring != (4, 2, 0):
            out.append(_("Pontos de match do arquivo (362) diferentes de 2/1/0: o evento importado conta 2/1/0."))
        if trf.team.scheduled:
            out.append(_("A rodada %(r)s está emparceirada sem resultados: será importada com os seus confrontos e "
                         "escalações, sem resultados.", r=trf.state.rounds_played + 1))
        order, unused = team_tiebreaks_of(trf.tiebreaks, scoring_of(trf.team))
        if unused:
            out.append(_("Desempates do arquivo (202) que não calculamos para equipes: %(codes)s; a classificação "
                         "usa %(order)s.", codes=", ".join(unused), order=", ".join(order)))
    return out


def _team_note(note: TeamNote) -> str:
    """A 300 line-up read otherwise than written: the 310 rosters win (engine.trf.teams)."""
    if note.kind == "300-swapped":
        return _("Linha %(line)s: a escalação da rodada %(r)s (300) traz só jogadores da equipe %(no)s, que o "
                 "arquivo põe como adversária: lida como escalação da equipe %(no)s, como dizem as equipes (310).",
                 line=note.line, r=note.round, no=note.team)
    return _("Linha %(line)s: a escalação da equipe %(no)s na rodada %(r)s (300) cita jogadores de outra equipe "
             "(%(players)s); eles ficam com a equipe que o registro 310 lhes dá e fora desta escalação.",
             line=note.line, no=note.team, r=note.round, players=", ".join(map(str, note.players)))


def _colour_breaks(trf: TrfTournament) -> int:
    """Boards of the played matches where the White team's player's colour is not the odd / even
    alternation our team events keep (`engine.teams.board_colours`)."""
    assert trf.team is not None
    count = 0
    for m in trf.team.matches:
        for k, (a, _b) in enumerate(m.boards, start=1):
            cell = trf.state.rounds_of(a)[m.round - 1] if a else None
            if cell is not None and cell.color is not Color.NONE and (cell.color is Color.WHITE) != (k % 2 == 1):
                count += 1
    return count


def team_rows(trf: TrfTournament) -> list[dict[str, Any]]:
    """A team file's teams for the preview, ranked as our team table ranks them (RULES.md §4 team
    Swiss: the 192 code's primary score, then the 202 record's team tie-breaks, else
    `default_team_tiebreaks`: GP or MP, TSB, opponents'
    MP, opponents' GP), beside the file's own match and game points and rank."""
    if trf.team is None:
        return []
    names = {e.start_no: e.name for e in trf.state.entrants}
    t = trf.team
    scoring = scoring_of(t)
    order, _unused = team_tiebreaks_of(trf.tiebreaks, scoring)
    table = team_standings(team_results(t, trf.total_rounds), ruleset="fide", scoring=scoring, tiebreaks=order)
    by_no = {team.no: team for team in t.teams}
    rows = []
    for row in table.rows:
        team = by_no[row.start_no]
        rows.append({"rank": row.rank_label, "no": team.no, "name": team.name, "nickname": team.nickname,
                     "players": ", ".join(names.get(p, str(p)) for p in team.roster if p),
                     "mp": _fmt(t.match_points[team.no]), "gp": _fmt(t.game_points[team.no]),
                     "tiebreaks": [format_value(v) for c, v in zip(order, row.tiebreaks) if c not in ("MP", "GP")],
                     "file_mp": _fmt(team.file_match_points) if team.file_match_points is not None else "",
                     "file_gp": _fmt(team.file_game_points) if team.file_game_points is not None else "",
                     "file_rank": team.file_rank or ""})
    return rows


def team_tiebreak_names(trf: TrfTournament) -> list[str]:
    """The names of the tie-break columns `team_rows` fills (MP and GP have their own columns)."""
    if trf.team is None:
        return []
    return [c for c in team_tiebreaks_of(trf.tiebreaks, scoring_of(trf.team))[0] if c not in ("MP", "GP")]


def _fmt(half: int) -> str:
    return f"{half // 2}.{5 if half % 2 else 0}" if half >= 0 else f"-{(-half) // 2}.{5 if half % 2 else 0}"
