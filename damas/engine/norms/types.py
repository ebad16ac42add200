"""Input and output types of the norm check (B.01 1.4). Plain frozen dataclasses, no behaviour
beyond derived properties, so the web layer can build them from rows and render them (HTML, JSON,
PDF) without knowing the rules.

Scores are whole half-points everywhere (`half_points`: 2 a win, 1 a draw, 0 a loss); the
`points` properties give them as Fractions for display. No float is ever used for a score.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from damas.engine.norms.tables import NormTitle

__all__ = [
    "EventKind",
    "Exclusion",
    "FederationCount",
    "FloorAdjustment",
    "GameKind",
    "InProgress",
    "NormCheck",
    "NormEvent",
    "NormGame",
    "NormPlayer",
    "PairingSystem",
    "Shortfall",
]

FIDE_FLAG = "FID"  # 1.4.2a: "FID players are accepted, but do not count as foreign players"


class GameKind(str, enum.Enum):
    """What happened in one round for the player.

    PLAYED: a game played over the board, including a game once started and then forfeited (1.4.2c
    includes it). FORFEIT_WIN / FORFEIT_LOSS / ADJUDICATED: decided other than over the board,
    excluded (1.4.2c). PAIRING_BYE: the pairing-allocated bye (matters for 1.4.1c). OTHER_BYE:
    a requested half- or zero-point bye, an absence. PENDING: not played yet (in_progress)."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    ADJUDICATED = "adjudicated"
    PAIRING_BYE = "pairing_bye"
    OTHER_BYE = "other_bye"
    PENDING = "pending"


class PairingSystem(str, enum.Enum):
    """1.4.2e: the formats allowed without the QC Chairperson's approval."""

    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    KNOCKOUT = "knockout"

    @property
    def predetermined(self) -> bool:
        """1.4.1e: "tournaments with predetermined pairings" [ours: the round robins]."""
        return self in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN)


class EventKind(str, enum.Enum):
    """The kinds of event the regulation treats apart (an event setting).

    * ORDINARY: none of the below.
    * NATIONAL_CHAMPIONSHIP_FINAL: 1.4.3a, exempt from the foreigner requirement (1.4.3 and 1.4.4)
      for players of the host (registering) federation.
    * NATIONAL_TEAM_CHAMPIONSHIP: 1.4.3b, the same, for players of the registering federation.
    * ZONAL: 1.4.3c (zonal and sub-zonal tournaments), exempt for every player.
    * TEAM_CHAMPIONSHIP: 1.4.1b, a World or Continental Team or Club Championship: 7 games enough.
    * WORLD_CUP: 1.4.1b, the World Cup or Women's World Cup: 8 games, counted as 9.
    """

    ORDINARY = "ordinary"
    NATIONAL_CHAMPIONSHIP_FINAL = "national_championship_final"
    NATIONAL_TEAM_CHAMPIONSHIP = "national_team_championship"
    ZONAL = "zonal"
    TEAM_CHAMPIONSHIP = "team_championship"
    WORLD_CUP = "world_cup"


@dataclass(frozen=True)
class NormEvent:
    """The event. `host_federation`: the federation that registered it (1.4.3b, 1.4.3d).
    `swiss_foreign_field`: the 1.4.3d condition holds (compute it with
    `check.swiss_foreign_field` from the field, or let the arbiter assert it).
    `start`/`end`: 0.2 picks the edition by `start`; 1.1.4: over 30 days the opponents' ratings and
    titles are those when each game was played (the caller fills NormGame accordingly)."""

    rounds: int
    system: PairingSystem
    host_federation: str
    start: date
    end: date | None = None
    kind: EventKind = EventKind.ORDINARY
    swiss_foreign_field: bool = False

    @property
    def ratings_per_game(self) -> bool:
        """1.1.4: the event lasts longer than 30 days, so each game uses the opponent's rating and
        title of its day; otherwise the list in effect at the start (1.4.6a)."""
        return self.end is not None and (self.end - self.start).days + 1 > 30


@dataclass(frozen=True)
class NormPlayer:
    """The norm seeker. `title`: the title held (or None); `rating` is informative only (the norm
    does not use the seeker's own rating)."""

    id: str | int
    federation: str
    title: str | None = None
    rating: int | None = None
    name: str = ""


