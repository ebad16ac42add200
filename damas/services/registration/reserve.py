"""The reserve list, round-1 substitution of a no-show and messages to players (CLUB "Reserva";
RULES.md §9). Re-exported by `damas.services.entries.self_service`.
"""
from __future__ import annotations

from datetime import datetime

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.formats import get_format
from damas.formats.knockout_state import get_setup
from damas.models import Entry, Event, EventStatus, Game, GameResult, Player, Round, User
from damas.models.registration import PlayerMessage, RegistrationSettings, ReserveEntry, ReserveStatus
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.locking import lock_event
from damas.services.mail import entry_notices, reserve_notices
from damas.services.registration.limits import (
    active_count,
    aware,
    check_player_limits,
    own_entry,
    player_of,
    settings_of,
    utcnow,
)
from damas.models.knockout import KnockoutGame

PLAYED = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)


# ---------------------------------------------------------------- player messages

def notify(player_id: int, event_id: int | None, text_pt: str, text_en: str) -> None:
    db.session.add(PlayerMessage(player_id=player_id, event_id=event_id, text_pt=text_pt, text_en=text_en))


def messages_for(player: Player) -> list[PlayerMessage]:
    return list(db.session.scalars(
        select(PlayerMessage).where(PlayerMessage.player_id == player.id)
        .order_by(PlayerMessage.created_at.desc(), PlayerMessage.id.desc())
    ))


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


def _has_result(rnd: Round) -> bool:
    return any(g.result not in (GameResult.PENDING, GameResult.BYE, GameResult.WITHDRAWN) for g in rnd.games)


def _knockout_games(event: Event) -> list:
    return list(db.session.scalars(select(KnockoutGame).where(KnockoutGame.event_id == event.id)))


def substitutions_open(event: Event) -> bool:
    """Whether a round-1 no-show may still be replaced (CLUB "Reserva": "depois da primeira
    rodada não há substituições"). Swiss: while only round 1 is paired; round robin (every
    round generated at once): while no game of round 2 or later has a result; knockout: while
    no game of the bracket's round 2 is recorded [ours]; per player, before his first game."""
    if event.status != EventStatus.RUNNING:
        return False
    rule = get_format(event).substitution
    if rule == "bracket":
        setup = get_setup(event)
        return setup is not None and setup.seeds is not None and all(g.round < 2 for g in _knockout_games(event))
    rounds = _rounds(event)
    if rule == "round_robin":
        return bool(rounds) and not any(_has_result(r) for r in rounds[1:])
    return len(rounds) == 1


def _check_full_registration(event: Event, settings: RegistrationSettings, now: datetime) -> None:
    """**[ours]** Before the start the reserve list is open while registration is, and only when
    the event has a capacity and every place is taken: a place freed before the start (a player
    cancels, the organisers remove an entry, the payment deadline cancels one) goes to the first
    waiting reserve (`reserve_moves.fill_free_places`)."""
    opens, closes = aware(settings.opens_at), aware(settings.closes_at)
    if (opens is not None and now < opens) or (closes is not None and now >= closes):
        raise ServiceError(_("As inscrições deste evento não estão abertas."))
    if settings.capacity is None:
        raise ServiceError(_("A lista de reserva abre depois do início do evento."))
    if active_count(event) < settings.capacity:
        raise ServiceError(_("Ainda há vagas neste evento: inscreva-se."))


def join_reserve(user: User, event: Event, now: datetime | None = None) -> ReserveEntry:
    """Join the reserve list: after the start (CLUB "Reserva", until substitutions close) or,
    when the event is full, during registration (`_check_full_registration`)."""
    player = player_of(user)
    lock_event(event)  # a double click joins once
    settings = settings_of(event)
    now = now or utcnow()
    before_start = event.status == EventStatus.REGISTRATION and bool(settings.self_registration)
    if before_start:
        _check_full_registration(event, settings, now)
    elif event.status != EventStatus.RUNNING or not settings.self_registration:
        raise ServiceError(_("A lista de reserva abre depois do início do evento."))
    else:
        rounds = _rounds(event)
        closed = (not substitutions_open(event) if get_format(event).substitution in ("round_robin", "bracket")
                  else len(rounds) > 1)
        if closed:
            raise ServiceError(_("Não há substituições depois da 1ª rodada; a reserva está fechada."))
    if own_entry(event, player) is not None:
        raise ServiceError(_("Você já está inscrito neste evento."))
    existing = own_reserve(event, player)
    if existing is not None and existing.status not in (ReserveStatus.LEFT, ReserveStatus.PROMOTED):
        raise ServiceError(_("Você já está na lista de reserva."))
    # before the start a reserve may take a place: the limits of a registration hold for him
    check_player_limits(event, settings, player, now, reserve=not before_start)
    with transaction():
        if existing is not None:
            db.session.delete(existing)
            db.session.flush()
        row = ReserveEntry(event_id=event.id, player_id=player.id, status=ReserveStatus.WAITING, joined_at=utcnow())
        db.session.add(row)
        db.session.flush()
        record(user, "join_reserve", "reserve_entry", row.id, None, {"player_id": player.id}, event.id)
        place = sum(1 for r in reserve_list(event) if r.status == ReserveStatus.WAITING)
        if before_start:
            reserve_notices.reserve_joined_before_start(event, player.id, place)
        else:
            entry_notices.reserve_joined(event, player.id, place)
    return row


