"""Scoring of a micro-match: two games between the same pair, colours swapped (RULES.md §2).

CBJD 119-122 name the micro-match but give no scoring; ours **[ours, configurable per event]**:

* each game scores 2/1/0 per player (forfeit 2/0, double forfeit 0/0: CBJD 94, 113);
* *game points* (default): the round score is the sum of the two games, 0-4;
* *match points*: 2 for the higher game-point total, 1 each when equal, 0 for the lower;
  game points stay as the `GP` tiebreak.

A micro-match is stored as one `RoundResult` per player: `outcome` is the micro-match result
(WIN/DRAW/LOSS when at least one game was played over the board, forfeit outcomes when none
was), `game_points` the player's sum and `color` his colour in game 1. The rule set's
`points_for` then gives the round score under either scoring (`micro_ruleset`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from damas.engine.rulesets import RuleSet, get_ruleset
from damas.engine.types import Color, EngineError, Outcome, RoundResult, TournamentState

__all__ = [
    "DOUBLE_LOSS",
    "GAME_OUTCOMES",
    "MicroMatch",
    "board_match",
    "bye_result",
    "micro_game_results",
    "micro_match",
    "micro_match_results",
    "micro_ruleset",
    "micro_state_from_games",
    "one_game",
    "parse_game",
]

# Outcomes a single game of a micro-match can have, from one player's point of view.
GAME_OUTCOMES = frozenset(
    {Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS,
     Outcome.DOUBLE_FORFEIT}
)
_PLAYED = frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS})

# A game lost by both players by penalty during play (CBJD 51 c): played, 0 points each. Only
# the arbiter's desk records it; `micro_match` and `micro_game_results` take it as text.
DOUBLE_LOSS = "0-0"

_GAME_TEXT = {
    "2-0": Outcome.WIN, "1-1": Outcome.DRAW, "0-2": Outcome.LOSS,
    "1-0": Outcome.WIN, "½-½": Outcome.DRAW, "0-1": Outcome.LOSS, "=": Outcome.DRAW,
    "+-": Outcome.FORFEIT_WIN, "-+": Outcome.FORFEIT_LOSS, "--": Outcome.DOUBLE_FORFEIT,
}


def micro_ruleset(code: str = "cbjd", scoring: str = "game", **overrides: object) -> RuleSet:
    """The event's rule set with its micro-match scoring (``game`` or ``match``, RULES.md §2)."""
    return get_ruleset(code, micro_scoring=scoring, **overrides)


def parse_game(text: str) -> Outcome:
    """One game's result from player A's side: ``2-0``/``1-1``/``0-2`` (also ``1-0``, ``½-½``,
    ``0-1``), forfeits ``+-``, ``-+``, ``--`` (CBJD 113: both absent is 0-0)."""
    key = re.sub(r"\s+", "", text).replace("–", "-")
    try:
        return _GAME_TEXT[key]
    except KeyError:
        raise EngineError(f"unknown game result {text!r} (use 2-0, 1-1, 0-2, +-, -+ or --)") from None


@dataclass(frozen=True, slots=True)
class MicroMatch:
    """A scored micro-match between A (White in game 1) and B, seen from A.

    `games` are A's two game outcomes; `points_a`/`points_b` the game-point sums (0-4 in
    draughts); `outcome` A's micro-match outcome (B's is its mirror).
    """

    games: tuple[Outcome, Outcome]
    points_a: int
    points_b: int
    outcome: Outcome

    @property
    def played(self) -> bool:
        """True when at least one of the two games was played over the board."""
        return self.outcome in _PLAYED

    @property
    def text(self) -> str:
        """The total as printed on the sheet: ``3-1``."""
        return f"{self.points_a}-{self.points_b}"


def _game_points(outcome: Outcome, rs: RuleSet) -> tuple[int, int]:
    if outcome is Outcome.DOUBLE_FORFEIT:
        return rs.points[Outcome.DOUBLE_FORFEIT], rs.points[Outcome.DOUBLE_FORFEIT]
    return rs.points[outcome], rs.points[outcome.mirror]


def micro_match(game1: Outcome | str, game2: Outcome | str, ruleset: RuleSet | str = "cbjd") -> MicroMatch:
    """Score a micro-match from A's two game outcomes (RULES.md §2).

    The micro-match is *played* when at least one game was played; its outcome then compares the
    game-point totals (higher WIN, equal DRAW). When neither game was played the outcome is a
    forfeit win/loss or a double forfeit, so the pair may meet again (C.04.2 #6). A pair that
    forfeited one game each way (``+-`` and ``-+``) is refused: there is no forfeit draw.
    """
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    both_lost = tuple(isinstance(g, str) and _is_double_loss(g) for g in (game1, game2))
    games = tuple(Outcome.LOSS if lost else g if isinstance(g, Outcome) else parse_game(g)
                  for g, lost in zip((game1, game2), both_lost))
    for g in games:
        if g not in GAME_OUTCOMES:
            raise EngineError(f"{g.value} is not the result of a game")
    a = b = 0
    for g, lost in zip(games, both_lost):
        pa, pb = (0, 0) if lost else _game_points(g, rs)
        a, b = a + pa, b + pb
    if any(g in _PLAYED for g in games):
        outcome = Outcome.WIN if a > b else Outcome.LOSS if a < b else Outcome.DRAW
    elif a > b:
        outcome = Outcome.FORFEIT_WIN
    elif a < b:
        outcome = Outcome.FORFEIT_LOSS
    elif a == 0:
        outcome = Outcome.DOUBLE_FORFEIT
    else:
        raise EngineError("each player forfeited one game: record the micro-match as forfeits "
                          "by decision of the arbiter")
    return MicroMatch((games[0], games[1]), a, b, outcome)


