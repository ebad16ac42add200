"""Rating periods (staff: review, close, reopen) and the public rating list with its CSV / XLSX."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user
from sqlalchemy import select

from damas.engine.integers import parse_int
from damas.exports.rating_list import rating_list_csv, rating_list_xlsx
from damas.extensions import db
from damas.models import Club, Player, RatingPeriod, User
from damas.engine.rating.lists import RatingListKey, parse_list_code
from damas.presentation.labels import pick, rating_list_name, rating_list_options
from damas.services.ratings import periods as period_service
from damas.services.errors import ServiceError
from damas.services.locking import retrying
from damas.services.ratings.list_page import CATEGORIES, rating_list_rows
from damas.web.access import staff_required
from damas.web.downloads import attachment
from damas.web.forms_util import show_service_error
from damas.web.ratings.forms import PeriodForm, ReopenForm

bp = Blueprint("ratings", __name__, url_prefix="/rating")


def _plan_view(plan: period_service.PeriodPlan) -> dict[str, Any]:
    names = dict(db.session.execute(select(Player.id, Player.full_name).where(Player.id.in_(list(plan.changes)))).all()) \
        if plan.changes else {}
    return {"events": [{"id": e.id, "name": e.name, "end_date": e.end_date} for e in plan.events],
            "changes": [{"name": names.get(pid, ""), "before": before or "—", "after": after,
                         "delta": f"{after - before:+d}" if before else _("primeiro rating")}
                        for pid, (before, after) in sorted(plan.changes.items(), key=lambda kv: names.get(kv[0], ""))]}


def _period_rows() -> list[dict[str, Any]]:
    found = period_service.periods()
    ids = {p.closed_by for p in found if p.closed_by}
    users = dict(db.session.execute(select(User.id, User.name).where(User.id.in_(ids))).all()) if ids else {}
    rows = []
    for p in found:
        rows.append({"id": p.id, "name": p.name, "list": rating_list_name(p.discipline, p.rating_list), "start": p.start_date,
                     "end": p.end_date, "list_date": p.list_date, "events": len(p.event_ids or ()),
                     "status": p.status, "closed_by": users.get(p.closed_by, "—"),
                     "can_reopen": period_service.can_reopen(p)})
    return rows


@bp.route("/periodos", methods=["GET", "POST"])
@staff_required
def periods():  # type: ignore[no-untyped-def]
    form = PeriodForm()
    plan = None
    if form.validate_on_submit():
        data = form.data
        key = parse_list_code(data["rating_list"])
        try:
            if data["close"]:
                period = retrying(lambda: period_service.close_period(
                    current_user, data["name"], key, data["start_date"], data["end_date"], data["list_date"]))
                flash(_("Período %(name)s fechado: novos ratings publicados.", name=period.name), "success")
                return redirect(url_for("ratings.periods"))
            period_service.check_period(data["name"], key, data["start_date"], data["end_date"], data["list_date"])
            assert key is not None  # check_period refused an unknown list
            plan = _plan_view(period_service.plan_period(key, data["start_date"], data["end_date"]))
        except ServiceError as error:
            show_service_error(form, error)
    return render_template("ratings/periods.html", form=form, plan=plan, periods=_period_rows(), reopen=ReopenForm())


@bp.post("/periodos/<int:period_id>/reabrir")
@staff_required
def reopen(period_id: int):  # type: ignore[no-untyped-def]
    period = db.session.get(RatingPeriod, period_id)
    if period is None:
        abort(404)
    if ReopenForm().validate_on_submit():
        try:
            retrying(lambda: period_service.reopen_period(current_user, period))
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("Período %(name)s reaberto: os ratings anteriores voltaram.", name=period.name), "success")
    return redirect(url_for("ratings.periods"))


def _filters() -> dict[str, Any]:
    """The list (``lista=xadrez:rapid``; a bare rate is draughts 64's, an unknown one draughts 64
    regular) and the filters of the public rating list."""
    listing = parse_list_code(request.args.get("lista", "")) or RatingListKey("damas-64", "regular")
    category = request.args.get("categoria", "")
    club = request.args.get("clube", "")
    return {"rating_list": listing.code, "key": listing, "category": category if category in CATEGORIES else "",
            "club_id": parse_int(club, minimum=1),
            "state": request.args.get("uf", "")[:2].upper()}


def _rows(f: dict[str, Any]) -> list:
    return rating_list_rows(f["key"], f["club_id"], f["state"], f["category"])


@bp.get("/lista")
def rating_list():  # type: ignore[no-untyped-def]
    f = _filters()
    clubs = [{"id": c.id, "name": c.name} for c in db.session.scalars(select(Club).order_by(Club.name))]
    states = sorted(s for s in db.session.scalars(select(Player.state).distinct()) if s)
    categories = [(code, pick((c.name_pt, c.name_en))) for code, c in CATEGORIES.items()]
    return render_template("ratings/list.html", rows=_rows(f), filters=f, clubs=clubs, states=states, categories=categories,
                           lists=rating_list_options(), list_name=rating_list_name(f["key"].discipline, f["key"].rate),
                           args=request.args.to_dict())


@bp.get("/lista.csv")
def rating_list_csv_file():  # type: ignore[no-untyped-def]
    f = _filters()
    return attachment("\ufeff" + rating_list_csv(_rows(f)), "text/csv", f"rating-{_file_stem(f['key'])}.csv")


@bp.get("/lista.xlsx")
def rating_list_xlsx_file():  # type: ignore[no-untyped-def]
    f = _filters()
    return attachment(rating_list_xlsx(_rows(f), _file_stem(f["key"])),
                      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                      f"rating-{_file_stem(f['key'])}.xlsx")


def _file_stem(key: RatingListKey) -> str:
    """``damas-64-regular``: the file names of a list's downloads."""
    return f"{key.discipline}-{key.rate}"