def leave_reserve(user: User, event: Event) -> None:
    player = player_of(user)
    lock_event(event)
    row = own_reserve(event, player)
    if row is None or row.status != ReserveStatus.WAITING:
        raise ServiceError(_("Você não está na lista de reserva."))
    with transaction():
        row.status = ReserveStatus.LEFT
        record(user, "leave_reserve", "reserve_entry", row.id, {"status": "waiting"}, {"status": "left"}, event.id)


def _no_show_place(event: Event, entry: Entry) -> tuple[str, str]:
    """Where the no-show's place is (pt, en), or a refusal where CLUB "Reserva" forbids it."""
    rule = get_format(event).substitution
    if rule == "bracket":
        if not substitutions_open(event):
            raise ServiceError(_("Não há substituições depois da 1ª rodada."))
        if any(entry.id in (g.white_entry_id, g.black_entry_id) for g in _knockout_games(event)):
            raise ServiceError(_("Na eliminatória, a substituição só vale antes da primeira partida do jogador."),
                               "entry_id")
        return (f"nº {entry.pairing_number} da chave", f"no. {entry.pairing_number} of the bracket")
    rounds = _rounds(event)
    if not rounds:
        raise ServiceError(_("A 1ª rodada ainda não foi emparceirada."))
    if len(rounds) > 1 and (rule != "round_robin" or not substitutions_open(event)):
        raise ServiceError(_("Não há substituições depois da 1ª rodada."))
    game = db.session.scalar(select(Game).where(
        Game.round_id == rounds[0].id, (Game.white_entry_id == entry.id) | (Game.black_entry_id == entry.id)))
    if game is None or game.black_entry_id is None:
        raise ServiceError(_("Este jogador não tem partida na 1ª rodada."), "entry_id")
    if game.result in PLAYED:
        raise ServiceError(_("A partida deste jogador na 1ª rodada foi jogada: ele compareceu."), "entry_id")
    return (f"nº {entry.pairing_number}, mesa {game.board} da 1ª rodada",
            f"no. {entry.pairing_number}, board {game.board} of round 1")


def substitute_no_show(actor: User, event: Event, entry: Entry) -> ReserveEntry:
    """A round-1 no-show is replaced by the first reserve, who takes his place (pairing number,
    board) and his points (CLUB "Reserva"); no substitution after round 1 (`substitutions_open`).
    Round robin: he takes the no-show's pairing number, so every later round's boards are his;
    knockout: his place in the bracket, before the no-show's first game."""
    lock_event(event)
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."))
    if event.status != EventStatus.RUNNING:
        raise ServiceError(_("O evento não está em andamento."))
    where_pt, where_en = _no_show_place(event, entry)
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
        entry.rating_at_entry = reserve.player.rating_for(event.list_key)
        reserve.status = ReserveStatus.SUBSTITUTED
        reserve.entry_id = entry.id
        reserve.replaced_player_id = old_player.id
        db.session.flush()
        db.session.expire(entry, ["player"])
        notify(reserve.player_id, event.id,
               f"Você entrou no evento {event.name} no lugar de {old_player.full_name} ({where_pt}).",
               f"You entered {event.name} in place of {old_player.full_name} ({where_en}).")
        notify(old_player.id, event.id,
               f"Você não compareceu à 1ª rodada do evento {event.name} e foi substituído por um reserva.",
               f"You did not show up for round 1 of {event.name} and were replaced by a reserve.")
        record(actor, "substitute", "entry", entry.id, before,
               {"player_id": reserve.player_id, "rating_at_entry": entry.rating_at_entry,
                "pairing_number": entry.pairing_number, "reserve_id": reserve.id, "place": where_pt}, event.id)
        entry_notices.reserve_substituted(event, reserve.player_id, old_player.id, old_player.full_name,
                                          where_pt, where_en)
    return reserve
