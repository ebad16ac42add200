"""Staff build a championship: its list, its form, and its sections (add an existing event or
create a new one, reorder, remove, one arbiter for several sections). Thin routes: form -> one
service call -> page."""
from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user
from sqlalchemy import select

from damas.extensions import db
from damas.models import Event, Role, User
from damas.models.championships import Championship
from damas.services.championships import sections as section_service
from damas.services.championships.championships import save_championship, section_events
from damas.services.errors import ServiceError
from damas.services.federation.settings import default_pairing_system, default_ruleset
from damas.views.championship_page import championship_summary, dates_text, section_rows
from damas.web.access import staff_required
from damas.web.championships.blueprint import bp
from damas.web.championships.staff_forms import (
    AddSectionForm,
    ChampionshipForm,
    NewSectionForm,
    SectionArbiterForm,
)
from damas.web.forms_util import pairing_system_choices, run_service, show_service_error


def championship_or_404(championship_id: int) -> Championship:
    return db.session.get(Championship, championship_id) or abort(404)


@bp.get("/federacao/campeonatos")
@staff_required
def staff_list():  # type: ignore[no-untyped-def]
    rows = [{**championship_summary(c), "sections": len(c.sections)}
            for c in db.session.scalars(select(Championship).order_by(Championship.start_date.desc(),
                                                                      Championship.id.desc()))]
    return render_template("championships/staff_list.html", championships=rows)


def _edit(championship: Championship | None):  # type: ignore[no-untyped-def]
    form = ChampionshipForm(obj=championship)
    if form.validate_on_submit():
        try:
            saved = save_championship(current_user, championship, form.data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Campeonato salvo."), "success")
            return redirect(url_for("championships.sections", championship_id=saved.id))
    return render_template("championships/form.html", form=form, championship=championship)


@bp.route("/campeonatos/novo", methods=["GET", "POST"])
@staff_required
def new_championship():  # type: ignore[no-untyped-def]
    return _edit(None)


@bp.route("/campeonatos/<int:championship_id>/editar", methods=["GET", "POST"])
@staff_required
def edit_championship(championship_id: int):  # type: ignore[no-untyped-def]
    return _edit(championship_or_404(championship_id))


def _arbiters() -> list[User]:
    return list(db.session.scalars(select(User).where(User.role == Role.ARBITER, User.active.is_(True))
                                   .order_by(User.name)))


def _sections_page(championship: Championship, new_form: NewSectionForm | None = None) -> str:
    events = section_events(championship)
    add_form = AddSectionForm()
    add_form.event_id.choices = [(e.id, f"{e.name} ({dates_text(e.start_date, e.end_date)})")
                                 for e in section_service.free_events()]
    arbiter_form = SectionArbiterForm()
    arbiter_form.user_id.choices = [(u.id, u.name) for u in _arbiters()]
    arbiter_form.event_ids.choices = [(e.id, e.name) for e in events]
    if new_form is None:
        new_form = NewSectionForm(data={"ruleset": default_ruleset(), "pairing_system": default_pairing_system(),
                                        "start_date": championship.start_date, "end_date": championship.end_date})
    new_form.pairing_system.choices = pairing_system_choices()
    arbiters = {e.id: [a.user.name for a in e.arbiters] for e in events}
    rows = [{**row, "arbiters": arbiters[row["event_id"]]} for row in section_rows(events, lambda e: [])]
    return render_template("championships/sections.html", championship=championship_summary(championship),
                           sections=rows, add_form=add_form, new_form=new_form, arbiter_form=arbiter_form)


@bp.get("/campeonatos/<int:championship_id>/secoes")
@staff_required
def sections(championship_id: int):  # type: ignore[no-untyped-def]
    return _sections_page(championship_or_404(championship_id))


def _back(championship: Championship) -> Any:
    return redirect(url_for("championships.sections", championship_id=championship.id))


@bp.post("/campeonatos/<int:championship_id>/secoes/adicionar")
@staff_required
def add_section(championship_id: int):  # type: ignore[no-untyped-def]
    championship = championship_or_404(championship_id)
    form = AddSectionForm()
    event = db.session.get(Event, form.event_id.data) if form.validate_on_submit() and form.event_id.data else None
    run_service(lambda: section_service.add_section(current_user, championship, event), _("Seção adicionada."))
    return _back(championship)


@bp.post("/campeonatos/<int:championship_id>/secoes/nova")
@staff_required
def new_section(championship_id: int):  # type: ignore[no-untyped-def]
    championship = championship_or_404(championship_id)
    form = NewSectionForm()
    form.pairing_system.choices = pairing_system_choices()
    if form.validate_on_submit():
        try:
            event = section_service.create_section(current_user, championship, {**form.data, "dutch_edition": ""})
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Seção criada: complete o evento no formulário dele (horários, desempates, inscrições)."),
                  "success")
            return redirect(url_for("events.edit_event", event_id=event.id))
    elif request.method == "POST" and not form.errors:
        flash(_("Preencha os campos da nova seção."), "error")
    return _sections_page(championship, form)


@bp.post("/campeonatos/<int:championship_id>/secoes/<int:event_id>/mover")
@staff_required
def move_section(championship_id: int, event_id: int):  # type: ignore[no-untyped-def]
    championship = championship_or_404(championship_id)
    offset = -1 if request.form.get("direcao") == "acima" else 1
    run_service(lambda: section_service.move_section(current_user, championship, event_id, offset),
                _("Ordem das seções salva."))
    return _back(championship)


@bp.post("/campeonatos/<int:championship_id>/secoes/<int:event_id>/remover")
@staff_required
def remove_section(championship_id: int, event_id: int):  # type: ignore[no-untyped-def]
    championship = championship_or_404(championship_id)
    run_service(lambda: section_service.remove_section(current_user, championship, event_id),
                _("Seção removida do campeonato; o evento continua existindo."))
    return _back(championship)


@bp.post("/campeonatos/<int:championship_id>/arbitros")
@staff_required
def assign_arbiter(championship_id: int):  # type: ignore[no-untyped-def]
    championship = championship_or_404(championship_id)
    form = SectionArbiterForm()
    valid = form.validate_on_submit()
    user = db.session.get(User, form.user_id.data) if valid and form.user_id.data else None
    ids = (form.event_ids.data or []) if valid else []
    run_service(lambda: section_service.assign_arbiter_to_sections(current_user, championship, user, ids),
                _("Árbitro designado nas seções marcadas."))
    return _back(championship)
