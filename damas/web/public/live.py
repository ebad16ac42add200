"""The event's live page and its QR code.

`/eventos/<id>/ao-vivo` is the one address the printed sheets' QR codes and the "share / print
QR" page carry: it stays the same all through the event and leads to what a spectator wants
now [ours]: the last published round while the event runs (a knockout's bracket, a team
event's matches: their own pages), the standings once it is finished, the event's page before
any round is out.
"""
from __future__ import annotations

from flask import redirect, render_template, url_for
from flask_babel import gettext as _
from sqlalchemy import func, select

from damas.extensions import db
from damas.formats import get_format
from damas.models import EventStatus, Round, RoundStatus
from damas.presentation.qr import qr_svg
from damas.views.summaries import event_summary
from damas.reports.event_reports import live_url
from damas.web.public.routes import _visible, bp


@bp.get("/ao-vivo")
def live(event_id: int):  # type: ignore[no-untyped-def]
    event, _editable = _visible(event_id, entries=False)
    last = db.session.scalar(select(func.max(Round.number)).where(Round.event_id == event.id,
                                                                  Round.status == RoundStatus.PUBLISHED))
    if get_format(event).pages.rounds is not None:  # a bracket, team matches
        return redirect(url_for("rounds.list_rounds", event_id=event.id))  # it sends on to their own pages
    if last is None:
        return redirect(url_for("events.view_event", event_id=event.id))
    if event.status == EventStatus.FINISHED:
        return redirect(url_for("rounds.standings", event_id=event.id))
    return redirect(url_for("rounds.view_round", event_id=event.id, number=last))


@bp.get("/qr")
def share(event_id: int):  # type: ignore[no-untyped-def]
    """The venue's wall: a big QR code of the live page, its address in words, a print button."""
    event, _editable = _visible(event_id, entries=False)
    url = live_url(event.id)
    return render_template("public/share.html", event=event_summary(event), url=url,
                           qr=qr_svg(url, _("QR code de %(url)s", url=url)))
