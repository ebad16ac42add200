"""The knockout bracket as pure data: settings, games, seeding, ties derived round by round and
the final places (rules in `damas.engine.pairing.knockout`'s docstring; CLUB "Eliminatória").
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType

from damas.engine.types import Color, EngineError, Outcome


class Stage(str, Enum):
    """Which part of a tie a game belongs to."""

    MAIN = "main"
    REPLAY = "replay"  # CLUB: drawn tie replayed with colours reversed
    RAPID = "rapid"  # FIDE-GR Playoff 1(a): rapid mini-match
    ARMAGEDDON = "armageddon"  # FIDE-GR Playoff 1(b): White 5 min, Black 4, draw = Black wins


# FIDE-GR Playoff 1: (base seconds, increment) for White and Black; MAIN and REPLAY use the event's.
PLAYOFF_CLOCKS: Mapping[Stage, tuple[tuple[int, int], tuple[int, int]]] = MappingProxyType(
    {Stage.RAPID: ((180, 5), (180, 5)), Stage.ARMAGEDDON: ((300, 0), (240, 0))}
)

TieId = tuple[int, int]  # (round, index): the final is (rounds, 0), the third-place match (rounds, 1)

_HALF_POINTS = {Outcome.WIN: 2, Outcome.FORFEIT_WIN: 2, Outcome.DRAW: 1}
_GAME_OUTCOMES = frozenset(_HALF_POINTS) | {Outcome.LOSS, Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT}


@dataclass(frozen=True, slots=True)
class KnockoutSettings:
    """Event settings of a knockout."""

    games: int = 1
    drawn: str = "replay"  # "replay" (CLUB) or "playoff" (FIDE-GR Playoff 1)
    rapid_games: int = 2
    places: int = 2  # places decided by play: 2 (final only), 4 (third place), 8, ...

    def __post_init__(self) -> None:
        if self.games < 1 or self.rapid_games < 1:
            raise EngineError("a knockout tie needs at least one game")
        if self.drawn not in ("replay", "playoff"):
            raise EngineError(f"a drawn tie is settled by 'replay' or 'playoff', not {self.drawn!r}")
        if self.places < 2 or self.places & (self.places - 1):
            raise EngineError(
                f"the places played off must be a power of two (2, 4, 8, ...), not {self.places}"
            )

    @property
    def third_place(self) -> bool:
        return self.places >= 4


@dataclass(frozen=True, slots=True)
class TieGame:
    """One game of a tie; `outcome` is White's (WIN ... DOUBLE_FORFEIT)."""

    white: int
    black: int
    stage: Stage
    outcome: Outcome
    white_absent_minutes: int | None = None
    black_absent_minutes: int | None = None

    def __post_init__(self) -> None:
        if self.outcome not in _GAME_OUTCOMES:
            raise EngineError(f"{self.outcome.value} is not a game result")
        if self.white == self.black:
            raise EngineError("a player cannot play himself")

    def points(self, player: int) -> int:
        """Half points of `player` in this game (a double forfeit gives nobody anything)."""
        outcome = self.outcome if player == self.white else self.outcome.mirror
        return _HALF_POINTS.get(outcome, 0)


def absence_game(
    white: int, black: int, stage: Stage, white_minutes: int | None, black_minutes: int | None
) -> TieGame:
    """A game not played because of absence (CLUB "Não comparecimento").

    One absent: he loses by forfeit. Both absent: in a knockout the one absent longer loses;
    equally long is a double forfeit, which counts as a drawn game for the tie [ours].
    """
    if white_minutes is None and black_minutes is None:
        raise EngineError("an absence needs the minutes of at least one player")
    if black_minutes is None or (white_minutes is not None and white_minutes > black_minutes):
        outcome = Outcome.FORFEIT_LOSS
    elif white_minutes is None or black_minutes > white_minutes:
        outcome = Outcome.FORFEIT_WIN
    else:
        outcome = Outcome.DOUBLE_FORFEIT
    return TieGame(white, black, stage, outcome, white_minutes, black_minutes)


def bracket_order(size: int) -> list[int]:
    """Seeds in slot order for a bracket of `size` (a power of two): 1, size, ..., 2, ...

    Built bottom-up: each seed s of the bracket of size/2 is followed by its mirror size+1-s.
    """
    if size < 1 or size & (size - 1):
        raise EngineError(f"a bracket size must be a power of two, not {size}")
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [x for s in order for x in (s, mirror - s)]
    return order


