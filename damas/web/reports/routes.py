"""The "Relatórios" of an event: every report as a web page and as its A4 PDF (WeasyPrint),
plus the rating exports (CBJD list CSV, FIDE TRF-16).

Public reports follow the event's visibility (a draft is seen by its editors only; an
unpublished round by the event's arbiters); the arbiter's report and the rating exports are
for the event's arbiters and staff.
"""
from __future__ import annotations

from typing import Any, Callable

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from damas.engine.types import EngineError
from damas.exports.standings_csv import standings_csv as build_standings_csv
from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, RoundStatus
from damas.reports.awards import all_categories_context, allocation_context
from damas.web.desk.report_section import desk_section
from damas.reports.event_reports import arbiter_context, base_context, brochure_context, round_context
from damas.reports.pdf import render_pdf
from damas.reports.sheets import sheet_pdf
from damas.reports.standings import crosstable_context, crosstable_kind, standings_context
from damas.reports.teams import find_team_round, team_round_context, team_round_list, team_standings_context
from damas.formats.mapping import event_rounds
from damas.web.downloads import attachment
from damas.web.serving.pdf_jobs import REPORTS, SHEETS, deliver_pdf
from damas.web.access import event_editor_required, visible_event
from damas.views.summaries import start_list
from damas.views.rating_change import rating_change_context
from damas.exports import rating as rating_export
from damas.exports.rating import rating_list
from damas.engine.trf.records import TRF26

def crosstable_landscape(event: Event, players: int) -> bool:
    """[ours] A crosstable with more than 10 rounds or 20 players prints on landscape A4, so the
    names stay on one line."""
    return event.planned_rounds > 10 or players > 20


bp = Blueprint("reports", __name__, url_prefix="/eventos/<int:event_id>/relatorios")



def _pdf(event: Event, name: str, render: Callable[[], bytes], lane: str = REPORTS) -> Response:
    """The report's PDF from the cache, or rendered in the background (`web.pdf_jobs`); `render`
    builds the context and the file (in the job, not in the visitor's request)."""
    return deliver_pdf(event.id, f"{name}-{event.id}", render, lane)


def _show(event: Event, partial: str, title: str, pdf_url: str | None, context: dict[str, Any], **extra: Any) -> str:
    return render_template("reports/page.html", partial=partial, report_title=title, pdf_url=pdf_url,
                           **{**context, **extra, "event": context["event"]})


def _print(partial: str, title: str, context: dict[str, Any]) -> bytes:
    """The tabular reports as fast sheets (`reports.sheets`), the others through WeasyPrint."""
    return sheet_pdf(partial, title, context) or render_pdf("reports/print.html", partial=partial,
                                                             report_title=title, **context)


REPORTS: list[tuple[str, Any, str]] = [  # (endpoint, title, access) for the index
    ("start_list", _l("Lista inicial"), "public"),
    ("standings", _l("Classificação com desempates"), "individual"),
    ("categories", _l("Classificação por categoria"), "individual"),
    ("crosstable", _l("Tabela cruzada"), "crosstable"),
    ("prizes", _l("Premiação"), "public"),
    ("brochure", _l("Folheto do evento (convite)"), "public"),
    ("rating_change", _l("Variação de rating"), "public"),
    ("arbiter", _l("Relatório do árbitro"), "editor"),
]


