"""The season ranking as an A4 PDF sheet (fpdf2): the page's rows."""
from __future__ import annotations

from typing import Any

from flask import current_app
from flask_babel import gettext as _

from damas.reports.sheet_layout import Column, Table, Text
from damas.reports.sheet_pdf import SheetHeader, render_sheet
from damas.services.federation import settings as federation_service


def season_pdf(context: dict[str, Any]) -> bytes:
    season = context["season"]
    logo = federation_service.logo() if federation_service.current().has_logo else None
    head = SheetHeader(federation=context["federation_name"], event=season["name"],
                       meta=f"{season['year']} · {_('Categoria')}: {context['category_names'].get(context['category'], context['category'])}",
                       printed_at=context["printed_at"], page_label=f"{_('página')} {{n}} {_('de')} {{nb}}",
                       logo=logo[0] if logo else None)
    columns = [Column("#", repeat=True), Column(_("Nome"), "L", repeat=True, squeeze=True), Column(_("UF"))]
    columns += [Column(str(i)) for i, _e in enumerate(context["counted"], start=1)] + [Column(_("Total"))]
    cells = [[str(r["rank"]), r["name"], r["state"]] + [str(v) for v in r["per_event"]] + [str(r["total"])]
             for r in context["rows"]]
    legend = "; ".join(f"{i}: {e['name']}" for i, e in enumerate(context["counted"], start=1))
    return render_sheet(head, _("Ranking da temporada"), [
        Text(tie_rule(season["kind"], season["points_table"]), small=True), Table(columns, cells),
        Text(legend or _("Nenhum evento encerrado ainda."), small=True)])


def tie_rule(kind: str, table: str) -> str:
    points = (_("Pontos por colocação: %(table)s.", table=table) if kind == "place"
              else _("Pontos feitos em cada evento (multiplicados por %(table)s).", table=table.split(",")[0]))
    ours = current_app.jinja_env.filters["ours"]
    return points + " " + ours(_("Desempate: mais primeiros lugares, depois mais segundos lugares e assim por diante; "
                            "depois mais eventos disputados; persistindo, posição dividida [ours]."))
