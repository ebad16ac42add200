"""Players entering events by themselves, the reserve list and known absences (RULES.md §9, §5).

CLUB "Como se inscrever e cancelar a inscrição": registration window; cancelling before the start
frees the place; members only / N guest places / no guests; a rating ceiling; guests admitted a
little after members; one event at a time (online events); too few entries at the start cancels
the event; the last free place starts it at once (online). CLUB "Reserva": after the start a
player may join the reserve; a round-1 no-show is replaced by the first reserve, who takes his
place and his points; no substitution after round 1.

**[ours]** Before the start, a full event with a capacity has a reserve list too; a place freed
before the start goes to its first waiting reserve (`reserve_moves`).

**[ours]** "member" = a player record with a federation number; a guest is a record without one.
"One event at a time" = not registered in another online event that is open or running.
An event takes self-registrations only when its settings row says so (staff switch it on).

The limits live in `registration_limits`, the reserve list and player messages in `reserve`; both
are re-exported here.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.rulesets import get_ruleset
from damas.extensions import db
from damas.models import (
    Entry,
    EntryStatus,
    Event,
    EventStatus,
    RequestKind,
    Round,
    RoundRequest,
    User,
)
from damas.models.registration import GuestPolicy, RegistrationSettings
from damas.services.audit import record, snapshot, transaction
from damas.services.entries.add_remove import renumber
from damas.services.registration.bye_requests import set_round_request
from damas.services.errors import ServiceError
from damas.services.fees import refunds
from damas.services.teams.micro_state import is_team_event
from damas.services.teams.entries import teams_of
from damas.services.locking import lock_event
from damas.services.mail import entry_notices
from damas.services.registration.limits import (  # noqa: F401  (re-exported)
    check_player_limits,
    _online_elsewhere,
    _when,
    active_count,
    aware,
    check_registration,
    guest_count,
    is_member,
    own_entry,
    player_of,
    settings_of,
    utcnow,
)
from damas.services.registration.reserve import (  # noqa: F401  (re-exported)
    PLAYED,
    _rounds,
    join_reserve,
    leave_reserve,
    messages_for,
    notify,
    own_reserve,
    reserve_list,
    substitute_no_show,
    substitutions_open,
)
from damas.services.registration.reserve_moves import fill_free_places

SETTINGS_FIELDS = (
    "self_registration", "opens_at", "closes_at", "capacity", "guest_policy", "guest_places", "guests_from",
    "rating_ceiling", "online", "min_entries", "allow_half_bye", "schedule", "prizes", "contacts",
)
PLAYER_REQUESTS = (RequestKind.ZERO_BYE, RequestKind.HALF_BYE)


# ---------------------------------------------------------------- settings

def _clean(data: dict[str, Any]) -> dict[str, Any]:
    values = {name: data.get(name) for name in SETTINGS_FIELDS}
    for name in ("self_registration", "online", "allow_half_bye"):
        values[name] = bool(values[name])
    for name in ("schedule", "prizes", "contacts"):
        values[name] = (values[name] or "").strip()
    for name in ("opens_at", "closes_at", "guests_from"):
        values[name] = aware(values[name])
    values["guest_policy"] = GuestPolicy(values["guest_policy"] or GuestPolicy.OPEN.value)
    values["guest_places"] = values["guest_places"] or 0
    if values["guest_policy"] != GuestPolicy.LIMITED:
        values["guest_places"] = 0
    return values


def _check_settings(event: Event, v: dict[str, Any]) -> None:
    if v["opens_at"] and v["closes_at"] and v["closes_at"] <= v["opens_at"]:
        raise ServiceError(_("O encerramento das inscrições deve ser depois da abertura."), "closes_at")
    if v["guests_from"] and v["closes_at"] and v["guests_from"] >= v["closes_at"]:
        raise ServiceError(_("Os convidados devem ser admitidos antes do encerramento."), "guests_from")
    if v["capacity"] is not None:
        if v["capacity"] < 2:
            raise ServiceError(_("A capacidade deve ser de pelo menos 2 jogadores."), "capacity")
        if v["capacity"] < active_count(event):
            raise ServiceError(_("Já há mais inscritos do que esta capacidade."), "capacity")
        if v["min_entries"] is not None and v["min_entries"] > v["capacity"]:
            raise ServiceError(_("O mínimo de inscritos passa da capacidade."), "min_entries")
        if v["guest_places"] > v["capacity"]:
            raise ServiceError(_("Há mais vagas de convidados do que a capacidade."), "guest_places")
    if v["min_entries"] is not None and v["min_entries"] < 2:
        raise ServiceError(_("O mínimo de inscritos deve ser pelo menos 2."), "min_entries")
    if v["guest_policy"] == GuestPolicy.LIMITED and v["guest_places"] < 1:
        raise ServiceError(_("Informe quantas vagas há para convidados."), "guest_places")
    if v["rating_ceiling"] is not None and v["rating_ceiling"] < 0:
        raise ServiceError(_("O teto de rating não pode ser negativo."), "rating_ceiling")
    if v["online"] and v["capacity"] is None and v["self_registration"]:
        raise ServiceError(_("Um evento online precisa de capacidade: ele começa quando a última vaga é preenchida."),
                           "capacity")


def save_settings(actor: User, event: Event, data: dict[str, Any]) -> RegistrationSettings:
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
        raise ServiceError(_("Um evento encerrado ou cancelado não pode ser alterado."))
    values = _clean(data)
    _check_settings(event, values)
    row = db.session.get(RegistrationSettings, event.id)
    with transaction():
        before = snapshot(row, SETTINGS_FIELDS) if row is not None else None
        if row is None:
            row = RegistrationSettings(event_id=event.id)
            db.session.add(row)
        for name, value in values.items():
            setattr(row, name, value)
        db.session.flush()
        after = snapshot(row, SETTINGS_FIELDS)
        if before != after:
            record(actor, "update", "registration_settings", event.id, before, after, event.id)
    return row
# ---------------------------------------------------------------- register / cancel

def _start(actor: User | None, event: Event, reason: str) -> None:
    """Move to running and number the starting list (inside the caller's transaction)."""
    before = {"status": event.status.value}
    event.status = EventStatus.RUNNING
    if not db.session.scalar(select(Round.id).where(Round.event_id == event.id).limit(1)):
        renumber(event)
    record(actor, "status", "event", event.id, before, {"status": event.status.value, "reason": reason}, event.id)


def register(user: User, event: Event, now: datetime | None = None) -> Entry:
    """The logged-in player enters the event; an online event starts when its last place fills."""
    player = player_of(user)
    with transaction():
        # the event's lock first, then its state: in a rush of sign-ups each one counts the
        # places and numbers the list after the previous one committed
        lock_event(event)
        settings = check_registration(event, player, now)
        entry = Entry(event=event, player=player, rating_at_entry=player.rating_for(event.list_key),
                      status=EntryStatus.REGISTERED)
        db.session.add(entry)
        db.session.flush()
        renumber(event)
        record(user, "register", "entry", entry.id, None,
               {"player_id": player.id, "rating_at_entry": entry.rating_at_entry, "self": True}, event.id)
        refunds.entered_again(user, event, player.id)
        entry_notices.entry_received(event, player.id)
        if settings.online and settings.capacity is not None and active_count(event) >= settings.capacity:
            _start(user, event, "last_place_filled")
    return entry


def cancel(user: User, event: Event) -> None:
    """Withdraw one's registration before the start: the entry goes and the place is free again."""
    player = player_of(user)
    with transaction():
        lock_event(event)
        entry = own_entry(event, player)
        if entry is None or entry.status != EntryStatus.REGISTERED:
            raise ServiceError(_("Você não está inscrito neste evento."))
        if event.status not in (EventStatus.DRAFT, EventStatus.REGISTRATION):
            raise ServiceError(_("O evento já começou; a inscrição não pode mais ser cancelada. Fale com a arbitragem."))
        record(user, "cancel", "entry", entry.id,
               {"player_id": player.id, "pairing_number": entry.pairing_number}, None, event.id)
        entry_notices.entry_cancelled(event, player.id, by_player=True)
        refunds.owe_refund(user, event, player.id, refunds.WITHDRAWN)
        event.entries.remove(entry)
        db.session.delete(entry)
        db.session.flush()
        renumber(event)
        fill_free_places(user, event, "withdrawn")


# ---------------------------------------------------------------- start, minimum entries

def entrants(event: Event) -> tuple[int, list[int], bool]:
    """(how many entered, the players to tell, whether they are teams): the registered entries,
    or the teams of a team micro-match event (every team member is told)."""
    if is_team_event(event):
        teams = teams_of(event)
        return len(teams), [m.player_id for t in teams for m in t.members], True
    active = [e for e in event.entries if e.status == EntryStatus.REGISTERED]
    return len(active), [e.player_id for e in active], False


def start_event(actor: User, event: Event) -> bool:
    """Start an event open for registration; with fewer than its minimum entries it is cancelled
    instead and every entrant gets a message (CLUB). Returns True when it started.

    Every pairing system starts through here (Swiss and micro-match pairing, round-robin
    generation, the knockout start, team rounds): see `start_or_refuse`."""
    lock_event(event)
    if event.status != EventStatus.REGISTRATION:
        raise ServiceError(_("Só um evento com inscrições abertas pode ser iniciado."))
    settings = settings_of(event)
    count, player_ids, teams = entrants(event)
    if settings.min_entries is not None and count < settings.min_entries:
        what_pt, what_en = ("equipes inscritas", "teams entered") if teams else ("inscritos", "entries")
        with transaction():
            event.status = EventStatus.CANCELLED
            for player_id in player_ids:
                notify(player_id, event.id,
                       f"O evento {event.name} foi cancelado: {count} {what_pt}, o mínimo era "
                       f"{settings.min_entries}.",
                       f"The event {event.name} was cancelled: {count} {what_en}, the minimum was "
                       f"{settings.min_entries}.")
            record(actor, "status", "event", event.id, {"status": "registration"},
                   {"status": "cancelled", "reason": "min_entries", "entries": count,
                    "min_entries": settings.min_entries, "notified": player_ids}, event.id)
            refunds.event_cancelled(actor, event, player_ids)
            entry_notices.event_cancelled(event, player_ids, count, settings.min_entries)
        return False
    if count < 2:
        if teams:
            raise ServiceError(_("São necessárias pelo menos 2 equipes para iniciar."))
        raise ServiceError(_("São necessários pelo menos 2 inscritos para iniciar."))
    with transaction():
        _start(actor, event, "started")
    return True


def too_few_entries(event: Event) -> bool:
    """Whether starting now would cancel the event (fewer entries, or teams, than its minimum)."""
    minimum = settings_of(event).min_entries
    return minimum is not None and entrants(event)[0] < minimum


def refuse_if_too_few(actor: User, event: Event) -> None:
    """Before a pairing system's first transaction: an event open for registration with fewer
    entries than its minimum is cancelled now (committed, entrants told) and the action refused.
    The start itself then happens inside that transaction (`start_or_refuse`), with the pairing."""
    if event.status == EventStatus.REGISTRATION and too_few_entries(event):
        start_or_refuse(actor, event)


def start_or_refuse(actor: User, event: Event) -> None:
    """The start rule for a pairing system about to create the first round(s): an event still open
    for registration starts through `start_event`; when it has too few entries it is cancelled
    (entrants told) and the caller's action is refused, writing nothing else."""
    if event.status == EventStatus.REGISTRATION and not start_event(actor, event):
        raise ServiceError(_("Inscritos abaixo do mínimo: o evento foi cancelado e os inscritos foram avisados."))


# ---------------------------------------------------------------- absence

def half_bye_allowed(event: Event) -> bool:
    """A half-point bye exists only where the rule set has one (the club set has none) and the
    event allows it."""
    return get_ruleset(event.ruleset).half_point_byes and settings_of(event).allow_half_bye


def announce_absence(user: User, event: Event, round_number: int, kind: str) -> None:
    """A player announces a known absence for a round not yet paired (C.04.2 #4): a zero-point
    bye, or a half-point bye where allowed; '' withdraws his announcement."""
    player = player_of(user)
    entry = own_entry(event, player)
    if entry is None or entry.status != EntryStatus.REGISTERED:
        raise ServiceError(_("Você não está inscrito neste evento."))
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise ServiceError(_("O evento não está em andamento."))
    wanted = RequestKind(kind) if kind else None
    if wanted is not None and wanted not in PLAYER_REQUESTS:
        raise ServiceError(_("Pedido inválido."), "kind")
    if wanted == RequestKind.HALF_BYE and not half_bye_allowed(event):
        raise ServiceError(_("Este evento não concede bye de meio ponto; a ausência avisada vale zero ponto."), "kind")
    existing = db.session.scalar(select(RoundRequest).where(
        RoundRequest.entry_id == entry.id, RoundRequest.round_number == round_number))
    if existing is not None and existing.kind == RequestKind.ABSENT:
        raise ServiceError(_("A arbitragem marcou você como ausente sem aviso nesta rodada; fale com ela."))
    set_round_request(user, event, entry, round_number, wanted, _("avisado pelo jogador"))
