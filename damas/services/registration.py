"""Players entering events by themselves, the reserve list and known absences (RULES.md §9, §5).

CLUB "Como se inscrever e cancelar a inscrição": registration window; cancelling before the start
frees the place; members only / N guest places / no guests; a rating ceiling; guests admitted a
little after members; one event at a time (online events); too few entries at the start cancels
the event; the last free place starts it at once (online). CLUB "Reserva": after the start a
player may join the reserve; a round-1 no-show is replaced by the first reserve, who takes his
place and his points; no substitution after round 1.

**[ours]** "member" = a player record with a federation number; a guest is a record without one.
"One event at a time" = not registered in another online event that is open or running.
An event takes self-registrations only when its settings row says so (staff switch it on).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from flask_babel import format_datetime
from flask_babel import gettext as _
from sqlalchemy import func, select

from damas.extensions import db
from damas.models import (
    Entry,
    EntryStatus,
    Event,
    EventStatus,
    Game,
    GameResult,
    Player,
    RequestKind,
    Round,
    RoundRequest,
    User,
)
from damas.models.registration import (
    GuestPolicy,
    PlayerMessage,
    RegistrationSettings,
    ReserveEntry,
    ReserveStatus,
)
from damas.services.audit import record, snapshot, transaction
from damas.services.entries import rating_list_of, renumber
from damas.services.errors import ServiceError

SETTINGS_FIELDS = (
    "self_registration", "opens_at", "closes_at", "capacity", "guest_policy", "guest_places", "guests_from",
    "rating_ceiling", "online", "min_entries", "allow_half_bye", "schedule", "prizes", "contacts",
)
PLAYED = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)
PLAYER_REQUESTS = (RequestKind.ZERO_BYE, RequestKind.HALF_BYE)


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


def _check_player_limits(event: Event, settings: RegistrationSettings, player: Player, now: datetime,
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
        rating_list = rating_list_of(event)
        rating = player.rating_for(rating_list)
        if rating > settings.rating_ceiling:
            names = {"regular": _("clássica"), "rapid": _("rápida")}
            raise ServiceError(_("Seu rating na lista %(list)s (%(rating)s) passa do teto do evento (%(ceiling)s).",
                                 list=names[rating_list], rating=rating, ceiling=settings.rating_ceiling))
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
    _check_player_limits(event, settings, player, now)
    return settings


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
    # PostgreSQL: lock the event row so two players cannot take the same last place (SQLite
    # serialises writers anyway and SQLAlchemy leaves FOR UPDATE out there).
    db.session.execute(select(Event.id).where(Event.id == event.id).with_for_update())
    try:
        settings = check_registration(event, player, now)
    except ServiceError:
        db.session.rollback()
        raise
    with transaction():
        entry = Entry(event=event, player=player, rating_at_entry=player.rating_for(rating_list_of(event)),
                      status=EntryStatus.REGISTERED)
        db.session.add(entry)
        db.session.flush()
        renumber(event)
        record(user, "register", "entry", entry.id, None,
               {"player_id": player.id, "rating_at_entry": entry.rating_at_entry, "self": True}, event.id)
        if settings.online and settings.capacity is not None and active_count(event) >= settings.capacity:
            _start(user, event, "last_place_filled")
    return entry


def own_entry(event: Event, player: Player) -> Entry | None:
    return db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == player.id))


def cancel(user: User, event: Event) -> None:
    """Withdraw one's registration before the start: the entry goes and the place is free again."""
    player = player_of(user)
    entry = own_entry(event, player)
    if entry is None or entry.status != EntryStatus.REGISTERED:
        raise ServiceError(_("Você não está inscrito neste evento."))
    if event.status not in (EventStatus.DRAFT, EventStatus.REGISTRATION):
        raise ServiceError(_("O evento já começou; a inscrição não pode mais ser cancelada. Fale com a arbitragem."))
    with transaction():
        record(user, "cancel", "entry", entry.id,
               {"player_id": player.id, "pairing_number": entry.pairing_number}, None, event.id)
        event.entries.remove(entry)
        db.session.delete(entry)
        db.session.flush()
        renumber(event)


# ---------------------------------------------------------------- start, minimum entries

def notify(player_id: int, event_id: int | None, text_pt: str, text_en: str) -> None:
    db.session.add(PlayerMessage(player_id=player_id, event_id=event_id, text_pt=text_pt, text_en=text_en))


def start_event(actor: User, event: Event) -> bool:
    """Start an event open for registration; with fewer than its minimum entries it is cancelled
    instead and every entrant gets a message (CLUB). Returns True when it started."""
    if event.status != EventStatus.REGISTRATION:
        raise ServiceError(_("Só um evento com inscrições abertas pode ser iniciado."))
    settings = settings_of(event)
    active = [e for e in event.entries if e.status == EntryStatus.REGISTERED]
    if settings.min_entries is not None and len(active) < settings.min_entries:
        with transaction():
            event.status = EventStatus.CANCELLED
            for entry in active:
                notify(entry.player_id, event.id,
                       f"O evento {event.name} foi cancelado: {len(active)} inscritos, o mínimo era "
                       f"{settings.min_entries}.",
                       f"The event {event.name} was cancelled: {len(active)} entries, the minimum was "
                       f"{settings.min_entries}.")
            record(actor, "status", "event", event.id, {"status": "registration"},
                   {"status": "cancelled", "reason": "min_entries", "entries": len(active),
                    "min_entries": settings.min_entries, "notified": [e.player_id for e in active]}, event.id)
        return False
    if len(active) < 2:
        raise ServiceError(_("São necessários pelo menos 2 inscritos para iniciar."))
    with transaction():
        _start(actor, event, "started")
    return True


# ---------------------------------------------------------------- reserve list

