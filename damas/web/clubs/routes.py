"""Clubs: public list; staff create and edit."""
from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user
from sqlalchemy import select

from damas.extensions import db
from damas.models import Club
from damas.services.errors import ServiceError
from damas.services.players.records import create_club, update_club
from damas.web.access import staff_required
from damas.web.clubs.forms import ClubForm
from damas.web.forms_util import show_service_error
from damas.views.summaries import club_summary

bp = Blueprint("clubs", __name__, url_prefix="/clubes")


@bp.get("/")
def list_clubs():  # type: ignore[no-untyped-def]
    clubs = db.session.scalars(select(Club).order_by(Club.name)).all()
    return render_template("clubs/list.html", clubs=[club_summary(c) for c in clubs])


@bp.route("/novo", methods=["GET", "POST"])
@staff_required
def new_club():  # type: ignore[no-untyped-def]
    form = ClubForm()
    if form.validate_on_submit():
        try:
            create_club(current_user, form.data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Clube cadastrado."), "success")
            return redirect(url_for("clubs.list_clubs"))
    return render_template("clubs/form.html", form=form, title=_("Novo clube"))


@bp.route("/<int:club_id>/editar", methods=["GET", "POST"])
@staff_required
def edit_club(club_id: int):  # type: ignore[no-untyped-def]
    club = db.session.get(Club, club_id) or abort(404)
    form = ClubForm(obj=club)
    if form.validate_on_submit():
        try:
            update_club(current_user, club, form.data)
        except ServiceError as error:
            db.session.rollback()
            show_service_error(form, error)
        else:
            flash(_("Clube atualizado."), "success")
            return redirect(url_for("clubs.list_clubs"))
    return render_template("clubs/form.html", form=form, title=_("Editar clube"))
