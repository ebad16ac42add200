"""Publishing a paired round, the step both the "Publicar rodada" button (`rounds.publish_round`)
and a pairing of an event that publishes with its pairing (`swiss.pair_next_round`,
`Event.publish_on_pair`) take, inside their own transaction.

It sits below both: the desk's corrections import the Swiss pairing, and the round operations
import the desk, so neither of them can hold what the other needs.
"""
from __future__ import annotations

from datetime import datetime, timezone

from damas.models import Event, Round, RoundStatus, User
from damas.services.rounds.absence import withdraw_unexplained
from damas.services.audit import after_commit, record
from damas.services.mail.sending import later
from damas.services.mail.round_notices import notify_round_published


def mark_published(actor: User, event: Event, rnd: Round) -> None:
    """From now on the round's pairings never change (C.04.2 #10) and players absent without
    notice whose deadline is this pairing are withdrawn (C.04.2 #2, #3). One audit entry. Each
    player with an account is mailed his board after the caller's commit (never on a rollback)."""
    after_commit(later(notify_round_published, event.id, rnd.id))  # after the commit, and only then
    rnd.status = RoundStatus.PUBLISHED
    rnd.published_at = datetime.now(timezone.utc)
    record(actor, "publish", "round", rnd.id, {"status": "paired"}, {"status": "published", "number": rnd.number},
           event.id)
    withdraw_unexplained(actor, event, rnd)
