"""Events: public list and page; staff create; the event's arbiters edit and manage entries."""
from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user
from sqlalchemy import func, or_, select

from damas.engine.pairing import family_of
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventArbiter, EventStatus, Player, Role, User
from damas.reports.start_list import start_list_pdf
from damas.web.serving.pdf_jobs import deliver_pdf
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.events.frozen_settings import frozen_reason, frozen_settings
from damas.services.ratings.seasons import seasons_of_event
from damas.services.errors import ServiceError
from damas.services.norms import eligibility, fide_norms_apply
from damas.web.access import event_editor_required, staff_required, visible_event
from damas.web.events.status import needs_confirmation, status_choices
from damas.web.events.forms import ArbiterForm, EntryForm, EventForm, StatusForm
from damas.web.forms_util import choices, pairing_system_choices, run_service, show_service_error, tiebreak_picker
from damas.presentation.labels import STATUS_NAMES, pick
from damas.views.fee_schedule import fee_box
from damas.views.summaries import (
    event_list_item,
    event_summary,
    event_teams,
    player_summary,
    start_list,
    team_counts,
)
from damas.views.fee_marks import fee_marks
from damas.services.fees.confirmation import paid_only
from damas.views.event_now import TOP_ROWS, current_round, shows_standings
from damas.views.import_note import import_note
from damas.reports.standings import standings_context
from damas.reports.round_points import with_points_before
from damas.web.desk import audit_page # the arbiter's desk owns this page (filters, CSV)
from damas.services.federation.settings import default_pairing_system, default_ruleset

bp = Blueprint("events", __name__, url_prefix="/eventos")

LIST_GROUPS = (
    ("upcoming", (EventStatus.REGISTRATION, EventStatus.DRAFT)),
    ("running", (EventStatus.RUNNING,)),
    ("finished", (EventStatus.FINISHED, EventStatus.CANCELLED)),
)


def _get_event(event_id: int) -> Event:
    return db.session.get(Event, event_id) or abort(404)


@bp.get("/")
def list_events():  # type: ignore[no-untyped-def]
    # Two queries whatever the number of events: the events, then their entries counted by status.
    stmt = select(Event).order_by(Event.start_date.desc(), Event.id)
    # A draft is listed only to who may open it (access.visible_event): staff, and the arbiters
    # assigned to that event.
    if not (current_user.is_authenticated and current_user.role == Role.STAFF):
        visible = Event.is_public
        if current_user.is_authenticated and current_user.role == Role.ARBITER:
            assigned = select(EventArbiter.event_id).where(EventArbiter.user_id == current_user.id)
            visible = or_(visible, Event.id.in_(assigned))
        stmt = stmt.where(visible)
    events = db.session.scalars(stmt).all()
    counts: dict[int, int] = {}
    left: dict[int, int] = {}  # withdrawn or excluded (CBJD 51 d, FIDE-GR expulsion): still entries
    for event_id, status, n in db.session.execute(
            select(Entry.event_id, Entry.status, func.count()).group_by(Entry.event_id, Entry.status)):
        counts[event_id] = counts.get(event_id, 0) + n
        if status != EntryStatus.REGISTERED:
            left[event_id] = left.get(event_id, 0) + n
    teams = team_counts()  # team micro-match events: their teams (one more query)
    groups = [(key, [event_list_item(e, counts.get(e.id, 0), teams.get(e.id), left.get(e.id, 0))
                     for e in events if e.status in statuses])
              for key, statuses in LIST_GROUPS]
    return render_template("events/list.html", groups=groups)


@bp.get("/<int:event_id>")
def view_event(event_id: int):  # type: ignore[no-untyped-def]
    """The event's main page. The status and arbiter forms are built only for the users who can
    use them (editors, staff): a form writes a CSRF token into the session, and a response that
    writes the session bypasses the page cache and its ETag (`web.caching`), so a visitor's
    page must not build one."""
    event, editable = visible_event(event_id)
    is_staff = current_user.is_authenticated and current_user.role == Role.STAFF
    allowed = event_service.TRANSITIONS[event.status]
    status_form = None
    if editable and allowed:
        status_form = StatusForm()
        status_form.status.choices = status_choices(event.status, allowed)
        status_form.status.data = event.status.value  # "Aplicar" without a choice changes nothing
    arbiter_form = None
    if is_staff:
        arbiter_form = ArbiterForm()
        arbiter_form.user_id.choices = choices(
            (u.id, f"{u.name} <{u.email}>")
            for u in db.session.scalars(select(User).where(User.role == Role.ARBITER).order_by(User.name))
        )
    # a running event leads (on a phone) with its round and the top of its table
    table = standings_context(event) if shows_standings(event) else None
    now_round = current_round(event)
    if now_round is not None:  # the pairings show each player's points before the round
        now_round["rows"] = with_points_before(event, now_round["number"], now_round["rows"])
    return render_template(
        "events/view.html",
        event=event_summary(event),
        start_list=start_list(event),
        teams=event_teams(event),
        editable=editable,
        is_staff=is_staff,
        status_form=status_form,
        arbiter_form=arbiter_form,
        seasons=[{"id": s.id, "name": s.name} for s in seasons_of_event(event.id)],
        imported=import_note(event),
        now_round=now_round,
        fee=fee_box(event),
        top=None if table is None else {**table, "rows": table["rows"][:TOP_ROWS], "total": len(table["rows"])},
        norm_warnings=eligibility(event) if is_staff and fide_norms_apply(event) else None,
    )


