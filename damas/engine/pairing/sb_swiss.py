"""The "fair treatment" Swiss: pairing by Sonneborn-Berger inside score groups (code ``sb-swiss``).

Source: FIDE-TB, section "Swiss system" (shared/rules/fide-tiebreaks-arbiter-swiss-en.txt);
paragraphs are cited below as ``FIDE-TB SW`` plus a short name. The aim (SW "fair treatment") is
that players of one score group meet opposition of equal strength, so inside a score group the
strongest by Sonneborn-Berger meets the weakest he may meet.

Procedure (each step names the paragraph it implements):

1. Scores and history count unfinished games as draws (SW "unfinished games").
2. Players are ordered by score, then SB, Buchholz, median Buchholz (SW "ratings ... only when
   equal"); the rating enters only through the starting rank, which breaks the remaining ties
   (RULES.md §3: the starting list is ordered by rating).
3. With an odd number of players the bye goes to the lowest eligible player by score, SB,
   Buchholz, median, rating (SW "bye") whose removal leaves the others pairable; a player who
   already scored without playing is not eligible (SW "no second bye").
4. Score groups are paired top-down; in each, the highest is paired with the lowest he may meet,
   the second highest with the second lowest (SW "highest with lowest"). "May meet" means: not
   met before (SW "no rematch") and a colour allocation exists that keeps both players within
   +-2 and without three equal colours in a row (SW "colour difference", "three in a row").
   When this direct fold leaves more players unpaired than the group's parity, or leaves the
   rest of the field unpairable, the matching kernel (`matching`) decides which choices keep the
   largest number of pairs inside the group while the whole round stays pairable; a player left
   unpaired floats down into the next group [ours: floaters head the next group, ordered by
   score].
5. Colours [ours where the source is silent]: round 1 (and any pair where neither player has a
   colour yet) by lot for number 1 and the same colour for the odd numbers of the top half
   (SW "first round"); otherwise the player with the stronger need (colour difference, then two
   equal colours in a row) gets the colour that evens him out, both if they differ; ties go to
   the higher-placed player. The absolute limits always win. The bye has no colour (SW "bye").
6. Boards in C.04.2 #9 order (the higher-placed player's place in the order of step 2); the
   bye last.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from damas.engine.pairing.base import PairingRequest, PairingSystem, register
from damas.engine.pairing.matching import max_cardinality_matching, max_weight_matching
from damas.engine.points import Exact
from damas.engine.tiebreaks import build_context, get_tiebreak
from damas.engine.types import (
    Color,
    EngineError,
    EntrantStatus,
    Outcome,
    Pairing,
    RoundResult,
    TournamentState,
)

__all__ = ["SBPlayer", "SBSwissSystem", "allowed_colours", "build_players", "sb_swiss_pairs",
           "RULE_TEXT"]

W, B = Color.WHITE, Color.BLACK
# SW "no second bye": a point already received without playing (C.04.1 reading: a pairing bye
# or a win because the opponent did not appear).
_UNPLAYED_POINT = frozenset({Outcome.PAIRING_BYE, Outcome.FULL_BYE, Outcome.FORFEIT_WIN})

RULE_TEXT: dict[str, tuple[str, ...]] = {
    "pt": (
        "Em cada grupo de pontuação os jogadores são ordenados pelo Sonneborn-Berger, depois "
        "Buchholz e Buchholz mediano; o rating (ordem inicial) só desempata quando estes são iguais.",
        "O mais alto do grupo enfrenta o mais baixo que ainda não enfrentou, o segundo o "
        "penúltimo, e assim por diante; quem sobra desce para o grupo seguinte.",
        "Partidas não terminadas contam como empates para o emparceiramento.",
        "Dois jogadores que já se enfrentaram não são emparceirados de novo.",
        "Quem já recebeu um ponto sem jogar não recebe folga (bye).",
        "A folga vai para o jogador do grupo mais baixo com o menor Sonneborn-Berger (depois "
        "menor Buchholz, e assim por diante); a folga não tem cor.",
        "Na 1ª rodada a cor do nº 1 é sorteada e todos os números ímpares da metade superior "
        "recebem a mesma cor.",
        "A diferença entre partidas de brancas e de pretas fica entre -2 e +2 e ninguém joga "
        "três vezes seguidas com a mesma cor.",
    ),
    "en": (
        "Within each score group players are ordered by Sonneborn-Berger, then Buchholz and "
        "median Buchholz; the rating (starting order) breaks ties only when those are equal.",
        "The highest player of the group meets the lowest he has not met, the second highest "
        "the second lowest, and so on; a player left over floats down to the next group.",
        "Unfinished games count as draws for pairing.",
        "Two players who have met are not paired again.",
        "A player who already received a point without playing gets no bye.",
        "The bye goes to the player of the lowest score group with the lowest Sonneborn-Berger "
        "(then lowest Buchholz, and so on); the bye has no colour.",
        "In round 1 the colour of number 1 is drawn by lot and every odd number of the top half "
        "gets the same colour.",
        "The difference between games with White and with Black stays within -2 and +2 and "
        "nobody has the same colour three times in a row.",
    ),
}


@dataclass(frozen=True, slots=True)
class SBPlayer:
    """One player to pair: score and tiebreaks in rule-set units, played colours, opponents met."""

    no: int
    rank: int  # 1-based position in the starting list
    score: int
    sb: Exact
    bh: Exact
    median: Exact
    colours: tuple[Color, ...]  # played games only, oldest first (C.04.2 #5)
    met: frozenset[int]
    bye_eligible: bool

    @property
    def key(self) -> tuple:
        """Pairing order, highest first (SW "fair treatment", "ratings ... only when equal")."""
        return (-self.score, -self.sb, -self.bh, -self.median, self.rank)

    @property
    def bye_key(self) -> tuple:
        """Bye order, first = gets the bye (SW "bye": lowest group, lowest SB, BH, ...)."""
        return (self.score, self.sb, self.bh, self.median, -self.rank)

    @property
    def difference(self) -> int:
        """Games with White minus games with Black."""
        return sum(1 if c is W else -1 for c in self.colours)


def allowed_colours(colours: tuple[Color, ...]) -> frozenset[Color]:
    """Colours a player may receive: difference stays within +-2 (SW "colour difference") and
    no third equal colour in a row (SW "three in a row"), over played games only (C.04.2 #5)."""
    diff = sum(1 if c is W else -1 for c in colours)
    out = set()
    for colour, step in ((W, 1), (B, -1)):
        if abs(diff + step) > 2:
            continue
        if len(colours) >= 2 and colours[-1] is colour and colours[-2] is colour:
            continue
        out.add(colour)
    return frozenset(out)


def _as_draws(state: TournamentState) -> TournamentState:
    """SW "unfinished games": an adjourned game is a draw for pairing purposes (C.04.2 #1)."""
    results = {
        no: tuple(replace(r, outcome=Outcome.DRAW) if r.outcome is Outcome.ADJOURNED else r
                  for r in rounds)
        for no, rounds in state.results.items()
    }
    return replace(state, results=results)


def build_players(request: PairingRequest) -> list[SBPlayer]:
    """The players to pair this round, in pairing order (highest first)."""
    state = request.state
    if request.round_no != state.rounds_played + 1:
        raise EngineError(
            f"round {request.round_no} cannot be paired: {state.rounds_played} rounds are recorded")
    norm = _as_draws(state)
    unplayed = request.options.get("unplayed")
    ctx = build_context(norm, request.ruleset, unplayed=str(unplayed) if unplayed else None)
    sb = get_tiebreak("SB").compute(ctx)
    bh = get_tiebreak("BH").compute(ctx)
    median = get_tiebreak("BH-M1").compute(ctx)
    extra: dict[int, set[int]] = {}
    for a, b in request.options.get("forbidden_pairs", ()) or ():
        extra.setdefault(a, set()).add(b)
        extra.setdefault(b, set()).add(a)
    out = set(request.absent) | set(request.requested_byes)
    players = []
    for rank, e in enumerate(sorted(state.entrants, key=lambda e: e.start_no), start=1):
        if e.status is not EntrantStatus.ACTIVE or e.start_no in out:
            continue
        rounds: tuple[RoundResult, ...] = norm.rounds_of(e.start_no)
        played = [r for r in rounds if r.outcome.played and r.opponent is not None]
        players.append(SBPlayer(
            no=e.start_no, rank=rank, score=ctx.total[ctx.index[e.start_no]],
            sb=sb[e.start_no], bh=bh[e.start_no], median=median[e.start_no],
            colours=tuple(r.color for r in played if r.color in (W, B)),
            # SW "no rematch"; a game not played allows a new pairing (C.04.2 #6).
            met=frozenset({r.opponent for r in played} | extra.get(e.start_no, set())),  # type: ignore[misc]
            bye_eligible=not any(r.outcome in _UNPLAYED_POINT for r in rounds),
        ))
    players.sort(key=lambda p: p.key)
    return players


def _compatible(a: SBPlayer, b: SBPlayer, ca: frozenset[Color], cb: frozenset[Color]) -> bool:
    """Absolute rules for one board: not met (SW "no rematch") and a legal colour allocation
    (`ca`, `cb`: the colours each may receive)."""
    if b.no in a.met or a.no in b.met:
        return False
    return (W in ca and B in cb) or (B in ca and W in cb)


class _Graph:
    """Compatibility between the players of one round, and matching-kernel queries over it."""

    def __init__(self, players: list[SBPlayer]) -> None:
        self.adj: dict[int, set[int]] = {p.no: set() for p in players}
        allowed = {p.no: allowed_colours(p.colours) for p in players}
        for i, a in enumerate(players):
            ca = allowed[a.no]
            for b in players[i + 1:]:
                if _compatible(a, b, ca, allowed[b.no]):
                    self.adj[a.no].add(b.no)
                    self.adj[b.no].add(a.no)

    def ok(self, a: SBPlayer, b: SBPlayer) -> bool:
        return b.no in self.adj[a.no]

    def perfect(self, nodes: list[SBPlayer]) -> bool:
        """True when `nodes` can all be paired under the absolute rules."""
        if len(nodes) % 2:
            return False
        index = {p.no: i for i, p in enumerate(nodes)}
        adj = [[index[q] for q in self.adj[p.no] if q in index] for p in nodes]
        mate = max_cardinality_matching(len(nodes), adj)
        return all(m != -1 for m in mate)

    def best(self, group: list[SBPlayer], others: list[SBPlayer]) -> tuple[int, int, dict[int, int]]:
        """(pairs, pairs inside `group`, partner by player) of a maximum pairing of group +
        others that keeps the most pairs inside the group: weight 2 inside, 1 otherwise,
        maximum cardinality first."""
        nodes = group + others
        index = {p.no: i for i, p in enumerate(nodes)}
        inside = len(group)
        edges = [(i, index[q], 2 if i < inside and index[q] < inside else 1)
                 for i, p in enumerate(nodes) for q in self.adj[p.no]
                 if q in index and index[q] > i]
        mate = max_weight_matching(len(nodes), edges, maxcardinality=True)
        pairs = sum(1 for i, m in enumerate(mate) if m > i)
        within = sum(1 for i, m in enumerate(mate) if m > i and m < inside)
        return pairs, within, {nodes[i].no: nodes[m].no for i, m in enumerate(mate) if m != -1}


def _choose_bye(players: list[SBPlayer], graph: _Graph) -> SBPlayer | None:
    """SW "bye": the eligible player lowest by score, SB, BH, median, rating whose bye leaves
    everyone else pairable; SW "no second bye" excludes players who scored without playing."""
    if len(players) % 2 == 0:
        if not graph.perfect(players):
            raise EngineError("no pairing of this round satisfies the absolute rules "
                              "(no rematch, colour limits)")
        return None
    for cand in sorted((p for p in players if p.bye_eligible), key=lambda p: p.bye_key):
        if graph.perfect([p for p in players if p is not cand]):
            return cand
    raise EngineError("no pairing of this round satisfies the absolute rules "
                      "(no second bye, no rematch, colour limits)")


def _fold(group: list[SBPlayer], graph: _Graph) -> tuple[list[tuple[SBPlayer, SBPlayer]], list[SBPlayer]]:
    """SW "highest with lowest": each highest remaining player takes the lowest he may meet."""
    pool = list(group)
    pairs, left = [], []
    while pool:
        top = pool.pop(0)
        for cand in reversed(pool):
            if graph.ok(top, cand):
                pairs.append((top, cand))
                pool.remove(cand)
                break
        else:
            left.append(top)
    return pairs, left


def _pair_group(group: list[SBPlayer], below: list[SBPlayer], graph: _Graph
                ) -> tuple[list[tuple[SBPlayer, SBPlayer]], list[SBPlayer]]:
    """Pair one score group (floaters from above included); return its pairs and its floaters.

    The direct fold is kept when it floats only the group's parity and the rest stays pairable.
    Otherwise the same fold runs with a look-ahead by the matching kernel: the highest player
    takes the lowest partner that still allows the most pairs inside the group with the whole
    round pairable, or floats when no partner does.
    """
    pairs, left = _fold(group, graph)
    if len(left) == len(group) % 2 and graph.perfect(left + below):
        return pairs, left
    total, within, witness = graph.best(group, below)  # `witness`: one optimal pairing
    if 2 * total != len(group) + len(below):
        raise EngineError("no pairing of this round satisfies the absolute rules")
    pool, pairs, floats = list(group), [], []
    while pool:
        top = pool[0]
        for cand in reversed(pool[1:]):
            if not graph.ok(top, cand):
                continue
            rest = [p for p in pool if p is not top and p is not cand]
            if witness.get(top.no) != cand.no:
                if not graph.perfect(rest + floats + below):
                    continue
                got, got_within, other = graph.best(rest, floats + below)
                if 2 * got != len(rest) + len(floats) + len(below) or got_within != within - 1:
                    continue
                witness = other
            pairs.append((top, cand))
            pool, within = rest, within - 1
            break
        else:  # every optimum pairs `top` outside the group (so does the witness): he floats
            floats.append(top)
            pool = pool[1:]
    return pairs, floats


def _want(p: SBPlayer) -> tuple[Color | None, tuple[int, int]]:
    """[ours] The colour that evens a player out and how strongly: (difference, repeated)."""
    if not p.colours:
        return None, (0, 0)
    diff = p.difference
    repeated = int(len(p.colours) >= 2 and p.colours[-1] is p.colours[-2])
    if diff:
        return (B if diff > 0 else W), (abs(diff), repeated)
    return p.colours[-1].opposite, (0, repeated)


def _colours(hi: SBPlayer, lo: SBPlayer, position: int, first: Color) -> tuple[SBPlayer, SBPlayer]:
    """(white, black) of a board whose higher-placed player is `hi` at `position` (1-based) in
    this round's pairing order."""
    ah, al = allowed_colours(hi.colours), allowed_colours(lo.colours)
    legal = [c for c in (W, B) if c in ah and c.opposite in al]  # colours possible for hi
    if not hi.colours and not lo.colours:
        # SW "first round": lot for number 1, same colour for the odd numbers of the top half.
        choice = first if position % 2 == 1 else first.opposite
    else:
        wh, sh = _want(hi)
        wl, sl = _want(lo)
        if wh is None:
            choice = wl.opposite if wl is not None else first
        elif wl is None or wl is not wh or sh >= sl:
            choice = wh
        else:
            choice = wl.opposite
    if choice not in legal:  # SW "colour difference", "three in a row" are absolute
        choice = legal[0]
    return (hi, lo) if choice is W else (lo, hi)


def sb_swiss_pairs(request: PairingRequest) -> list[Pairing]:
    """The boards of `request.round_no` in C.04.2 #9 order, the bye last as Pairing(n, no, None)."""
    players = build_players(request)
    graph = _Graph(players)
    bye = _choose_bye(players, graph)
    field = [p for p in players if p is not bye]
    position = {p.no: i for i, p in enumerate(field, start=1)}
    pairs: list[tuple[SBPlayer, SBPlayer]] = []
    floats: list[SBPlayer] = []
    for score in sorted({p.score for p in field}, reverse=True):
        group = sorted(floats + [p for p in field if p.score == score], key=lambda p: p.key)
        below = [p for p in field if p.score < score]
        got, floats = _pair_group(group, below, graph)
        pairs.extend(got)
    if floats:
        raise EngineError("no pairing of this round satisfies the absolute rules")
    boards = []
    for a, b in pairs:
        hi, lo = (a, b) if a.key <= b.key else (b, a)
        white, black = _colours(hi, lo, position[hi.no], request.first_color)
        # C.04.2 #9: score of the higher-placed player, sum of scores, then his place in this
        # system's order (score, SB, BH, median, starting rank) [ours: "rank" read as that place].
        boards.append(((-hi.score, -(hi.score + lo.score), hi.key), white.no, black.no))
    boards.sort()
    out = [Pairing(board=k, white=w, black=b) for k, (_, w, b) in enumerate(boards, start=1)]
    if bye is not None:
        out.append(Pairing(board=len(out) + 1, white=bye.no, black=None))
    return out


class SBSwissSystem(PairingSystem):
    code = "sb-swiss"
    name_pt = "Suíço por Sonneborn-Berger (tratamento justo)"
    name_en = "Swiss by Sonneborn-Berger (fair treatment)"
    article = "FIDE-TB, Swiss system"

    def pair(self, request: PairingRequest) -> list[Pairing]:
        return sb_swiss_pairs(request)


register(SBSwissSystem())
