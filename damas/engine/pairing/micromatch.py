"""Brazilian micro-match pairing system, individual and team (CBJD 120, 121; RULES.md §3).

No public text of the "Sistema Brasileiro de Emparceiramento" exists; this is our definition
**[ours]**, shown on the event's regulations page. A Swiss on micro-matches (two games, colours
swapped, so colour is not a pairing criterion):

1. *Who is paired* (C.04.2 #2, #4): active entrants not absent and without a requested bye.
   Ranking: current score (the event's micro-match scoring, RULES.md §2) descending, then
   starting rank (starting number) ascending.
2. *Bye* (RULES.md §3): with an odd number, the lowest-ranked player of the lowest score group
   among those with the fewest pairing byes (none, until everyone had one) whose removal still
   lets the others be paired without a rematch. It scores a won micro-match
   (`micromatch_scoring.bye_result`).
3. *Direct fold*: score groups from the top; a group (with the player floated into it from the
   group above, placed first) in ranking order; top half meets bottom half (1st v (n/2+1)th,
   ...); with an odd group the last player is left over and floats down to the next group.
   This gives the fewest possible floats. It is kept unless it contains a rematch or makes a
   player float who floated in the previous round (a player *floats* in a round when his
   opponent's score before it differs from his; a bye is not a float).
4. *Otherwise* the matching kernel finds, among complete pairings without a rematch (hard
   rule; C.04.2 #6: a micro-match with no game played over the board is not a meeting), the one
   that lexicographically (a) crosses the fewest score-group boundaries (a float two groups
   down counts two), (b) makes the fewest players float who floated in the previous round (in
   a float both the downfloater and his opponent float), (c) keeps each player, the
   top-ranked first, closest to his partner in the direct fold of step 3 (taken as if there
   were no rematches): a partner d places below that one in the ranking deviates 2d - 1,
   d places above 2d (exact integer weights; the optimum is unique). The direct fold, when
   acceptable, is this optimum (fewest floats, no repeat, no deviation).
5. *White in game 1* (RULES.md §3): the player who started his previous micro-match with Black;
   if both or neither did, the higher-ranked player alternates from his own previous
   micro-match (if he has none, the lower-ranked one alternates from his); if neither has played
   a micro-match (round 1), board 1's higher-ranked player gets the colour drawn by lot
   (`request.first_color`), alternating down the boards. `Pairing.white` = White in game 1.
6. *Board order* (C.04.2 #9): score of the higher-ranked player, then the sum of the scores,
   then the higher-ranked player's starting rank; the bye last.

Team events (CBJD 120) pair teams with the same system on a team `TournamentState`
(`damas.engine.teams.team_state`).
"""
from __future__ import annotations

from dataclasses import dataclass

from damas.engine.pairing.base import PairingRequest, PairingSystem, plays_micro_matches, register
from damas.engine.pairing.matching import max_cardinality_matching, max_weight_matching
from damas.engine.rulesets import RuleSet, get_ruleset
from damas.engine.types import Color, EngineError, EntrantStatus, Outcome, Pairing

__all__ = [
    "MPlayer",
    "MicromatchSystem",
    "MicromatchSystemError",
    "build_players",
    "check_micromatch_system",
    "float_count",
    "micromatch_pairs",
    "pair_players",
]

# Micro-matches that count as a meeting (C.04.2 #6): at least one game played over the board.
_MET = frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.ADJOURNED})


class MicromatchSystemError(EngineError):
    """CBJD 120-122: micro-match events must use this system, and only they may."""


def check_micromatch_system(pairing_system: str, micro_match: bool) -> None:
    """Refuse a pairing system that CBJD 120-122 forbid for the event.

    CBJD 120/121: micro-match competitions (team or individual) must use the Brazilian system;
    CBJD 122: competitions not played in micro-matches may not use it.
    """
    if micro_match and not plays_micro_matches(pairing_system):
        raise MicromatchSystemError(
            "CBJD 120-121: a micro-match event must use the Brazilian pairing system (micromatch), "
            f"not {pairing_system!r}")
    if not micro_match and plays_micro_matches(pairing_system):
        raise MicromatchSystemError(
            "CBJD 122: the Brazilian pairing system is only for events played in micro-matches")


