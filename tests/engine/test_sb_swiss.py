"""SB Swiss (FIDE-TB "Swiss system"): hand-worked rounds, CLI, and the absolute rules by property."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.commands.pair import main as pair_main
from damas.engine.pairing.base import PairingRequest, format_pairs, get_system, system_codes
from damas.engine.pairing.sb_swiss import RULE_TEXT, allowed_colours
from damas.engine.tiebreaks import build_context, get_tiebreak
from damas.engine.types import (
    Color,
    EngineError,
    Entrant,
    EntrantStatus,
    Outcome,
    Pairing,
    RoundResult,
    TournamentState,
)

GOLDEN = Path(__file__).parent / "golden" / "sb_swiss"
CASES = sorted(GOLDEN.glob("*.trf"))
W, B = Color.WHITE, Color.BLACK


def test_registered() -> None:
    assert "sb-swiss" in system_codes()
    system = get_system("sb-swiss")
    assert system.article and system.name_pt and system.name_en
    assert len(RULE_TEXT["pt"]) == len(RULE_TEXT["en"]) == 8


def test_four_golden_cases_present() -> None:
    assert len(CASES) == 4


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_cli_matches_hand_worked_round(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert pair_main(["--system", "sb-swiss", str(path)]) == 0
    assert capsys.readouterr().out == path.with_suffix(".pairs").read_text()


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_cli_output_file(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pairs"
    assert pair_main(["--system", "sb-swiss", str(path), "-o", str(out)]) == 0
    assert out.read_text() == path.with_suffix(".pairs").read_text()


# -- helpers --------------------------------------------------------------------------------

def _state(n: int, rows: dict[int, list[RoundResult]], total: int = 9,
           statuses: dict[int, EntrantStatus] | None = None) -> TournamentState:
    statuses = statuses or {}
    entrants = tuple(Entrant(i, f"P{i}", rating=2000 - i, status=statuses.get(i, EntrantStatus.ACTIVE))
                     for i in range(1, n + 1))
    return TournamentState(entrants, {k: tuple(v) for k, v in rows.items()}, total)


def _pair(state: TournamentState, **kw) -> list[Pairing]:
    return get_system("sb-swiss").pair(PairingRequest(state=state, round_no=state.rounds_played + 1, **kw))


def _game(rows, r, w, b, outcome: Outcome) -> None:
    rows[w].append(RoundResult(r, outcome, b, W))
    rows[b].append(RoundResult(r, outcome.mirror, w, B))


@pytest.mark.parametrize("n", [2, 3, 8, 9, 20, 31])
@pytest.mark.parametrize("first", [W, B])
def test_first_round_fold_and_colours(n: int, first: Color) -> None:
    """SW "highest with lowest" with equal SB: k meets n'+1-k by starting rank (the lowest
    takes the bye when n is odd); odd numbers of the top half have the drawn colour."""
    pairs = _pair(_state(n, {i: [] for i in range(1, n + 1)}), first_color=first)
    m = n - n % 2
    games = [p for p in pairs if p.black is not None]
    assert len(games) == m // 2
    for k, p in enumerate(games, start=1):
        assert {p.white, p.black} == {k, m + 1 - k}
        expected = first if k % 2 == 1 else first.opposite
        assert (p.white if expected is W else p.black) == k
    if n % 2:
        assert pairs[-1] == Pairing(len(pairs), n, None)


def test_adjourned_counts_as_draw() -> None:
    """SW "unfinished games": an adjourned game pairs exactly as a draw."""
    def build(outcome: Outcome) -> TournamentState:
        rows = {i: [] for i in range(1, 7)}
        _game(rows, 1, 1, 6, Outcome.WIN)
        _game(rows, 1, 5, 2, outcome)
        _game(rows, 1, 3, 4, Outcome.LOSS)
        return _state(6, rows)
    assert _pair(build(Outcome.ADJOURNED)) == _pair(build(Outcome.DRAW))
    pairs = _pair(build(Outcome.ADJOURNED))
    assert all({p.white, p.black} != {2, 5} for p in pairs)  # they have met


def test_absent_withdrawn_and_requested_byes_are_not_paired() -> None:
    rows = {i: [] for i in range(1, 8)}
    state = _state(7, rows, statuses={7: EntrantStatus.WITHDRAWN})
    pairs = _pair(state, absent=frozenset({2}), requested_byes={3: Outcome.HALF_BYE})
    seen = {p.white for p in pairs} | {p.black for p in pairs if p.black}
    assert seen == {1, 4, 5, 6}
    assert all(p.black is not None for p in pairs)


def test_forfeited_game_may_be_paired_again() -> None:
    """C.04.2 #6: only games played over the board forbid a new pairing."""
    rows = {1: [], 2: []}
    _game(rows, 1, 1, 2, Outcome.FORFEIT_WIN)
    assert [(p.white, p.black) for p in _pair(_state(2, rows))] in ([(1, 2)], [(2, 1)])
    rows = {1: [], 2: []}
    _game(rows, 1, 1, 2, Outcome.DRAW)
    with pytest.raises(EngineError):
        _pair(_state(2, rows))