@bp.route("/novo", methods=["GET", "POST"])
@staff_required
def new_event():  # type: ignore[no-untyped-def]
    form = EventForm()
    form.pairing_system.choices = pairing_system_choices()
    if request.method == "GET":
        form.ruleset.data = default_ruleset() or form.ruleset.data
        form.pairing_system.data = default_pairing_system()
        form.publish_on_pair.data = True  # results at once after pairing; unticked, a round waits for "Publicar"
    warnings: list[str] = []
    if form.validate_on_submit() and not (warnings := _unconfirmed_tiebreak_warnings(form)):
        try:
            event = event_service.create_event(current_user, form.data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Evento criado."), "success")
            for warning in event_service.play_hours_warnings(event):
                flash(warning, "warning")
            return redirect(url_for("events.view_event", event_id=event.id))
    tiebreak_picker(form.tiebreak_order)
    return render_template("events/form.html", form=form, title=_("Novo evento"), tiebreak_warnings=warnings)


def _unconfirmed_tiebreak_warnings(form: EventForm) -> list[str]:
    """FIDE-GR "Choice of Tiebreak System": an order with tiebreaks meant for another kind of
    tournament is saved only when the arbiter re-sends the same order confirmed (a confirm step,
    not a silent save); the form carries the order to confirm."""
    warnings = event_service.tiebreak_warnings(form.data)
    order = event_service.normalized_tiebreak_order(form.tiebreak_order.data)
    if not warnings or event_service.normalized_tiebreak_order(form.confirm_tiebreaks.data) == order:
        return []
    form.confirm_tiebreaks.data = order
    return warnings


def _freeze_fields(form: EventForm, event: Event) -> list[dict[str, str]]:
    """Frozen settings (CBJD 127, FIDE-GR; `services.frozen_settings`) shown read-only with their
    stored value; the hidden copies post that value back, so only a forged POST differs."""
    out = []
    for setting in frozen_settings(event):
        field = form[setting.field]
        field.render_kw = {**(field.render_kw or {}), "disabled": True}
        field.data = setting.stored(event)
        out.append({"name": setting.field, "value": setting.form_value(event), "reason": frozen_reason(setting, event)})
    return out


@bp.route("/<int:event_id>/editar", methods=["GET", "POST"])
@event_editor_required
def edit_event(event_id: int):  # type: ignore[no-untyped-def]
    event = _get_event(event_id)
    form = EventForm(obj=event)
    form.pairing_system.choices = pairing_system_choices()
    edition_is_frozen = event_service.edition_frozen(event)
    dutch = family_of(event.pairing_system) == "dutch"
    if request.method == "GET":
        form.pairing_system.data = family_of(event.pairing_system)
        form.dutch_edition.data = event.pairing_system if dutch else ""
        stored = event.tiebreak_options or {}
        form.unplayed_rule.data = stored.get("unplayed", "")
        form.win_forfeits.data = bool(stored.get("win_forfeits"))
        form.tpr_350.data = bool(stored.get("tpr_350"))
        form.round_schedule.data = event_service.round_times_text(event)
    elif edition_is_frozen and "dutch_edition" not in request.form:
        form.dutch_edition.data = event.pairing_system  # shown read-only, so not sent
    order_frozen = any(f.field == "tiebreak_order" for f in frozen_settings(event))
    warnings: list[str] = []
    if form.validate_on_submit() and (order_frozen or not (warnings := _unconfirmed_tiebreak_warnings(form))):
        try:
            event_service.update_event(current_user, event, form.data)
        except ServiceError as error:
            db.session.rollback()
            show_service_error(form, error)
        else:
            flash(_("Evento atualizado."), "success")
            for warning in event_service.play_hours_warnings(event):
                flash(warning, "warning")
            return redirect(url_for("events.view_event", event_id=event.id))
    frozen = _freeze_fields(form, event)
    tiebreak_picker(form.tiebreak_order)
    return render_template("events/form.html", form=form, title=_("Editar evento"), event=event_summary(event),
                           frozen=frozen, tiebreak_warnings=warnings, edition_frozen=edition_is_frozen,
                           daily_hours_warnings=event_service.play_hours_warnings(event))


@bp.post("/<int:event_id>/situacao")
@event_editor_required
def change_status(event_id: int):  # type: ignore[no-untyped-def]
    event = _get_event(event_id)
    form = StatusForm()
    if form.validate_on_submit() and form.status.data == event.status.value:
        flash(_("Situação mantida."), "info")
    elif form.validate_on_submit() and needs_confirmation(event.status, form.status.data) and form.confirm.data != "1":
        return render_template("events/confirm_status.html", event=event_summary(event), form=form,
                               target=pick(STATUS_NAMES[form.status.data]))
    elif form.validate_on_submit():
        try:
            event_service.change_status(current_user, event, EventStatus(form.status.data))
        except ServiceError as error:
            flash(error.message, "error")
        else:
            if event.status == EventStatus.CANCELLED and form.status.data == "running":
                flash(_("Inscritos abaixo do mínimo: o evento foi cancelado e os inscritos foram avisados."), "error")
            else:
                flash(_("Situação do evento alterada."), "success")
                if request.form.get("then") == "entries" and event.status == EventStatus.REGISTRATION:
                    return redirect(url_for("events.manage_entries", event_id=event.id))  # the next step
    else:
        flash(_("Situação inválida."), "error")
    return redirect(url_for("events.view_event", event_id=event.id))


@bp.post("/<int:event_id>/arbitros")
@staff_required
def add_arbiter(event_id: int):  # type: ignore[no-untyped-def]
    event = _get_event(event_id)
    form = ArbiterForm()
    form.user_id.choices = choices((u.id, u.name) for u in db.session.scalars(select(User).where(User.role == Role.ARBITER)))
    if form.validate_on_submit():
        run_service(lambda: event_service.assign_arbiter(current_user, event, db.session.get(User, form.user_id.data)), _("Árbitro designado."))
    else:
        flash(_("Escolha um árbitro da lista."), "error")
    return redirect(url_for("events.view_event", event_id=event.id))


@bp.post("/<int:event_id>/arbitros/<int:user_id>/remover")
@staff_required
def remove_arbiter(event_id: int, user_id: int):  # type: ignore[no-untyped-def]
    event = _get_event(event_id)
    run_service(lambda: event_service.remove_arbiter(current_user, event, user_id), _("Árbitro removido."))
    return redirect(url_for("events.view_event", event_id=event.id))


@bp.get("/<int:event_id>/inscricoes")
@event_editor_required
def manage_entries(event_id: int):  # type: ignore[no-untyped-def]
    event = _get_event(event_id)
    query = (request.args.get("q") or "").strip()
    candidates = []
    if query:
        entered = select(Entry.player_id).where(Entry.event_id == event.id)
        stmt = (
            select(Player)
            .where(Player.name_contains(query), Player.id.not_in(entered))
            .order_by(Player.full_name)
            .limit(30)
        )
        key = event.list_key  # the rating the entry would take: the event's list
        candidates = [{**player_summary(p), "list_rating": p.rating_value(key)} for p in db.session.scalars(stmt)]
    return render_template(
        "events/entries.html",
        event=event_summary(event),
        start_list=start_list(event),
        candidates=candidates,
        q=query,
        open_for_entries=entry_service.accepts_entries(event),
        can_remove=event.status in entry_service.OPEN_FOR_ENTRIES,
        form=EntryForm(),
        fee_marks=fee_marks(event),
        deadline_link=current_user.role == Role.STAFF and paid_only(event),
    )


@bp.post("/<int:event_id>/inscricoes")
@event_editor_required
def add_entry(event_id: int):  # type: ignore[no-untyped-def]
    event = _get_event(event_id)
    form = EntryForm()
    if form.validate_on_submit():
        player = db.session.get(Player, form.player_id.data)
        if player is None:
            flash(_("Jogador inexistente."), "error")
        else:
            run_service(lambda: entry_service.add_entry(current_user, event, player), _("%(name)s inscrito.", name=player.full_name))
    else:
        flash(_("Escolha um jogador."), "error")
    return redirect(url_for("events.manage_entries", event_id=event.id, q=request.args.get("q", "")))


@bp.post("/<int:event_id>/inscricoes/<int:entry_id>/remover")
@event_editor_required
def remove_entry(event_id: int, entry_id: int):  # type: ignore[no-untyped-def]
    event = _get_event(event_id)
    entry = db.session.get(Entry, entry_id)
    if entry is None or entry.event_id != event.id:
        abort(404)
    run_service(lambda: entry_service.remove_entry(current_user, event, entry), _("Inscrição removida."))
    return redirect(url_for("events.manage_entries", event_id=event.id))


@bp.get("/<int:event_id>/auditoria")
@event_editor_required
def audit_log(event_id: int):  # type: ignore[no-untyped-def]
    return audit_page(_get_event(event_id))


@bp.get("/<int:event_id>/lista-inicial.pdf")
def start_list_report(event_id: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    return deliver_pdf(event.id, f"lista-inicial-{event.id}", lambda: start_list_pdf(event))
