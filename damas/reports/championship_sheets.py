"""A championship's club classification and its combined prize-giving list as A4 PDF sheets
(fpdf2, as the season ranking): the rows of their pages (`web.championships.across`)."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from damas.reports.sheet_layout import Column, Table, Text
from damas.reports.sheet_pdf import SheetHeader, render_sheet
from damas.services.federation import settings as federation_service


def _head(context: dict[str, Any]) -> SheetHeader:
    championship = context["championship"]
    logo = federation_service.logo() if federation_service.current().has_logo else None
    dates = f"{championship.start_date:%d/%m/%Y} – {championship.end_date:%d/%m/%Y}"
    return SheetHeader(federation=context["federation_name"], event=championship.name,
                       meta=" · ".join(x for x in (dates, championship.venue) if x), printed_at=context["printed_at"],
                       page_label=f"{_('página')} {{n}} {_('de')} {{nb}}", logo=logo[0] if logo else None)


def clubs_pdf(context: dict[str, Any]) -> bytes:
    columns = [Column("#", repeat=True), Column(_("Clube"), "L", repeat=True, squeeze=True)]
    columns += [Column(str(i)) for i, _s in enumerate(context["sections"], start=1)] + [Column(_("Total"), bold=True)]
    rows = [[c["rank"], c["name"], *c["per_section"], c["total"]] for c in context["clubs"]]
    notes = {i: "; ".join(c["players"]) for i, c in enumerate(context["clubs"]) if c["players"]}
    legend = "; ".join(f"{i}: {s['name']}" for i, s in enumerate(context["sections"], start=1))
    return render_sheet(_head(context), _("Classificação por clubes"), [
        Text(club_rule(context["best_n"]), small=True), Table(columns, rows, notes=notes),
        Text(legend or _("Nenhuma seção conta para os clubes."), small=True)])


def club_rule(best_n: int | None) -> str:
    return _("Em cada seção que conta, somam-se os pontos dos %(n)s melhores jogadores de cada clube (a ordem da "
             "seção decide entre pontos iguais); o total do clube é a soma das seções. Totais iguais dividem a "
             "colocação.", n=best_n or 0)


def prizes_pdf(context: dict[str, Any]) -> bytes:
    columns = [Column(_("Categoria"), "L", repeat=True), Column(_("Lugar")), Column(_("Nome"), "L", squeeze=True),
               Column(_("Prêmio"), "L"), Column(_("Valor"))]
    blocks: list[Table | Text] = []
    if context["one_prize"]:
        blocks.append(Text(one_prize_rule(), small=True))
    for section in context["sections"]:
        rows = [[a["category"], a["places"], a["name"], a["kind"], a["amount"]] for a in section["awards"]]
        if rows:
            blocks.append(Table(columns, rows, heading=section["name"]))
        else:
            blocks.append(Text(f"{section['name']}: {_('sem prêmios.')}"))
        if section["skipped"]:
            blocks.append(Text("; ".join(section["skipped"]), small=True))
    return render_sheet(_head(context), _("Premiação do campeonato"), blocks or [Text(_("Nenhuma seção."))])


def one_prize_rule() -> str:
    return _("Cada jogador é premiado em uma só seção: quem já tem prêmio numa seção anterior (na ordem das seções "
             "do campeonato) fica com ele, e nas seções seguintes a vaga passa ao próximo da ordem da seção.")
