"""Playoff plans for ties (FIDE-GR "Playoff" (e), (f), (j), (k) 1-12; RULES.md §7).

`playoff_plan(tied)` takes the tied players in tiebreak order (HT, best first) and returns the
plan of the source's table for 2 to 11+ players; `playoff_status(plan, results)` replays the
results entered so far and says which games are due or, once decided, the final places;
`apply_playoff(standings, status)` writes those places into a table.

* Rates: "rapid" = all moves in 3 min + 5 s per move from move 1 (1 a); Armageddon = White
  5 min, Black 4, a draw counts as a win for Black (1 b).
* Colours by lot (j) except round robins, which follow the Berger tables: with a recorded
  `lot_seed` the engine draws them (per game id), otherwise the arbiter enters them.
* Subsidiary places follow the playoff (e); players still level share places (f): losers of one
  knockout round share, and so do players level on score below the first place.

Readings **[ours]** where the table is silent: "fewest moves" (2 c, 4 a, 6) orders the whole
group still tied for first by the total moves of the games each won in that stage (a draw won
by Black in Armageddon counts), players without a win last; the 3 section winners of 9 play as
in 2 (b); 10 splits into sections (1,4,5,8,9) and (2,3,6,7,10) (the snake of 6's 1,4,5 / 2,3,6);
an 8-player knockout's semi-finals pair the winners of 1v8 and 4v5, 2v7 and 3v6; players
knocked out in sections share by their place in the section; if the first place is still level
after every rule the status says `unresolved` (the right reserved by (k) 11: arbiter's decision).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable, Mapping, Sequence

from damas.engine.pairing.berger import BYE, berger_rounds
from damas.engine.points import format_units
from damas.engine.standings import Standings
from damas.engine.types import EngineError

__all__ = ["GameResult", "PlayoffGame", "PlayoffPlan", "PlayoffStatus", "apply_playoff",
           "playoff_plan", "playoff_status"]

Groups = list[list[int]]
_SCORES = {"1-0": (2, 0), "0-1": (0, 2), "1/2-1/2": (1, 1), "½-½": (1, 1), "=": (1, 1)}
_SECTIONS = {6: ((0, 3, 4), (1, 2, 5)), 9: ((0, 4, 8), (1, 5, 6), (2, 3, 7)),
             10: ((0, 3, 4, 7, 8), (1, 2, 5, 6, 9))}
_NUMBERS = {3: (1, 3, 2), 5: (1, 4, 2, 5, 3), 7: (1, 5, 2, 6, 3, 7, 4)}  # HT rank i -> pairing number
_BRACKET = {4: (0, 3, 1, 2), 8: (0, 7, 3, 4, 1, 6, 2, 5)}


@dataclass(frozen=True)
class PlayoffGame:
    """A game due: `a` is the player with the better HT; `white` is set by the Berger table in
    round robins or by the recorded lot, else None: colours are drawn at the board (j)."""

    id: str
    a: int
    b: int
    armageddon: bool
    white: int | None = None


@dataclass(frozen=True)
class GameResult:
    """A playoff game's result: score from White's view (``1-0``, ``0-1``, ``1/2-1/2``);
    `moves` is needed only when a "fewest moves" rule has to decide."""

    white: int
    black: int
    score: str
    moves: int | None = None

    def __post_init__(self) -> None:
        if self.score not in _SCORES:
            raise EngineError(f"playoff score must be one of {', '.join(_SCORES)}, not {self.score!r}")
        if self.white == self.black:
            raise EngineError("a game needs two different players")
        if self.moves is not None and (not isinstance(self.moves, int) or self.moves < 1):
            raise EngineError("the number of moves is a whole number >= 1")


@dataclass(frozen=True)
class PlayoffPlan:
    """The plan for one tie: `format` is the row of the source's table (2 ... 10, "11+");
    `numbers` pairs (pairing number, start_no) for round robins; `steps` (pt, en) lines."""

    tied: tuple[int, ...]
    format: str
    numbers: tuple[tuple[int, int], ...]
    sections: tuple[tuple[int, ...], ...]
    eliminated: tuple[int, ...]
    steps: tuple[tuple[str, str], ...]
    knockout_matches: bool = True
    armageddon_only: bool = False
    lot_seed: int | None = None


@dataclass(frozen=True)
class PlayoffStatus:
    """Where a playoff stands: games due, moves still to enter, or the final `places` (groups
    of equal places, best first) with a `log` of (pt, en) lines."""

    finished: bool
    pending: tuple[PlayoffGame, ...]
    needs_moves: tuple[str, ...]
    places: tuple[tuple[int, ...], ...]
    unresolved: bool
    log: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class _Played:
    a_pts: int
    b_pts: int
    winner: int | None
    moves: int | None
    id: str


class _Run:
    """One replay of the plan over the entered results."""

    def __init__(self, plan: PlayoffPlan, results: Mapping[str, GameResult]) -> None:
        self.plan, self.results = plan, results
        self.ht = {p: i for i, p in enumerate(plan.tied)}
        self.pending: list[PlayoffGame] = []
        self.needs: list[str] = []
        self.seen: set[str] = set()
        self.log: list[tuple[str, str]] = []
        self.unresolved = False

    def sort(self, players: Sequence[int]) -> list[int]:
        return sorted(players, key=self.ht.__getitem__)

    def lot_white(self, gid: str, a: int, b: int) -> int | None:
        if self.plan.lot_seed is None:
            return None
        return a if random.Random(f"{self.plan.lot_seed}:{gid}").random() < 0.5 else b

    def game(self, gid: str, a: int, b: int, armageddon: bool, white: int | None) -> _Played | None:
        self.seen.add(gid)
        res = self.results.get(gid)
        if res is None:
            self.pending.append(PlayoffGame(gid, *self.sort((a, b)), armageddon, white))
            return None
        if {res.white, res.black} != {a, b}:
            raise EngineError(f"playoff game {gid} is {a} v {b}, not {res.white} v {res.black}")
        if white is not None and res.white != white:
            raise EngineError(f"playoff game {gid}: {white} has White")
        w, bl = _SCORES[res.score]
        if armageddon and w == bl:
            w, bl = 0, 2  # FIDE-GR Playoff 1(b): a draw counts as a win for Black
        pts = {res.white: w, res.black: bl}
        winner = None if w == bl else (res.white if w > bl else res.black)
        return _Played(pts[a], pts[b], winner, res.moves, gid)


def _by_score(run: _Run, players: Sequence[int], scores: Mapping[int, int]) -> Groups:
    groups: Groups = []
    for p in sorted(run.sort(players), key=lambda q: -scores[q]):
        if groups and scores[groups[-1][0]] == scores[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def _armageddon(run: _Run, pair: Sequence[int], gid: str) -> Groups | None:
    """FIDE-GR Playoff 1(b): one game, White 5 min, Black 4, a draw wins for Black."""
    a, b = run.sort(pair)
    g = run.game(gid, a, b, True, run.lot_white(gid, a, b))
    if g is None:
        return None
    run.log.append((f"Armagedom {a} x {b}: vence {g.winner}.", f"Armageddon {a} v {b}: {g.winner} wins."))
    return [[a], [b]] if g.winner == a else [[b], [a]]


def _mini_match(run: _Run, pair: Sequence[int], sid: str) -> Groups | None:
    """FIDE-GR Playoff 1(a): two games at 3 min + 5 s, colours reversed; level -> 1(b)."""
    a, b = run.sort(pair)
    if run.plan.armageddon_only:
        return _armageddon(run, (a, b), f"{sid}.arm")
    w1 = run.lot_white(f"{sid}.g1", a, b)
    first = run.results.get(f"{sid}.g1")
    w2 = first.black if first is not None else (None if w1 is None else (b if w1 == a else a))
    g1 = run.game(f"{sid}.g1", a, b, False, w1)
    g2 = run.game(f"{sid}.g2", a, b, False, w2)
    if g1 is None or g2 is None:
        return None
    sa, sb = g1.a_pts + g2.a_pts, g1.b_pts + g2.b_pts
    score = f"{format_units(sa, 2)}–{format_units(sb, 2)}"
    if sa != sb:
        win = a if sa > sb else b
        run.log.append((f"Mini-match {a} x {b}: {score}; vence {win}.",
                        f"Mini-match {a} v {b}: {score}; {win} wins."))
        return [[a], [b]] if sa > sb else [[b], [a]]
    run.log.append((f"Mini-match {a} x {b}: {score}; segue Armagedom.",
                    f"Mini-match {a} v {b}: {score}; Armageddon next."))
    return _armageddon(run, (a, b), f"{sid}.arm")


def _round_robin(run: _Run, players: Sequence[int], sid: str, armageddon: bool
                 ) -> tuple[dict[int, int], list[_Played]] | None:
    """One-game round robin on the Berger table, `players` listed by pairing number."""
    scores = {p: 0 for p in players}
    played: list[_Played] = []
    waiting = False
    for r, pairs in enumerate(berger_rounds(len(players)), 1):
        for w, b in pairs:
            if b == BYE:
                continue
            pw, pb = players[w - 1], players[b - 1]
            g = run.game(f"{sid}.r{r}.{pw}-{pb}", pw, pb, armageddon, pw)
            if g is None:
                waiting = True
                continue
            scores[pw] += g.a_pts
            scores[pb] += g.b_pts
            played.append(g)
    if waiting:
        return None
    kind = ("Armagedom", "Armageddon") if armageddon else ("rápido", "rapid")
    standing = sorted(players, key=lambda q: (-scores[q], run.ht[q]))
    table = ", ".join(f"{p}: {format_units(scores[p], 2)}" for p in standing)
    run.log.append((f"Round robin {kind[0]} ({sid}): {table}.", f"Round robin {kind[1]} ({sid}): {table}."))
    return scores, played


def _numbered(players: Sequence[int], numbers: Sequence[int]) -> list[int]:
    out = [0] * len(players)
    for p, n in zip(players, numbers):
        out[n - 1] = p
    return out


def _fewest_moves(run: _Run, group: Sequence[int], played: Sequence[_Played]) -> Groups | None:
    """2(c), 4(a), 6: fewest total moves in the games won in this stage ([ours] details above)."""
    missing = [g.id for g in played if g.winner in group and g.moves is None]
    if missing:
        run.needs.extend(missing)
        return None
    key = {p: (0 if any(g.winner == p for g in played) else 1,
               sum(g.moves or 0 for g in played if g.winner == p)) for p in group}
    groups: Groups = []
    for p in sorted(run.sort(group), key=key.__getitem__):
        if groups and key[groups[-1][0]] == key[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    if len(groups[0]) > 1:
        run.unresolved = True
    run.log.append(("Decidido pelo menor número de lances nas partidas vencidas.",
                    "Decided by the fewest moves in the games won."))
    return groups


def _three(run: _Run, players: Sequence[int], sid: str, armageddon_start: bool = False) -> Groups | None:
    """FIDE-GR Playoff 2: rapid round robin (a), Armageddon round robin (b), fewest moves (c);
    two level at the top after (a) or (b) play 1(b)."""
    numbered = _numbered(run.sort(players), _NUMBERS[3])
    for stage, arm in (("a", False), ("b", True)):
        if stage == "a" and armageddon_start:
            continue
        res = _round_robin(run, numbered, f"{sid}.{stage}", arm)
        if res is None:
            return None
        groups = _by_score(run, players, res[0])
        if len(groups[0]) == 1:
            return groups
        if len(groups[0]) == 2:
            top = _armageddon(run, groups[0], f"{sid}.{stage}.arm")
            return None if top is None else top + groups[1:]
        if stage == "b":
            return _fewest_moves(run, groups[0], res[1])
    raise AssertionError("unreachable")


def _five(run: _Run, players: Sequence[int], sid: str) -> Groups | None:
    """FIDE-GR Playoff 4: rapid round robin, numbers 1,4,2,5,3 by HT; ties for first: (a) all
    five -> fewest moves, (b) four -> knockout by Armageddon, (c) three -> as 2, two -> 1(b)."""
    res = _round_robin(run, _numbered(run.sort(players), _NUMBERS[5]), f"{sid}.a", False)
    if res is None:
        return None
    groups = _by_score(run, players, res[0])
    top, rest = groups[0], groups[1:]
    sub: Groups | None
    if len(top) == 1:
        return groups
    if len(top) == 2:
        sub = _armageddon(run, top, f"{sid}.tie")
    elif len(top) == 3:
        sub = _three(run, top, f"{sid}.tie")
    elif len(top) == 4:
        sub = _knockout(run, top, f"{sid}.tie", armageddon=True)
    else:
        sub = _fewest_moves(run, top, res[1])
    return None if sub is None else sub + rest


def _seven(run: _Run, players: Sequence[int], sid: str) -> Groups | None:
    """FIDE-GR Playoff 6: Armageddon round robin, numbers 1,5,2,6,3,7,4; a tie for first by fewest moves."""
    res = _round_robin(run, _numbered(run.sort(players), _NUMBERS[7]), f"{sid}.a", True)
    if res is None:
        return None
    groups = _by_score(run, players, res[0])
    if len(groups[0]) == 1:
        return groups
    top = _fewest_moves(run, groups[0], res[1])
    return None if top is None else top + groups[1:]


def _knockout(run: _Run, players: Sequence[int], sid: str, armageddon: bool) -> Groups | None:
    """FIDE-GR Playoff 3 (1v4, 2v3) and 7 (1v8, 2v7, 3v6, 4v5): losers of a round share (f)."""
    ranked = run.sort(players)
    bracket = [ranked[i] for i in _BRACKET[len(ranked)]]
    out: Groups = []
    rnd = 1
    while len(bracket) > 1:
        winners, losers, waiting = [], [], False
        for i in range(0, len(bracket), 2):
            a, b = run.sort(bracket[i:i + 2])
            gid = f"{sid}.k{rnd}.{a}-{b}"
            res = _armageddon(run, (a, b), gid) if armageddon else _mini_match(run, (a, b), gid)
            if res is None:
                waiting = True
                continue
            winners.append(res[0][0])
            losers.append(res[1][0])
        if waiting:
            return None
        out.insert(0, run.sort(losers))
        bracket, rnd = winners, rnd + 1
    return [bracket] + out


def _sections(run: _Run, sections: Sequence[Sequence[int]], sid: str,
              inner: Callable[[_Run, Sequence[int], str], Groups | None],
              final: Callable[[_Run, Sequence[int], str], Groups | None]) -> Groups | None:
    """FIDE-GR Playoff 5, 8, 9: sections, then their winners; the others share by section place."""
    results = [inner(run, sec, f"{sid}.{chr(ord('A') + i)}") for i, sec in enumerate(sections)]
    if any(r is None for r in results):
        return None
    place: dict[int, int] = {}
    for groups in results:
        pos = 1
        for g in groups or []:
            place.update({p: pos for p in g})
            pos += len(g)
    winners = run.sort([p for p, pos in place.items() if pos == 1])
    rest = sorted({pos for pos in place.values() if pos > 1})
    tail = [run.sort([p for p, pos in place.items() if pos == k]) for k in rest]
    if len(winners) != len(sections):
        run.unresolved = True
        return [winners] + tail
    top = final(run, winners, f"{sid}.final")
    return None if top is None else top + tail


def _resolve(run: _Run) -> Groups | None:
    plan, p = run.plan, list(run.plan.tied)
    n = len(p)
    if n == 2:
        return _mini_match(run, p, "m")
    if n == 3:
        return _three(run, p, "rr")
    if n == 4:
        return _knockout(run, p, "ko", armageddon=plan.armageddon_only or not plan.knockout_matches)
    if n == 5:
        return _five(run, p, "rr")
    if n == 7:
        return _seven(run, p, "rr")
    if n == 8:
        return _knockout(run, p, "ko", armageddon=True)
    if n in _SECTIONS:
        secs = [[p[i] for i in idx] for idx in _SECTIONS[n]]
        if n == 9:
            return _sections(run, secs, "s", _three_armageddon, _three_armageddon)
        return _sections(run, secs, "s", _three if n == 6 else _five, _armageddon)
    top = _knockout(run, p[:8], "ko", armageddon=True)  # 10: ninth and lower by HT eliminated
    return None if top is None else top + [p[8:]]


def _three_armageddon(run: _Run, players: Sequence[int], sid: str) -> Groups | None:
    return _three(run, players, sid, armageddon_start=True)


_R = ("3 min + 5 s por lance desde o 1º", "3 min + 5 s per move from move 1")
_A = ("Armagedom (Brancas 5 min, Pretas 4; empate = vitória das Pretas)",
      "Armageddon (White 5 min, Black 4; a draw is a win for Black)")
_STEPS: dict[str, tuple[tuple[str, str], ...]] = {  # FIDE-GR "Playoff" (k), row by row; {x} filled in
    "2": ((f"(1 a) Mini-match de 2 partidas, {_R[0]}; cores por sorteio, invertidas na 2ª.",
           f"(1 a) Two-game mini-match, {_R[1]}; colours by lot, reversed in game 2."),
          (f"(1 b) Se empatar: uma partida {_A[0]}.", f"(1 b) If level: one game of {_A[1]}.")),
    "2-arm": ((f"(1 b, 12) Uma partida {_A[0]}.", f"(1 b, 12) One game of {_A[1]}."),),
    "3": ((f"(2 a) Round robin de uma partida, {_R[0]}; números 1, 2, 3 = {{num}}.",
           f"(2 a) One-game round robin, {_R[1]}; pairing numbers 1, 2, 3 = {{num}}."),
          ("(2 b) Os três empatados: round robin Armagedom; (2 c) depois, vence quem fez o ponto em "
           "menos lances. Dois empatados no 1º lugar: Armagedom (1 b).",
           "(2 b) All three level: Armageddon round robin; (2 c) then the winner is who scored the "
           "point in fewest moves. Two level: Armageddon (1 b).")),
    "4": (("(3) Eliminatória 1x4, 2x3 pela ordem de desempate ({t}), matches de 2 partidas (1 a), "
           "Armagedom se empatar; perdedores da mesma fase dividem (f).",
           "(3) Knockout 1v4, 2v3 in HT order ({t}), two-game matches (1 a), Armageddon if level; "
           "losers of the same round share (f)."),),
    "4-arm": (("(3) Eliminatória 1x4, 2x3 pela ordem de desempate ({t}), partidas Armagedom (1 b); "
               "perdedores da mesma fase dividem (f).",
               "(3) Knockout 1v4, 2v3 in HT order ({t}), Armageddon games (1 b); "
               "losers of the same round share (f)."),),
    "5": ((f"(4) Round robin de uma partida, {_R[0]}; números 1-5 = {{num}} (desempate 1, 4, 2, 5, 3).",
           f"(4) One-game round robin, {_R[1]}; pairing numbers 1-5 = {{num}} (HT 1, 4, 2, 5, 3)."),
          ("Empate no 1º lugar: cinco, menos lances nas partidas vencidas; quatro, eliminatória com "
           "Armagedom; três, como para 3; dois, Armagedom.",
           "Tie for first: five, fewest moves in the games won; four, knockout by Armageddon; three, "
           "as for 3; two, Armageddon.")),
    "6": (("(5) Seções {secs}; cada uma como para 3; os vencedores jogam Armagedom (1 b).",
           "(5) Sections {secs}; each as for 3; the winners play Armageddon (1 b)."),),
    "7": (("(6) Round robin Armagedom; números 1-7 = {num} (desempate 1, 5, 2, 6, 3, 7, 4); "
           "empate no 1º lugar: menos lances.",
           "(6) Armageddon round robin; pairing numbers 1-7 = {num} (HT 1, 5, 2, 6, 3, 7, 4); "
           "a tie for first by fewest moves."),),
    "8": (("(7) Eliminatória 1x8, 2x7, 3x6, 4x5 pela ordem de desempate ({t}), partidas Armagedom "
           "(1 b); perdedores da mesma fase dividem (f).",
           "(7) Knockout 1v8, 2v7, 3v6, 4v5 in HT order ({t}), Armageddon games (1 b); "
           "losers of the same round share (f)."),),
    "9": (("(8) Grupos {secs}, round robin Armagedom (2 b); os três vencedores jogam como 2 b [nosso].",
           "(8) Groups {secs}, Armageddon round robin (2 b); the three winners play as 2 b [ours]."),),
    "10": (("(9) Seções {secs} [nosso: em serpentina]; cada uma como para 5; os vencedores jogam "
            "Armagedom (1 b).",
            "(9) Sections {secs} [ours: snake order]; each as for 5; the winners play Armageddon (1 b)."),),
    "11+": (("(10) Do 9º em diante pelo desempate, eliminados, dividem: {elim}. Os oito restantes "
             "jogam como para 8.",
             "(10) Ninth and lower by HT are eliminated and share: {elim}. The other eight play as "
             "for 8."),),
}
_ALWAYS = ("Cores por sorteio fora das tabelas Berger (j); colocações secundárias seguem o playoff (e); "
           "empatados dividem (f).",
           "Colours by lot except on Berger tables (j); subsidiary places follow the playoff (e); "
           "players still level share (f).")


def _plan_steps(fmt: str, tied: Sequence[int], matches: bool, arm_only: bool) -> tuple[tuple[str, str], ...]:
    """The plan in words (pt, en), citing the row of FIDE-GR "Playoff" (k)."""
    n = len(tied)
    key = fmt + ("-arm" if (fmt == "2" and arm_only) or (fmt == "4" and (arm_only or not matches)) else "")
    fill = {"t": ", ".join(map(str, tied)), "elim": ", ".join(map(str, tied[8:])),
            "num": ", ".join(map(str, _numbered(tied, _NUMBERS[n]))) if n in _NUMBERS else "",
            "secs": " / ".join(f"({', '.join(str(tied[i]) for i in idx)})" for idx in _SECTIONS.get(n, ()))}
    return tuple((pt.format(**fill), en.format(**fill)) for pt, en in _STEPS[key]) + (_ALWAYS,)


def playoff_plan(tied: Sequence[int], *, knockout_matches: bool = True, armageddon_only: bool = False,
                 lot_seed: int | None = None) -> PlayoffPlan:
    """The plan for players tied in HT order (best first). `knockout_matches`: the 4-player
    knockout uses two-game matches (3, "if time permits"), else Armageddon; `armageddon_only`:
    no two-game matches at all, straight to Armageddon (12: "if the original games run very
    late"); `lot_seed`: the engine draws the colours (j), replayable from the recorded seed."""
    tied = tuple(tied)
    if len(tied) < 2:
        raise EngineError("a playoff needs at least two tied players")
    if len(set(tied)) != len(tied):
        raise EngineError("a player appears twice in the tie")
    n = len(tied)
    numbers: tuple[tuple[int, int], ...] = ()
    if n in _NUMBERS:
        numbers = tuple(sorted((num, p) for p, num in zip(tied, _NUMBERS[n])))
    sections = tuple(tuple(tied[i] for i in idx) for idx in _SECTIONS.get(n, ()))
    fmt = str(n) if n <= 10 else "11+"
    return PlayoffPlan(tied, fmt, numbers, sections, tied[8:] if n > 10 else (),
                       _plan_steps(fmt, tied, knockout_matches, armageddon_only),
                       knockout_matches, armageddon_only, lot_seed)


def playoff_status(plan: PlayoffPlan, results: Mapping[str, GameResult]) -> PlayoffStatus:
    """Replay `results` (game id -> result) over the plan: games due or the final places."""
    run = _Run(plan, results)
    groups = _resolve(run)
    unknown = sorted(set(results) - run.seen)
    if unknown:
        raise EngineError(f"no such playoff game (yet): {', '.join(unknown)}")
    if groups is None:
        return PlayoffStatus(False, tuple(run.pending), tuple(run.needs), (), False, tuple(run.log))
    return PlayoffStatus(True, (), (), tuple(tuple(g) for g in groups), run.unresolved, tuple(run.log))


def apply_playoff(standings: Standings, status: PlayoffStatus) -> Standings:
    """The table with the playoff's places (FIDE-GR Playoff (e), (f)): the tied players must be
    consecutive rows; they take the playoff order, players still level share the place."""
    if not status.finished:
        raise EngineError("the playoff is not finished")
    players = [p for g in status.places for p in g]
    rows = list(standings.rows)
    index = {r.start_no: i for i, r in enumerate(rows)}
    if any(p not in index for p in players):
        raise EngineError("a playoff player is not in this table")
    spots = sorted(index[p] for p in players)
    if spots != list(range(spots[0], spots[0] + len(spots))) or rows[spots[0]].excluded:
        raise EngineError("the playoff players are not consecutive in this table")
    base = rows[spots[0]].rank
    new, place = [], base
    for group in status.places:
        label = str(place) if len(group) == 1 else f"{place}-{place + len(group) - 1}"
        new.extend(replace(rows[index[p]], rank=place, rank_label=label) for p in group)
        place += len(group)
    rows[spots[0]:spots[-1] + 1] = new
    return replace(standings, rows=tuple(rows))