def one_game(game: Outcome | str, ruleset: RuleSet | str = "cbjd") -> MicroMatch:
    """A board of ONE game (a FIDE team match), scored as `micro_match` scores a
    micro-match: game points of the game, played when played over the board, forfeit outcomes
    otherwise; `games` has the one outcome."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    lost = isinstance(game, str) and _is_double_loss(game)
    g = Outcome.LOSS if lost else game if isinstance(game, Outcome) else parse_game(game)
    if g not in GAME_OUTCOMES:
        raise EngineError(f"{g.value} is not the result of a game")
    a, b = (0, 0) if lost else _game_points(g, rs)
    if g in _PLAYED:
        outcome = Outcome.WIN if a > b else Outcome.LOSS if a < b else Outcome.DRAW
    else:
        outcome = g
    return MicroMatch((g,), a, b, outcome)  # type: ignore[arg-type]


def board_match(games: tuple[Outcome | str, ...], ruleset: RuleSet | str = "cbjd") -> MicroMatch:
    """A team board of one game (`one_game`) or two (`micro_match`)."""
    if len(games) == 1:
        return one_game(games[0], ruleset)
    if len(games) == 2:
        return micro_match(games[0], games[1], ruleset)
    raise EngineError(f"a board has one or two games, not {len(games)}")


def micro_match_results(round_no: int, a: int, b: int, match: MicroMatch
                        ) -> tuple[RoundResult, RoundResult]:
    """The two `RoundResult`s of a micro-match: A had White in game 1 (stored as his colour)."""
    if a == b:
        raise EngineError("a player cannot meet himself")
    ra = RoundResult(round_no, match.outcome, b, Color.WHITE, match.points_a)
    rb = RoundResult(round_no, match.outcome.mirror, a, Color.BLACK, match.points_b)
    return ra, rb


def micro_game_results(round_no: int, a: int, b: int, game1: Outcome | str, game2: Outcome | str
                       ) -> dict[int, tuple[RoundResult, RoundResult]]:
    """A micro-match game by game, the inverse of `micro_state_from_games`: each player's two
    `RoundResult`s in rounds 2k-1 and 2k (k = `round_no`); A (White in game 1, Black in game 2)
    and his outcomes `game1`, `game2` as `micro_match` takes them."""
    if a == b:
        raise EngineError("a player cannot meet himself")
    both_lost = tuple(isinstance(g, str) and _is_double_loss(g) for g in (game1, game2))
    games = tuple(Outcome.LOSS if lost else g if isinstance(g, Outcome) else parse_game(g)
                  for g, lost in zip((game1, game2), both_lost))
    for g in games:
        if g not in GAME_OUTCOMES:
            raise EngineError(f"{g.value} is not the result of a game")
    other = tuple(Outcome.LOSS if lost else g.mirror for g, lost in zip(games, both_lost))
    first, second = 2 * round_no - 1, 2 * round_no
    return {
        a: (RoundResult(first, games[0], b, Color.WHITE), RoundResult(second, games[1], b, Color.BLACK)),
        b: (RoundResult(first, other[0], a, Color.BLACK), RoundResult(second, other[1], a, Color.WHITE)),
    }


def _is_double_loss(text: str) -> bool:
    return re.sub(r"\s+", "", text).replace("–", "-") == DOUBLE_LOSS


def bye_result(round_no: int, ruleset: RuleSet | str = "cbjd", micro_matches: int = 1) -> RoundResult:
    """The pairing bye (RULES.md §3): a won micro-match, game points 2 + 2 = 4 per micro-match
    (match points: the rule set's pairing-bye points, 2 in `cbjd`). Teams pass the number of
    boards: every board counts as a won micro-match **[ours]**."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return RoundResult(round_no, Outcome.PAIRING_BYE, None, Color.NONE, 2 * rs.win * micro_matches)


def micro_state_from_games(state: TournamentState, ruleset: RuleSet | str = "cbjd") -> TournamentState:
    """Fold a game-by-game state (a TRF with two games per round: columns 2k-1 and 2k are the
    two games of micro-match k, same opponent) into one micro-match `RoundResult` per round.

    The colour kept is the one of game 1. Two pairing byes make a bye (`bye_result`); other
    rounds without an opponent keep game 1's outcome with the two games' points as game points.
    """
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    if state.rounds_played % 2:
        raise EngineError(f"{state.rounds_played} games recorded: a micro-match needs two games per round")
    results: dict[int, tuple[RoundResult, ...]] = {}
    for e in state.entrants:
        games = state.rounds_of(e.start_no)
        out = []
        for k in range(0, len(games) - 1, 2):
            g1, g2 = games[k], games[k + 1]
            rnd = k // 2 + 1
            if g1.opponent is not None and g1.outcome.has_opponent:
                if g2.opponent != g1.opponent or not g2.outcome.has_opponent:
                    raise EngineError(f"player {e.start_no}, micro-match {rnd}: the two games are "
                                      "not against the same opponent")
                m = micro_match(g1.outcome, g2.outcome, rs)
                out.append(RoundResult(rnd, m.outcome, g1.opponent, g1.color, m.points_a))
            elif g1.outcome is Outcome.PAIRING_BYE and g2.outcome is Outcome.PAIRING_BYE:
                out.append(bye_result(rnd, rs))
            elif g2.opponent is not None and g2.outcome.has_opponent:
                raise EngineError(f"player {e.start_no}, micro-match {rnd}: game 2 has an opponent, "
                                  "game 1 none")
            else:
                out.append(RoundResult(rnd, g1.outcome, None, Color.NONE,
                                       rs.points[g1.outcome] + rs.points[g2.outcome]))
        results[e.start_no] = tuple(out)
    return TournamentState(state.entrants, results, state.total_rounds // 2, state.name, state.extra)