def test_forbidden_pairs_option() -> None:
    state = _state(4, {i: [] for i in range(1, 5)})
    pairs = _pair(state, options={"forbidden_pairs": [(1, 4)]})
    assert {frozenset((p.white, p.black)) for p in pairs} == {frozenset((1, 3)), frozenset((2, 4))}


def test_wrong_round_refused() -> None:
    with pytest.raises(EngineError):
        get_system("sb-swiss").pair(PairingRequest(_state(4, {i: [] for i in range(1, 5)}), 2))


@pytest.mark.parametrize("history,allowed", [
    ((), {W, B}), ((W, W), {B}), ((B, B), {W}), ((W, B, W, W), {B}),
    ((W, W, B, W), {B}), ((B, W, B, B), {W}), ((W, B), {W, B}), ((W, W, W, W, B, B), set()),
])
def test_allowed_colours(history, allowed) -> None:
    assert allowed_colours(tuple(history)) == allowed


# -- property: the absolute rules over random events -----------------------------------------

def _history(rows, no):
    return [r for r in rows[no] if r.outcome in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.ADJOURNED)]


def _legal_colour(colours: list[Color], c: Color) -> bool:
    seq = colours + [c]
    diff = sum(1 if x is W else -1 for x in seq)
    return abs(diff) <= 2 and not (len(seq) >= 3 and seq[-1] is seq[-2] is seq[-3])


def _can_meet(rows, a: int, b: int) -> bool:
    if any(r.opponent == b for r in _history(rows, a)):
        return False
    ca = [r.color for r in _history(rows, a)]
    cb = [r.color for r in _history(rows, b)]
    return any(_legal_colour(ca, c) and _legal_colour(cb, c.opposite) for c in (W, B))


