"""Rating periods: staff review the finished events of one list in a date range and close the
period; every player's new rating becomes a dated rating record (source "Período …", who closed
it) and his rating on the list. One transaction, audited. Events not yet paired re-sort by the
new list; paired events keep their frozen ratings (as a rating-list import does,
`refresh_unpaired_entries`). The last closed period of a list can be reopened by staff (its
records removed, the previous ratings back) until the next period is closed.

A period rates each event from the ratings its entries froze; a player's changes over the
period's events add up from his rating before the period (B.02 rates a period the same way:
every event from the rating published before it). An unrated player takes the first initial
rating an event gives him.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from flask_babel import gettext as _
from sqlalchemy import delete, select

from damas.extensions import db
from damas.models import Event, EventStatus, Player, RatingPeriod, RatingPeriodEvent, RatingRecord, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.mail import rating_notices
from damas.services.locking import lock_rating_list
from damas.services.entries.rating_refresh import refresh_unpaired_entries
from damas.engine.rating.fide import FLOOR as FIDE_FLOOR
from damas.engine.rating.lists import RatingListKey
from damas.services.ratings.change import event_ratings
from damas.services.ratings.parameters import rating_parameters

__all__ = ["PeriodPlan", "check_period", "plan_period", "close_period", "reopen_period", "periods", "can_reopen"]


@dataclass(frozen=True)
class PeriodPlan:
    """What closing would do: the events included and each player's (old, new) rating."""

    events: list[Event]
    changes: dict[int, tuple[int, int]]  # player id -> (rating before, rating after)


def check_period(name: str, key: RatingListKey | None, start: date, end: date, list_date: date) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ServiceError(_("Informe o nome do período."), "name")
    if key is None:
        raise ServiceError(_("Lista de rating desconhecida."), "rating_list")
    if end < start:
        raise ServiceError(_("O fim do período não pode ser antes do início."), "end_date")
    if list_date < end:
        raise ServiceError(_("A data da lista não pode ser antes do fim do período."), "list_date")
    return name[:120]


def _rated_elsewhere() -> set[int]:
    """The events a closed period rated (each once: `RatingPeriodEvent`)."""
    return set(db.session.scalars(select(RatingPeriodEvent.event_id)))


def plan_period(key: RatingListKey, start: date, end: date) -> PeriodPlan:
    """The finished events of the list (its game's and its rate's) ending in the range, not rated
    by another closed period."""
    done = _rated_elsewhere()
    events = [e for e in db.session.scalars(
        select(Event).where(Event.status == EventStatus.FINISHED, Event.end_date >= start, Event.end_date <= end,
                            Event.discipline == key.discipline)
        .order_by(Event.end_date, Event.id)) if e.list_key == key and e.id not in done]
    deltas: dict[int, int] = {}
    initial: dict[int, int] = {}
    systems: dict[int, str] = {}
    for event in events:
        ratings = event_ratings(event)
        for row in ratings.rows:
            c = row.change
            systems.setdefault(row.player_id, ratings.system)
            if c.initial and c.new_rating is not None:
                initial.setdefault(row.player_id, c.new_rating)
            elif c.rating and c.counted:
                deltas[row.player_id] = deltas.get(row.player_id, 0) + c.delta
    ids = set(deltas) | set(initial)
    current = {p.id: p.rating_for(key) for p in db.session.scalars(select(Player).where(Player.id.in_(ids)))} if ids else {}
    changes = {}
    cbjd_floor = rating_parameters().floor
    for pid in sorted(ids):
        before = current.get(pid, 0)
        after = before + deltas[pid] if before and pid in deltas else (initial.get(pid) if not before else before)
        if after is not None and before:
            after = _floored(after, systems.get(pid, "cbjd"), cbjd_floor)
        if after is not None and after != before:
            changes[pid] = (before, max(0, after))
    return PeriodPlan(events, changes)


def _floored(rating: int, system: str, cbjd_floor: int) -> int:
    """FIDE: below 1400 the player is listed as unrated, 0 here (B.02 7.2.1); the federation
    list: never below its floor (its parameters)."""
    if system == "fide":
        return rating if rating >= FIDE_FLOOR else 0
    return max(cbjd_floor, rating)