def reserve_list(event: Event) -> list[ReserveEntry]:
    return list(db.session.scalars(
        select(ReserveEntry).where(ReserveEntry.event_id == event.id)
        .order_by(ReserveEntry.joined_at, ReserveEntry.id)
    ))


def own_reserve(event: Event, player: Player) -> ReserveEntry | None:
    return db.session.scalar(
        select(ReserveEntry).where(ReserveEntry.event_id == event.id, ReserveEntry.player_id == player.id)
    )


def _rounds(event: Event) -> list[Round]:
    return list(db.session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))


def join_reserve(user: User, event: Event, now: datetime | None = None) -> ReserveEntry:
    player = player_of(user)
    settings = settings_of(event)
    if event.status != EventStatus.RUNNING or not settings.self_registration:
        raise ServiceError(_("A lista de reserva abre depois do início do evento."))
    if len(_rounds(event)) > 1:
        raise ServiceError(_("Não há substituições depois da 1ª rodada; a reserva está fechada."))
    if own_entry(event, player) is not None:
        raise ServiceError(_("Você já está inscrito neste evento."))
    existing = own_reserve(event, player)
    if existing is not None and existing.status != ReserveStatus.LEFT:
        raise ServiceError(_("Você já está na lista de reserva."))
    _check_player_limits(event, settings, player, now or utcnow(), reserve=True)
    with transaction():
        if existing is not None:
            db.session.delete(existing)
            db.session.flush()
        row = ReserveEntry(event_id=event.id, player_id=player.id, status=ReserveStatus.WAITING, joined_at=utcnow())
        db.session.add(row)
        db.session.flush()
        record(user, "join_reserve", "reserve_entry", row.id, None, {"player_id": player.id}, event.id)
    return row


def leave_reserve(user: User, event: Event) -> None:
    player = player_of(user)
    row = own_reserve(event, player)
    if row is None or row.status != ReserveStatus.WAITING:
        raise ServiceError(_("Você não está na lista de reserva."))
    with transaction():
        row.status = ReserveStatus.LEFT
        record(user, "leave_reserve", "reserve_entry", row.id, {"status": "waiting"}, {"status": "left"}, event.id)


def substitute_no_show(actor: User, event: Event, entry: Entry) -> ReserveEntry:
    """A round-1 no-show is replaced by the first reserve, who takes his place (pairing number,
    board) and his points (CLUB "Reserva"); no substitution once round 2 is paired."""
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."))
    if event.status != EventStatus.RUNNING:
        raise ServiceError(_("O evento não está em andamento."))
    rounds = _rounds(event)
    if not rounds:
        raise ServiceError(_("A 1ª rodada ainda não foi emparceirada."))
    if len(rounds) > 1:
        raise ServiceError(_("Não há substituições depois da 1ª rodada."))
    game = db.session.scalar(select(Game).where(
        Game.round_id == rounds[0].id, (Game.white_entry_id == entry.id) | (Game.black_entry_id == entry.id)))
    if game is None or game.black_entry_id is None:
        raise ServiceError(_("Este jogador não tem partida na 1ª rodada."), "entry_id")
    if game.result in PLAYED:
        raise ServiceError(_("A partida deste jogador na 1ª rodada foi jogada: ele compareceu."), "entry_id")
    reserve = next((r for r in reserve_list(event) if r.status == ReserveStatus.WAITING), None)
    if reserve is None:
        raise ServiceError(_("A lista de reserva está vazia."))
    if own_entry(event, reserve.player) is not None:
        raise ServiceError(_("O primeiro reserva já está inscrito."))
    with transaction():
        old_player = entry.player
        before = {"player_id": entry.player_id, "rating_at_entry": entry.rating_at_entry,
                  "pairing_number": entry.pairing_number}
        entry.player_id = reserve.player_id
        entry.rating_at_entry = reserve.player.rating_for(rating_list_of(event))
        reserve.status = ReserveStatus.SUBSTITUTED
        reserve.entry_id = entry.id
        reserve.replaced_player_id = old_player.id
        db.session.flush()
        db.session.expire(entry, ["player"])
        notify(reserve.player_id, event.id,
               f"Você entrou no evento {event.name} no lugar de {old_player.full_name} "
               f"(nº {entry.pairing_number}, mesa {game.board} da 1ª rodada).",
               f"You entered {event.name} in place of {old_player.full_name} "
               f"(no. {entry.pairing_number}, board {game.board} of round 1).")
        notify(old_player.id, event.id,
               f"Você não compareceu à 1ª rodada do evento {event.name} e foi substituído por um reserva.",
               f"You did not show up for round 1 of {event.name} and were replaced by a reserve.")
        record(actor, "substitute", "entry", entry.id, before,
               {"player_id": reserve.player_id, "rating_at_entry": entry.rating_at_entry,
                "pairing_number": entry.pairing_number, "reserve_id": reserve.id, "board": game.board}, event.id)
    return reserve


# ---------------------------------------------------------------- absence

def half_bye_allowed(event: Event) -> bool:
    """A half-point bye exists only where the rule set has one (the club set has none) and the
    event allows it."""
    return event.ruleset != "club" and settings_of(event).allow_half_bye


def announce_absence(user: User, event: Event, round_number: int, kind: str) -> None:
    """A player announces a known absence for a round not yet paired (C.04.2 #4): a zero-point
    bye, or a half-point bye where allowed; '' withdraws his announcement."""
    from damas.services.swiss import set_round_request

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


def messages_for(player: Player) -> list[PlayerMessage]:
    return list(db.session.scalars(
        select(PlayerMessage).where(PlayerMessage.player_id == player.id)
        .order_by(PlayerMessage.created_at.desc(), PlayerMessage.id.desc())
    ))
