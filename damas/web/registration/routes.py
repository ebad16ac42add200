"""Players' side of registration: sign up, the player's own page, entering and leaving events,
the reserve list and known absences; staff approve sign-ups; editors set the registration rules.

Thin routes: form -> one service call (damas.services.entries.self_service / accounts) -> redirect.
"""
from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import to_user_timezone
from flask_login import current_user, login_required
from sqlalchemy import select

from damas.presentation.labels import english as in_english
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, RoundRequest, User
from damas.models.registration import GuestPolicy, ReserveEntry, ReserveStatus, SignUp
from damas.services.accounts import player_accounts as accounts
from damas.services.entries import self_service as reg
from damas.services.results import player_reports as result_reports
from damas.presentation.results import report_choices
from damas.services.errors import ServiceError
from damas.services.fees.confirmation import entry_settled, paid_only
from damas.services.events.lifecycle import can_edit_event
from damas.formats.mapping import event_rounds
from damas.web.access import event_editor_required, staff_required
from damas.web.forms_util import choices, run_service, show_service_error
from damas.web.guards.limits import throttle_sign_up
from damas.views.summaries import event_summary
from damas.views.arbiter_events import assigned_events
from damas.views.current_board import checkin_line, current_board
from damas.views.fee_payment import fee_badge
from damas.web.registration.forms import AbsenceForm, DecisionForm, SettingsForm, SignUpForm, SubstituteForm
from damas.web.public.routes import load_event
from damas.web.registration.my_games import is_self_registered_guest, my_games

bp = Blueprint("registration", __name__)

KIND_NAMES = {"zero_bye": ("ausência avisada (0)", "known absence (0)"), "half_bye": ("bye de meio ponto", "half-point bye"),
              "absent": ("ausente sem aviso", "absent without notice")}



def _event(event_id: int) -> Event:
    event = load_event(event_id) or abort(404)
    if event.status == EventStatus.DRAFT and not can_edit_event(current_user, event):
        abort(404)
    return event


def _local(value):  # type: ignore[no-untyped-def]
    value = reg.aware(value)
    return to_user_timezone(value).replace(tzinfo=None) if value is not None else None


def registration_info(event: Event) -> dict:
    """Plain data about the event's registration rules and the viewer's own situation."""
    s = reg.settings_of(event)
    active = reg.active_count(event)
    info = {
        "enabled": s.self_registration,
        "opens_at": _local(s.opens_at), "closes_at": _local(s.closes_at), "guests_from": _local(s.guests_from),
        "capacity": s.capacity, "places_left": (s.capacity - active) if s.capacity is not None else None,
        "guest_policy": s.guest_policy.value, "guest_places": s.guest_places,
        "guests_left": max(s.guest_places - reg.guest_count(event), 0) if s.guest_policy == GuestPolicy.LIMITED else None,
        "rating_ceiling": s.rating_ceiling, "online": s.online, "min_entries": s.min_entries,
        "half_bye": reg.half_bye_allowed(event), "schedule": s.schedule, "prizes": s.prizes, "contacts": s.contacts,
        "entries": active, "reserves": [], "me": None,
    }
    info["reserves"] = [
        {"position": i, "name": r.player.full_name, "status": r.status.value}
        for i, r in enumerate((r for r in reg.reserve_list(event) if r.status == ReserveStatus.WAITING), start=1)
    ]
    if current_user.is_authenticated and current_user.player is not None:
        player = current_user.player
        entry = reg.own_entry(event, player)
        reserve = reg.own_reserve(event, player)
        info["me"] = {
            "entered": entry is not None and entry.status == EntryStatus.REGISTERED,
            "pairing_number": entry.pairing_number if entry else None,
            "reserve": reserve.status.value if reserve else None,
            "player_id": player.id,
            "awaiting_payment": entry is not None and entry.status == EntryStatus.REGISTERED and paid_only(event)
            and not entry_settled(event, player.id),
        }
    return info


# ------------------------------------------------------------------ accounts

