"""One entry, several sections: a player (for himself) or staff and the sections' arbiters (for
a player) pick sections of a championship and enter them at once (RULES.md §9 as extended on the
championship's regulations page).

Each chosen section is checked (`check`): not entered yet, still taking entries, a free place
(the capacity of its registration settings), who may enter it (`eligibility_rules`), and, for a
player entering himself, the self-registration limits of the event (window, guests, rating
ceiling, one online event). **[ours]** All or nothing: when any chosen section refuses, none is
entered and every refusal is reported with its section (`SectionsRefused`). The entries go
through the sections' own entry services (`registration.register` for the player himself,
`entries.add_entry` for the organisers) in ONE transaction, so numbering, audit, refunds and the
fee hooks are theirs; their per-section mails are withheld and one mail lists the sections
(`notices`); the single fee is then settled (`single_fee`).

Withdrawing from one section (`withdraw`) goes through the section's cancel path (the player's
`registration.cancel`, the organisers' `entries.remove_entry`); his other sections stay, and the
single fee moves if it must (`single_fee.settle`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Iterable

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Player, User
from damas.models.championships import Championship, ChampionshipSection
from damas.services.entries import add_remove as entry_service
from damas.services.entries import self_service as registration
from damas.services.audit import record, transaction
from damas.services.championships import eligibility_rules, notices, single_fee
from damas.services.errors import ServiceError
from damas.services.events.lifecycle import can_edit_event
from damas.services.locking import lock_event
from damas.services.mail.tell import withheld
from damas.services.registration.limits import (
    _when, active_count, aware, check_player_limits, player_of, settings_of, utcnow,
)

DUPLICATE, CLOSED, FULL, LIMITS = "duplicate", "closed", "full", "limits"


@dataclass
class SectionCheck:
    """One section as the entry page shows it: its criteria, and why the player may not enter
    it (`reasons`, worded; `codes` for tests and styling), empty when he may."""

    event_id: int
    name: str
    status: str
    criteria: list[str]
    entered: bool = False
    codes: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)

    @property
    def may_enter(self) -> bool:
        return not self.reasons

    def refuse(self, code: str, text: str) -> None:
        self.codes.append(code)
        self.reasons.append(text)


class SectionsRefused(ServiceError):
    """Some chosen sections refuse: nothing was entered. `refusals`: (section name, reasons)."""

    def __init__(self, refusals: list[tuple[str, list[str]]]) -> None:
        super().__init__(_("Nenhuma inscrição foi feita: todas as seções escolhidas precisam aceitar o jogador. %(list)s",
                           list=" ".join(f"{name}: {' '.join(reasons)}" for name, reasons in refusals)))
        self.refusals = refusals


def sections(championship: Championship) -> list[Event]:
    """The championship's sections, in their order."""
    return list(db.session.scalars(select(Event).join(ChampionshipSection, ChampionshipSection.event_id == Event.id)
                                   .where(ChampionshipSection.championship_id == championship.id)
                                   .order_by(ChampionshipSection.position, Event.id)))


def may_enter_for_others(user: User, championship: Championship) -> bool:
    """Staff, or an arbiter of at least one of the sections (he then sees only his sections)."""
    return any(can_edit_event(user, event) for event in sections(championship))


def _window(event: Event, now: datetime) -> str | None:
    settings = settings_of(event)
    if event.status != EventStatus.REGISTRATION or not settings.self_registration:
        return _("as inscrições desta seção não estão abertas pelo site.")
    opens, closes = aware(settings.opens_at), aware(settings.closes_at)
    if opens is not None and now < opens:
        return _("as inscrições abrem em %(when)s.", when=_when(opens))
    if closes is not None and now >= closes:
        return _("as inscrições encerraram em %(when)s.", when=_when(closes))
    return None


def check_section(event: Event, player: Player, *, by_player: bool, now: datetime | None = None) -> SectionCheck:
    """Why the player may not enter `event` now ([] reasons: he may); nothing is written."""
    now = now or utcnow()
    out = SectionCheck(event_id=event.id, name=event.name, status=event.status.value,
                       criteria=eligibility_rules.summary(event))
    if db.session.scalar(select(Entry.id).where(Entry.event_id == event.id, Entry.player_id == player.id)) is not None:
        out.entered = True
        out.refuse(DUPLICATE, _("já inscrito nesta seção."))
        return out
    closed = _window(event, now) if by_player else (
        None if entry_service.accepts_entries(event) else _("as inscrições desta seção estão encerradas."))
    if closed:
        out.refuse(CLOSED, closed)
    settings = settings_of(event)
    if settings.capacity is not None and active_count(event) >= settings.capacity:
        out.refuse(FULL, _("sem vagas: a seção já tem %(n)s inscritos.", n=settings.capacity))
    for reason in eligibility_rules.player_reasons(event, player):
        out.refuse(reason.code, eligibility_rules.reason_text(reason))
    if by_player and not closed:
        try:
            check_player_limits(event, settings, player, now)
        except ServiceError as error:
            out.refuse(LIMITS, error.message)
    return out


