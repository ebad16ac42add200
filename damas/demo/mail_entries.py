"""Demo: the notification mails a player gets, left in the outbox ("E-mails enviados") so a
newcomer reads them: an entry confirmed, an announcement to the championship's entrants, a
sanction and a withdrawal (after its last round: its standings stay) in the running Sobral open,
and (closed right after, by `demo_ratings`) the new rating of a rated player.

Two demo accounts get a confirmed address here, the only ones: `avisos@demo.damas.br` (a
championship entrant who played the club knockout, rated by the demo's period) and
`jogador@demo.damas.br` (the demo player, who plays the Sobral open)."""
from __future__ import annotations

from datetime import date, datetime, time, timezone

from sqlalchemy import select

from damas.extensions import db
from damas.formats.mapping import event_rounds
from damas.models import Entry, EntryStatus, Event, Player, Role, User
from damas.services import desk as desk_service
from damas.services.entries import add_remove as entry_service
from damas.services.mail.announcements import send_announcement
from damas.services.accounts.users import create_user
from damas.services.rounds.withdrawals import withdraw_entry

PASSWORD = "demo12345"


def _verify(user: User, today: date) -> None:
    user.email_verified_at = datetime.combine(today, time(9, 0), tzinfo=timezone.utc)
    db.session.commit()


def demo_mails(staff: User, championship: Event, player: Player, today: date) -> None:
    """`player`: a championship entrant the rating period will rate (he played the club knockout)."""
    entry = db.session.scalar(select(Entry).where(Entry.event_id == championship.id, Entry.player_id == player.id))
    reader = create_user(staff, {"email": "avisos@demo.damas.br", "name": player.full_name,
                                 "role": Role.PLAYER.value, "player_id": player.id, "password": PASSWORD})
    if entry is not None:  # entered again once his address is confirmed: the mail of a confirmed entry
        entry_service.remove_entry(staff, championship, entry)
    _verify(reader, today)
    entry_service.add_entry(staff, championship, player)
    send_announcement(staff, championship, "Congresso técnico na sexta-feira",
                      "O congresso técnico será na sexta-feira, às 19h, no ginásio.\n"
                      "Traga um documento com foto.")
    _sobral(staff, today)


def _sobral(staff: User, today: date) -> None:
    """A verbal warning (CBJD 51 a) and then a withdrawal after the last round for the demo player."""
    event = db.session.scalar(select(Event).where(Event.name.like("Aberto de Damas de Sobral%")))
    user = db.session.scalar(select(User).where(User.email == "jogador@demo.damas.br"))
    if event is None or user is None:
        return
    entry = db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == user.player_id))
    if entry is None or entry.status != EntryStatus.REGISTERED:
        return
    _verify(user, today)
    rounds = event_rounds(event)
    desk_service.add_sanction(staff, event, rounds[-1].number, entry, "verbal_warning",
                              "Celular tocou na sala de jogo.")
    withdraw_entry(staff, event, entry, len(rounds), "Viagem de trabalho.")
