"""The "Variação de rating" PDF sheet: the page's rows drawn by fpdf2."""
from __future__ import annotations

from typing import Any

from flask import current_app
from flask_babel import gettext as _

from damas.reports.sheet_layout import Column, Table, Text


def rating_change_blocks(context: dict[str, Any]) -> list[Table | Text]:
    """The page's columns, each player's opponents a line under his row at the body's size,
    wrapped to the table's width (a column of them was condensed to nothing, or pushed off to
    a page of its own, once a player had more than a round or two)."""
    dec = current_app.jinja_env.filters["dec"]
    columns = [Column(_("Nome"), "L", repeat=True, squeeze=True), Column(context["rating_club_label"], "L", squeeze=True),
               Column(_("Ro")), Column(_("Partidas")), Column("W"),
               Column("We"), Column("K"), Column(_("Variação")), Column(_("Novo rating")), Column(_("Desempenho"))]
    cells = [[r["name"], r["club"], str(r["ro"] or _("sem rating")), str(r["counted"]), str(dec(r["w"])), str(dec(r["we"])),
              str(r["k"]), r["delta"], r["new"] + (f" ({r['note']})" if r["note"] else ""), str(r["performance"])]
             for r in context["rating_rows"]]
    notes = {i: f"{_('Adversários')}: " + "; ".join(f"{g['name']} ({g['rating']}) {dec(g['score'])}"
                                                     for g in r["opponents"])
             for i, r in enumerate(context["rating_rows"]) if r["opponents"]}
    note = _("Sistema: %(system)s; %(list)s. Só partidas jogadas contam: W.O., byes e partidas não jogadas não "
             "entram no rating.", system=context["rating_system"], list=context["rating_list_name"])
    return [Text(note, small=True), Table(columns, cells, notes=notes, plain_notes=True)]
