"""Home page and the language switch."""
from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, session, url_for
from flask_login import current_user
from sqlalchemy import select

from damas.extensions import db
from damas.models import Event, EventStatus
from damas.services.accounts.users import remember_locale
from damas.views.arbiter_events import assigned_events
from damas.views.summaries import event_summary

bp = Blueprint("main", __name__)


@bp.get("/")
def index():  # type: ignore[no-untyped-def]
    events = db.session.scalars(
        select(Event)
        .where(Event.status.in_([EventStatus.REGISTRATION, EventStatus.RUNNING]))
        .order_by(Event.start_date)
    ).all()
    mine = assigned_events(current_user, finished=0) if current_user.is_authenticated else []
    return render_template("main/index.html", events=[event_summary(e) for e in events], my_events=mine)


@bp.get("/lang/<code>")
def set_language(code: str):  # type: ignore[no-untyped-def]
    if code in ("pt_BR", "en"):
        session["lang"] = code
        if current_user.is_authenticated:  # the account's mails follow
            remember_locale(current_user, code)
    target = request.referrer or url_for("main.index")
    if not target.startswith(request.host_url):
        target = url_for("main.index")
    return redirect(target)
