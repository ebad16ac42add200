"""What spans a championship's sections (public): the club classification
(`GET /campeonatos/<id>/clubes` and `.pdf`), the combined prize list (`GET
/campeonatos/<id>/premiacao` and the prize-giving `.pdf`), and a player's sections on his page
(`player_championships`, a template global). The figures are `damas.services.championships`'s;
the PDFs are `damas.reports.championship_sheets`'s."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import abort, render_template
from flask_login import current_user

from damas.engine.points import format_decimal
from damas.extensions import db
from damas.models import Role
from damas.models.championships import Championship
from damas.presentation.labels import STATUS_NAMES, pick
from damas.presentation.numbers import money
from damas.reports.championship_sheets import clubs_pdf, prizes_pdf
from damas.services.federation import settings as federation_service
from damas.services.championships.clubs import club_classification
from damas.services.championships.player_sections import player_sections
from damas.services.championships.prize_list import combined_prizes
from damas.web.championships.blueprint import bp
from damas.web.downloads import attachment

KIND_NAMES = {"trophy": ("Troféu", "Trophy"), "medal": ("Medalha", "Medal"), "cash": ("Dinheiro", "Cash")}


def _is_staff() -> bool:
    return bool(current_user.is_authenticated and current_user.role == Role.STAFF)


def _championship(championship_id: int) -> Championship:
    """The championship; an unpublished one exists only for staff."""
    found = db.session.get(Championship, championship_id)
    if found is None or not (found.published or _is_staff()):
        abort(404)
    return found


def _head(championship: Championship) -> dict[str, Any]:
    return {"championship": championship, "federation_name": federation_service.current().name,
            "printed_at": datetime.now().strftime("%d/%m/%Y %H:%M")}


def clubs_context(championship: Championship) -> dict[str, Any]:
    sections, lines = club_classification(championship)
    return {**_head(championship), "best_n": championship.club_best_n,
            "sections": [{"id": e.id, "name": e.name} for e in sections],
            "clubs": [{"rank": c.rank_label, "name": c.name, "total": format_decimal(c.total),
                       "per_section": [format_decimal(c.section_total(e.id)) for e in sections],
                       "players": [f"{n} ({format_decimal(p)})" for e in sections for n, p in c.per_section.get(e.id, [])]}
                      for c in lines]}


def prizes_context(championship: Championship) -> dict[str, Any]:
    sections = []
    for sp in combined_prizes(championship):
        awards = [{"category": sp.categories.get(a.category, a.category), "places": "/".join(map(str, a.places)),
                   "rank": a.rank_label, "name": sp.names.get(a.start_no, ""), "player_id": sp.player_of.get(a.start_no),
                   "kind": pick(KIND_NAMES[a.kind]), "amount": money(a.amount) if a.amount else ""}
                  for a in sp.allocation.awards]
        sections.append({"id": sp.event.id, "name": sp.event.name, "awards": awards,
                         "skipped": [f"{sp.names.get(no, '')}: {why}" for no, why in sorted(sp.skipped.items())]})
    return {**_head(championship), "one_prize": championship.one_prize_per_player, "sections": sections}


@bp.get("/campeonatos/<int:championship_id>/clubes")
def club_page(championship_id: int):  # type: ignore[no-untyped-def]
    return render_template("championships/clubs.html", **clubs_context(_championship(championship_id)))


@bp.get("/campeonatos/<int:championship_id>/clubes.pdf")
def club_pdf(championship_id: int):  # type: ignore[no-untyped-def]
    championship = _championship(championship_id)
    return attachment(clubs_pdf(clubs_context(championship)), "application/pdf", f"clubes-{championship.id}.pdf")


@bp.get("/campeonatos/<int:championship_id>/premiacao")
def prize_page(championship_id: int):  # type: ignore[no-untyped-def]
    return render_template("championships/prizes.html", **prizes_context(_championship(championship_id)))


@bp.get("/campeonatos/<int:championship_id>/premiacao.pdf")
def prize_pdf(championship_id: int):  # type: ignore[no-untyped-def]
    championship = _championship(championship_id)
    return attachment(prizes_pdf(prizes_context(championship)), "application/pdf", f"premiacao-{championship.id}.pdf")


@bp.app_template_global("player_championships")
def player_championships(player_id: int) -> list[dict[str, Any]]:
    """His sections per championship for his page (published championships; staff see all)."""
    staff = _is_staff()
    return [{"id": c.id, "name": c.name, "sections": [
        {"id": s.event_id, "name": s.name, "status": s.event_status.value,
         "status_name": pick(STATUS_NAMES[s.event_status.value]), "withdrawn": s.entry_status.value != "registered"}
        for s in sections]} for c, sections in player_sections(player_id) if c.published or staff]
