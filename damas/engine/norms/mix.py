"""The opponents' mix of a FIDE norm, pure (B.01 2024, 1.4.3 to 1.4.5): federations (the foreigner
requirement and its exemptions, the maxima from one federation) and titled opponents. Every rule
cites its article; "[ours]" marks a decision where the text is silent.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from damas.engine.norms.games import opponent_key
from damas.engine.norms.tables import TITLE_HOLDER_TITLES, NormTitle, TitleRequirement, requirement
from damas.engine.norms.types import (
    FIDE_FLAG,
    EventKind,
    FederationCount,
    NormEvent,
    NormGame,
    NormPlayer,
    PairingSystem,
    Shortfall,
)

__all__ = [
    "FederationMix",
    "FieldEntrant",
    "TitledMix",
    "exemption",
    "federation_mix",
    "mix_limits",
    "swiss_foreign_field",
    "titled_mix",
]


def mix_limits(games: int, title: NormTitle | str) -> dict[str, int]:
    """The opponent-mix numbers for `games` counted opponents. 1.4.4: "minimum numbers are rounded
    up, maximum numbers rounded down": at least 50% title-holders (1.4.5a), at least 1/3 with a
    minimum of 3 holding the title sought or higher (1.4.5b-e), at most 3/5 from the applicant's
    federation and 2/3 from one federation (1.4.4)."""
    requirement(title)
    return {
        "title_holders": math.ceil(Fraction(games, 2)),
        "title_sought": max(3, math.ceil(Fraction(games, 3))),
        "own_federation_max": math.floor(Fraction(3 * games, 5)),
        "one_federation_max": math.floor(Fraction(2 * games, 3)),
    }


def exemption(player: NormPlayer, event: NormEvent) -> str | None:
    """1.4.3a-d: the events exempt from "the normal foreigner requirement" (1.4.3 and 1.4.4 together,
    as 1.4.3e names them). 1.4.3a and 1.4.3b only for players of the registering (host)
    federation; 1.4.3d only for a Swiss whose field meets its condition."""
    own = player.federation == event.host_federation
    if event.kind is EventKind.NATIONAL_CHAMPIONSHIP_FINAL and own:
        return "1.4.3a"
    if event.kind is EventKind.NATIONAL_TEAM_CHAMPIONSHIP and own:
        return "1.4.3b"
    if event.kind is EventKind.ZONAL:
        return "1.4.3c"
    if event.swiss_foreign_field and event.system is PairingSystem.SWISS:
        return "1.4.3d"
    return None


@dataclass(frozen=True)
class FederationMix:
    """The federations of the counted opponents and what 1.4.3/1.4.4 found missing."""

    federations: tuple[FederationCount, ...]
    foreign: int
    own_count: int
    exemption: str | None
    missing: tuple[Shortfall, ...]


def federation_mix(player: NormPlayer, counted: Sequence[NormGame], event: NormEvent,
                   limits: dict[str, int]) -> FederationMix:
    """1.4.3 at least two federations other than the applicant's; 1.4.4 at most 3/5 from the
    applicant's federation and 2/3 from one federation; both waived by an exemption (1.4.3a-d)."""
    fed_counts = Counter(g.opponent_federation for g in counted)
    federations = tuple(
        FederationCount(fed, count, fed == player.federation,
                        fed != player.federation and fed != FIDE_FLAG)
        for fed, count in sorted(fed_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    foreign = sum(1 for f in federations if f.foreign)
    own_count = fed_counts.get(player.federation, 0)
    exempt = exemption(player, event)
    missing: list[Shortfall] = []
    if exempt is None:
        if foreign < 2:
            # 1.4.3: at least two federations other than the applicant's (FID does not count:
            # 1.4.2a "FID players ... do not count as foreign players").
            missing.append(Shortfall("1.4.3", "norm.federations", 2, foreign))
        if own_count > limits["own_federation_max"]:
            missing.append(Shortfall("1.4.4", "norm.own_federation", limits["own_federation_max"],
                                     own_count, player.federation))
        for f in federations:
            # 1.4.4: at most 2/3 from one federation [ours: FID is no federation here; the
            # applicant's own is already held to the stricter 3/5].
            if not f.own and f.federation != FIDE_FLAG and f.opponents > limits["one_federation_max"]:
                missing.append(Shortfall("1.4.4", "norm.one_federation", limits["one_federation_max"],
                                         f.opponents, f.federation))
    return FederationMix(federations, foreign, own_count, exempt, tuple(missing))


@dataclass(frozen=True)
class TitledMix:
    """The titled counted opponents and what 1.4.5 found missing."""

    title_holders: int
    title_sought: int
    title_sought_needed: int
    missing: tuple[Shortfall, ...]


def titled_mix(counted: Sequence[NormGame], event: NormEvent, title: NormTitle,
               req: TitleRequirement, limits: dict[str, int]) -> TitledMix:
    """1.4.5a at least 50% title-holders; 1.4.5b-e at least 1/3, minimum 3, of the title sought or
    higher; 1.4.5f double round robins."""
    missing: list[Shortfall] = []
    title_holders = sum(1 for g in counted if g.opponent_title in TITLE_HOLDER_TITLES)
    sought_games = [g for g in counted if g.opponent_title in req.qualifying_titles]
    title_sought = len(sought_games)
    sought_needed = limits["title_sought"]
    if title_holders < limits["title_holders"]:
        missing.append(Shortfall("1.4.5a", "norm.title_holders", limits["title_holders"], title_holders))
    if event.system is PairingSystem.DOUBLE_ROUND_ROBIN:
        # 1.4.5f: a double round robin needs at least 6 players, and the number of *players* with
        # the title of 1.4.5b-e is half (of that requirement), rounded up [ours: counted in
        # distinct opponents, which equals the game count when every opponent is met twice].
        players = len({opponent_key(g) for g in counted}) + 1
        if players < 6:
            missing.append(Shortfall("1.4.5f", "norm.double_round_robin_players", 6, players))
        sought_needed = math.ceil(Fraction(limits["title_sought"], 2))
        title_sought = len({opponent_key(g) for g in sought_games})
        if title_sought < sought_needed:
            missing.append(Shortfall("1.4.5f", "norm.title_sought", sought_needed, title_sought, title.value))
    elif title_sought < sought_needed:
        missing.append(Shortfall(req.titled_article, "norm.title_sought", sought_needed, title_sought,
                                 title.value))
    return TitledMix(title_holders, title_sought, sought_needed, tuple(missing))


@dataclass(frozen=True)
class FieldEntrant:
    """One participant of a Swiss, for 1.4.3d: federation, FIDE-rated or not, title, and the rounds
    missed other than pairing-allocated byes."""

    federation: str
    rated: bool
    title: str | None
    rounds_missed: int = 0


_NORM_TITLES = frozenset(t.value for t in NormTitle)


def swiss_foreign_field(field: Iterable[FieldEntrant], host_federation: str) -> bool:
    """1.4.3d: a Swiss whose participants include in every round at least 20 FIDE-rated players not
    from the host federation, from at least 3 federations, at least 10 of them GM, IM, WGM or WIM;
    players count only if they miss at most one round (pairing-allocated byes aside).
    [ours] FID players are not counted (FID is no federation for the foreigner rules)."""
    foreign = [e for e in field if e.rated and e.rounds_missed <= 1
               and e.federation not in (host_federation, FIDE_FLAG)]
    return (len(foreign) >= 20 and len({e.federation for e in foreign}) >= 3
            and sum(1 for e in foreign if e.title in _NORM_TITLES) >= 10)