@dataclass(frozen=True)
class Bracket:
    """Seeds (start numbers, best first), round-1 slots (None = bye), settings and games per tie."""

    seeds: tuple[int, ...]
    slots: tuple[int | None, ...]
    settings: KnockoutSettings = KnockoutSettings()
    games: Mapping[TieId, tuple[TieGame, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "games", MappingProxyType(dict(self.games)))

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def rounds(self) -> int:
        return self.size.bit_length() - 1

    def seed_of(self, player: int) -> int:
        return self.seeds.index(player) + 1


def build_bracket(seeds: Sequence[int], settings: KnockoutSettings | None = None) -> Bracket:
    """The seeded bracket for `seeds` (start numbers, best first); byes go to the top seeds."""
    if len(seeds) < 2:
        raise EngineError("a knockout needs at least 2 players")
    if len(set(seeds)) != len(seeds):
        raise EngineError("a player is seeded twice")
    size = 1 << (len(seeds) - 1).bit_length()
    slots = tuple(seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size))
    return Bracket(tuple(seeds), slots, settings or KnockoutSettings())


NOBODY = 0
"""A side of a tie that no player will ever fill (a bye)."""


@dataclass(frozen=True, slots=True)
class Tie:
    """A tie as derived from the bracket.

    `top` / `bottom`: a starting number, NOBODY (0: a bye) or None (not known yet).
    `winner`: the player who goes on (a bye goes on without games), NOBODY for a tie with no
    player at all, None while undecided.
    """

    id: TieId
    top: int | None
    bottom: int | None
    games: tuple[TieGame, ...]
    winner: int | None
    next_stage: Stage | None  # what the tie needs next; None when decided or players unknown

    @property
    def bye(self) -> bool:
        return bool(self.winner) and NOBODY in (self.top, self.bottom)

    @property
    def loser(self) -> int | None:
        if not self.winner or NOBODY in (self.top, self.bottom):
            return None
        return self.bottom if self.winner == self.top else self.top


def _match(a: int, b: int, games: Sequence[TieGame], length: int) -> tuple[int | None, bool]:
    """(winner, finished) of a mini-match of `length` games, stopping when the lead is safe."""
    sa = sum(g.points(a) for g in games)
    sb = sum(g.points(b) for g in games)
    left = length - len(games)
    if abs(sa - sb) > 2 * left:
        return (a if sa > sb else b), True
    return None, left == 0


def _decide(
    a: int, b: int, games: tuple[TieGame, ...], s: KnockoutSettings
) -> tuple[int | None, Stage | None]:
    """Winner of the tie between a and b so far, or the stage of the next game it needs."""
    by_stage = {st: [g for g in games if g.stage is st] for st in Stage}
    winner, done = _match(a, b, by_stage[Stage.MAIN], s.games)
    if winner is not None:
        return winner, None
    if not done:
        return None, Stage.MAIN
    if s.drawn == "replay":
        for g in by_stage[Stage.REPLAY]:
            if g.points(a) != g.points(b):
                return (a if g.points(a) > g.points(b) else b), None
        return None, Stage.REPLAY
    winner, done = _match(a, b, by_stage[Stage.RAPID], s.rapid_games)
    if winner is not None:
        return winner, None
    if not done:
        return None, Stage.RAPID
    if by_stage[Stage.ARMAGEDDON]:
        g = by_stage[Stage.ARMAGEDDON][0]
        return (g.white if g.outcome in (Outcome.WIN, Outcome.FORFEIT_WIN) else g.black), None
    return None, Stage.ARMAGEDDON


def _played(a: int, m: int, places: int) -> bool:
    """Whether the section for places a..a+m-1 is played (the main one always is)."""
    return a == 1 or a + m - 1 <= places


def _goes_on(tie: Tie, winners: bool) -> int | None:
    """Who a tie sends to the winners' (or losers') section: a player, NOBODY or None (unknown)."""
    if tie.winner is None:
        return None
    if winners:
        return tie.winner
    return tie.loser if tie.loser is not None else NOBODY


