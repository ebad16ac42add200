"""The arbiter's desk settings and the chief arbiter (RULES.md §6, §5).

Chief arbiter **[ours]**: staff, or the event arbiter staff named as chief in the desk settings
(`DeskSettings.chief_arbiter_user_id`). Only he reverses an applied penalty, excuses a forfeit
and confirms or declines a proposed expulsion.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.penalties import PenaltySettings
from damas.engine.penalty_rules import PenaltyRules
from damas.engine.rulesets import get_ruleset
from damas.extensions import db
from damas.models import Event, EventArbiter, Role, User
from damas.models.desk import DeskSettings
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError

CORRECTION_MODES = ("hours", "next_pairing", "event_end")


# ---------------------------------------------------------------- settings and the chief arbiter

def penalty_rules(event: Event) -> PenaltyRules:
    """The incidents and forfeit rules of the event's rule set (`damas.engine.penalty_rules`)."""
    return get_ruleset(event.ruleset).penalty_rules


def settings_for(event: Event) -> DeskSettings:
    """The event's desk settings (an unsaved row with the defaults when none was stored).

    The FIDE-GR forfeit counts default to the rule set's (RULES.md §5: on for ``fide``, off for
    ``cbjd`` and ``club``); the event may still switch them on or off."""
    row = db.session.get(DeskSettings, event.id)
    if row is None:
        policy = get_ruleset(event.ruleset).forfeit_policy
        row = DeskSettings(event_id=event.id, incident_scope="game", extra_minutes=2, loss_from=3,
                           disconnection_limit=3, disconnection_scope="game", online=False,
                           forfeit_propose_after=policy.propose_after or 0,
                           forfeit_expel_after=policy.expel_after or 0, correction_mode="hours",
                           correction_hours=24, appeal_fee_cents=0, appeal_currency="BRL",
                           appeal_deadline_minutes=60, refund_if_upheld=True, refund_if_reasonable=True)
    return row


def penalty_settings(s: DeskSettings) -> PenaltySettings:
    return PenaltySettings(scope=s.incident_scope, extra_minutes=s.extra_minutes, loss_from=s.loss_from,
                           disconnection_limit=s.disconnection_limit, disconnection_scope=s.disconnection_scope)


def is_online(event: Event, s: DeskSettings | None = None) -> bool:
    s = s or settings_for(event)
    return bool(s.online) or get_ruleset(event.ruleset).online


def is_chief(user: Any, event: Event) -> bool:
    """Staff, or the arbiter of this event named chief arbiter in the desk settings."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.role == Role.STAFF:
        return True
    s = db.session.get(DeskSettings, event.id)
    return (s is not None and s.chief_arbiter_user_id == user.id
            and any(a.user_id == user.id for a in event.arbiters))


def require_chief(actor: User, event: Event) -> None:
    if not is_chief(actor, event):
        raise ServiceError(_("Só o árbitro principal do evento (ou a equipe da federação) pode fazer isto."))


SETTING_FIELDS = (
    "incident_scope", "extra_minutes", "loss_from", "disconnection_limit", "disconnection_scope", "online",
    "forfeit_propose_after", "forfeit_expel_after", "correction_mode", "correction_hours", "appeal_fee_cents",
    "appeal_currency", "appeal_deadline_minutes", "refund_if_upheld", "refund_if_reasonable",
)


def _settings_snapshot(s: DeskSettings) -> dict[str, Any]:
    return {name: getattr(s, name) for name in (*SETTING_FIELDS, "chief_arbiter_user_id")}


def update_settings(actor: User, event: Event, data: dict[str, Any]) -> DeskSettings:
    """Store the event's desk settings (validated: scopes, limits, deadline mode)."""
    values = {name: data.get(name) for name in SETTING_FIELDS}
    if values["incident_scope"] not in ("game", "event"):
        raise ServiceError(_("Escolha por partida ou por evento."), "incident_scope")
    if values["disconnection_scope"] not in ("game", "event"):
        raise ServiceError(_("Escolha por partida ou por evento."), "disconnection_scope")
    if values["correction_mode"] not in CORRECTION_MODES:
        raise ServiceError(_("Prazo de correção inválido."), "correction_mode")
    for name in ("loss_from", "disconnection_limit", "appeal_deadline_minutes", "correction_hours"):
        if values[name] is None or values[name] < 1:
            raise ServiceError(_("Informe um número maior que zero."), name)
    for name in ("extra_minutes", "appeal_fee_cents"):
        if values[name] is None or values[name] < 0:
            raise ServiceError(_("Informe um número maior ou igual a zero."), name)
    for name in ("forfeit_propose_after", "forfeit_expel_after"):
        if values[name] is not None and values[name] < 1:
            raise ServiceError(_("Deixe em branco para desativar, ou informe um número maior que zero."), name)
        values[name] = values[name] or 0  # stored 0 = disabled
    for name in ("online", "refund_if_upheld", "refund_if_reasonable"):
        values[name] = bool(values[name])
    values["appeal_currency"] = (values["appeal_currency"] or "BRL").strip().upper()[:3]
    s = settings_for(event)
    stored = db.session.get(DeskSettings, event.id) is not None
    with transaction():
        before = _settings_snapshot(s) if stored else None
        for name, value in values.items():
            setattr(s, name, value)
        if not stored:
            db.session.add(s)
        record(actor, "desk_settings", "desk_settings", event.id, before, _settings_snapshot(s), event.id)
    return s


def set_chief_arbiter(actor: User, event: Event, user_id: int | None) -> None:
    """Staff name one of the event's arbiters chief arbiter (None: nobody but staff)."""
    if actor.role != Role.STAFF:
        raise ServiceError(_("Só a equipe da federação designa o árbitro principal."))
    if user_id is not None and not db.session.scalar(
            select(EventArbiter).where(EventArbiter.event_id == event.id, EventArbiter.user_id == user_id)):
        raise ServiceError(_("O árbitro principal deve ser um dos árbitros designados para o evento."), "user_id")
    s = settings_for(event)
    stored = db.session.get(DeskSettings, event.id) is not None
    with transaction():
        before = {"chief_arbiter_user_id": s.chief_arbiter_user_id} if stored else None
        s.chief_arbiter_user_id = user_id
        if not stored:
            db.session.add(s)
        record(actor, "chief_arbiter", "desk_settings", event.id, before, {"chief_arbiter_user_id": user_id},
               event.id)
