"""The norms of an event: FIDE's for a chess event (B.01 1.4), the federation's national titles'
for a draughts event. The public page and its PDF, the API answer, and for staff (FIDE) the
settings, the IT1 certificates and the IT3 report. Thin: the checks are `damas.services.norms`
(cached by `damas.web.norms.cache`), the words `damas.views.norms` / `norms_national`, the PDFs
`damas.reports.norms`.

- `GET /eventos/<id>/normas` (public) and `/normas.pdf`.
- `POST /eventos/<id>/normas/configuracao` (staff): kind of event, host federation, 1.4.3d, the
  chief arbiter's title.
- `GET /eventos/<id>/normas/it3.pdf` and `/normas/<player_id>/<title>/it1.pdf` (staff).
- `GET /api/v1/events/<id>/norms` (public JSON; see `damas.views.norms`).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.models import Event, Role
from damas.reports.event_reports import base_context
from damas.reports.norms import it1_context, it1_pdf, it3_context, it3_pdf, national_norms_pdf, norms_pdf
from damas.services.errors import ServiceError
from damas.services.norms import DRAUGHTS, EventNorms, eligibility, norm_settings, save_norm_settings
from damas.views.norms import api_payload, norms_context
from damas.views.norms_national import FMJD_SOURCES, national_api_payload, national_context
from damas.web.access import staff_required, visible_event
from damas.web.norms.cache import fide_norms, national_norms
from damas.web.norms.forms import NormSettingsForm
from damas.web.serving.pdf_jobs import deliver_pdf
from damas.web.public.routes import cached, load_event

bp = Blueprint("norms", __name__, url_prefix="/eventos/<int:event_id>")
api = Blueprint("norms_api", __name__, url_prefix="/api/v1")


def _norms(event: Event) -> EventNorms | None:
    """The event's FIDE norms, computed once per revision (settings, results, players' titles move it)."""
    return fide_norms(event)


def _is_staff() -> bool:
    return bool(current_user.is_authenticated and current_user.role == Role.STAFF)


def _settings_form(event: Event) -> NormSettingsForm:
    s = norm_settings(event)
    form = NormSettingsForm(data={"kind": s.kind.value, "host_federation": s.host_federation,
                                  "chief_arbiter_title": s.chief_arbiter_title, "foreign_field": s.foreign_field})
    return form


@bp.get("/normas")
def page(event_id: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    norms = _norms(event)
    national = None if norms is not None or event.discipline not in DRAUGHTS else national_norms(event)
    context: dict[str, Any] = {**base_context(event), "applies": norms is not None, "is_staff": _is_staff(),
                               "national": national is not None, "draughts": event.discipline in DRAUGHTS,
                               "fmjd_sources": FMJD_SOURCES}
    if national is not None:
        context.update(national_context(event, national))
    if norms is not None:
        context.update(norms_context(event, norms))
        if context["is_staff"]:
            context["form"] = _settings_form(event)
            context["warnings"] = eligibility(event)
            context["it1_urls"] = {(p["player_id"], ln["title"]): url_for(
                "norms.it1", event_id=event.id, player_id=p["player_id"], title=ln["title"])
                for p in context["players"] for ln in p["lines"] if ln["met"]}
    return render_template("norms/page.html", **context)


@bp.get("/normas.pdf")
def page_pdf(event_id: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    norms = _norms(event)
    if norms is not None:
        return deliver_pdf(event.id, f"normas-{event.id}", lambda: norms_pdf(event, norms))
    national = national_norms(event) if event.discipline in DRAUGHTS else None
    if national is None:
        return redirect(url_for("norms.page", event_id=event_id))
    return deliver_pdf(event.id, f"normas-nacionais-{event.id}", lambda: national_norms_pdf(event, national))


@bp.post("/normas/configuracao")
@staff_required
def save_settings(event_id: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    form = NormSettingsForm()
    if not form.validate_on_submit():
        flash(_("Confira as configurações de normas."), "error")
        return redirect(url_for("norms.page", event_id=event_id))
    try:
        save_norm_settings(current_user, event, form.data)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Configurações de normas salvas."), "success")
    return redirect(url_for("norms.page", event_id=event_id))


@bp.get("/normas/it3.pdf")
@staff_required
def it3(event_id: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    norms = _norms(event)
    if norms is None:
        return redirect(url_for("norms.page", event_id=event_id))
    return deliver_pdf(event.id, f"it3-{event.id}", lambda: it3_pdf(it3_context(event, norms)))


@bp.get("/normas/<int:player_id>/<title>/it1.pdf")
@staff_required
def it1(event_id: int, player_id: int, title: str):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    norms = _norms(event)
    if norms is None:
        return redirect(url_for("norms.page", event_id=event_id))
    context = it1_context(event, norms, player_id, title.upper())
    if context is None:
        abort(404)
    return deliver_pdf(event.id, f"it1-{event.id}-{player_id}-{title.upper()}", lambda: it1_pdf(context))


@api.get("/events/<int:event_id>/norms")
def api_norms(event_id: int):  # type: ignore[no-untyped-def]
    event = load_event(event_id, entries=False)
    if event is None or not event.is_public:
        abort(404)
    norms = _norms(event)
    national = None if norms is not None or event.discipline not in DRAUGHTS else national_norms(event)
    if national is not None:
        return jsonify(national_api_payload(event, national))
    return jsonify(cached("norms-api", event, "", lambda: api_payload(event, norms)))
