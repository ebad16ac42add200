"""The Dutch system's view of each player: score, colour preference, floats, bye eligibility.

Built once per round from a `PairingRequest` by `build_players`; the bracket procedure in
`dutch.bracket` reads nothing else. Definitions follow C.04.3 A.2-A.7 (2017 rules) and
C.04.2 #1, #5, #6 (adjourned games count as draws, unplayed rounds leave no colour and
allow a new pairing). The two rules the 2025 edition words differently (who floats without
playing, who may not get the bye again) are a `PlayerRules` of the edition (`dutch.editions`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Callable

from damas.engine.pairing.base import PairingRequest
from damas.engine.rulesets import get_ruleset
from damas.engine.types import Color, EngineError, EntrantStatus, Outcome, RoundResult

WHITE, BLACK = "w", "b"
DOWN, UP, NONE_FLOAT = 0, 1, 2

# Fallback scoring in rule-set units (chess half points, draughts 2/1/0: the same numbers).
_LOCAL_POINTS = {
    Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0, Outcome.FORFEIT_WIN: 2,
    Outcome.FORFEIT_LOSS: 0, Outcome.DOUBLE_FORFEIT: 0, Outcome.PAIRING_BYE: 2, Outcome.FULL_BYE: 2,
    Outcome.HALF_BYE: 1, Outcome.ZERO_BYE: 0, Outcome.NOT_PAIRED: 0, Outcome.ADJOURNED: 1,
}


def points_table(ruleset: str) -> tuple[dict[Outcome, int], int, int]:
    """Points per outcome, win points, draw points of the rule set (C.04.2 #1: adjourned = draw)."""
    try:
        rs = get_ruleset(ruleset)
        table = {o: rs.outcome_points(o) for o in Outcome}
        table[Outcome.ADJOURNED] = rs.outcome_points(Outcome.DRAW)
    except EngineError:
        table = dict(_LOCAL_POINTS)
    return table, table[Outcome.WIN], table[Outcome.DRAW]


@dataclass(slots=True, eq=False)
class DPlayer:
    """One player to pair. `score` includes acceleration; history lists are per round."""

    no: int
    rank: int
    raw_score: int
    score: int
    points: list[int]
    accel: list[int]
    played: list[bool]
    opponents: list[int | None]
    colors: list[str | None]
    pref: str | None = None
    imbalance: int = 0
    repeated: str | None = None
    strong: bool = False
    elig_bye: bool = True
    float1: int = NONE_FLOAT
    float2: int = NONE_FLOAT
    forbidden: set[int] = field(default_factory=set)
    abs_imbalance: bool = False  # colour difference beyond +-1
    absolute: bool = False  # A.6.a: that, or the same colour in the two latest games
    unplayed: int = 0  # rounds without a game played over the board (2025 C9)


    def score_back(self, rounds_back: int, played_rounds: int) -> int:
        """Accelerated score before the last `rounds_back` rounds (for A.4.b floats)."""
        idx = played_rounds - rounds_back
        raw = self.raw_score - sum(self.points[idx:played_rounds])
        return raw + (self.accel[idx] if idx < len(self.accel) else 0)


# DPlayer fields that are not part of a player's profile: identity and history. A pair's
# weight (dutch.weights.BracketWeights.weight) must depend only on the two profiles, on
# whether each player is in the bracket and on compatibility (C.1, C.3); a weight that reads
# one of these fields must drop it from this set.
_NOT_PROFILE = frozenset({"no", "rank", "forbidden", "points", "accel", "played", "opponents",
                          "colors"})
_PROFILE = tuple(f.name for f in fields(DPlayer) if f.name not in _NOT_PROFILE)


def profile(p: DPlayer) -> tuple:
    """What a pair's criteria weight may read of a player (`_NOT_PROFILE`)."""
    return tuple(getattr(p, f) for f in _PROFILE)


@dataclass(frozen=True)
class RoundContext:
    """Tournament-level facts the criteria need. `bye_score` is the lowest score the
    pairing-allocated bye can go to (2025 C5), set by the 2025 round procedure."""

    played_rounds: int
    total_rounds: int
    win: int
    draw: int
    first_color: str
    one_point: int
    bye_score: int | None = None


@dataclass(frozen=True)
class PlayerRules:
    """What an edition decides about a round in which a player did not play a game.

    `downfloat_without_game(points, loss)`: does scoring `points` without playing (the loss
    being worth `loss`) count as a downfloat? `bye_blocked(outcome, points, win)`: does this
    earlier round exclude the player from the pairing-allocated bye?
    """

    downfloat_without_game: Callable[[int, int], bool]
    bye_blocked: Callable[[Outcome, int, int], bool]


def _always_downfloat(points: int, loss: int) -> bool:
    """2017 A.4.b: "a player who, for whatever reason, does not play in a round, also
    receives a downfloat"."""
    return True


def _bye_blocked_2017(outcome: Outcome, points: int, win: int) -> bool:
    """2017 C.2 (C.04.1 d): no second pairing-allocated bye, nor a bye after a forfeit win."""
    return outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN)


