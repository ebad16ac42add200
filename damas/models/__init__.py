"""SQLAlchemy 2 typed models, one module per area."""
from damas.models.audit import AuditEntry
from damas.models.club import Club
from damas.models.event import Entry, EntryStatus, Event, EventArbiter, EventStatus
from damas.models.play import Game, GameResult, RequestKind, Round, RoundRequest, RoundStatus
from damas.models.player import Player
from damas.models.user import Role, User

__all__ = [
    "AuditEntry",
    "Club",
    "Entry",
    "EntryStatus",
    "Event",
    "EventArbiter",
    "EventStatus",
    "Game",
    "GameResult",
    "RequestKind",
    "Round",
    "RoundRequest",
    "RoundStatus",
    "Player",
    "Role",
    "User",
]
