"""Before the last round, pure: what a FIDE norm seeker still needs from the remaining rounds
(B.01 2024, 1.4), under an assumption of ours stated in `in_progress`.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from damas.engine.norms.games import counted_games, min_games
from damas.engine.norms.mix import exemption, mix_limits
from damas.engine.norms.scoring import opponent_rating, points_needed, round_half_up
from damas.engine.norms.tables import TITLE_HOLDER_TITLES, NormTitle, requirement
from damas.engine.norms.types import FIDE_FLAG, GameKind, InProgress, NormEvent, NormGame, NormPlayer

__all__ = ["in_progress"]


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
    values = [Fraction(opponent_rating(g)) for g in counted]
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
    exempt = exemption(player, event) is not None
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