@dataclass(frozen=True)
class NormGame:
    """One round of the player. `opponent_rating` None: unrated. `opponent_federation` None: not a
    member of a FIDE federation (1.4.2a excludes the game). `opponent_unrated_scored_zero`: in a
    round robin, the unrated opponent scored zero against the rated players (1.4.2b excludes the
    game); the caller computes it from the crosstable."""

    round: int
    kind: GameKind = GameKind.PLAYED
    half_points: int | None = None
    opponent_id: str | int | None = None
    opponent_name: str = ""
    opponent_rating: int | None = None
    opponent_title: str | None = None
    opponent_federation: str | None = None
    opponent_unrated_scored_zero: bool = False

    @property
    def points(self) -> Fraction | None:
        return None if self.half_points is None else Fraction(self.half_points, 2)


@dataclass(frozen=True)
class Exclusion:
    """A round that does not count as a norm game, and the article that says so."""

    round: int
    article: str
    key: str


@dataclass(frozen=True)
class FloorAdjustment:
    """1.4.6c: the one opponent whose rating was raised to the adjusted rating floor."""

    round: int
    opponent_id: str | int | None
    opponent_name: str
    from_rating: int
    to_rating: int
    unrated: bool


@dataclass(frozen=True)
class FederationCount:
    """Counted opponents of one federation. `own`: the applicant's; `foreign`: counts as a
    federation other than the applicant's for 1.4.3 (not the applicant's, not FID)."""

    federation: str
    opponents: int
    own: bool
    foreign: bool


@dataclass(frozen=True)
class Shortfall:
    """One requirement not met: its article (e.g. "1.4.5a"), a message key for the translations
    (e.g. "norm.title_holders"), what was required and what was found."""

    article: str
    key: str
    required: int | None = None
    actual: int | None = None
    detail: str | None = None


@dataclass(frozen=True)
class NormCheck:
    """The result of one (player, title sought). `met` is True when `missing` is empty.

    Scores in half-points: `points_half`, `points_needed_half` (the least score that meets 1.4.8
    with this Ra and these games, None when none does). `average_rating` is Ra rounded (1.4.7b),
    `average_exact` the unrounded mean after 1.4.6. `percentage` is p rounded (1.4.9)."""

    player_id: str | int
    title: NormTitle
    edition: str
    met: bool
    games: int
    counts_as_games: int
    points_half: int
    points_needed_half: int | None
    percentage: int | None
    average_rating: int | None
    average_exact: Fraction | None
    dp: int | None
    performance: int | None
    title_holders: int
    title_holders_needed: int
    title_sought: int
    title_sought_needed: int
    federations: tuple[FederationCount, ...]
    foreign_federations: int
    own_federation_opponents: int
    own_federation_max: int
    one_federation_max: int
    unrated: int
    floor: FloorAdjustment | None
    exemption: str | None
    one_game_short: bool
    already_holds: bool
    excluded: tuple[Exclusion, ...] = ()
    missing: tuple[Shortfall, ...] = ()
    counted_rounds: tuple[int, ...] = field(default=())

    @property
    def points(self) -> Fraction:
        return Fraction(self.points_half, 2)

    @property
    def points_needed(self) -> Fraction | None:
        return None if self.points_needed_half is None else Fraction(self.points_needed_half, 2)

    @property
    def missing_articles(self) -> tuple[str, ...]:
        return tuple(s.article for s in self.missing)


@dataclass(frozen=True)
class InProgress:
    """Before the last round: what the player still needs.

    Assumption (ours): every remaining round is a counted game against an opponent rated at the
    current unrounded mean of the counted opponents (after unrated -> 1400, before the floor), so
    the final Ra is computed from the games so far plus `rounds_remaining` such opponents, with
    1.4.6c applied to the whole set. `points_needed_remaining_half` is None when no score in the
    remaining rounds reaches the norm under that assumption (also when Ra would stay below
    1.4.8a). The opponent-mix counts say how many more opponents of each kind the remaining rounds
    must bring, if they all count."""

    player_id: str | int
    title: NormTitle
    rounds_played: int
    rounds_remaining: int
    games_so_far: int
    points_half: int
    assumed_opponent_rating: Fraction | None
    projected_games: int
    projected_average: int | None
    points_needed_total_half: int | None
    points_needed_remaining_half: int | None
    reachable: bool
    title_holders_needed: int
    title_sought_needed: int
    foreign_federations_needed: int
    games_needed: int
    assumption: str = "remaining_opponents_at_current_average"

    @property
    def points_needed_remaining(self) -> Fraction | None:
        h = self.points_needed_remaining_half
        return None if h is None else Fraction(h, 2)