def close_period(actor: User, name: str, key: RatingListKey | None, start: date, end: date,
                 list_date: date) -> RatingPeriod:
    """Close the period of one list (a game and a rate): records, players' ratings, unpaired
    events re-sorted, in one transaction."""
    name = check_period(name, key, start, end, list_date)
    assert key is not None  # check_period refused an unknown list
    lock_rating_list(key.code)
    same = db.session.scalar(select(RatingPeriod).where(
        RatingPeriod.status == "closed", RatingPeriod.discipline == key.discipline,
        RatingPeriod.rating_list == key.rate, RatingPeriod.start_date == start, RatingPeriod.end_date == end).limit(1))
    if same is not None:
        message = _("O período %(name)s desta lista, com estas datas, já está fechado; nada foi alterado.",
                    name=same.name)
        db.session.rollback()
        raise ServiceError(message)
    plan = plan_period(key, start, end)
    if not plan.events:
        db.session.rollback()
        raise ServiceError(_("Nenhum evento encerrado desta lista no período (ou todos já avaliados)."))
    with transaction():
        period = RatingPeriod(name=name, discipline=key.discipline, rating_list=key.rate, start_date=start,
                              end_date=end, list_date=list_date,
                              event_ids=[e.id for e in plan.events], status="closed", closed_by=actor.id)
        db.session.add(period)
        db.session.flush()
        db.session.add_all(RatingPeriodEvent(period_id=period.id, event_id=e.id) for e in plan.events)
        source = _("Período %(name)s", name=name)[:120]
        for pid, (before, after) in plan.changes.items():
            player = db.session.get(Player, pid)
            note = source if after else f"{source} — {_('abaixo do piso: sem rating')}"[:120]
            db.session.add(RatingRecord(player_id=pid, discipline=key.discipline, rating_list=key.rate, value=after,
                                        previous=before or None, list_date=list_date, source=note, user_id=actor.id,
                                        period_id=period.id))
            player.set_rating(key, after or None)
        db.session.flush()
        record(actor, "close", "rating_period", period.id, None,
               {"name": name, "discipline": key.discipline, "rating_list": key.rate,
                "start_date": start.isoformat(), "end_date": end.isoformat(),
                "list_date": list_date.isoformat(), "events": period.event_ids,
                "ratings": {str(k): list(v) for k, v in plan.changes.items()}})
        refresh_unpaired_entries(actor, set(plan.changes))
        rating_notices.period_closed(key, name, plan.changes)
    return period


def can_reopen(period: RatingPeriod) -> bool:
    """Only the last closed period of its list, while no later one is closed."""
    if period.status != "closed":
        return False
    later = db.session.scalar(select(RatingPeriod.id).where(
        RatingPeriod.discipline == period.discipline, RatingPeriod.rating_list == period.rating_list,
        RatingPeriod.status == "closed",
        RatingPeriod.id > period.id).limit(1))
    return later is None


def reopen_period(actor: User, period: RatingPeriod) -> RatingPeriod:
    """Undo the closing: the players' ratings go back to those before it, its records go."""
    lock_rating_list(period.key.code)
    if period.status != "closed":
        message = _("O período %(name)s já foi reaberto; nada foi alterado.", name=period.name)
        db.session.rollback()
        raise ServiceError(message)
    if not can_reopen(period):
        db.session.rollback()
        raise ServiceError(_("Só o último período fechado desta lista pode ser reaberto."))
    key = period.key
    with transaction():
        db.session.execute(delete(RatingPeriodEvent).where(RatingPeriodEvent.period_id == period.id))
        restored = {}
        for rec in db.session.scalars(select(RatingRecord).where(RatingRecord.period_id == period.id)):
            player = db.session.get(Player, rec.player_id)
            if player.rating_for(key) == rec.value:  # not changed since by an import or the form
                player.set_rating(key, rec.previous)
                restored[str(player.id)] = [rec.value, rec.previous]
            db.session.delete(rec)
        period.status = "reopened"
        db.session.flush()
        record(actor, "reopen", "rating_period", period.id, {"status": "closed"},
               {"status": "reopened", "ratings": restored})
        refresh_unpaired_entries(actor, {int(k) for k in restored})
    return period


def periods() -> list[RatingPeriod]:
    return list(db.session.scalars(select(RatingPeriod).order_by(RatingPeriod.id.desc())))
