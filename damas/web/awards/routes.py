"""Categories, prizes and playoffs of an event (RULES.md §7, §8).

Reading is public (like the standings); the event's arbiters and staff manage the categories,
the prize list and the playoffs. Routes are thin: form -> one service call -> redirect.
"""
from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, Playoff
from damas.reports.awards import (
    allocation_context,
    category_overview,
    category_standings_context,
    category_summary,
    category_tables,
    lang,
    prize_list,
    ties_in,
)
from damas.services.standings import categories as category_service
from damas.services.standings import playoffs as playoff_service
from damas.services.standings import prizes as prize_service
from damas.services.errors import ServiceError
from damas.web.access import event_editor_required, visible_event
from damas.web.awards.forms import (
    CashTiesForm,
    CategoryCodeForm,
    CategoryForm,
    CategoryTiebreaksForm,
    PlayoffCreateForm,
    PlayoffDeleteForm,
    PlayoffResultForm,
    PrizeDeleteForm,
)
from damas.web.forms_util import choices, run_service, show_service_error
from damas.views.summaries import event_summary
from damas.formats.event_rules import order_is_drawn, tiebreak_order
from damas.web.awards.prize_table import prize_table_page
from damas.engine.integers import parse_int

bp = Blueprint("awards", __name__, url_prefix="/eventos/<int:event_id>")



def _form_error(form) -> None:  # type: ignore[no-untyped-def]
    for name, errors in form.errors.items():
        for error in errors:
            label = form[name].label.text if name in form and form[name].label else name
            flash(f"{label}: {error}", "error")
    if not form.errors:
        flash(_("Corrija os campos indicados."), "error")


# --- categories -----------------------------------------------------------------------------