@bp.route("/conta/cadastro", methods=["GET", "POST"])
@throttle_sign_up
def sign_up():  # type: ignore[no-untyped-def]
    if current_user.is_authenticated:
        return redirect(url_for("registration.my_page"))
    form = SignUpForm()
    if form.validate_on_submit():
        try:
            if form.kind.data == "member":
                accounts.sign_up_member(form.data)
            else:
                accounts.sign_up_guest(form.data)
        except ServiceError as error:
            show_service_error(form, error)
        else:  # a new account or one already there: the same answer, so it never tells which e-mails exist
            flash(accounts.neutral_answer(), "success")
            return redirect(url_for("auth.login"))
    return render_template("registration/sign_up.html", form=form)


@bp.get("/conta/minha-area")
@login_required
def my_page():  # type: ignore[no-untyped-def]
    user: User = current_user
    player = user.player
    pending = accounts.pending_sign_up_of(user)
    entries, reserves, messages = [], [], []
    if player is not None:
        english = in_english()
        for entry in db.session.scalars(select(Entry).where(Entry.player_id == player.id)).all():
            event = entry.event
            requests = db.session.scalars(select(RoundRequest).where(RoundRequest.entry_id == entry.id)
                                          .order_by(RoundRequest.round_number)).all()
            paired = len(event_rounds(event)) if event.status == EventStatus.RUNNING else 0
            entries.append({
                "event": event_summary(event), "pairing_number": entry.pairing_number, "status": entry.status.value,
                "can_cancel": event.status in (EventStatus.DRAFT, EventStatus.REGISTRATION),
                "can_announce": entry.status == EntryStatus.REGISTERED and event.status in
                (EventStatus.REGISTRATION, EventStatus.RUNNING) and paired < event.planned_rounds,
                "next_round": paired + 1,
                "requests": [{"round": r.round_number, "kind": KIND_NAMES[r.kind.value][1 if english else 0]}
                             for r in requests],
                "half_bye": reg.half_bye_allowed(event),
                "report_boards": result_reports.boards_to_report(event, user)
                if event.status == EventStatus.RUNNING else [],
                "report_choices": report_choices(event.ruleset),
                "awaiting_payment": entry.status == EntryStatus.REGISTERED and paid_only(event)
                and not entry_settled(event, player.id),
                "fee": fee_badge(event, player) if entry.status == EntryStatus.REGISTERED else None,
                "board": current_board(event, entry) if entry.status == EntryStatus.REGISTERED else None,
                "checkin": checkin_line(event, entry),
            })

        for r in db.session.scalars(select(ReserveEntry).where(ReserveEntry.player_id == player.id)).all():
            reserves.append({"event": event_summary(db.session.get(Event, r.event_id)), "status": r.status.value})
        messages = [{"at": m.created_at, "text": (m.text_en or m.text_pt) if english else m.text_pt}
                    for m in reg.messages_for(player)]
    return render_template("registration/my_page.html", player=player, pending=pending is not None,
                           entries=entries, reserves=reserves, messages=messages, absence_form=AbsenceForm(),
                           guest=player is not None and is_self_registered_guest(user, player),
                           my_games=my_games(player) if player is not None else [],
                           my_events=assigned_events(user))


@bp.route("/conta/pedidos", methods=["GET", "POST"])
@staff_required
def approvals():  # type: ignore[no-untyped-def]
    form = DecisionForm()
    if form.is_submitted():

        request_row = db.session.get(SignUp, form.signup_id.data) if form.validate() else None
        if request_row is None:
            flash(_("Pedido inexistente."), "error")
        else:
            run_service(lambda: accounts.decide_sign_up(current_user, request_row, form.decision.data == "approve", form.note.data or ""), _("Pedido aprovado.") if form.decision.data == "approve" else _("Pedido recusado."))
        return redirect(url_for("registration.approvals"))
    rows = [{
        "id": s.id, "at": s.created_at, "name": s.user.name, "email": s.user.email,
        "player": {"id": s.player.id, "name": s.player.full_name, "federation_id": s.player.federation_id or "",
                   "birth_year": s.player.birth_date.year if s.player.birth_date else None,
                   "club": s.player.club.name if s.player.club else ""},
    } for s in accounts.pending_sign_ups()]
    return render_template("registration/approvals.html", rows=rows)


# ------------------------------------------------------------------ an event's registration

@bp.get("/eventos/<int:event_id>/inscricao")
def event_registration(event_id: int):  # type: ignore[no-untyped-def]
    """The invitation (FIDE-GR "Invitation") and the registration box of one event."""
    event = _event(event_id)
    return render_template("registration/event.html", event=event_summary(event), info=registration_info(event),
                           editable=can_edit_event(current_user, event))


