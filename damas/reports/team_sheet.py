"""The team round's pairing sheet (CBJD 119-122) as a wall sheet: the page's matches and boards
drawn by fpdf2 like the individual pairing sheet, in its large type across the page and with
the same QR code of the event's live page in the header (`sheets.sheet_pdf`).
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from damas.reports.sheet_layout import Column, Table, Text

Blocks = list[Table | Text]


def _draws(draws: list[dict[str, Any]]) -> Blocks:
    """The round's openings once, each number beside its name and moves (the boards print the
    number only, so the players' names keep the line)."""
    columns = [Column(_("Tab.")), Column(_("Nº")), Column(_("Abertura"), "L", squeeze=True), Column(_("Lances"), "L")]
    rows = [[str(d["board"]) if d["board"] else _("todos"), d["code"], d["name"] or "—", d["moves"]] for d in draws]
    seed = _("Semente do sorteio: %(seed)s", seed=draws[0]["seed"])
    if draws[0].get("new_cycle"):
        seed += " · " + _("lista esgotada: novo ciclo")
    return [Table(columns, rows, heading=_("Aberturas sorteadas (Sistema Loteria, CBJD 119)")), Text(seed, small=True)]


def _match(m: dict[str, Any], per_board: bool) -> Blocks:
    """One match: its teams as the heading, a row per board with both players and the colours of
    each game from the left team's side (CBJD 120: team A has White in game 1 on odd boards)."""
    # as on the web page (micromatch/_match_heading.html): the numbers in brackets after the names
    heading = f"{_('Mesa %(t)s', t=m['table'])} — {m['team_a']['name']} ({_('nº %(n)s', n=m['team_a']['number'])})"
    if m["bye"]:
        return [Text(f"{heading}: {_('isenta')}")]
    heading += f" × {m['team_b']['name']} ({_('nº %(n)s', n=m['team_b']['number'])})"
    two = m["games_per_board"] != 1
    columns = [Column(_("Tab."), repeat=True), Column(m["team_a"]["name"], "L", repeat=True, squeeze=True),
               Column(_("1ª partida") if two else _("Partida"), "C")]
    columns += [Column(_("2ª partida"), "C")] if two else []
    columns += [Column(m["team_b"]["name"], "L", repeat=True, squeeze=True)]
    columns += [Column(_("Abertura"))] if per_board else []
    white, black = _("Brancas"), _("Pretas")
    rows = []
    for b in m["boards"]:
        first = f"{white} × {black}" if b["a_white"] else f"{black} × {white}"
        second = f"{black} × {white}" if b["a_white"] else f"{white} × {black}"
        row = [str(b["board"]), b["a"] or "—", first] + ([second] if two else []) + [b["b"] or "—"]
        rows.append(row + ([b["opening"]["code"] if b["opening"] else ""] if per_board else []))
    blocks: Blocks = [Table(columns, rows, heading=heading)]
    if not m["lineups"]:
        blocks.append(Text(_("Aguardando as escalações das duas equipes."), small=True))
    return blocks


def team_pairings_blocks(context: dict[str, Any]) -> Blocks:
    draws = context["draws"]
    blocks: Blocks = _draws(draws) if draws else []
    for m in context["matches"]:
        blocks += _match(m, bool(context["per_board"]))
    if not context["matches"]:
        blocks.append(Text(_("Sem mesas.")))
    blocks.append(Text(_("Cores de cada partida: equipe à esquerda × equipe à direita."), small=True))
    if not context["published"]:
        blocks.append(Text(_("Rodada ainda não publicada."), small=True))
    return blocks