def _downfloat_if_scored(points: int, loss: int) -> bool:
    """2025 C.04.3 1.4.3-1.4.4: without playing, only a player who scores more than a loss
    (pairing-allocated bye, half- or full-point bye, forfeit win) receives a downfloat; a
    zero-point bye, a forfeit loss or an absence gives no float at all."""
    return points > loss


def _bye_blocked_2025(outcome: Outcome, points: int, win: int) -> bool:
    """2025 C2 (C.04.1 2025 Art. 4): no pairing-allocated bye for a player who already had
    one, or who already scored in one single round, without playing, as many points as a
    win (a forfeit win or a requested full-point bye; a half-point bye does not count)."""
    return outcome is Outcome.PAIRING_BYE or (not outcome.played and points >= win)


RULES_2017 = PlayerRules(_always_downfloat, _bye_blocked_2017)
RULES_2025 = PlayerRules(_downfloat_if_scored, _bye_blocked_2025)


def _colour_state(p: DPlayer) -> None:
    """A.6: colour difference, preference (absolute / strong / mild) from played games only."""
    white = black = streak = 0
    last: str | None = None
    for c in p.colors:
        if c is None:
            continue
        if c == WHITE:
            white += 1
        else:
            black += 1
        streak = streak + 1 if (streak and c == last) else 1
        last = c
    lower = BLACK if white > black else WHITE
    p.imbalance = abs(white - black)
    if p.imbalance > 1:
        p.pref = lower
    elif streak > 1:
        p.pref = WHITE if last == BLACK else BLACK
    elif p.imbalance > 0:
        p.pref = lower
    elif streak:
        p.pref = WHITE if last == BLACK else BLACK
    else:
        p.pref = None
    p.repeated = last if streak > 1 else None
    p.abs_imbalance = p.imbalance > 1
    p.absolute = p.imbalance > 1 or p.repeated is not None
    p.strong = not p.absolute and p.imbalance > 0


