"""SQLAlchemy 2 typed models, one module per area."""
from damas.models import micromatch as micromatch  # noqa: F401  (micro-match tables)
from damas.models import registration as registration  # noqa: F401,E402  (self-registration tables)
from damas.models import gamerecord as gamerecord  # noqa: F401,E402  (games on record)
from damas.models.result_report import ResultReport
from damas.models.audit import AuditEntry
from damas.models.awards import AwardSettings, EventCategory, EventPrize, Playoff
from damas.models.club import Club
from damas.models.desk import (  # noqa: F401  (arbiter's desk tables)
    DeskAppeal,
    DeskCommitteeMember,
    DeskForfeitDecision,
    DeskIncident,
    DeskPenalty,
    DeskSanction,
    DeskSettings,
)
from damas.models.federation import FederationSettings
from damas.models.event import Entry, EntryStatus, Event, EventArbiter, EventStatus
from damas.models.knockout import KnockoutGame, KnockoutSetup
from damas.models.mail import MailOptOut
from damas.models.norms import EventNormSettings
from damas.models import fees as fees  # noqa: F401,E402  (entry fee tables)
from damas.models import championships as championships  # noqa: F401,E402  (championships and sections)
from damas.models import venue as venue  # noqa: F401,E402  (check-in, wall screen)
from damas.models.play import Game, GameResult, RequestKind, Round, RoundRequest, RoundStatus
from damas.models.player import Player
from damas.models.rating import RatingPeriod, RatingPeriodEvent, RatingRecord
from damas.models.season import Season, SeasonEvent
from damas.models.titles import NationalTitleRow
from damas.models.user import Role, User

__all__ = [
    "AuditEntry",
    "AwardSettings",
    "NationalTitleRow",
    "EventCategory",
    "EventPrize",
    "Playoff",
    "Club",
    "Entry",
    "EntryStatus",
    "Event",
    "EventArbiter",
    "EventStatus",
    "EventNormSettings",
    "FederationSettings",
    "KnockoutGame",
    "MailOptOut",
    "KnockoutSetup",
    "Game",
    "GameResult",
    "RatingPeriod",
    "RatingPeriodEvent",
    "Season",
    "SeasonEvent",
    "RatingRecord",
    "RequestKind",
    "ResultReport",
    "Round",
    "RoundRequest",
    "RoundStatus",
    "Player",
    "Role",
    "User",
]
