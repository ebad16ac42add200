"""Seasons: the public ranking page and PDF; staff create and edit (thin routes)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user
from sqlalchemy import select

from damas.engine.categories import default_categories
from damas.extensions import db
from damas.presentation.labels import pick
from damas.models import Season
from damas.reports.season_sheet import season_pdf
from damas.services.federation import settings as federation_service
from damas.services.ratings import seasons as season_service
from damas.services.errors import ServiceError
from damas.web.access import staff_required
from damas.web.downloads import attachment
from damas.web.forms_util import show_service_error
from damas.web.seasons.forms import SeasonForm

bp = Blueprint("seasons", __name__, url_prefix="/temporadas")


def _category_name(code: str) -> str:
    """A CBJD 124 category's name in the request's language; another code as it is."""
    found = next((c for c in default_categories() if c.code == code), None)
    return pick((found.name_pt, found.name_en)) if found else code


def _season(season_id: int) -> Season:
    season = db.session.get(Season, season_id)
    if season is None:
        abort(404)
    return season


def _context(season: Season) -> dict[str, Any]:
    category = request.args.get("categoria", "")
    if category not in season.categories:
        category = season.categories[0] if season.categories else "absoluto"
    ranking = season_service.season_ranking(season, category)
    counted = [e for e in ranking.events if e["counted"]]
    rows = [{"rank": r.rank, "player_id": r.player, "name": ranking.names.get(r.player, {}).get("name", ""),
             "state": ranking.names.get(r.player, {}).get("club_state", ""), "total": r.total,
             "per_event": ["—" if v is None else v for v, e in zip(r.per_event, counted)]} for r in ranking.rows]
    return {"season": {"id": season.id, "name": season.name, "year": season.year, "kind": season.kind,
                       "points_table": ", ".join(str(p) for p in season.points_table), "categories": season.categories},
            "category": category, "category_names": {c: _category_name(c) for c in {*season.categories, category}},
            "events": ranking.events, "counted": counted, "rows": rows,
            "federation_name": federation_service.current().name,
            "printed_at": datetime.now().strftime("%d/%m/%Y %H:%M")}


@bp.get("/")
def list_seasons():  # type: ignore[no-untyped-def]
    seasons = [{"id": s.id, "name": s.name, "year": s.year, "events": season_service.public_event_count(s)}
               for s in db.session.scalars(select(Season).order_by(Season.year.desc(), Season.name))]
    return render_template("seasons/list.html", seasons=seasons)


@bp.get("/<int:season_id>")
def ranking(season_id: int):  # type: ignore[no-untyped-def]
    return render_template("seasons/ranking.html", **_context(_season(season_id)))


@bp.get("/<int:season_id>.pdf")
def ranking_pdf(season_id: int):  # type: ignore[no-untyped-def]
    season = _season(season_id)
    context = _context(season)
    return attachment(season_pdf(context), "application/pdf", f"temporada-{season.id}-{context['category']}.pdf")


def _form(season: Season | None) -> SeasonForm:
    if season is None:
        form = SeasonForm(data={"year": datetime.now().year, "categories": "absoluto",
                                "points_table": ", ".join(str(p) for p in season_service.DEFAULT_TABLE)})
    else:
        form = SeasonForm(data={"name": season.name, "year": season.year, "kind": season.kind,
                                "points_table": ", ".join(str(p) for p in season.points_table),
                                "categories": ", ".join(season.categories),
                                "event_ids": [e.event_id for e in season.events]})
    form.event_ids.choices = [(e.id, f"{e.name} ({e.start_date.strftime('%d/%m/%Y')})")
                              for e in season_service.seasons_choosable_events()]
    return form


def _edit(season: Season | None):  # type: ignore[no-untyped-def]
    form = _form(season)
    if form.validate_on_submit():
        try:
            saved = season_service.save_season(current_user, season, form.data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Temporada salva."), "success")
            return redirect(url_for("seasons.ranking", season_id=saved.id))
    return render_template("seasons/form.html", form=form, season=season)


@bp.route("/nova", methods=["GET", "POST"])
@staff_required
def new_season():  # type: ignore[no-untyped-def]
    return _edit(None)


@bp.route("/<int:season_id>/editar", methods=["GET", "POST"])
@staff_required
def edit_season(season_id: int):  # type: ignore[no-untyped-def]
    return _edit(_season(season_id))
