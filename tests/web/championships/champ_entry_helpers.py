"""Shared set-up of the championship entry tests: a championship of sections open for
self-registration, a player with a verified account, fee schedules."""
from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from damas.extensions import db
from damas.models import Entry, EntryStatus, Role
from damas.models.championships import Championship, ChampionshipSection, SectionEligibility
from damas.models.registration import GuestPolicy, RegistrationSettings
from damas.services.fees import schedule


def championship(make_event: Any, *names: str, published: bool = True, capacity: int | None = None,
                 arbiters: tuple = ()) -> tuple[Championship, list[Any]]:
    """A championship whose sections (one event per name) take self-registrations."""
    champ = Championship(name="Campeonato Paulista", start_date=date(2026, 12, 5), end_date=date(2026, 12, 7),
                         venue="Clube Paulistano", published=published)
    db.session.add(champ)
    db.session.flush()
    events = []
    for position, name in enumerate(names or ("Absoluto", "Feminino", "Sub-14")):
        event = make_event(name=name, arbiters=arbiters)
        db.session.add(ChampionshipSection(event_id=event.id, championship_id=champ.id, position=position))
        db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                            guest_places=0, capacity=capacity))
        events.append(event)
    db.session.commit()
    return champ, events


def rules(event: Any, **values: Any) -> SectionEligibility:
    row = SectionEligibility(event_id=event.id, **values)
    db.session.add(row)
    db.session.commit()
    return row


def player_user(make_user: Any, make_player: Any, **kw: Any) -> tuple[Any, Any]:
    player = make_player(full_name=kw.pop("full_name", "Ana Souza"), **kw)
    user = make_user(Role.PLAYER, player_id=player.id, email_verified_at=datetime.now(timezone.utc))
    return user, player


def fee(staff: Any, event: Any, member_cents: int, **data: Any) -> None:
    schedule.save_schedule(staff, event, {"member_cents": member_cents, **data}, {})


def entered(player: Any) -> set[int]:
    """The event ids the player has a registered entry in."""
    db.session.expire_all()
    return {e.event_id for e in db.session.query(Entry).filter_by(player_id=player.id, status=EntryStatus.REGISTERED)}