@bp.get("/categorias")
def categories(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    rows = [{**category_summary(t["category"]), "members": t["members"], "order": ", ".join(t["order"])}
            for t in category_overview(event)]  # counted, not ranked
    return render_template("awards/categories.html", event=event_summary(event), categories=rows, editable=editable,
                           drawn=order_is_drawn(event), lot_seed=event.tiebreak_lot_seed)


@bp.get("/categorias/<category>")
def category_standings(event_id: int, category: str):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    context = category_standings_context(event, category)
    if context is None:
        abort(404)
    return render_template("awards/category_standings.html", event=event_summary(event), editable=editable, **context)


@bp.route("/categorias/gerir", methods=["GET", "POST"])
@event_editor_required
def manage_categories(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = CategoryForm()
    if form.validate_on_submit():
        try:
            category_service.add_category(current_user, event, dict(form.data))
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Categoria incluída."), "success")
            return redirect(url_for("awards.manage_categories", event_id=event_id))
    elif form.is_submitted():
        flash(_("Corrija os campos indicados."), "error")
    rows = [{**category_summary(c), "raw_tiebreaks": ", ".join(c.tiebreaks or ())}
            for c in category_service.event_categories(event)]

    return render_template("awards/manage_categories.html", event=event_summary(event), form=form, categories=rows,
                           defaults=not category_service.category_rows(event),
                           event_order=", ".join(tiebreak_order(event)))


@bp.post("/categorias/apagar")
@event_editor_required
def delete_category(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = CategoryCodeForm()
    if not form.validate_on_submit():
        _form_error(form)
    else:
        run_service(lambda: category_service.delete_category(current_user, event, form.code.data), _("Categoria removida."))
    return redirect(url_for("awards.manage_categories", event_id=event_id))


@bp.post("/categorias/desempates")
@event_editor_required
def category_tiebreaks(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = CategoryTiebreaksForm()
    if not form.validate_on_submit():
        _form_error(form)
    else:
        run_service(lambda: category_service.update_tiebreaks(current_user, event, form.code.data, form.tiebreaks.data or ""), _("Ordem de desempate da categoria gravada."))
    return redirect(url_for("awards.manage_categories", event_id=event_id))


# --- prizes ---------------------------------------------------------------------------------

@bp.get("/premios")
def prizes(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    return render_template("awards/prizes.html", event=event_summary(event), editable=editable,
                           **allocation_context(event))


@bp.route("/premios/gerir", methods=["GET", "POST"])
@event_editor_required
def manage_prizes(event_id: int):  # type: ignore[no-untyped-def]
    """The prize list of one category as a table: `damas.web.prize_table_page`."""
    return prize_table_page(db.session.get(Event, event_id))


@bp.post("/premios/apagar")
@event_editor_required
def delete_prize(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = PrizeDeleteForm()
    if not form.validate_on_submit():
        _form_error(form)
    else:
        run_service(lambda: prize_service.delete_prize(current_user, event, form.prize_id.data), _("Prêmio removido."))
    return redirect(url_for("awards.manage_prizes", event_id=event_id))


@bp.post("/premios/opcoes")
@event_editor_required
def prize_options(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = CashTiesForm()
    if not form.validate_on_submit():
        _form_error(form)
    else:
        run_service(lambda: prize_service.set_cash_ties(current_user, event, form.cash_ties.data), _("Opção gravada."))
    return redirect(url_for("awards.manage_prizes", event_id=event_id))


# --- playoffs -------------------------------------------------------------------------------

def _category_or_404(event: Event, code: str):  # type: ignore[no-untyped-def]
    table = next((t for t in category_tables(event) if t["category"].code == code), None)
    if table is None:
        abort(404)
    return table


def _playoff_or_error(event: Event, playoff_id: int | None) -> Playoff | None:
    playoff = db.session.get(Playoff, playoff_id) if playoff_id else None
    if playoff is None or playoff.event_id != event.id:
        flash(_("Playoff não encontrado."), "error")
        return None
    return playoff


@bp.get("/playoffs/<category>")
def playoffs(event_id: int, category: str):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    table = _category_or_404(event, category)
    prize_places = max([p["place"] for c in prize_list(event) if c["code"] == category for p in c["prizes"]] or [3])
    context = category_standings_context(event, category)
    names = {r["start_no"]: r["name"] for r in context["rows"]}
    existing = [playoff_service.summary(p, lang()) for p in playoff_service.playoffs_of(event, category)]
    busy = {n for p in existing for n in p["tied"]}
    ties = [{"players": [{"no": n, "name": names.get(n, "")} for n in group], "value": ", ".join(map(str, group))}
            for group in ties_in(table, prize_places) if not busy & set(group)]
    if not get_format(event).playoffs:
        ties = []  # a knockout ranks by its bracket (the page says so and links to it)
    return render_template("awards/playoffs.html", event=event_summary(event), editable=editable, ties=ties,
                           playoffs=existing, names=names,
                           # forms write a CSRF token into the session: editors only, so a visitor's page is cached
                           create_form=PlayoffCreateForm() if editable else None,
                           result_form=PlayoffResultForm() if editable else None, **context)


@bp.post("/playoffs/<category>/criar")
@event_editor_required
def create_playoff(event_id: int, category: str):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    _category_or_404(event, category)
    form = PlayoffCreateForm()
    if not form.validate_on_submit():
        _form_error(form)
        return redirect(url_for("awards.playoffs", event_id=event_id, category=category))
    parts = [p.strip() for p in form.tied.data.replace(";", ",").split(",") if p.strip()]
    numbers = [parse_int(p, minimum=1) for p in parts]
    if not all(n is not None for n in numbers):
        flash(_("Informe os números iniciais separados por vírgula."), "error")
        return redirect(url_for("awards.playoffs", event_id=event_id, category=category))
    run_service(lambda: playoff_service.create_playoff(current_user, event, category, [n for n in numbers if n]),
                _("Playoff criado."))
    return redirect(url_for("awards.playoffs", event_id=event_id, category=category))


@bp.post("/playoffs/<category>/resultado")
@event_editor_required
def playoff_result(event_id: int, category: str):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = PlayoffResultForm()
    if not form.validate_on_submit():
        _form_error(form)
        return redirect(url_for("awards.playoffs", event_id=event_id, category=category))
    playoff = _playoff_or_error(event, form.playoff_id.data)
    if playoff is not None:
        try:
            status = playoff_service.record_game(current_user, event, playoff, form.game_id.data, form.white.data,
                                                 form.score.data, form.moves.data)
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("Resultado do playoff gravado.") + (" " + _("Playoff concluído.") if status.finished else ""),
                  "success")
    return redirect(url_for("awards.playoffs", event_id=event_id, category=category))


@bp.post("/playoffs/<category>/apagar")
@event_editor_required
def delete_playoff(event_id: int, category: str):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = PlayoffDeleteForm()
    if not form.validate_on_submit():
        _form_error(form)
        return redirect(url_for("awards.playoffs", event_id=event_id, category=category))
    playoff = _playoff_or_error(event, form.playoff_id.data)
    if playoff is not None:
        run_service(lambda: playoff_service.delete_playoff(current_user, event, playoff), _("Playoff removido."))
    return redirect(url_for("awards.playoffs", event_id=event_id, category=category))
