"""The norm check of FIDE B.01 (2024) 1.4, pure: it puts together the games that count
(`games`), the opponents' mix (`mix`) and the numbers (`scoring`) into one `NormCheck`. Every rule
cites its article; "[ours]" marks a decision where the text is silent.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Sequence

from damas.engine.norms.games import counted_games, min_games
from damas.engine.norms.mix import federation_mix, mix_limits, titled_mix
from damas.engine.norms.scoring import (
    floor_adjustment,
    min_score_half,
    opponent_rating,
    percentage,
    points_needed,
    round_half_up,
)
from damas.engine.norms.tables import (
    DP_BY_PERCENT,
    MAX_COUNTED_GAMES,
    Edition,
    NormTitle,
    edition_for,
    requirement,
)
from damas.engine.norms.types import (
    EventKind,
    GameKind,
    NormCheck,
    NormEvent,
    NormGame,
    NormPlayer,
    Shortfall,
)

__all__ = ["check_norm", "check_norms"]


def _games_shortfall(games: Sequence[NormGame], counted: Sequence[NormGame],
                     event: NormEvent) -> tuple[int, bool, Shortfall | None]:
    """1.4.1 and 1.7: (counts as games, one game short under 1.4.1c, the shortfall if any)."""
    n = len(counted)
    needed_games = min_games(event)
    counts_as = min(n, MAX_COUNTED_GAMES) if event.rounds > MAX_COUNTED_GAMES else n  # 1.7
    if event.kind is EventKind.WORLD_CUP and n >= 8:
        counts_as = max(counts_as, 9)  # 1.4.1b: those 8-game norms count as 9 games
    if n >= needed_games:
        return counts_as, False, None
    # 1.4.1c: in a 9-round event, 8 games when the missing one is a forfeit win or the
    # pairing-allocated bye; mix and title result judged on those 8 games [ours].
    counted_rounds = {c.round for c in counted}
    scheduled = [g for g in games if g.kind is not GameKind.PENDING and g.round <= event.rounds]
    short = [g for g in scheduled if g.round not in counted_rounds]
    if (event.rounds == 9 and needed_games == 9 and n == 8 and len(short) == 1
            and short[0].kind in (GameKind.FORFEIT_WIN, GameKind.PAIRING_BYE)):
        return 9, True, None
    article = "1.4.1a" if needed_games == 9 else "1.4.1b"
    return counts_as, False, Shortfall(article, "norm.games", needed_games, n)


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

    counts_as, one_game_short, games_short = _games_shortfall(games, counted, event)
    if games_short is not None:
        missing.append(games_short)

    limits = mix_limits(n, title)
    feds = federation_mix(player, counted, event, limits)      # 1.4.3 / 1.4.4
    titled = titled_mix(counted, event, title, req, limits)    # 1.4.5
    missing.extend(feds.missing)
    missing.extend(titled.missing)

    # 1.4.6 / 1.4.7 ratings and their average; 1.4.8 / 1.4.9 the performance.
    unrated = sum(1 for g in counted if g.opponent_rating is None)
    floor = floor_adjustment(counted, req)
    average_exact = average = pct = dp = rp = needed_half = None
    if n:
        total = sum(opponent_rating(g) for g in counted)
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
        if points_half < min_score_half(n):
            missing.append(Shortfall("1.4.8b", "norm.min_score", min_score_half(n), points_half))
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
        title_holders=titled.title_holders,
        title_holders_needed=limits["title_holders"],
        title_sought=titled.title_sought,
        title_sought_needed=titled.title_sought_needed,
        federations=feds.federations,
        foreign_federations=feds.foreign,
        own_federation_opponents=feds.own_count,
        own_federation_max=limits["own_federation_max"],
        one_federation_max=limits["one_federation_max"],
        unrated=unrated,
        floor=floor,
        exemption=feds.exemption,
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
