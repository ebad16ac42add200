"""The tabular reports as sheets (`sheet_pdf`): start list, pairings (individual and team),
results, standings, categories, crosstable and rating change, from the same plain dicts their web pages render (the templates'
columns and wording, the same msgids), so page and PDF show the same figures.

The values are written with the app's own display filters (`dec`: a decimal comma in
Portuguese, `colours`: b/p for White/Black), read from the Jinja environment the templates use.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from flask import current_app
from flask_babel import gettext as _
from flask_babel import ngettext

from damas.presentation.labels import english
from damas.presentation.qr import qr_runs
from damas.presentation.titles import titled
from damas.reports.rating_sheet import rating_change_blocks
from damas.reports.sheet_layout import Column, QrBlock, Table, Text
from damas.reports.sheet_pdf import SheetHeader, render_sheet
from damas.reports.team_sheet import team_pairings_blocks
from damas.services.federation import settings as federation_service

Blocks = list[Table | Text | QrBlock]


def _filter(name: str) -> Callable[..., Any]:
    return current_app.jinja_env.filters[name]


def _head(context: dict[str, Any]) -> SheetHeader:
    event = context["event"]
    dates = event["start_date"].strftime("%d/%m/%Y")
    if event["end_date"] != event["start_date"]:
        dates += " – " + event["end_date"].strftime("%d/%m/%Y")
    meta = " · ".join([dates, event["venue"] or "", event["discipline"], event["rate"]["text"],
                       f"{_('Árbitro principal')}: {event['chief_arbiter'] or '—'}"])
    logo = federation_service.logo() if federation_service.current().has_logo else None
    live = context.get("live_url")
    return SheetHeader(federation=context["federation_name"], event=event["name"], meta=meta,
                       printed_at=context["printed_at"], page_label=f"{_('página')} {{n}} {_('de')} {{nb}}",
                       logo=logo[0] if logo else None, qr=qr_runs(live) if live else None)


def _after_round(context: dict[str, Any], extra: str = "") -> Text:
    n = context.get("after_round")
    return Text((_("Após a rodada %(n)s", n=n) if n else _("Nenhuma rodada concluída ainda.")) + extra)


def start_list_blocks(context: dict[str, Any]) -> Blocks:
    rows = context["rows"]
    unrated = sum(1 for r in rows if r["status"] == "registered" and not r["rating"])
    note = _("Ratings da %(list)s.", list=context["event"]["rate"]["seed_list_name"])
    if unrated:
        note += " " + ngettext("%(num)s jogador sem rating nesta lista.", "%(num)s jogadores sem rating nesta lista.",
                               unrated)
    optional = [(key, title, align) for key, title, align in (
        ("club", _("Clube"), "L"), ("state", _("UF"), "L"), ("federation_id", _("Nº na federação"), "L"),
        ("birth_year", _("Nasc."), "R"), ("sex", _("Sexo"), "L")) if any(r[key] for r in rows)]
    columns = [Column(_("Nº"), repeat=True), Column(_("Nome"), "L", repeat=True, squeeze=True), Column(_("Rating"))]
    columns += [Column(title, align, squeeze=key == "club") for key, title, align in optional]
    cells = []
    for r in rows:
        name = titled(r) + (f" ({r['status_name']})" if r["status"] != "registered" else "")
        cells.append([str(r["pairing_number"] or "—"), name, str(r["rating"] or _("sem rating"))]
                     + [str(r[key] or "") for key, _title, _align in optional])
    return [Text(note, small=True), Table(columns, cells)]


def _side_cells(side: dict[str, Any] | None, points: bool) -> list[str]:
    if side is None:
        return ["", _("isento")] + ([""] if points else []) + [""]
    return [str(side["no"] or ""), titled(side)] + ([side.get("points", "")] if points else []) + [
        str(side["rating"] or "—")]


def pairings_blocks(context: dict[str, Any]) -> Blocks:
    """Board, then White and Black with number, name, points before the round and rating."""
    boards, points = context["boards"], context.get("show_points", False)

    def side_columns(title: str) -> list[Column]:
        return [Column(_("Nº")), Column(title, "L", repeat=True, squeeze=True)] + (
            [Column(_("Pts"))] if points else []) + [Column(_("Rating"))]

    columns = [Column(_("Mesa"), repeat=True)] + side_columns(_("Brancas")) + [Column("–", "C")] + side_columns(
        _("Pretas"))
    blocks: Blocks = []
    opening = context.get("round_opening")
    if opening:
        blocks.append(Text(f"{_('Abertura sorteada para todas as mesas')}: {opening['code']}"
                           + (f" — {opening['name']}" if opening["name"] else "")
                           + f" {opening['moves']} ({_('semente')} {opening['seed']})"))
    rows, notes = [], {}
    for i, b in enumerate(boards):
        rows.append([str(b["board"])] + _side_cells(b["white"], points) + ["–"] + _side_cells(b["black"], points))
        if b["opening"] and not opening:
            o = b["opening"]
            notes[i] = f"{_('Abertura')}: {o['code']}" + (f" — {o['name']}" if o["name"] else "") + f" {o['moves']}"
    blocks.append(Table(columns, rows, notes=notes))
    if not boards:
        blocks.append(Text(_("Sem mesas.")))
    if points:
        blocks.append(Text(_("Pts: pontos antes da rodada."), small=True))
    blocks.append(Text(f"{_('Não comparecimento')}: {context['event']['no_show']}.", small=True))
    if context["status"] != "published":
        blocks.append(Text(_("Rodada ainda não publicada."), small=True))
    if context.get("round_url"):  # the round's own page: its results as they are entered
        blocks.append(QrBlock(qr_runs(context["round_url"]),
                              _("Acompanhe esta rodada ao vivo, mesa a mesa, no celular: %(url)s", url=context["round_url"])))
    return blocks


def results_blocks(context: dict[str, Any]) -> Blocks:
    """Board, White (number, name, points before the round), result, Black."""
    boards, points = context["boards"], context.get("show_points", False)
    extra = [Column(_("Pts"))] if points else []
    columns = ([Column(_("Mesa"), repeat=True), Column(_("Nº")), Column(_("Brancas"), "L", repeat=True, squeeze=True)]
               + extra + [Column(_("Resultado"), "C"), Column(_("Nº")),
                          Column(_("Pretas"), "L", repeat=True, squeeze=True)] + extra)
    rows = []
    for b in boards:
        white, black = b["white"], b["black"]
        row = [str(b["board"]), str(white["no"] or ""), titled(white)] + ([white.get("points", "")] if points else [])
        row.append(b["result"] or "…")
        if black:
            row += [str(black["no"] or ""), titled(black)] + ([black.get("points", "")] if points else [])
        else:
            row += ["", _("isento")] + ([""] if points else [])
        rows.append(row)
    blocks: Blocks = [Table(columns, rows)]
    if not boards:
        blocks.append(Text(_("Sem mesas.")))
    if points:
        blocks.append(Text(_("Pts: pontos antes da rodada."), small=True))
    if not context["complete"]:
        blocks.append(Text(_("Rodada em andamento: faltam resultados."), small=True))
    return blocks


def _standings_table(rows: Sequence[dict[str, Any]], columns: Sequence[dict[str, str]], heading: str = "") -> Table:
    dec, lang = _filter("dec"), _lang()
    show_club = any(r["club"] for r in rows)
    head = [Column(_("Col."), repeat=True), Column(_("Nº"), repeat=True), Column(_("Nome"), "L", repeat=True, squeeze=True)]
    head += [Column(_("Clube"), "L", squeeze=True)] if show_club else []
    head += [Column(_("Rating")), Column(_("Pts"), bold=True)] + [Column(c["code"]) for c in columns]
    cells, muted, notes = [], set(), {}
    for i, r in enumerate(rows):
        cells.append([str(r["rank"] or "—"), str(r["start_no"]), titled(r)] + ([r["club"] or ""] if show_club else [])
                     + [str(r["rating"] or "—"), r["points"]] + [str(dec(v, lang)) for v in r["tiebreaks"]])
        if r["excluded"]:
            muted.add(i)
        note = [r["note"]] if r["note"] else []
        if r["pending"]:
            note.append(_("Partida adiada na rodada %(rounds)s: sem pontos até o resultado",
                          rounds=", ".join(map(str, r["pending"]))))
        if note:
            notes[i] = " · ".join(note)
    return Table(head, cells, muted=frozenset(muted), notes=notes, heading=heading)


def _lang() -> str:
    return "en" if english() else "pt"


def _tiebreak_legend(columns: Sequence[dict[str, str]]) -> Text:
    return Text(_("Desempates, nesta ordem:") + " " + ", ".join(f"{c['code']} ({c['name']})" for c in columns),
                small=True)


def standings_blocks(context: dict[str, Any]) -> Blocks:
    drawn = f" — {_('ordem sorteada (semente %(seed)s)', seed=context['lot_seed'])}" if context.get("drawn_order") else ""
    return [_after_round(context, drawn), _standings_table(context["rows"], context["columns"]),
            _tiebreak_legend(context["columns"])]


def categories_blocks(context: dict[str, Any]) -> Blocks:
    """A table per category with players; the empty ones named in one line at the end (a heading
    and column titles over no rows read as a missing page)."""
    blocks: Blocks = [_after_round(context)]
    for t in context["tables"]:
        if t["rows"]:
            blocks.append(_standings_table(t["rows"], t["columns"],
                                           f"{t['category']['name']} ({t['category']['criteria']})"))
            blocks.append(_tiebreak_legend(t["columns"]))
    empty = [t["category"]["name"] for t in context["tables"] if not t["rows"]]
    if empty:
        blocks.append(Text(_("Categorias sem jogadores: %(names)s.", names=", ".join(empty))))
    return blocks


def crosstable_blocks(context: dict[str, Any]) -> Blocks:
    """The Swiss crosstable (rank order, per round the opponent's line) or the round robin's
    grid (pairing-number order); the rounds continue on a following page when they must."""
    dec, cell, lang = _filter("dec"), _filter("colours"), _lang()
    letters = current_app.jinja_env.globals["colour_letters"](lang)
    rows, codes = context["rows"], [c["code"] for c in context["columns"]]
    if context.get("swiss"):
        columns = [Column("#", repeat=True), Column(_("Col."), repeat=True), Column(_("Nº"), repeat=True),
                   Column(_("Nome"), "L", repeat=True, squeeze=True), Column(_("Rating"))]
        columns += [Column(_("R%(n)s", n=n)) for n in context["rounds"]]
        cells = [[str(r["line"]), str(r["rank"] or "—"), str(r["start_no"]), titled(r), str(r["rating"] or "—")]
                 + [cell(c, lang) for c in r["cells"]] + [r["points"]] + [str(dec(v, lang)) for v in r["tiebreaks"]]
                 for r in rows]
        muted = {i for i, r in enumerate(rows) if r["excluded"]}
        legend = _("Cada rodada: linha (#) do adversário nesta tabela, cor (%(w)s = brancas, %(b)s = pretas) e pontos "
                   "obtidos; + e − são partidas não jogadas (W.O.).", w=letters["w"], b=letters["b"])
    else:
        columns = [Column(_("Nº"), repeat=True), Column(_("Nome"), "L", repeat=True, squeeze=True), Column(_("Rating"))]
        columns += [Column(str(n)) for n in context["numbers"]]
        cells = [[str(r["number"]), r["name"], str(r["rating"] or "—")]
                 + [cell(c, lang) if k != r["number"] else "×" for k, c in enumerate(r["cells"], start=1)]
                 + [r["total"]] + [str(dec(v, lang)) for v in r["tiebreaks"]] + [str(r["rank"] or "—")]
                 for r in rows]
        muted = {i for i, r in enumerate(rows) if not r["counted"]}
        legend = _("Cada célula: pontos obtidos e cor (%(w)s = brancas, %(b)s = pretas); + e − são partidas não "
                   "jogadas (W.O.).", w=letters["w"], b=letters["b"])
    columns += [Column(_("Pts"), bold=True)] + [Column(code) for code in codes]
    if not context.get("swiss"):
        columns.append(Column(_("Col.")))
    blocks: Blocks = [_after_round(context), Table(columns, cells, muted=frozenset(muted)), Text(legend, small=True)]
    blocks += [Text(note, small=True) for note in context.get("symbol_notes", ())]
    if context.get("annulled"):
        blocks.append(Text(_("Entre colchetes: partida mostrada que não conta na classificação (resultados anulados de "
                             "quem saiu do torneio, CBJD 105 A a; FIDE-GR, partidas não jogadas d)."), small=True))
    return blocks


SHEETS: dict[str, Callable[[dict[str, Any]], Blocks]] = {
    "reports/_start_list.html": start_list_blocks,
    "reports/_pairings.html": pairings_blocks,
    "reports/_results.html": results_blocks,
    "reports/_standings.html": standings_blocks,
    "reports/_categories.html": categories_blocks,
    "reports/_crosstable.html": crosstable_blocks,
    "reports/_rating_change.html": rating_change_blocks,
    "reports/_team_pairings.html": team_pairings_blocks,
}
# read on the wall, from a metre: large type across the page (`sheet_layout.WALL`)
WALL_SHEETS = frozenset({"reports/_pairings.html", "reports/_team_pairings.html"})


def sheet_pdf(partial: str, title: str, context: dict[str, Any]) -> bytes | None:
    """The report's PDF drawn as a sheet, None when `partial` is not one of the tabular reports."""
    blocks = SHEETS.get(partial)
    if blocks is None:
        return None
    return render_sheet(_head(context), title, blocks(context), landscape=bool(context.get("landscape")),
                        wall=partial in WALL_SHEETS)