def _completable(rows, players: list[int]) -> bool:
    """Brute force: can `players` all be paired under the absolute rules?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(_can_meet(rows, first, q) and _completable(rows, [x for x in rest if x != q])
               for q in rest)


def _bye_order(state: TournamentState, ruleset: str):
    norm_rows = {no: tuple(replace(r, outcome=Outcome.DRAW) if r.outcome is Outcome.ADJOURNED else r
                           for r in rs) for no, rs in state.results.items()}
    ctx = build_context(replace(state, results=norm_rows), ruleset)
    sb, bh, med = (get_tiebreak(c).compute(ctx) for c in ("SB", "BH", "BH-M1"))
    return lambda no: (ctx.total[ctx.index[no]], sb[no], bh[no], med[no], -no)


def _bye_eligible(rows, no) -> bool:
    return not any(r.outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN) for r in rows[no])


def _check_round(rows, state, to_pair: list[int], pairs: list[Pairing], r: int, first: Color,
                 ruleset: str) -> None:
    seen = [p.white for p in pairs] + [p.black for p in pairs if p.black is not None]
    assert sorted(seen) == sorted(to_pair)  # everyone once, nobody else
    byes = [p.white for p in pairs if p.black is None]
    assert len(byes) == len(to_pair) % 2
    assert [p.board for p in pairs] == list(range(1, len(pairs) + 1))
    for p in pairs:
        if p.black is None:
            continue
        assert not any(x.opponent == p.black for x in _history(rows, p.white)), "rematch"
        assert _legal_colour([x.color for x in _history(rows, p.white)], W), "colour (white)"
        assert _legal_colour([x.color for x in _history(rows, p.black)], B), "colour (black)"
    if byes:
        bye = byes[0]
        assert _bye_eligible(rows, bye), "second bye"
        key = _bye_order(state, ruleset)
        for q in to_pair:
            if q != bye and _bye_eligible(rows, q) and key(q) < key(bye):
                assert not _completable(rows, [x for x in to_pair if x != q]), (
                    f"bye should go to {q}, not {bye}")
    if r == 1 and len(to_pair) >= 2:
        # SW "first round": the top-ranked player has the drawn colour.
        top = min(x for x in to_pair if x not in byes)
        board = next(p for p in pairs if top in (p.white, p.black))
        assert (board.white == top) == (first is W)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 11), total=st.integers(1, 8),
       ruleset=st.sampled_from(["fide", "cbjd", "club"]), first=st.sampled_from([W, B]))
def test_absolute_rules_hold_over_random_events(seed: int, n: int, total: int, ruleset: str,
                                                 first: Color) -> None:
    rnd = random.Random(seed)
    rows: dict[int, list[RoundResult]] = {i: [] for i in range(1, n + 1)}
    withdrawn: set[int] = set()
    for r in range(1, total + 1):
        state = _state(n, rows, total, {w: EntrantStatus.WITHDRAWN for w in withdrawn})
        absent = frozenset(i for i in rows if i not in withdrawn and rnd.random() < 0.08)
        half = {i: Outcome.HALF_BYE for i in rows
                if i not in withdrawn and i not in absent and rnd.random() < 0.05}
        to_pair = sorted(i for i in rows if i not in withdrawn and i not in absent and i not in half)
        try:
            pairs = _pair(state, ruleset=ruleset, first_color=first, absent=absent, requested_byes=half)
        except EngineError:
            # Only when no pairing satisfies the absolute rules (brute force).
            assert not any(_completable(rows, [x for x in to_pair if x != b])
                           for b in ([None] if len(to_pair) % 2 == 0 else
                                     [q for q in to_pair if _bye_eligible(rows, q)]))
            return
        _check_round(rows, state, to_pair, pairs, r, first, ruleset)
        for i in rows:
            if i in withdrawn or i in absent:
                rows[i].append(RoundResult(r, Outcome.NOT_PAIRED if i in withdrawn else Outcome.ZERO_BYE))
            elif i in half:
                rows[i].append(RoundResult(r, Outcome.HALF_BYE))
        for p in pairs:
            if p.black is None:
                rows[p.white].append(RoundResult(r, Outcome.PAIRING_BYE))
                continue
            outcome = rnd.choices(
                [Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.FORFEIT_WIN, Outcome.ADJOURNED,
                 Outcome.DOUBLE_FORFEIT], [35, 25, 35, 4, 3, 1])[0]
            if outcome.played or outcome is Outcome.ADJOURNED:
                _game(rows, r, p.white, p.black, outcome)
            else:
                rows[p.white].append(RoundResult(r, outcome, p.black, Color.NONE))
                rows[p.black].append(RoundResult(r, outcome.mirror, p.white, Color.NONE))
        if rnd.random() < 0.05:
            withdrawn.add(rnd.randint(1, n))


def test_format_is_the_dutch_format() -> None:
    pairs = _pair(_state(3, {i: [] for i in range(1, 4)}))
    assert format_pairs(pairs) == "2\n1 2\n3 0\n"