def _player_action(event_id: int, action, done: str):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    run_service(lambda: action(current_user, event), done)
    return redirect(url_for("registration.event_registration", event_id=event_id))


@bp.post("/eventos/<int:event_id>/inscricao/inscrever")
@login_required
def register(event_id: int):  # type: ignore[no-untyped-def]
    done = (_("Inscrição recebida: ela fica confirmada quando a taxa for paga (veja em Minha área).")
            if paid_only(_event(event_id)) else _("Inscrição confirmada."))
    return _player_action(event_id, reg.register, done)


@bp.post("/eventos/<int:event_id>/inscricao/cancelar")
@login_required
def cancel(event_id: int):  # type: ignore[no-untyped-def]
    return _player_action(event_id, reg.cancel, _("Inscrição cancelada; a vaga está livre."))


@bp.post("/eventos/<int:event_id>/reserva/entrar")
@login_required
def join_reserve(event_id: int):  # type: ignore[no-untyped-def]
    return _player_action(event_id, reg.join_reserve, _("Você está na lista de reserva."))


@bp.post("/eventos/<int:event_id>/reserva/sair")
@login_required
def leave_reserve(event_id: int):  # type: ignore[no-untyped-def]
    return _player_action(event_id, reg.leave_reserve, _("Você saiu da lista de reserva."))


@bp.post("/eventos/<int:event_id>/ausencia")
@login_required
def announce_absence(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = AbsenceForm()
    if not form.validate_on_submit():
        flash(_("Informe a rodada e o tipo de aviso."), "error")
    else:
        run_service(lambda: reg.announce_absence(current_user, event, form.round_number.data, form.kind.data or ""), _("Aviso registrado para a rodada %(n)s.", n=form.round_number.data))
    return redirect(url_for("registration.my_page"))


# ------------------------------------------------------------------ editors

@bp.route("/eventos/<int:event_id>/inscricao/regras", methods=["GET", "POST"])
@event_editor_required
def settings(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    row = reg.settings_of(event)
    form = SettingsForm(obj=row)
    if not form.is_submitted():
        for name in ("opens_at", "closes_at", "guests_from"):
            form[name].data = _local(getattr(row, name))
        form.guest_policy.data = row.guest_policy.value
    if form.validate_on_submit():
        try:
            reg.save_settings(current_user, event, form.service_data())
        except ServiceError as error:
            db.session.rollback()
            show_service_error(form, error)
        else:
            flash(_("Regras de inscrição gravadas."), "success")
            return redirect(url_for("registration.settings", event_id=event_id))
    sub_form = SubstituteForm()
    sub_form.entry_id.choices = choices(
        (e.id, f"{e.pairing_number or '—'}. {e.player.full_name}")
        for e in sorted(event.entries, key=lambda e: e.pairing_number or 10**6) if e.status == EntryStatus.REGISTERED
    )
    return render_template("registration/settings.html", event=event_summary(event), form=form, sub_form=sub_form,
                           info=registration_info(event), can_start=event.status == EventStatus.REGISTRATION,
                           can_substitute=reg.substitutions_open(event))


@bp.post("/eventos/<int:event_id>/inscricao/iniciar")
@event_editor_required
def start(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    try:
        started = reg.start_event(current_user, event)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        if started:
            flash(_("Evento iniciado."), "success")
        else:
            flash(_("Evento cancelado: inscritos abaixo do mínimo. Os inscritos foram avisados."), "error")
    return redirect(url_for("registration.settings", event_id=event_id))


@bp.post("/eventos/<int:event_id>/reserva/substituir")
@event_editor_required
def substitute(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = SubstituteForm()
    form.entry_id.choices = choices((e.id, str(e.id)) for e in event.entries)
    if not form.validate_on_submit():
        flash(_("Escolha o jogador ausente."), "error")
    else:
        entry = db.session.get(Entry, form.entry_id.data)
        try:
            reserve = reg.substitute_no_show(current_user, event, entry)
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("%(name)s entrou no lugar do ausente.", name=reserve.player.full_name), "success")
    return redirect(url_for("registration.settings", event_id=event_id))