@dataclass(frozen=True, slots=True)
class MPlayer:
    """A player (or team) as the pairing sees him. `last_color`: colour in game 1 of his last
    micro-match played over the board; `floated` whether he floated in the previous round."""

    no: int
    score: int
    opponents: frozenset[int]
    byes: int
    floated: bool
    last_color: Color

    @property
    def rank_key(self) -> tuple[int, int]:
        return (-self.score, self.no)


def _scoring(request: PairingRequest) -> RuleSet:
    scoring = request.options.get("micro_scoring", "game")
    return get_ruleset(request.ruleset, micro_scoring=scoring)


def build_players(request: PairingRequest) -> list[MPlayer]:
    """The players to pair in `request.round_no`, in ranking order (RULES.md §3)."""
    state = request.state
    rs = _scoring(request)
    done = state.rounds_played
    before_last: dict[int, int] = {}
    for e in state.entrants:
        rounds = state.rounds_of(e.start_no)
        before_last[e.start_no] = sum(rs.points_for(r) for r in rounds[:done - 1]) if done else 0
    players = []
    for e in state.entrants:
        no = e.start_no
        if e.status is not EntrantStatus.ACTIVE or no in request.absent or no in request.requested_byes:
            continue
        rounds = state.rounds_of(no)
        last_color = Color.NONE
        for r in rounds:
            if r.outcome in _MET and r.color is not Color.NONE:
                last_color = r.color
        floated = False
        if done and len(rounds) == done:
            last = rounds[-1]
            if last.opponent is not None and last.outcome.has_opponent:
                floated = before_last.get(last.opponent) != before_last[no]
        players.append(MPlayer(
            no=no,
            score=sum(rs.points_for(r) for r in rounds),
            opponents=frozenset(r.opponent for r in rounds if r.opponent is not None and r.outcome in _MET),
            byes=sum(1 for r in rounds if r.outcome is Outcome.PAIRING_BYE),
            floated=floated,
            last_color=last_color,
        ))
    players.sort(key=lambda p: p.rank_key)
    return players


def _can_meet(a: MPlayer, b: MPlayer) -> bool:
    return b.no not in a.opponents and a.no not in b.opponents


def _direct_fold(ordered: list[MPlayer]) -> tuple[list[tuple[MPlayer, MPlayer]], bool]:
    """Step 3: the fold by score groups; also whether it is acceptable (no rematch, no
    player floating in two consecutive rounds)."""
    pairs: list[tuple[MPlayer, MPlayer]] = []
    ok = True
    carry: list[MPlayer] = []
    k = 0
    while k < len(ordered):
        j = k
        while j < len(ordered) and ordered[j].score == ordered[k].score:
            j += 1
        members = carry + ordered[k:j]
        k = j
        carry = [members.pop()] if len(members) % 2 else []
        half = len(members) // 2
        for a, b in zip(members[:half], members[half:]):
            pairs.append((a, b))
            if not _can_meet(a, b) or (a.score != b.score and (a.floated or b.floated)):
                ok = False
    if carry:
        raise EngineError("internal: an odd number of players reached the fold")
    return pairs, ok


def _groups(ordered: list[MPlayer]) -> dict[int, int]:
    """Player number -> score-group index (0 = top group)."""
    scores = sorted({p.score for p in ordered}, reverse=True)
    index = {s: g for g, s in enumerate(scores)}
    return {p.no: index[p.score] for p in ordered}


def _kernel(ordered: list[MPlayer]) -> list[tuple[MPlayer, MPlayer]]:
    """Step 4: the best complete pairing by exact lexicographic integer weights.

    (c) is a base-`radix` number whose digits are the players' deviations, the top-ranked
    player's the most significant, so the optimum is unique (each player's deviation differs
    for every possible partner).
    """
    n = len(ordered)
    group = _groups(ordered)
    fold, _ = _direct_fold(ordered)
    pos = {p.no: k for k, p in enumerate(ordered)}
    target = {}
    for a, b in fold:
        target[a.no], target[b.no] = pos[b.no], pos[a.no]
    radix = 2 * n + 1  # > any single deviation (2n - 1)
    digit = [radix ** (n - 1 - k) for k in range(n)]
    repeat_mul = radix ** n  # > any total of (c)
    float_mul = repeat_mul * (n + 1)  # > any total of (b) (at most n floaters) x repeat_mul
    base = float_mul * (n * n + 1)  # > any total of (a) (n/2 pairs x fewer than n groups)

    def deviation(k: int, partner: int) -> int:
        d = partner - target[ordered[k].no]
        return 2 * d - 1 if d > 0 else -2 * d

    edges = []
    for i in range(n):
        a = ordered[i]
        for j in range(i + 1, n):
            b = ordered[j]
            if not _can_meet(a, b):
                continue
            dist = group[b.no] - group[a.no]
            repeat = (int(a.floated) + int(b.floated)) if dist else 0
            dev = digit[i] * deviation(i, j) + digit[j] * deviation(j, i)
            edges.append((i, j, base - (float_mul * dist + repeat_mul * repeat + dev)))
    mate = max_weight_matching(n, edges, maxcardinality=True)
    if any(m == -1 for m in mate):
        raise EngineError("no pairing of this round avoids a rematch")
    return [(ordered[i], ordered[m]) for i, m in enumerate(mate) if i < m]


