"""One entry, several sections: the player's own entry page, the organisers' page for a chosen
player, leaving one section, and a section's eligibility form."""
from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from sqlalchemy import select

from damas.engine.integers import parse_int
from damas.extensions import db
from damas.models import Event, EventStatus, Player, Role
from damas.models.championships import Championship
from damas.presentation.numbers import money
from damas.services.championships import eligibility_rules, entries, single_fee
from damas.services.standings.categories import event_categories
from damas.services.errors import ServiceError
from damas.services.events.lifecycle import can_edit_event
from damas.services.locking import retrying
from damas.views.summaries import event_summary
from damas.web.access import event_editor_required
from damas.web.championships.blueprint import bp
from damas.web.championships.entry_forms import EligibilityForm, SectionsForm
from damas.web.forms_util import choices, run_service, show_service_error


def _championship(championship_id: int) -> Championship:
    """The championship; an unpublished one exists only for staff and its sections' arbiters."""
    championship = db.session.get(Championship, championship_id) or abort(404)
    if not championship.published and not entries.may_enter_for_others(current_user, championship):
        abort(404)
    return championship


def _visible(events: list[Event]) -> list[Event]:
    return [e for e in events if e.is_public or can_edit_event(current_user, e)]


def _rows(championship: Championship, player: Player, *, by_player: bool) -> list[dict[str, Any]]:
    """Each section with the player's checks, his fee there and whether this user may tick it."""
    events = _visible(entries.sections(championship))
    fees = single_fee.fee_quotes(events, player)
    carrier = single_fee.carrier(championship, player)
    rows = []
    for event in events:
        check = entries.check_section(event, player, by_player=by_player)
        allowed = by_player or can_edit_event(current_user, event)
        rows.append({"check": check, "event": event, "status_name": event_summary(event)["status_name"],
                     "fee": money(fees[event.id]) if event.id in fees else "",
                     "pays_fee": carrier is not None and carrier.id == event.id and check.entered,
                     "allowed": allowed, "selectable": allowed and check.may_enter, "may_leave": allowed and check.entered
                     and event.status in (EventStatus.DRAFT, EventStatus.REGISTRATION)})
    return rows


def _form(rows: list[dict[str, Any]]) -> SectionsForm:
    form = SectionsForm()
    # every section the user may act in: an ineligible one sent anyway is refused with its reasons
    form.sections.choices = choices((r["event"].id, r["event"].name) for r in rows if r["allowed"])
    return form


def _enter(form: SectionsForm, championship: Championship, player: Player, *, by_player: bool) -> bool:
    """Submit the chosen sections: all entered, or none (each refusal shown with its section)."""
    if not form.validate_on_submit():
        flash(_("Escolha pelo menos uma seção da lista."), "error")
        return False
    try:
        made = retrying(lambda: entries.enter(current_user, championship, player, form.sections.data or [],
                                              by_player=by_player))
    except entries.SectionsRefused as error:
        flash(_("Nenhuma inscrição foi feita: todas as seções escolhidas precisam aceitar o jogador."), "error")
        for name, reasons in error.refusals:
            flash(f"{name}: {' '.join(reasons)}", "error")
        return False
    except ServiceError as error:
        show_service_error(form, error)
        return False
    flash(_("Inscrição feita em %(n)s seções; um e-mail de confirmação lista todas.", n=len(made)), "success")
    return True


@bp.route("/campeonatos/<int:championship_id>/inscricao", methods=["GET", "POST"])
@login_required
def enter(championship_id: int):  # type: ignore[no-untyped-def]
    """The logged-in player's entry: every section with eligible or not (reasons), one submit."""
    championship = _championship(championship_id)
    player = current_user.player
    if player is None:
        return render_template("championships/enter.html", championship=championship, player=None, rows=[],
                               form=None, organisers=False)
    rows = _rows(championship, player, by_player=True)
    form = _form(rows)
    if request.method == "POST" and _enter(form, championship, player, by_player=True):
        return redirect(url_for("championships.enter", championship_id=championship.id))
    return render_template("championships/enter.html", championship=championship, player=player, rows=rows,
                           form=form, organisers=False)


