"""The norm check of FIDE B.01 (2024) 1.4, pure: which games count, the opponent mix, Ra, Rp, the
score needed, and the in-progress projection. Every rule cites its article; "[ours]" marks a
decision where the text is silent.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from damas.engine.norms.tables import (
    DP_BY_PERCENT,
    MAX_COUNTED_GAMES,
    MIN_SCORE_PERCENT,
    TITLE_HOLDER_TITLES,
    UNRATED_RATING,
    Edition,
    NormTitle,
    TitleRequirement,
    edition_for,
    requirement,
)
from damas.engine.norms.types import (
    FIDE_FLAG,
    EventKind,
    Exclusion,
    FederationCount,
    FloorAdjustment,
    GameKind,
    InProgress,
    NormCheck,
    NormEvent,
    NormGame,
    NormPlayer,
    PairingSystem,
    Shortfall,
)

__all__ = [
    "FieldEntrant",
    "NormTableRow",
    "check_norm",
    "check_norms",
    "counted_games",
    "dp_for",
    "in_progress",
    "min_games",
    "mix_limits",
    "norm_table",
    "percentage",
    "performance",
    "points_needed",
    "round_half_up",
    "swiss_foreign_field",
]

_SCORE_ARTICLES = ("1.4.8", "1.4.8b")


def round_half_up(value: Fraction) -> int:
    """Nearest whole number, the fraction 0.5 rounded upward (1.4.7b; the note under 1.4.9)."""
    return math.floor(value + Fraction(1, 2))


def percentage(points_half: int, games: int) -> int:
    """p of 1.4.9 in whole percent: "All percentages are rounded to the nearest whole number.
    0.5% is rounded up." (`points_half` in half-points over `games` games, games > 0)."""
    return round_half_up(Fraction(100 * points_half, 2 * games))


def dp_for(points_half: int, games: int) -> int:
    """dp of the 1.4.9 table for a score of `points_half` half-points in `games` games."""
    return DP_BY_PERCENT[percentage(points_half, games)]


def performance(average_rating: int, points_half: int, games: int) -> int:
    """1.4.8: Rp = Ra + dp, Ra the rounded average of 1.4.7."""
    return average_rating + dp_for(points_half, games)


def _min_score_half(games: int) -> int:
    """1.4.8b, the least half-points that are at least 35% of `games` [ours: compared exactly,
    not after rounding p]."""
    return math.ceil(Fraction(MIN_SCORE_PERCENT * 2 * games, 100))


def points_needed(title: NormTitle | str, games: int, average_rating: int) -> int | None:
    """The least score (half-points) meeting 1.4.8 and 1.4.8b with `games` games against an
    average Ra of `average_rating`; None when Ra is below 1.4.8a or no score reaches it."""
    req = requirement(title)
    if games <= 0 or average_rating < req.min_average:
        return None
    for half in range(_min_score_half(games), 2 * games + 1):
        if average_rating + dp_for(half, games) >= req.min_performance:
            return half
    return None


@dataclass(frozen=True)
class NormTableRow:
    """One score of a derived norm table: with `points_half` in `games` games, the norm needs
    Ra >= `min_average` (1.4.8, 1.4.8a, 1.4.8b)."""

    games: int
    points_half: int
    percentage: int
    dp: int
    min_average: int

    @property
    def points(self) -> Fraction:
        return Fraction(self.points_half, 2)


def norm_table(title: NormTitle | str, games: int) -> tuple[NormTableRow, ...]:
    """The points-needed table of `title` for `games` games, derived from 1.4.8/1.4.9: one row per
    score from 35% (1.4.8b) to all the games, the least Ra that gives the norm with it. The 2024
    edition has no table of its own in 1.4 (the 1.48 table of old editions is gone); the Annex of
    1.7 gives such tables for 7 to 19 rounds, and "in the case of any discrepancy, the regulations
    above shall take precedence" - so this is computed, not transcribed."""
    req = requirement(title)
    rows = []
    for half in range(_min_score_half(games), 2 * games + 1):
        d = dp_for(half, games)
        rows.append(NormTableRow(games, half, percentage(half, games), d,
                                 max(req.min_average, req.min_performance - d)))
    return tuple(rows)


def min_games(event: NormEvent) -> int:
    """1.4.1a: at least 9 games; 1.4.1b: 7 in World/Continental Team or Club Championships, 8 in the
    World Cup and Women's World Cup."""
    if event.kind is EventKind.TEAM_CHAMPIONSHIP:
        return 7
    if event.kind is EventKind.WORLD_CUP:
        return 8
    return 9


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


