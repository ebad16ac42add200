"""National titles as data, pure: a federation's own titles (e.g. a national master of Brazilian
draughts) are settings the federation stores - code, name, rating threshold, norms needed, and
what one norm asks (games, opponents' average, score) - and `check_national_norm` checks one
event against them, returning the same kind of result as the FIDE check (`met`, the figures,
`missing` as `Shortfall`s whose `article` is the requirement's code and whose `key` is the same
message key the FIDE check uses for the same idea).

No public text defines these titles: every rule below is ours ("[ours]"), modelled on FIDE B.01
1.4 where the same question arises, and the numbers are the federation's. Nothing here has
defaults: the engine ships no national title.

Scores are whole half-points (`NormGame.half_points`: 2 a win, 1 a draw, 0 a loss), which is also
the draughts count (a win 2 points, a draw 1); percentages are compared exactly, as Fractions.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence

from damas.engine.norms.scoring import round_half_up
from damas.engine.norms.types import Exclusion, GameKind, NormGame, NormPlayer, Shortfall

__all__ = [
    "NATIONAL_REQUIREMENTS",
    "NationalNormCheck",
    "NationalTitle",
    "NationalTitleCheck",
    "check_national_norm",
    "check_national_title",
    "national_points_needed",
]

# The requirement codes, used as `Shortfall.article` / `Exclusion.article` (no article exists).
REQ_GAMES = "national.min_games"
REQ_AVERAGE = "national.min_average"
REQ_SCORE = "national.min_score"
REQ_RATING = "national.rating_threshold"
REQ_NORMS = "national.norms_needed"
NATIONAL_REQUIREMENTS = (REQ_GAMES, REQ_AVERAGE, REQ_SCORE, REQ_RATING, REQ_NORMS)


@dataclass(frozen=True)
class NationalTitle:
    """One national title, as the federation sets it.

    Of the title: `rating_threshold` (the player's rating at least this; None: no rating
    condition) and `norms_needed` (norms achieved, at least this).
    Of one norm: `min_games` counted games, `min_average` the opponents' rounded average rating
    (None: no condition), `min_score_percent` the score as a percentage of the counted games.
    `unrated_rating` [ours]: None - a game against an unrated opponent does not count; a number -
    it counts, the opponent rated at that number (as FIDE 1.4.6d counts 1400).
    `women_only` is informative (the engine knows no sex; the caller asks it only for women).
    """

    code: str
    name: str
    rating_threshold: int | None
    norms_needed: int
    min_games: int
    min_average: int | None
    min_score_percent: int
    unrated_rating: int | None = None
    women_only: bool = False

    def __post_init__(self) -> None:
        if not self.code:
            raise ValueError("a national title needs a code")
        if self.norms_needed < 0 or self.min_games < 1:
            raise ValueError(f"{self.code}: norms_needed >= 0 and min_games >= 1")
        if not 0 <= self.min_score_percent <= 100:
            raise ValueError(f"{self.code}: min_score_percent between 0 and 100")

    @classmethod
    def from_settings(cls, data: Mapping[str, Any]) -> NationalTitle:
        """From the federation's stored settings (a JSON object with the field names)."""
        known = {f for f in cls.__dataclass_fields__}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown national title settings: {sorted(unknown)}")
        return cls(**dict(data))

    def to_settings(self) -> dict[str, Any]:
        """The settings to store (the inverse of `from_settings`)."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


def national_points_needed(title: NationalTitle, games: int) -> int:
    """The least half-points that are at least `min_score_percent` of `games` games [ours: exact,
    the percentage not rounded, as the FIDE check reads 1.4.8b]."""
    return math.ceil(Fraction(title.min_score_percent * 2 * games, 100))


@dataclass(frozen=True)
class NationalNormCheck:
    """The result of one (player, national title) in one event. `met` is True when `missing` is
    empty. `score_percent` is exact (a Fraction of 100), `percentage` the same rounded for display
    (0.5 up). `average_rating` is rounded (0.5 up), `average_exact` not."""

    player_id: str | int
    title_code: str
    met: bool
    games: int
    points_half: int
    points_needed_half: int
    score_percent: Fraction | None
    percentage: int | None
    average_rating: int | None
    average_exact: Fraction | None
    unrated: int
    excluded: tuple[Exclusion, ...] = ()
    missing: tuple[Shortfall, ...] = ()
    counted_rounds: tuple[int, ...] = field(default=())

    @property
    def points(self) -> Fraction:
        return Fraction(self.points_half, 2)

    @property
    def points_needed(self) -> Fraction:
        return Fraction(self.points_needed_half, 2)

    @property
    def missing_codes(self) -> tuple[str, ...]:
        return tuple(s.article for s in self.missing)


def _counted(games: Sequence[NormGame], title: NationalTitle) -> tuple[list[NormGame], list[Exclusion]]:
    """[ours] As FIDE 1.4.1/1.4.2c: only games played over the board count (byes, pending rounds,
    forfeits and adjudications do not); games against unrated opponents count only when the title
    sets `unrated_rating`."""
    counted: list[NormGame] = []
    excluded: list[Exclusion] = []
    for game in sorted(games, key=lambda g: g.round):
        if game.kind is GameKind.PENDING:
            excluded.append(Exclusion(game.round, REQ_GAMES, "norm.excluded.pending"))
        elif game.kind in (GameKind.PAIRING_BYE, GameKind.OTHER_BYE):
            excluded.append(Exclusion(game.round, REQ_GAMES, "norm.excluded.bye"))
        elif game.kind is not GameKind.PLAYED:
            excluded.append(Exclusion(game.round, REQ_GAMES, "norm.excluded.not_played"))
        elif game.opponent_rating is None and title.unrated_rating is None:
            excluded.append(Exclusion(game.round, REQ_AVERAGE, "norm.excluded.unrated"))
        else:
            if game.half_points not in (0, 1, 2):
                raise ValueError(f"round {game.round}: a played game needs half_points 0, 1 or 2")
            counted.append(game)
    return counted, excluded


def check_national_norm(
    player: NormPlayer, games: Sequence[NormGame], title: NationalTitle
) -> NationalNormCheck:
    """Whether `player`'s `games` in one event make a norm for the national `title` [ours]:

    * `min_games`: at least that many counted games (`_counted`);
    * `min_average`: the counted opponents' average rating, rounded to the nearest whole number
      with 0.5 up (as FIDE 1.4.7b), at least that; unrated opponents at `unrated_rating`;
    * `min_score_percent`: the score at least that percentage of the counted games, exactly.
    Each requirement not met is a `Shortfall(code, key, required, actual)`; the order is games,
    average, score."""
    counted, excluded = _counted(games, title)
    n = len(counted)
    points_half = sum(g.half_points or 0 for g in counted)
    needed_half = national_points_needed(title, n)
    missing: list[Shortfall] = []
    if n < title.min_games:
        missing.append(Shortfall(REQ_GAMES, "norm.games", title.min_games, n))
    unrated = sum(1 for g in counted if g.opponent_rating is None)
    average_exact = average = None
    if n:
        total = sum(title.unrated_rating if g.opponent_rating is None else g.opponent_rating
                    for g in counted)
        average_exact = Fraction(total, n)
        average = round_half_up(average_exact)
    if title.min_average is not None and (average is None or average < title.min_average):
        missing.append(Shortfall(REQ_AVERAGE, "norm.average", title.min_average, average))
    score = Fraction(100 * points_half, 2 * n) if n else None
    if points_half < needed_half:
        missing.append(Shortfall(REQ_SCORE, "norm.min_score", needed_half, points_half))
    return NationalNormCheck(
        player_id=player.id,
        title_code=title.code,
        met=not missing,
        games=n,
        points_half=points_half,
        points_needed_half=needed_half,
        score_percent=score,
        percentage=None if score is None else round_half_up(score),
        average_rating=average,
        average_exact=average_exact,
        unrated=unrated,
        excluded=tuple(excluded),
        missing=tuple(missing),
        counted_rounds=tuple(g.round for g in counted),
    )


@dataclass(frozen=True)
class NationalTitleCheck:
    """Whether a player qualifies for the national title: rating and norms."""

    title_code: str
    met: bool
    rating: int | None
    norms: int
    missing: tuple[Shortfall, ...] = ()

    @property
    def missing_codes(self) -> tuple[str, ...]:
        return tuple(s.article for s in self.missing)


def check_national_title(rating: int | None, norms: int, title: NationalTitle) -> NationalTitleCheck:
    """[ours] The title is met with a rating at least `rating_threshold` (an unrated player does
    not meet a threshold) and at least `norms_needed` norms. Which rating (current, peak) and
    which norms count (validity period, events) is the caller's: the federation's rules."""
    missing: list[Shortfall] = []
    if title.rating_threshold is not None and (rating is None or rating < title.rating_threshold):
        missing.append(Shortfall(REQ_RATING, "title.rating", title.rating_threshold, rating))
    if norms < title.norms_needed:
        missing.append(Shortfall(REQ_NORMS, "title.norms", title.norms_needed, norms))
    return NationalTitleCheck(title.code, not missing, rating, norms, tuple(missing))