def check(championship: Championship, player: Player, *, by_player: bool,
          now: datetime | None = None) -> list[SectionCheck]:
    return [check_section(event, player, by_player=by_player, now=now) for event in sections(championship)]


def _chosen(championship: Championship, event_ids: Iterable[int]) -> list[Event]:
    wanted = set(event_ids)
    chosen = [event for event in sections(championship) if event.id in wanted]
    if not wanted:
        raise ServiceError(_("Escolha pelo menos uma seção."), "sections")
    if len(chosen) != len(wanted):
        raise ServiceError(_("Seção que não é deste campeonato."), "sections")
    return chosen


def chosen_for(actor: User, championship: Championship, event_ids: Iterable[int]) -> list[Event]:
    """The chosen sections, each one the organiser (staff, or its arbiter) may enter players in."""
    chosen = _chosen(championship, event_ids)
    if not all(can_edit_event(actor, event) for event in chosen):
        raise ServiceError(_("Você só pode inscrever jogadores nas seções que arbitra."), "sections")
    return chosen


def enter(actor: User, championship: Championship, player: Player, event_ids: Iterable[int], *,
          by_player: bool, now: datetime | None = None) -> list[Entry]:
    """Enter the player in every chosen section, or in none (`SectionsRefused`). `by_player`:
    the player enters himself (the actor's own player); else staff or an arbiter of every chosen
    section enters him."""
    if by_player and player_of(actor).id != player.id:
        raise ServiceError(_("Você só pode inscrever a si mesmo."))
    chosen = _chosen(championship, event_ids) if by_player else chosen_for(actor, championship, event_ids)
    player_id, names = player.id, {event.id: event.name for event in chosen}
    with transaction():
        for event in sorted(chosen, key=lambda e: e.id):  # one order for every request: no deadlock
            lock_event(event)
        refused = [(c.name, c.reasons) for c in (check_section(e, player, by_player=by_player, now=now)
                                                  for e in chosen) if c.reasons]
        if refused:
            raise SectionsRefused(refused)
        made: list[Entry] = []
        with withheld(notices.KIND, player_id):
            for event in chosen:
                try:
                    made.append(registration.register(actor, event, now) if by_player
                                else entry_service.add_entry(actor, event, player))
                except ServiceError as error:  # a limit the check could not see
                    raise SectionsRefused([(names[event.id], [error.message])]) from None
        fee_event = single_fee.settle(actor, championship, player)
        record(actor, "championship_entry", "championship", championship.id, None,
               {"player_id": player_id, "event_ids": [e.id for e in chosen], "self": by_player,
                "fee_event_id": fee_event.id if fee_event is not None else None}, None)
        notices.sections_entered(championship, player_id, chosen, by_player)
    return made


def withdraw(actor: User, championship: Championship, event: Event, player: Player, *, by_player: bool) -> None:
    """Leave one section (before its start) through its own cancel path; the other sections stay
    and the single fee moves if it must (`single_fee`)."""
    if event.id not in {e.id for e in sections(championship)}:
        raise ServiceError(_("Seção que não é deste campeonato."))
    if by_player and player_of(actor).id != player.id:
        raise ServiceError(_("Você só pode cancelar a sua inscrição."))
    with transaction():
        if by_player:
            registration.cancel(actor, event)
        else:
            if not can_edit_event(actor, event):
                raise ServiceError(_("Você só pode inscrever jogadores nas seções que arbitra."))
            lock_event(event)
            entry = registration.own_entry(event, player)
            if entry is None or entry.status != EntryStatus.REGISTERED:
                raise ServiceError(_("O jogador não está inscrito nesta seção."))
            entry_service.remove_entry(actor, event, entry)
        fee_event = single_fee.settle(actor, championship, player)
        record(actor, "championship_withdrawal", "championship", championship.id, None,
               {"player_id": player.id, "event_id": event.id, "self": by_player,
                "fee_event_id": fee_event.id if fee_event is not None else None}, None)
