"""Who may register for an event by himself: the settings row, the counts and the limits that hold
for the player (RULES.md §9; CLUB "Como se inscrever e cancelar a inscrição").

Shared by `registration` (settings, register/cancel, start, absences) and `reserve` (the reserve list);
everything here is re-exported by `damas.services.entries.self_service`.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import format_datetime
from flask_babel import gettext as _
from sqlalchemy import func, select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Player, User
from damas.models.registration import GuestPolicy, RegistrationSettings
from damas.services.errors import ServiceError


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def aware(value: datetime | None) -> datetime | None:
    """SQLite hands timezone columns back naive; everything is stored in UTC."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=timezone.utc)
    return value


def settings_of(event: Event) -> RegistrationSettings:
    """The event's settings row, or unsaved defaults (self-registration off) when it has none."""
    row = db.session.get(RegistrationSettings, event.id)
    if row is None:
        row = RegistrationSettings(
            event_id=event.id, self_registration=False, guest_policy=GuestPolicy.OPEN, guest_places=0,
            online=False, allow_half_bye=False, schedule="", prizes="", contacts="",
        )
    return row


def is_member(player: Player) -> bool:
    return bool(player.federation_id)


def active_count(event: Event) -> int:
    return db.session.scalar(
        select(func.count(Entry.id)).where(Entry.event_id == event.id, Entry.status == EntryStatus.REGISTERED)
    ) or 0


def guest_count(event: Event) -> int:
    return db.session.scalar(
        select(func.count(Entry.id)).join(Player, Player.id == Entry.player_id).where(
            Entry.event_id == event.id, Entry.status == EntryStatus.REGISTERED, Player.federation_id.is_(None))
    ) or 0


def player_of(user: User) -> Player:
    if not getattr(user, "is_authenticated", False) or user.player is None:
        raise ServiceError(_("Sua conta ainda não está ligada a um jogador da federação; aguarde a aprovação."))
    return user.player


def _when(value: datetime) -> str:
    return format_datetime(value, "short")


# ---------------------------------------------------------------- limits

def _online_elsewhere(event: Event, player: Player) -> str | None:
    """Name of another open or running online event the player is registered in (CLUB: one at a time)."""
    return db.session.scalar(
        select(Event.name)
        .join(Entry, Entry.event_id == Event.id)
        .join(RegistrationSettings, RegistrationSettings.event_id == Event.id)
        .where(Entry.player_id == player.id, Entry.status == EntryStatus.REGISTERED, Event.id != event.id,
               RegistrationSettings.online.is_(True),
               Event.status.in_([EventStatus.REGISTRATION, EventStatus.RUNNING]))
        .limit(1)
    )


def check_player_limits(event: Event, settings: RegistrationSettings, player: Player, now: datetime,
                         *, reserve: bool = False) -> None:
    """The limits that hold for the player himself (guests, rating ceiling, one online event)."""
    if not is_member(player):
        if settings.guest_policy == GuestPolicy.NONE:
            raise ServiceError(_("Este evento é só para membros da federação; não aceita convidados."))
        guests_from = aware(settings.guests_from)
        if guests_from is not None and now < guests_from and not reserve:
            raise ServiceError(_("Convidados podem se inscrever a partir de %(when)s.", when=_when(guests_from)))
        if settings.guest_policy == GuestPolicy.LIMITED and not reserve and guest_count(event) >= settings.guest_places:
            raise ServiceError(_("As vagas para convidados estão esgotadas."))
    if settings.rating_ceiling is not None:
        key = event.list_key
        rating = player.rating_for(key)
        if rating > settings.rating_ceiling:
            names = {"regular": _("clássica"), "rapid": _("rápida"), "blitz": _("blitz")}
            raise ServiceError(_("Seu rating na lista %(list)s (%(rating)s) passa do teto do evento (%(ceiling)s).",
                                 list=names[key.rate], rating=rating, ceiling=settings.rating_ceiling))
    if settings.online:
        other = _online_elsewhere(event, player)
        if other:
            raise ServiceError(_("Só é possível jogar um torneio online por vez: você já está inscrito em "
                                 "%(name)s.", name=other))


def check_registration(event: Event, player: Player, now: datetime | None = None) -> RegistrationSettings:
    """Raise the first limit that refuses this player's registration (nothing is written)."""
    now = now or utcnow()
    settings = settings_of(event)
    if event.status != EventStatus.REGISTRATION or not settings.self_registration:
        if event.status == EventStatus.RUNNING and settings.self_registration:
            raise ServiceError(_("O evento já começou; você pode entrar na lista de reserva."))
        raise ServiceError(_("As inscrições deste evento não estão abertas pelo site."))
    opens, closes = aware(settings.opens_at), aware(settings.closes_at)
    if opens is not None and now < opens:
        raise ServiceError(_("As inscrições abrem em %(when)s.", when=_when(opens)))
    if closes is not None and now >= closes:
        raise ServiceError(_("As inscrições encerraram em %(when)s.", when=_when(closes)))
    entered = db.session.scalar(select(Entry.id).where(Entry.event_id == event.id, Entry.player_id == player.id))
    if entered is not None:
        raise ServiceError(_("Você já está inscrito neste evento."))
    if settings.capacity is not None and active_count(event) >= settings.capacity:
        raise ServiceError(_("Não há mais vagas neste evento."))
    check_player_limits(event, settings, player, now)
    return settings


def own_entry(event: Event, player: Player) -> Entry | None:
    return db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == player.id))