def counted_games(
    games: Sequence[NormGame],
    event: NormEvent,
    *,
    ignore_rounds: Iterable[int] = (),
    up_to_round: int | None = None,
) -> tuple[list[NormGame], list[Exclusion]]:
    """The games that count for a norm, and the rounds that do not with their article.

    * byes and pending rounds are no games [ours: cited as 1.4.1];
    * 1.4.2c: games decided by forfeit, adjudication or other than over the board (a game once
      started and then forfeited is PLAYED and counts);
    * 1.4.1e: games after `up_to_round` (ignored once a title result is achieved);
    * 1.4.1f: the rounds in `ignore_rounds` (only wins may be ignored; checked in check_norm);
    * 1.4.2a: opponents not belonging to a FIDE federation (federation None) [ours: an unknown
      federation is read as none; FID opponents count];
    * 1.4.2b: in round robins, unrated opponents who scored zero against the rated players.
    """
    ignored = frozenset(ignore_rounds)
    counted: list[NormGame] = []
    excluded: list[Exclusion] = []
    for game in sorted(games, key=lambda g: g.round):
        if game.kind is GameKind.PENDING:
            excluded.append(Exclusion(game.round, "1.4.1", "norm.excluded.pending"))
        elif game.kind in (GameKind.PAIRING_BYE, GameKind.OTHER_BYE):
            excluded.append(Exclusion(game.round, "1.4.1", "norm.excluded.bye"))
        elif game.kind is not GameKind.PLAYED:
            excluded.append(Exclusion(game.round, "1.4.2c", "norm.excluded.not_played"))
        elif up_to_round is not None and game.round > up_to_round:
            excluded.append(Exclusion(game.round, "1.4.1e", "norm.excluded.after_title_result"))
        elif game.round in ignored:
            excluded.append(Exclusion(game.round, "1.4.1f", "norm.excluded.ignored_win"))
        elif game.opponent_federation is None:
            excluded.append(Exclusion(game.round, "1.4.2a", "norm.excluded.no_fide_federation"))
        elif (event.system.predetermined and game.opponent_rating is None
              and game.opponent_unrated_scored_zero):
            excluded.append(Exclusion(game.round, "1.4.2b", "norm.excluded.unrated_scored_zero"))
        else:
            if game.half_points not in (0, 1, 2):
                raise ValueError(f"round {game.round}: a played game needs half_points 0, 1 or 2")
            counted.append(game)
    return counted, excluded


def _exemption(player: NormPlayer, event: NormEvent) -> str | None:
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


def _rating(game: NormGame) -> int:
    """1.4.6d: an unrated opponent counts 1400 (unless he is the one raised by 1.4.6c)."""
    return UNRATED_RATING if game.opponent_rating is None else game.opponent_rating


def _floor(counted: Sequence[NormGame], req: TitleRequirement) -> FloorAdjustment | None:
    """1.4.6b-c: "No more than one opponent shall have their rating raised to this adjusted rating
    floor. Where more than one opponent is below the floor, the rating of the lowest rated
    opponent shall be raised." An unrated opponent (1400) is below every floor, so he is the one
    raised when he is the lowest. [ours] Between equal lowest ratings, the earliest round."""
    below = [g for g in counted if _rating(g) < req.rating_floor]
    if not below:
        return None
    lowest = min(below, key=lambda g: (_rating(g), g.round))
    return FloorAdjustment(lowest.round, lowest.opponent_id, lowest.opponent_name, _rating(lowest),
                           req.rating_floor, lowest.opponent_rating is None)


def _opponent_key(game: NormGame) -> object:
    return game.opponent_id if game.opponent_id is not None else (game.opponent_name, game.round)