@bp.post("/campeonatos/<int:championship_id>/inscricao/<int:event_id>/cancelar")
@login_required
def leave(championship_id: int, event_id: int):  # type: ignore[no-untyped-def]
    """The player leaves one section; his other sections stay."""
    championship = _championship(championship_id)
    event = db.session.get(Event, event_id) or abort(404)
    if current_user.player is None:
        flash(_("Sua conta ainda não está ligada a um jogador da federação; aguarde a aprovação."), "error")
    else:
        player = current_user.player
        run_service(lambda: entries.withdraw(current_user, championship, event, player, by_player=True),
                    _("Inscrição na seção %(name)s cancelada; as outras seções continuam.", name=event.name))
    return redirect(url_for("championships.enter", championship_id=championship_id))


def _organiser_championship(championship_id: int) -> Championship:
    championship = db.session.get(Championship, championship_id) or abort(404)
    if not entries.may_enter_for_others(current_user, championship):
        abort(403)
    return championship


def _candidates(query: str) -> list[Player]:
    if not query:
        return []
    return list(db.session.scalars(select(Player).where(Player.name_contains(query)).order_by(Player.full_name)
                                   .limit(30)))


@bp.route("/campeonatos/<int:championship_id>/inscricao/jogador", methods=["GET", "POST"])
@login_required
def enter_player(championship_id: int):  # type: ignore[no-untyped-def]
    """Staff, or an arbiter of the sections, enter a chosen player in several sections at once."""
    championship = _organiser_championship(championship_id)
    query = (request.values.get("q") or "").strip()[:120]
    player_id = parse_int(request.values.get("player_id") or "")
    player = db.session.get(Player, player_id) if player_id is not None else None
    rows = _rows(championship, player, by_player=False) if player is not None else []
    form = _form(rows)
    if player is not None:
        form.player_id.data = str(player.id)
    if request.method == "POST":
        if player is None:
            flash(_("Escolha um jogador."), "error")
        elif _enter(form, championship, player, by_player=False):
            return redirect(url_for("championships.enter_player", championship_id=championship.id,
                                    player_id=player.id))
    return render_template("championships/enter.html", championship=championship, player=player, rows=rows,
                           form=form, organisers=True, q=query, candidates=_candidates(query))


@bp.post("/campeonatos/<int:championship_id>/inscricao/jogador/<int:player_id>/<int:event_id>/remover")
@login_required
def remove_player(championship_id: int, player_id: int, event_id: int):  # type: ignore[no-untyped-def]
    """The organisers take the player out of one section; his other sections stay."""
    championship = _organiser_championship(championship_id)
    player = db.session.get(Player, player_id) or abort(404)
    event = db.session.get(Event, event_id) or abort(404)
    run_service(lambda: entries.withdraw(current_user, championship, event, player, by_player=False),
                _("%(player)s saiu da seção %(name)s; as outras seções continuam.", player=player.full_name,
                  name=event.name))
    return redirect(url_for("championships.enter_player", championship_id=championship_id, player_id=player.id))


@bp.route("/eventos/<int:event_id>/elegibilidade", methods=["GET", "POST"])
@event_editor_required
def eligibility(event_id: int):  # type: ignore[no-untyped-def]
    """Who may enter the section (staff or the event's arbiters, as its registration rules)."""
    event = db.session.get(Event, event_id) or abort(404)
    section = eligibility_rules.section_of(event)
    row = eligibility_rules.eligibility_row(event)
    form = EligibilityForm(obj=row) if request.method == "GET" else EligibilityForm()
    form.category_code.choices = choices([("", _("Nenhuma"))] + [(c.code, c.name_pt) for c in event_categories(event)])
    if request.method == "POST" and section is not None and form.validate_on_submit():
        data = {name: form[name].data for name in eligibility_rules.FIELDS}
        try:
            retrying(lambda: eligibility_rules.save_eligibility(current_user, event, data))
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Elegibilidade da seção gravada."), "success")
            return redirect(url_for("championships.eligibility", event_id=event.id))
    championship = db.session.get(Championship, section.championship_id) if section is not None else None
    return render_template("championships/eligibility.html", event=event_summary(event), form=form, section=section,
                           championship=championship, summary=eligibility_rules.summary(event),
                           staff=current_user.role == Role.STAFF)
