"""Which games count for a FIDE norm, pure (B.01 2024, 1.4.1 and 1.4.2): the number of games
required and the rounds that do not count, each with its article. "[ours]" marks a decision where
the text is silent.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from damas.engine.norms.types import EventKind, Exclusion, GameKind, NormEvent, NormGame

__all__ = ["counted_games", "min_games", "opponent_key"]


def min_games(event: NormEvent) -> int:
    """1.4.1a: at least 9 games; 1.4.1b: 7 in World/Continental Team or Club Championships, 8 in the
    World Cup and Women's World Cup."""
    if event.kind is EventKind.TEAM_CHAMPIONSHIP:
        return 7
    if event.kind is EventKind.WORLD_CUP:
        return 8
    return 9


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


def opponent_key(game: NormGame) -> object:
    """Who the opponent is, for counting distinct players (1.4.5f): the id, else name and round."""
    return game.opponent_id if game.opponent_id is not None else (game.opponent_name, game.round)
