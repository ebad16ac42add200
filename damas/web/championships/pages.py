"""A championship's public pages: the list of published championships, its page (dates, venue,
every section with its state, current round and leaders, one schedule of all rounds), its
regulations page and its brochure PDF. An unpublished championship exists only for staff (404
for everyone else), and a draft section only for staff (as every draft event)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Response, abort, render_template
from flask_login import current_user

from damas.extensions import db
from damas.models import Event, Role
from damas.models.championships import Championship
from damas.reports.championship_brochure import brochure_pdf
from damas.services.championships.championships import championship_of_event, published_championships
from damas.services.federation.settings import federation_name
from damas.views.championship_page import championship_summary, leaders, page_context, visible_sections
from damas.web.championships.blueprint import bp
from damas.web.public.routes import cached


def is_staff() -> bool:
    return bool(getattr(current_user, "is_authenticated", False) and current_user.role == Role.STAFF)


def visible_championship(championship_id: int) -> Championship:
    """The championship when the visitor may see it: published, or any for staff; else 404."""
    championship = db.session.get(Championship, championship_id)
    if championship is None or not (championship.published or is_staff()):
        abort(404)
    return championship


def cached_leaders(event: Event) -> list[dict[str, Any]]:
    """A section's leaders, computed once per revision of its event (`public.routes.cached`)."""
    return cached("championship-leaders", event, "", lambda: leaders(event))


def _context(championship: Championship) -> dict[str, Any]:
    return {**page_context(championship, is_staff(), cached_leaders), "staff": is_staff()}


@bp.get("/campeonatos")
def list_championships():  # type: ignore[no-untyped-def]
    rows = [{**championship_summary(c), "sections": len(visible_sections(c, False))} for c in published_championships()]
    return render_template("championships/list.html", championships=rows, staff=is_staff())


@bp.get("/campeonatos/<int:championship_id>")
def page(championship_id: int):  # type: ignore[no-untyped-def]
    return render_template("championships/page.html", **_context(visible_championship(championship_id)))


@bp.get("/campeonatos/<int:championship_id>/regulamento")
def regulations(championship_id: int):  # type: ignore[no-untyped-def]
    championship = visible_championship(championship_id)
    return render_template("championships/regulations.html", **page_context(championship, is_staff(), lambda e: []),
                           staff=is_staff())


@bp.get("/campeonatos/<int:championship_id>/convite.pdf")
def brochure(championship_id: int):  # type: ignore[no-untyped-def]
    """The championship's invitation: facts, sections, schedule and regulations on A4."""
    championship = visible_championship(championship_id)
    context = {**page_context(championship, False, lambda e: []), "federation_name": federation_name(),
               "printed_at": datetime.now().strftime("%d/%m/%Y %H:%M")}
    return Response(brochure_pdf(context), mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="campeonato-{championship.id}-convite.pdf"'})


@bp.app_template_global("championship_of")
def championship_link(event_id: int) -> dict[str, Any] | None:
    """The championship an event's header names (`id, name`): a published one, any for staff."""
    championship = championship_of_event(event_id)
    if championship is None or not (championship.published or is_staff()):
        return None
    return {"id": championship.id, "name": championship.name}
