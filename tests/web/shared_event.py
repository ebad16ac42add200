"""The small running event the multi-process tests share (two app instances, two gunicorn
servers): 4 players, round 1 published, one arbiter assigned. Built inside an app context."""
from __future__ import annotations

from datetime import date

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventArbiter, EventStatus, Game, Player, Role, Round, RoundStatus, User


def add_running_event(name: str, arbiter_email: str, password: str, prefix: str) -> dict[str, int]:
    """Commit the event and its arbiter; {"event", "game" (board 1), "version" (board 1's)}."""
    arbiter = User(email=arbiter_email, name="Árbitra", role=Role.ARBITER)
    arbiter.set_password(password)
    event = Event(name=name, discipline="damas-64", ruleset="cbjd", pairing_system="dutch", planned_rounds=3,
                  time_minutes=45, time_increment=0, start_date=date(2026, 12, 5), end_date=date(2026, 12, 6),
                  status=EventStatus.RUNNING)
    db.session.add_all([arbiter, event])
    db.session.flush()
    db.session.add(EventArbiter(event_id=event.id, user_id=arbiter.id))
    entries = []
    for n in range(1, 5):
        player = Player(full_name=f"{prefix} {n}", sex="M", birth_date=date(1990, 1, 1), state="CE",
                        federation_id=f"{prefix[0]}{n}", rating_regular=2000 - n)
        db.session.add(player)
        db.session.flush()
        entries.append(Entry(event_id=event.id, player_id=player.id, pairing_number=n, rating_at_entry=2000 - n,
                             status=EntryStatus.REGISTERED))
    db.session.add_all(entries)
    db.session.flush()
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=entries[0].id, black_entry_id=entries[2].id),
                 Game(board=2, white_entry_id=entries[3].id, black_entry_id=entries[1].id)]
    db.session.add(rnd)
    db.session.commit()
    return {"event": event.id, "game": rnd.games[0].id, "version": rnd.games[0].version}