@bp.get("")
def index(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    rounds = [{"number": r.number, "status": r.status.value} for r in event_rounds(event)
              if editable or r.status == RoundStatus.PUBLISHED]
    items = []
    # A knockout ranks by its bracket and a team event by its team table: no individual table.
    fmt = get_format(event)
    own_standings = fmt.pages.standings is not None
    for endpoint, title, access in REPORTS:
        if access == "editor" and not editable:
            continue
        if access == "crosstable" and fmt.pages.crosstable is None:
            continue
        if access == "individual" and own_standings and not (
                endpoint == "categories" and fmt.has_bracket):  # ranked by the bracket's places
            continue
        items.append({"title": str(title), "url": url_for(f"reports.{endpoint}", event_id=event_id),
                      "pdf": url_for(f"reports.{endpoint}_pdf", event_id=event_id),
                      "csv": url_for(f"reports.{endpoint}_csv", event_id=event_id)
                      if endpoint in ("standings", "rating_change") else None})
    if fmt.has_bracket:
        items.insert(1, {"title": str(_l("Chave")), "url": url_for("knockout.bracket", event_id=event_id),
                         "pdf": url_for("knockout.bracket_report", event_id=event_id)})
    elif own_standings:
        items.insert(1, {"title": str(_l("Classificação por equipes")),
                         "url": url_for("reports.team_standings", event_id=event_id),
                         "pdf": url_for("reports.team_standings_pdf", event_id=event_id)})
    team_rounds = team_round_list(event, editable) if fmt.team_based else []
    return render_template("reports/index.html", **base_context(event), items=items, rounds=rounds, editable=editable,
                           team_rounds=team_rounds)


def _round_report(kind: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    def page(event_id: int, number: int):  # type: ignore[no-untyped-def]
        event, editable = visible_event(event_id)
        context = _round_context(event, number, editable)
        title = _title(kind, number)
        return _show(event, f"reports/_{kind}.html", title,
                     url_for(f"reports.{kind}_pdf", event_id=event_id, number=number), context)

    def pdf(event_id: int, number: int):  # type: ignore[no-untyped-def]
        event, editable = visible_event(event_id)
        rnd = _find_round(event, number, editable)
        return _pdf(event, f"{kind}-r{number}",
                    lambda: _print(f"reports/_{kind}.html", _title(kind, number), round_context(event, rnd)), SHEETS)

    return page, pdf


def _title(kind: str, number: int) -> str:
    if kind == "pairings":
        return _("Emparceiramento da rodada %(n)s", n=number)
    return _("Resultados da rodada %(n)s", n=number)


def _find_round(event: Event, number: int, editable: bool) -> Any:
    rnd = get_format(event).find_round(event, number, drafts=editable)
    if rnd is None:
        abort(404)
    return rnd


def _round_context(event: Event, number: int, editable: bool) -> dict[str, Any]:
    return round_context(event, _find_round(event, number, editable))


for _kind, _path in (("pairings", "emparceiramento"), ("results", "resultados")):
    _page, _pdf_view = _round_report(_kind)
    bp.add_url_rule(f"/{_path}/<int:number>", _kind, _page, methods=["GET"])
    bp.add_url_rule(f"/{_path}/<int:number>.pdf", f"{_kind}_pdf", _pdf_view, methods=["GET"])


# -- team micro-match events (CBJD 120): round sheets and the team table ------------------------------

def _team_event(event_id: int) -> tuple[Event, bool] | None:
    event, editable = visible_event(event_id)
    if not get_format(event).team_based:
        flash(str(_l("Este evento não é um evento por equipes em micro match.")), "error")
        return None
    return event, editable


def _team_round_report(kind: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    partial = f"reports/_team_{kind}.html"

    def context(event_id: int, number: int) -> tuple[Event, dict[str, Any]] | None:
        found = _team_event(event_id)
        if found is None:
            return None
        event, editable = found
        rnd = find_team_round(event, number, editable)
        if rnd is None:
            abort(404)
        return event, team_round_context(event, rnd)

    def page(event_id: int, number: int):  # type: ignore[no-untyped-def]
        found = context(event_id, number)
        if found is None:
            return redirect(url_for("reports.index", event_id=event_id))
        event, ctx = found
        return _show(event, partial, _title(kind, number),
                     url_for(f"reports.team_{kind}_pdf", event_id=event_id, number=number), ctx)

    def pdf(event_id: int, number: int):  # type: ignore[no-untyped-def]
        found = _team_event(event_id)
        if found is None:
            return redirect(url_for("reports.index", event_id=event_id))
        event, editable = found
        rnd = find_team_round(event, number, editable)
        if rnd is None:
            abort(404)
        return _pdf(event, f"equipes-{kind}-r{number}",
                    lambda: _print(partial, _title(kind, number), team_round_context(event, rnd)), SHEETS)

    return page, pdf


for _kind, _path in (("pairings", "emparceiramento"), ("results", "resultados")):
    _page, _pdf_view = _team_round_report(_kind)
    bp.add_url_rule(f"/equipes/{_path}/<int:number>", f"team_{_kind}", _page, methods=["GET"])
    bp.add_url_rule(f"/equipes/{_path}/<int:number>.pdf", f"team_{_kind}_pdf", _pdf_view, methods=["GET"])


@bp.get("/equipes/classificacao")
def team_standings(event_id: int):  # type: ignore[no-untyped-def]
    found = _team_event(event_id)
    if found is None:
        return redirect(url_for("reports.index", event_id=event_id))
    event, _editable = found
    return _show(event, "reports/_team_standings.html", str(_l("Classificação por equipes")),
                 url_for("reports.team_standings_pdf", event_id=event_id), team_standings_context(event))


@bp.get("/equipes/classificacao.pdf")
def team_standings_pdf(event_id: int):  # type: ignore[no-untyped-def]
    found = _team_event(event_id)
    if found is None:
        return redirect(url_for("reports.index", event_id=event_id))
    event, _editable = found
    return _pdf(event, "classificacao-equipes",
                lambda: _print("reports/_team_standings.html", str(_l("Classificação por equipes")),
                               team_standings_context(event)))


def _simple(endpoint: str, path: str, partial: str, title_pt: Any,
            build: Callable[[Event], dict[str, Any]], editor_only: bool = False,
            check: Callable[[Event], None] = lambda event: None) -> None:
    """Register `endpoint` (web page) and `endpoint_pdf` (its print version); `check` aborts
    in the request what the report does not exist for (before a rendering job starts)."""
    def title() -> str:
        return str(title_pt)

    def page(event_id: int):  # type: ignore[no-untyped-def]
        event, editable = visible_event(event_id)
        context = {**base_context(event), **build(event)}
        return _show(event, partial, title(), url_for(f"reports.{endpoint}_pdf", event_id=event_id), context)

    def pdf(event_id: int):  # type: ignore[no-untyped-def]
        event, editable = visible_event(event_id)
        check(event)
        return _pdf(event, path, lambda: _print(partial, title(), {**base_context(event), **build(event)}))

    page.__name__, pdf.__name__ = endpoint, f"{endpoint}_pdf"
    if editor_only:
        page, pdf = event_editor_required(page), event_editor_required(pdf)
    bp.add_url_rule(f"/{path}", endpoint, page, methods=["GET"])
    bp.add_url_rule(f"/{path}.pdf", f"{endpoint}_pdf", pdf, methods=["GET"])


def _has_crosstable(event: Event) -> None:
    if crosstable_kind(event) is None:
        abort(404)


def _crosstable(event: Event) -> dict[str, Any]:
    _has_crosstable(event)
    context = crosstable_context(event)
    return {**context, "landscape": crosstable_landscape(event, len(context.get("rows", ())))}


_simple("start_list", "lista-inicial", "reports/_start_list.html", _l("Lista inicial"),
        lambda e: {"rows": start_list(e)})
_simple("standings", "classificacao", "reports/_standings.html", _l("Classificação"), standings_context)
_simple("categories", "categorias", "reports/_categories.html", _l("Classificação por categoria"),
        all_categories_context)
_simple("crosstable", "tabela", "reports/_crosstable.html", _l("Tabela cruzada"), _crosstable,
        check=_has_crosstable)
_simple("prizes", "premiacao", "reports/_prizes.html", _l("Premiação"), allocation_context)
_simple("rating_change", "variacao-rating", "reports/_rating_change.html", _l("Variação de rating"),
        lambda e: {**rating_change_context(e), "link_players": True})
_simple("brochure", "folheto", "reports/_brochure.html", _l("Folheto do evento"), brochure_context)
def _arbiter(event: Event) -> dict[str, Any]:
    """The arbiter's report with the desk's tables as the desk pages show them."""
    return {**arbiter_context(event), "desk": desk_section(event)}


_simple("arbiter", "arbitro", "reports/_arbiter.html", _l("Relatório do árbitro"), _arbiter, editor_only=True)


@bp.get("/classificacao.csv")
def standings_csv(event_id: int):  # type: ignore[no-untyped-def]
    """The standings table as CSV (`?category=` a category's), the page's own computation."""
    event, _editable = visible_event(event_id)
    try:
        text = build_standings_csv(event, request.args.get("category") or None)
    except EngineError:  # no such category
        abort(404)
    return attachment("\ufeff" + text, "text/csv", f"classificacao-{event.id}.csv")


@bp.get("/variacao-rating.csv")
def rating_change_csv(event_id: int):  # type: ignore[no-untyped-def]
    """The page's rating change as CSV."""
    event, _editable = visible_event(event_id)
    return attachment("\ufeff" + rating_export.rating_change_csv(event), "text/csv", f"variacao-rating-{event.id}.csv")


@bp.get("/rating.csv")
@event_editor_required
def rating_csv(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    return attachment(rating_export.rating_csv(event), "text/csv", f"rating-{event.discipline}-{rating_list(event)}-{event.id}.csv")


@bp.get("/fide.trf")
@event_editor_required
def rating_trf(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    return attachment(rating_export.rating_trf(event), "text/plain", f"evento-{event.id}.trf")


@bp.get("/fide-2026.trf")
@event_editor_required
def rating_trf26(event_id: int):  # type: ignore[no-untyped-def]
    """The same report in TRF-2026 (FIDE TEC), beside the TRF-16 one."""
    event = db.session.get(Event, event_id)
    return attachment(rating_export.rating_trf(event, TRF26), "text/plain", f"evento-{event.id}-trf2026.trf")