def check_norm(
    player: NormPlayer,
    games: Sequence[NormGame],
    event: NormEvent,
    title: NormTitle | str,
    *,
    ignore_rounds: Iterable[int] = (),
    up_to_round: int | None = None,
    edition: Edition | None = None,
) -> NormCheck:
    """Whether `player`'s `games` in `event` make a norm for `title` (B.01 1.4.1 to 1.4.9).

    The edition is the one in force at the event's start (0.2; tables.edition_for), unless given;
    only the 2024 edition is implemented (UnsupportedEdition before 1 January 2024)."""
    title = NormTitle(title)
    req = requirement(title)
    edition = edition or edition_for(event.start)
    missing: list[Shortfall] = []

    ignored = frozenset(ignore_rounds)
    if up_to_round is not None and event.system.predetermined:
        # 1.4.1e: with predetermined pairings the norm must use all scheduled rounds.
        missing.append(Shortfall("1.4.1e", "norm.truncated_predetermined", detail=str(up_to_round)))
    by_round = {g.round: g for g in games}
    for r in sorted(ignored):
        g = by_round.get(r)
        if g is None or g.kind is not GameKind.PLAYED or g.half_points != 2:
            # 1.4.1f: only games against opponents the player defeated may be ignored.
            missing.append(Shortfall("1.4.1f", "norm.ignored_not_a_win", detail=str(r)))

    counted, excluded = counted_games(games, event, ignore_rounds=ignored, up_to_round=up_to_round)
    n = len(counted)
    points_half = sum(g.half_points or 0 for g in counted)

    # 1.4.1 number of games.
    needed_games = min_games(event)
    one_game_short = False
    counts_as = min(n, MAX_COUNTED_GAMES) if event.rounds > MAX_COUNTED_GAMES else n  # 1.7
    if event.kind is EventKind.WORLD_CUP and n >= 8:
        counts_as = max(counts_as, 9)  # 1.4.1b: those 8-game norms count as 9 games
    if n < needed_games:
        # 1.4.1c: in a 9-round event, 8 games when the missing one is a forfeit win or the
        # pairing-allocated bye; mix and title result judged on those 8 games [ours].
        scheduled = [g for g in games if g.kind is not GameKind.PENDING and g.round <= event.rounds]
        short = [g for g in scheduled if g.round not in {c.round for c in counted}]
        if (event.rounds == 9 and needed_games == 9 and n == 8 and len(short) == 1
                and short[0].kind in (GameKind.FORFEIT_WIN, GameKind.PAIRING_BYE)):
            one_game_short = True
            counts_as = 9
        else:
            missing.append(Shortfall("1.4.1a" if needed_games == 9 else "1.4.1b", "norm.games",
                                     needed_games, n))

    # 1.4.3 / 1.4.4 federations.
    limits = mix_limits(n, title)
    fed_counts = Counter(g.opponent_federation for g in counted)
    federations = tuple(
        FederationCount(fed, count, fed == player.federation,
                        fed != player.federation and fed != FIDE_FLAG)
        for fed, count in sorted(fed_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    foreign = sum(1 for f in federations if f.foreign)
    own_count = fed_counts.get(player.federation, 0)
    exemption = _exemption(player, event)
    if exemption is None:
        if foreign < 2:
            # 1.4.3: at least two federations other than the applicant's (FID does not count:
            # 1.4.2a "FID players ... do not count as foreign players").
            missing.append(Shortfall("1.4.3", "norm.federations", 2, foreign))
        if own_count > limits["own_federation_max"]:
            missing.append(Shortfall("1.4.4", "norm.own_federation", limits["own_federation_max"], own_count,
                                     player.federation))
        for f in federations:
            # 1.4.4: at most 2/3 from one federation [ours: FID is no federation here; the
            # applicant's own is already held to the stricter 3/5].
            if not f.own and f.federation != FIDE_FLAG and f.opponents > limits["one_federation_max"]:
                missing.append(Shortfall("1.4.4", "norm.one_federation", limits["one_federation_max"],
                                         f.opponents, f.federation))

    # 1.4.5 titled opponents.
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
        players = len({_opponent_key(g) for g in counted}) + 1
        if players < 6:
            missing.append(Shortfall("1.4.5f", "norm.double_round_robin_players", 6, players))
        sought_needed = math.ceil(Fraction(limits["title_sought"], 2))
        title_sought = len({_opponent_key(g) for g in sought_games})
        if title_sought < sought_needed:
            missing.append(Shortfall("1.4.5f", "norm.title_sought", sought_needed, title_sought, title.value))
    elif title_sought < sought_needed:
        missing.append(Shortfall(req.titled_article, "norm.title_sought", sought_needed, title_sought,
                                 title.value))

    # 1.4.6 / 1.4.7 ratings and their average.
    unrated = sum(1 for g in counted if g.opponent_rating is None)
    floor = _floor(counted, req)
    average_exact = average = pct = dp = rp = needed_half = None
    if n:
        total = sum(_rating(g) for g in counted)
        if floor is not None:
            total += floor.to_rating - floor.from_rating
        average_exact = Fraction(total, n)
        average = round_half_up(average_exact)
        pct = percentage(points_half, n)
        dp = DP_BY_PERCENT[pct]
        rp = average + dp
        needed_half = points_needed(title, n, average)
        if average < req.min_average:
            missing.append(Shortfall("1.4.8a", "norm.average", req.min_average, average))
        if points_half < _min_score_half(n):
            missing.append(Shortfall("1.4.8b", "norm.min_score", _min_score_half(n), points_half))
        if rp < req.min_performance:
            missing.append(Shortfall("1.4.8", "norm.performance", req.min_performance, rp))
    else:
        missing.append(Shortfall("1.4.8", "norm.performance", req.min_performance, None))

    return NormCheck(
        player_id=player.id,
        title=title,
        edition=edition.code,
        met=not missing,
        games=n,
        counts_as_games=counts_as,
        points_half=points_half,
        points_needed_half=needed_half,
        percentage=pct,
        average_rating=average,
        average_exact=average_exact,
        dp=dp,
        performance=rp,
        title_holders=title_holders,
        title_holders_needed=limits["title_holders"],
        title_sought=title_sought,
        title_sought_needed=sought_needed,
        federations=federations,
        foreign_federations=foreign,
        own_federation_opponents=own_count,
        own_federation_max=limits["own_federation_max"],
        one_federation_max=limits["one_federation_max"],
        unrated=unrated,
        floor=floor,
        exemption=exemption,
        one_game_short=one_game_short,
        already_holds=player.title in req.qualifying_titles,
        excluded=tuple(excluded),
        missing=tuple(missing),
        counted_rounds=tuple(g.round for g in counted),
    )


def check_norms(
    player: NormPlayer,
    games: Sequence[NormGame],
    event: NormEvent,
    titles: Iterable[NormTitle | str] = (NormTitle.GM, NormTitle.IM),
) -> dict[NormTitle, NormCheck]:
    """check_norm for several titles at once (1.5.2: a norm may serve more than one title).
    [ours] WGM/WIM are only asked for when the caller passes them (the engine knows no sex)."""
    return {NormTitle(t): check_norm(player, games, event, t) for t in titles}


def in_progress(
    player: NormPlayer,
    games: Sequence[NormGame],
    event: NormEvent,
    title: NormTitle | str,
) -> InProgress:
    """Before the last round: what the player needs from the remaining rounds for `title`.

    Remaining rounds are the rounds 1..event.rounds with no entry or a PENDING one.
    Assumption [ours]: every remaining round is a counted game against an opponent rated at the
    current unrounded mean of the counted opponents (unrated as 1400, before the floor); with no
    counted game yet, at the title's minimum average (1.4.8a). The final Ra is projected over
    all the games with 1.4.6c applied to the whole set, then `points_needed` gives the total."""
    title = NormTitle(title)
    req = requirement(title)
    counted, _ = counted_games([g for g in games if g.kind is not GameKind.PENDING], event)
    settled = {g.round for g in games if g.kind is not GameKind.PENDING}
    remaining = sum(1 for r in range(1, event.rounds + 1) if r not in settled)
    n = len(counted)
    points_half = sum(g.half_points or 0 for g in counted)
    values = [Fraction(_rating(g)) for g in counted]
    assumed = (sum(values) / n) if n else Fraction(req.min_average)
    projected = values + [assumed] * remaining
    total_games = len(projected)
    projected_average = needed_total = needed_remaining = None
    if total_games:
        low = min(range(total_games), key=lambda i: projected[i])
        if projected[low] < req.rating_floor:
            projected[low] = Fraction(req.rating_floor)  # 1.4.6c on the projected set
        projected_average = round_half_up(sum(projected) / total_games)
        needed_total = points_needed(title, total_games, projected_average)
        if needed_total is not None:
            needed_remaining = max(0, needed_total - points_half)

    limits = mix_limits(total_games, title)
    th = sum(1 for g in counted if g.opponent_title in TITLE_HOLDER_TITLES)
    sought = sum(1 for g in counted if g.opponent_title in req.qualifying_titles)
    foreign = {g.opponent_federation for g in counted} - {player.federation, FIDE_FLAG}
    exempt = _exemption(player, event) is not None
    th_needed = max(0, limits["title_holders"] - th)
    sought_needed = max(0, limits["title_sought"] - sought)
    foreign_needed = 0 if exempt else max(0, 2 - len(foreign))
    own_ok = exempt or sum(1 for g in counted if g.opponent_federation == player.federation) \
        <= limits["own_federation_max"]
    games_needed = max(0, min_games(event) - n)
    reachable = (
        needed_remaining is not None and needed_remaining <= 2 * remaining
        and games_needed <= remaining and th_needed <= remaining and sought_needed <= remaining
        and foreign_needed <= remaining and own_ok
    )
    return InProgress(
        player_id=player.id,
        title=title,
        rounds_played=len(settled),
        rounds_remaining=remaining,
        games_so_far=n,
        points_half=points_half,
        assumed_opponent_rating=assumed if remaining else None,
        projected_games=total_games,
        projected_average=projected_average,
        points_needed_total_half=needed_total,
        points_needed_remaining_half=needed_remaining,
        reachable=reachable,
        title_holders_needed=th_needed,
        title_sought_needed=sought_needed,
        foreign_federations_needed=foreign_needed,
        games_needed=games_needed,
    )


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