def all_ties(bracket: Bracket) -> dict[TieId, Tie]:
    """Every tie of the bracket, round by round, with the players known so far.

    In round r the players are in sections of m = size >> (r-1) places; the section for
    places a..a+m-1 holds ties (r, (a-1)/2) ... and is fed by the winners (first half of a
    parent section) or the losers (second half) of the parent section's ties in round r-1.
    """
    ties: dict[TieId, Tie] = {}

    def make(tid: TieId, top: int | None, bottom: int | None) -> Tie:
        games = bracket.games.get(tid, ())
        winner: int | None = None
        stage: Stage | None = None
        if top and bottom:
            winner, stage = _decide(top, bottom, games, bracket.settings)
        elif top is not None and bottom is not None:
            winner = top or bottom  # a bye, or NOBODY when the tie is empty
        return Tie(tid, top, bottom, games, winner, stage)

    for j in range(bracket.size // 2):
        ties[(1, j)] = make((1, j), bracket.slots[2 * j] or NOBODY, bracket.slots[2 * j + 1] or NOBODY)
    for r in range(2, bracket.rounds + 1):
        m = bracket.size >> (r - 1)
        for j in range(bracket.size // 2):
            section, p = divmod(j, m // 2)
            a = section * m + 1
            if not _played(a, m, bracket.settings.places):
                continue
            winners = section % 2 == 0
            base = ((a if winners else a - m) - 1) // 2
            top = _goes_on(ties[(r - 1, base + 2 * p)], winners)
            bottom = _goes_on(ties[(r - 1, base + 2 * p + 1)], winners)
            ties[(r, j)] = make((r, j), top, bottom)
    return ties


def record_game(bracket: Bracket, tie_id: TieId, game: TieGame) -> Bracket:
    """A new bracket with `game` added to tie `tie_id`; refuses games the tie does not need."""
    return record_games(bracket, [(tie_id, game)])


def record_games(bracket: Bracket, games: Sequence[tuple[TieId, TieGame]]) -> Bracket:
    """Add games to distinct ties at once (one round of play); each must be what its tie needs."""
    ties = all_ties(bracket)
    new = dict(bracket.games)
    done: set[TieId] = set()
    for tie_id, game in games:
        tie = ties.get(tie_id)
        if tie is None:
            raise EngineError(f"no tie {tie_id} in this bracket")
        if tie.next_stage is None or tie_id in done:
            raise EngineError(f"tie {tie_id} needs no game (decided or players not known yet)")
        if {game.white, game.black} != {tie.top, tie.bottom}:
            raise EngineError(f"tie {tie_id} is {tie.top} v {tie.bottom}, not {game.white} v {game.black}")
        if game.stage is not tie.next_stage:
            raise EngineError(f"tie {tie_id} needs a {tie.next_stage.value} game, not {game.stage.value}")
        new[tie_id] = tie.games + (game,)
        done.add(tie_id)
    return replace(bracket, games=new)


def next_game(
    bracket: Bracket, tie: Tie, first_color: Color = Color.WHITE, lot: random.Random | None = None
) -> tuple[int, int, Stage] | None:
    """(white, black, stage) of the next game of `tie`, or None.

    Game 1: the better seed has `first_color`; then colours alternate (mini-match; replay
    "com as cores trocadas"). With a `lot`, the colours of the first rapid game and of the
    Armageddon game are drawn (FIDE-GR Playoff j: "Colours shall be determined by lot").
    """
    if tie.next_stage is None or tie.top is None or tie.bottom is None:
        return None
    if tie.games:
        last = tie.games[-1]
        white, black = last.black, last.white
    else:
        better, worse = sorted((tie.top, tie.bottom), key=bracket.seed_of)
        white, black = (better, worse) if first_color is not Color.BLACK else (worse, better)
    drawn = tie.next_stage in (Stage.RAPID, Stage.ARMAGEDDON) and all(
        g.stage is not tie.next_stage for g in tie.games
    )
    if drawn and lot is not None and lot.random() < 0.5:
        white, black = black, white
    return white, black, tie.next_stage


def champion(bracket: Bracket) -> int | None:
    return all_ties(bracket)[(bracket.rounds, 0)].winner


@dataclass(frozen=True, slots=True)
class Place:
    """Places first..last, shared by `players` when first < last."""

    first: int
    last: int
    players: tuple[int, ...]

    @property
    def label(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


def final_places(bracket: Bracket) -> list[Place]:
    """Places known so far, best first; players knocked out in the same round of a section
    whose places are not played off share them. Byes leave no holes: places are numbered
    over the players actually in the event."""
    ties = all_ties(bracket)
    places = bracket.settings.places

    def groups(r: int, a: int, m: int) -> list[list[int | None]]:
        """Players of the section for places a..a+m-1 (from round r), best group first."""
        first = (a - 1) // 2
        section = [ties[(r, first + p)] for p in range(m // 2)]
        if m == 2:
            t = section[0]
            real = [x for x in (t.top, t.bottom) if x != NOBODY]  # None: a player not known yet
            if len(real) == 2:
                return [[t.winner], [t.loser]]
            return [[t.winner]] if real else []
        out = groups(r + 1, a, m // 2)
        if _played(a + m // 2, m // 2, places):
            return out + groups(r + 1, a + m // 2, m // 2)
        losers = [t.loser for t in section if NOBODY not in (t.top, t.bottom)]
        return out + ([losers] if losers else [])

    result: list[Place] = []
    place = 1
    for group in groups(1, 1, bracket.size):
        if group and None not in group:
            members = tuple(sorted((g for g in group if g is not None), key=bracket.seed_of))
            result.append(Place(place, place + len(group) - 1, members))
        place += len(group)
    return result
