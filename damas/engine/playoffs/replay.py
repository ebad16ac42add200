"""Replay of entered playoff results over a plan, one function per format of FIDE-GR "Playoff"
(1)-(10) (readings [ours] in `damas.engine.playoffs`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from damas.engine.pairing.berger import BYE, berger_rounds
from damas.engine.playoffs.data import (
    _BRACKET,
    _NUMBERS,
    _SCORES,
    _SECTIONS,
    GameResult,
    PlayoffGame,
    PlayoffPlan,
)
from damas.engine.points import format_units
from damas.engine.types import EngineError

Groups = list[list[int]]


@dataclass(frozen=True)
class _Played:
    a_pts: int
    b_pts: int
    winner: int | None
    moves: int | None
    id: str


class Run:
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


def _by_score(run: Run, players: Sequence[int], scores: Mapping[int, int]) -> Groups:
    groups: Groups = []
    for p in sorted(run.sort(players), key=lambda q: -scores[q]):
        if groups and scores[groups[-1][0]] == scores[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def _armageddon(run: Run, pair: Sequence[int], gid: str) -> Groups | None:
    """FIDE-GR Playoff 1(b): one game, White 5 min, Black 4, a draw wins for Black."""
    a, b = run.sort(pair)
    g = run.game(gid, a, b, True, run.lot_white(gid, a, b))
    if g is None:
        return None
    run.log.append((f"Armagedom {a} x {b}: vence {g.winner}.", f"Armageddon {a} v {b}: {g.winner} wins."))
    return [[a], [b]] if g.winner == a else [[b], [a]]


def _mini_match(run: Run, pair: Sequence[int], sid: str) -> Groups | None:
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


def _round_robin(run: Run, players: Sequence[int], sid: str, armageddon: bool
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


def seat_numbers(players: Sequence[int], numbers: Sequence[int]) -> list[int]:
    out = [0] * len(players)
    for p, n in zip(players, numbers):
        out[n - 1] = p
    return out


def _fewest_moves(run: Run, group: Sequence[int], played: Sequence[_Played]) -> Groups | None:
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


def _three(run: Run, players: Sequence[int], sid: str, armageddon_start: bool = False) -> Groups | None:
    """FIDE-GR Playoff 2: rapid round robin (a), Armageddon round robin (b), fewest moves (c);
    two level at the top after (a) or (b) play 1(b)."""
    numbered = seat_numbers(run.sort(players), _NUMBERS[3])
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


def _five(run: Run, players: Sequence[int], sid: str) -> Groups | None:
    """FIDE-GR Playoff 4: rapid round robin, numbers 1,4,2,5,3 by HT; ties for first: (a) all
    five -> fewest moves, (b) four -> knockout by Armageddon, (c) three -> as 2, two -> 1(b)."""
    res = _round_robin(run, seat_numbers(run.sort(players), _NUMBERS[5]), f"{sid}.a", False)
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


def _seven(run: Run, players: Sequence[int], sid: str) -> Groups | None:
    """FIDE-GR Playoff 6: Armageddon round robin, numbers 1,5,2,6,3,7,4; a tie for first by fewest moves."""
    res = _round_robin(run, seat_numbers(run.sort(players), _NUMBERS[7]), f"{sid}.a", True)
    if res is None:
        return None
    groups = _by_score(run, players, res[0])
    if len(groups[0]) == 1:
        return groups
    top = _fewest_moves(run, groups[0], res[1])
    return None if top is None else top + groups[1:]


def _knockout(run: Run, players: Sequence[int], sid: str, armageddon: bool) -> Groups | None:
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


def _sections(run: Run, sections: Sequence[Sequence[int]], sid: str,
              inner: Callable[[Run, Sequence[int], str], Groups | None],
              final: Callable[[Run, Sequence[int], str], Groups | None]) -> Groups | None:
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


def resolve(run: Run) -> Groups | None:
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


def _three_armageddon(run: Run, players: Sequence[int], sid: str) -> Groups | None:
    return _three(run, players, sid, armageddon_start=True)