def _perfect(players: list[MPlayer]) -> bool:
    """True when `players` can all be paired without a rematch."""
    pairs, _ = _direct_fold(players)
    if all(_can_meet(a, b) for a, b in pairs):
        return True
    n = len(players)
    adj = [[j for j in range(n) if j != i and _can_meet(players[i], players[j])] for i in range(n)]
    return all(m != -1 for m in max_cardinality_matching(n, adj))


def _choose_bye(ordered: list[MPlayer]) -> MPlayer:
    """Step 2: fewest byes, then lowest score group, then lowest starting rank, and feasible."""
    candidates = sorted(ordered, key=lambda p: (p.byes, p.score, -p.no))
    for c in candidates:
        if _perfect([p for p in ordered if p is not c]):
            return c
    raise EngineError("no pairing of this round avoids a rematch")


def pair_players(players: list[MPlayer]) -> tuple[list[tuple[MPlayer, MPlayer]], MPlayer | None]:
    """Steps 2-4: the pairs (higher-ranked first) and the bye."""
    ordered = sorted(players, key=lambda p: p.rank_key)
    bye = _choose_bye(ordered) if len(ordered) % 2 else None
    rest = [p for p in ordered if p is not bye]
    pairs, ok = _direct_fold(rest)
    if not ok:
        pairs = _kernel(rest)
    return [(a, b) if a.rank_key < b.rank_key else (b, a) for a, b in pairs], bye


def float_count(pairs: list[tuple[MPlayer, MPlayer]], ordered: list[MPlayer]) -> int:
    """Score-group boundaries crossed by the pairs (criterion 4a), groups taken over `ordered`."""
    group = _groups(ordered)
    return sum(abs(group[a.no] - group[b.no]) for a, b in pairs)


def _white_first(hi: MPlayer, lo: MPlayer, board: int, first: Color) -> bool:
    """Step 5: True when the higher-ranked player `hi` has White in game 1."""
    hi_black, lo_black = hi.last_color is Color.BLACK, lo.last_color is Color.BLACK
    if hi_black != lo_black:
        return hi_black
    if hi.last_color is not Color.NONE:
        return hi.last_color is Color.BLACK
    if lo.last_color is not Color.NONE:
        return lo.last_color is Color.WHITE
    colour = first if board % 2 == 1 else first.opposite
    return colour is Color.WHITE


def micromatch_pairs(request: PairingRequest) -> list[Pairing]:
    """Boards of the round in C.04.2 #9 order; `white` has White in game 1; the bye last."""
    players = build_players(request)
    pairs, bye = pair_players(players)
    pairs.sort(key=lambda ab: (-ab[0].score, -(ab[0].score + ab[1].score), ab[0].no))
    first = request.first_color if request.first_color is not Color.NONE else Color.WHITE
    out = []
    for k, (hi, lo) in enumerate(pairs, start=1):
        white, black = (hi, lo) if _white_first(hi, lo, k, first) else (lo, hi)
        out.append(Pairing(board=k, white=white.no, black=black.no))
    if bye is not None:
        out.append(Pairing(board=len(out) + 1, white=bye.no, black=None))
    return out


class MicromatchSystem(PairingSystem):
    code = "micromatch"
    name_pt = "Sistema Brasileiro de Emparceiramento (micro match)"
    name_en = "Brazilian micro-match system"
    article = "CBJD 120, 121 [ours]"
    micro_match = True

    def pair(self, request: PairingRequest) -> list[Pairing]:
        return micromatch_pairs(request)


register(MicromatchSystem())