def baku_group_a(ranked: list[int], first_round: list[int]) -> list[int]:
    """C.04.5.1 initial groups division: who is in group A (GA) this round.

    Before round 1, GA is the first 2*ceil(N/4) players of the pairing list. After that the
    last GA player stays the same ("Late entries"): everyone now listed up to and including
    him is in GA, so a late entry ranked above him joins GA and GA may become odd, while a
    withdrawal does not move the boundary. ``first_round`` lists the starting numbers of the
    players paired in round 1, ``ranked`` those to rank now, both in pairing-list order.
    """
    if not first_round:
        return []
    size_a = 2 * ((len(first_round) + 3) // 4)
    last = first_round[min(size_a, len(first_round)) - 1]
    return [no for no in ranked if no <= last]


def baku_acceleration(group_a: list[int], rounds: int, one_point: int) -> dict[int, list[int]]:
    """C.04.5.1 virtual points: per round, for each GA player.

    The accelerated rounds are the first ceil(R/2); GA players get one (win-sized) virtual
    point in the first ceil(accelerated/2) of them and half of it in the rest, nothing later.
    """
    first_half = (rounds + 1) // 2
    full = (first_half + 1) // 2
    plan = [one_point] * full + [one_point // 2] * (first_half - full)
    return {no: list(plan) for no in group_a}


def build_players(request: PairingRequest, rules: PlayerRules = RULES_2017,
                  ) -> tuple[list[DPlayer], RoundContext, list[int]]:
    """The players to pair (sorted by score then rank, A.2), the round context, and the
    starting numbers of everyone ranked (for colour allocation by rank). `rules`: the
    edition's reading of unplayed rounds (default the 2017 rules)."""
    state = request.state
    table, win, draw = points_table(request.ruleset)
    loss = table[Outcome.LOSS]
    played_rounds = state.rounds_played
    if request.round_no != played_rounds + 1:
        raise EngineError(
            f"round {request.round_no} cannot be paired: {played_rounds} rounds are recorded")
    total = max(state.total_rounds, request.round_no)
    first = WHITE if request.first_color is Color.WHITE else BLACK
    entrants = sorted(state.entrants, key=lambda e: e.start_no)
    out = set(request.absent) | set(request.requested_byes)
    out |= {e.start_no for e in entrants if e.status is not EntrantStatus.ACTIVE}

    def rounds_of(no: int) -> tuple[RoundResult, ...]:
        rs = state.rounds_of(no)
        return rs + tuple(RoundResult(round=i + 1, outcome=Outcome.NOT_PAIRED)
                          for i in range(len(rs), played_rounds))

    # Ranks count only entrants who take part in pairing (paired now or paired before).
    ranks: dict[int, int] = {}
    for e in entrants:
        if e.start_no in out and not any(
                r.outcome.has_opponent or r.outcome is Outcome.PAIRING_BYE for r in rounds_of(e.start_no)):
            continue
        ranks[e.start_no] = len(ranks)
    accel: dict[int, list[int]] = {}
    explicit = request.options.get("accelerations")
    if explicit:  # a file's XXA / 250 records: they replace any method (TRF-2026 250, JaVaFo XXA)
        accel = {int(no): [int(v) for v in values] for no, values in dict(explicit).items()}  # type: ignore[call-overload]
    elif request.options.get("acceleration") == "baku":
        first_round = list(ranks) if played_rounds == 0 else [
            e.start_no for e in entrants
            if (rs := rounds_of(e.start_no)) and (
                rs[0].outcome.has_opponent or rs[0].outcome is Outcome.PAIRING_BYE)]
        accel = baku_acceleration(baku_group_a(list(ranks), first_round), total, win)
    elif request.options.get("acceleration") not in (None, "", "none"):
        raise EngineError(f"unknown acceleration {request.options.get('acceleration')!r}")

    everyone: dict[int, DPlayer] = {}
    for e in entrants:
        rs = rounds_of(e.start_no)
        pts = [table[r.outcome] for r in rs]
        acc = accel.get(e.start_no, [])
        raw = sum(pts)
        p = DPlayer(
            no=e.start_no, rank=ranks.get(e.start_no, -1), raw_score=raw,
            score=raw + (acc[played_rounds] if played_rounds < len(acc) else 0),
            points=pts, accel=acc,
            # C.04.2 #1: an adjourned game is a game for pairing (met, colour, float), scored a draw
            played=[r.outcome.met for r in rs],
            opponents=[r.opponent for r in rs],
            colors=[(WHITE if r.color is Color.WHITE else BLACK) if r.outcome.met else None
                    for r in rs],
        )
        p.forbidden = {r.opponent for r in rs if r.outcome.met and r.opponent is not None}
        p.elig_bye = not any(rules.bye_blocked(r.outcome, pt, win) for r, pt in zip(rs, pts))
        p.unplayed = sum(1 for r in rs if not r.outcome.met)
        _colour_state(p)
        everyone[e.start_no] = p
    for extra in request.options.get("forbidden_pairs", ()) or ():
        a, b = extra
        if a in everyone and b in everyone:
            everyone[a].forbidden.add(b)
            everyone[b].forbidden.add(a)

    def float_of(p: DPlayer, back: int) -> int:
        idx = played_rounds - back
        if not p.played[idx]:
            return DOWN if rules.downfloat_without_game(p.points[idx], loss) else NONE_FLOAT
        opp = everyone.get(p.opponents[idx])  # type: ignore[arg-type]
        mine = p.score_back(back, played_rounds)
        theirs = opp.score_back(back, played_rounds) if opp else mine
        return DOWN if mine > theirs else UP if mine < theirs else NONE_FLOAT

    players = [p for no, p in everyone.items() if no not in out]
    for p in players:
        if played_rounds >= 1:
            p.float1 = float_of(p, 1)
        if played_rounds >= 2:
            p.float2 = float_of(p, 2)
    players.sort(key=lambda p: (-p.score, p.rank))
    ctx = RoundContext(played_rounds=played_rounds, total_rounds=total, win=win, draw=draw,
                       first_color=first, one_point=win)
    return players, ctx, list(ranks)
