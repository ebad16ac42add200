""""Minha área" of a player: his games in every event and whether he is a guest.

The games are the player card's rows (`public.player_card`, the computation the event's own
page uses), published rounds only, so both pages always agree.

[ours] "Convidado" (guest) is an account the player opened himself as a guest (the sign-up
records the player's creation by that same account). A player record that staff created and
linked to the account is not called a guest, even without a federation number.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Entry, EventStatus, Player, User
from damas.views.summaries import event_summary
from damas.web.public.routes import player_card


def is_self_registered_guest(user: User, player: Player) -> bool:
    if player.federation_id:
        return False
    return db.session.scalar(select(AuditEntry.id).where(
        AuditEntry.action == "create", AuditEntry.object_type == "player", AuditEntry.object_id == player.id,
        AuditEntry.user_id == user.id).limit(1)) is not None


def my_games(player: Player) -> list[dict[str, Any]]:
    """Per running or finished event (newest first): the event and the rounds he played."""
    entries = db.session.scalars(select(Entry).where(Entry.player_id == player.id)).all()
    out = []
    for entry in sorted(entries, key=lambda e: (e.event.start_date, e.event.id), reverse=True):
        event = entry.event
        if event.status not in (EventStatus.RUNNING, EventStatus.FINISHED):
            continue
        card = player_card(event, player.id, editable=False)
        rows = [g for g in (card or {}).get("games", []) if g.get("opponent") or g.get("result") or g.get("label")]
        out.append({"event": event_summary(event), "games": rows, "total": (card or {}).get("total", "")})
    return out
