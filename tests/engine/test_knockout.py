"""Knockout (CLUB Eliminatória, FIDE-GR Playoff 1): brackets, drawn ties, Armageddon, absence, places."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.pairing.knockout import (
    KnockoutSettings,
    Place,
    Stage,
    TieGame,
    absence_game,
    all_ties,
    bracket_order,
    build_bracket,
    champion,
    final_places,
    next_game,
    record_game,
    record_games,
)
from damas.engine.types import Color, EngineError, Entrant, Outcome, Pairing, RoundResult, TournamentState

GOLDEN = Path(__file__).parent / "golden" / "knockout"
W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def _golden(n: int) -> list[tuple[int, int | None]]:
    ties = []
    for line in (GOLDEN / f"knockout-{n:02}.txt").read_text().splitlines():
        if line.startswith("#"):
            continue
        a, b = line.split("-")
        ties.append((int(a), None if b == "bye" else int(b)))
    return ties


@pytest.mark.parametrize("n", range(2, 34))
def test_bracket_equals_golden(n: int) -> None:
    seeds = list(range(101, 101 + n))  # start numbers differ from seed numbers on purpose
    bracket = build_bracket(seeds)
    got = []
    for i in range(bracket.size // 2):
        a, b = bracket.slots[2 * i], bracket.slots[2 * i + 1]
        got.append((bracket.seed_of(a), None if b is None else bracket.seed_of(b)))  # type: ignore[arg-type]
    assert got == _golden(n)


def test_standard_orders_by_hand() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(EngineError):
        bracket_order(6)
    with pytest.raises(EngineError):
        build_bracket([1])
    with pytest.raises(EngineError):
        build_bracket([1, 1, 2])


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=2, max_value=200))
def test_top_seeds_meet_last(n: int) -> None:
    """Seeds 1..2^k lie in different sub-brackets of size P/2^k: 1-2 only in the final, 1-4 from the semis."""
    bracket = build_bracket(list(range(1, n + 1)))
    size = bracket.size
    position = {s: i for i, s in enumerate(bracket.slots) if s is not None}
    assert sorted(position) == list(range(1, n + 1))
    k = 1
    while (1 << k) <= size:
        block = size >> k
        top = [s for s in range(1, (1 << k) + 1) if s <= n]
        assert len({position[s] // block for s in top}) == len(top)
        k += 1
    # byes go to the best seeds: player s has a bye exactly when s <= size - n
    byes = {t.winner for t in all_ties(bracket).values() if t.bye}
    assert byes == set(range(1, size - n + 1))


def _play(bracket, tid, outcome, stage=None):  # type: ignore[no-untyped-def]
    tie = all_ties(bracket)[tid]
    white, black, nxt = next_game(bracket, tie)  # type: ignore[misc]
    return record_game(bracket, tid, TieGame(white, black, stage or nxt, outcome))


def test_club_drawn_tie_replayed_with_colours_reversed() -> None:
    bracket = build_bracket([10, 20], KnockoutSettings(drawn="replay"))
    tie = all_ties(bracket)[(1, 0)]
    assert next_game(bracket, tie) == (10, 20, Stage.MAIN)
    assert next_game(bracket, tie, Color.BLACK) == (20, 10, Stage.MAIN)
    bracket = _play(bracket, (1, 0), D)
    tie = all_ties(bracket)[(1, 0)]
    assert tie.winner is None and next_game(bracket, tie) == (20, 10, Stage.REPLAY)
    bracket = _play(bracket, (1, 0), D)  # 20 (White) draws again
    assert next_game(bracket, all_ties(bracket)[(1, 0)]) == (10, 20, Stage.REPLAY)
    bracket = _play(bracket, (1, 0), L)  # 10 (White) loses the second replay
    assert champion(bracket) == 20
    assert final_places(bracket) == [Place(1, 1, (20,)), Place(2, 2, (10,))]
    with pytest.raises(EngineError):
        record_game(bracket, (1, 0), TieGame(10, 20, Stage.REPLAY, D))


def test_mini_match_then_rapid_then_armageddon() -> None:
    s = KnockoutSettings(games=2, drawn="playoff", rapid_games=2)
    bracket = build_bracket([1, 2], s)
    bracket = _play(bracket, (1, 0), W)  # 1 (W) beats 2
    assert all_ties(bracket)[(1, 0)].next_stage is Stage.MAIN
    bracket = _play(bracket, (1, 0), W)  # 2 (W) beats 1: 1-1
    assert all_ties(bracket)[(1, 0)].next_stage is Stage.RAPID
    bracket = _play(bracket, (1, 0), D)
    bracket = _play(bracket, (1, 0), D)
    tie = all_ties(bracket)[(1, 0)]
    assert tie.next_stage is Stage.ARMAGEDDON and tie.winner is None
    with pytest.raises(EngineError):  # a further rapid game is not what the tie needs
        record_game(bracket, (1, 0), TieGame(1, 2, Stage.RAPID, D))
    # Armageddon drawn: Black wins the tie (FIDE-GR Playoff 1 b)
    drawn = record_game(bracket, (1, 0), TieGame(1, 2, Stage.ARMAGEDDON, D))
    assert champion(drawn) == 2
    won = record_game(bracket, (1, 0), TieGame(1, 2, Stage.ARMAGEDDON, W))
    assert champion(won) == 1
    lost = record_game(bracket, (1, 0), TieGame(2, 1, Stage.ARMAGEDDON, L))
    assert champion(lost) == 1


def test_mini_match_stops_when_lead_is_safe() -> None:
    bracket = build_bracket([1, 2], KnockoutSettings(games=4, drawn="playoff"))
    for outcome in (W, L, W):  # colours alternate: 1 wins, 1 wins (as Black), 1 wins: 3-0 with one left
        bracket = _play(bracket, (1, 0), outcome)
    assert champion(bracket) == 1
    assert [(g.white, g.black) for g in all_ties(bracket)[(1, 0)].games] == [(1, 2), (2, 1), (1, 2)]


def test_absence_rule() -> None:
    # CLUB: both absent, in a knockout the one absent longer loses
    g = absence_game(5, 6, Stage.MAIN, white_minutes=30, black_minutes=12)
    assert g.outcome is Outcome.FORFEIT_LOSS
    g = absence_game(5, 6, Stage.MAIN, white_minutes=10, black_minutes=12)
    assert g.outcome is Outcome.FORFEIT_WIN
    assert absence_game(5, 6, Stage.MAIN, None, 5).outcome is Outcome.FORFEIT_WIN
    assert absence_game(5, 6, Stage.MAIN, 5, None).outcome is Outcome.FORFEIT_LOSS
    equal = absence_game(5, 6, Stage.MAIN, 15, 15)
    assert equal.outcome is Outcome.DOUBLE_FORFEIT
    with pytest.raises(EngineError):
        absence_game(5, 6, Stage.MAIN, None, None)
    bracket = build_bracket([5, 6], KnockoutSettings(drawn="replay"))
    later = record_game(bracket, (1, 0), absence_game(5, 6, Stage.MAIN, 30, 12))
    assert champion(later) == 6
    same = record_game(bracket, (1, 0), equal)  # equally long: as a drawn game, replayed [ours]
    assert all_ties(same)[(1, 0)].next_stage is Stage.REPLAY


def test_wrong_games_refused() -> None:
    bracket = build_bracket([1, 2, 3, 4, 5])
    with pytest.raises(EngineError):
        record_game(bracket, (1, 0), TieGame(1, 5, Stage.MAIN, W))  # seed 1 has a bye
    with pytest.raises(EngineError):
        record_game(bracket, (2, 0), TieGame(1, 4, Stage.MAIN, W))  # 4-5 not decided yet
    with pytest.raises(EngineError):
        record_game(bracket, (9, 0), TieGame(4, 5, Stage.MAIN, W))
    with pytest.raises(EngineError):
        TieGame(4, 5, Stage.MAIN, Outcome.PAIRING_BYE)
    with pytest.raises(EngineError):  # one game per tie per round of play
        record_games(
            bracket, [((1, 1), TieGame(4, 5, Stage.MAIN, D)), ((1, 1), TieGame(5, 4, Stage.MAIN, D))]
        )
    both = record_games(
        build_bracket([1, 2, 3, 4]),
        [((1, 0), TieGame(1, 4, Stage.MAIN, W)), ((1, 1), TieGame(3, 2, Stage.MAIN, W))],
    )
    assert all_ties(both)[(2, 0)].top == 1 and all_ties(both)[(2, 0)].bottom == 3


def _run(n: int, s: KnockoutSettings):  # type: ignore[no-untyped-def]
    """Play every tie with the better seed winning game 1."""
    bracket = build_bracket(list(range(1, n + 1)), s)
    while True:
        pending = [t for t in all_ties(bracket).values() if t.next_stage is not None]
        if not pending:
            return bracket
        for t in pending:
            white, black, stage = next_game(bracket, t)  # type: ignore[misc]
            better = min(white, black)
            bracket = record_game(bracket, t.id, TieGame(white, black, stage, W if white == better else L))


def test_places_shared_by_round() -> None:
    bracket = _run(6, KnockoutSettings())
    # 8-bracket: 1-bye 4-5 2-bye 3-6; favourites win: QF losers 5, 6; SF losers 4, 3; final 1-2
    assert final_places(bracket) == [
        Place(1, 1, (1,)),
        Place(2, 2, (2,)),
        Place(3, 4, (3, 4)),
        Place(5, 6, (5, 6)),
    ]
    assert [p.label for p in final_places(bracket)] == ["1", "2", "3-4", "5-6"]
    big = _run(16, KnockoutSettings())
    assert [p.label for p in final_places(big)] == ["1", "2", "3-4", "5-8", "9-16"]


def test_third_place_match() -> None:
    bracket = _run(8, KnockoutSettings(places=4))
    assert all_ties(bracket)[(3, 1)].top in (3, 4)
    assert final_places(bracket)[:4] == [
        Place(1, 1, (1,)),
        Place(2, 2, (2,)),
        Place(3, 3, (3,)),
        Place(4, 4, (4,)),
    ]
    assert final_places(bracket)[4] == Place(5, 8, (5, 6, 7, 8))


def _state(n: int, rounds: list[list[tuple[int, int, Outcome]]]) -> TournamentState:
    res: dict[int, list[RoundResult]] = {s: [] for s in range(1, n + 1)}
    for r, games in enumerate(rounds, start=1):
        seen = set()
        for w, b, out in games:
            res[w].append(RoundResult(r, out, b, Color.WHITE))
            res[b].append(RoundResult(r, out.mirror, w, Color.BLACK))
            seen |= {w, b}
        for s, rows in res.items():
            if s not in seen:
                rows.append(RoundResult(r, Outcome.NOT_PAIRED))
    entrants = tuple(Entrant(s, f"P{s}", rating=2000 - 10 * s) for s in range(1, n + 1))
    return TournamentState(entrants, {k: tuple(v) for k, v in res.items()}, total_rounds=3)


def test_pairing_system_from_state() -> None:
    system = get_system("knockout")
    state = _state(5, [])
    assert system.pair(PairingRequest(state=state, round_no=1, ruleset="club")) == [
        Pairing(1, 4, 5),
        Pairing(2, 1, None),
        Pairing(3, 2, None),
        Pairing(4, 3, None),
    ]
    # round 1: 4-5 drawn -> club replay with colours reversed; nothing else to play yet
    state = _state(5, [[(4, 5, D)]])
    assert system.pair(PairingRequest(state=state, round_no=2, ruleset="club")) == [Pairing(1, 5, 4)]
    # round 2: 5 wins the replay; semi-finals 1-5 and 2-3 (better seed White)
    state = _state(5, [[(4, 5, D)], [(5, 4, W)]])
    assert system.pair(PairingRequest(state=state, round_no=3, ruleset="club")) == [
        Pairing(1, 1, 5),
        Pairing(2, 2, 3),
    ]
    state = _state(5, [[(4, 5, D)], [(5, 4, W)], [(1, 5, W), (2, 3, L)]])
    assert system.pair(PairingRequest(state=state, round_no=4, ruleset="club")) == [Pairing(1, 1, 3)]
    done = _state(5, [[(4, 5, D)], [(5, 4, W)], [(1, 5, W), (2, 3, L)], [(1, 3, D)], [(3, 1, L)]])
    with pytest.raises(EngineError):
        system.pair(PairingRequest(state=done, round_no=6, ruleset="club"))
    # fide: a drawn single game goes to the rapid mini-match
    state = _state(2, [[(1, 2, D)]])
    assert system.pair(PairingRequest(state=state, round_no=2, ruleset="fide")) == [Pairing(1, 2, 1)]
    bad = _state(5, [[(1, 2, W)]])
    with pytest.raises(EngineError):
        system.pair(PairingRequest(state=bad, round_no=2))
    adjourned = _state(2, [[(1, 2, Outcome.ADJOURNED)]])
    with pytest.raises(EngineError):
        system.pair(PairingRequest(state=adjourned, round_no=2))


def test_places_five_to_eight_played_off() -> None:
    # 8 players, places=8; favourites win. Round 1: 1-8 4-5 2-7 3-6 (losers 8, 5, 7, 6).
    bracket = _run(8, KnockoutSettings(places=8))
    ties = all_ties(bracket)
    sides = {tid: (t.top, t.bottom) for tid, t in ties.items()}
    # round 2: semi-finals 1-4, 2-3 and the 5-8 semi-finals 8-5, 7-6 (losers of ties 0+1, 2+3)
    assert [sides[(2, j)] for j in range(4)] == [(1, 4), (2, 3), (8, 5), (7, 6)]
    # round 3: final, third place (semi-final losers), 5th place, 7th place
    assert [sides[(3, j)] for j in range(4)] == [(1, 2), (4, 3), (5, 6), (8, 7)]
    assert final_places(bracket) == [Place(i, i, (i,)) for i in range(1, 9)]


def test_places_played_off_with_byes() -> None:
    # 6 players: 1-bye 4-5 2-bye 3-6. The 5-8 section gets byes where the top seeds had theirs.
    bracket = _run(6, KnockoutSettings(places=8))
    ties = all_ties(bracket)
    assert ties[(2, 2)].bye and ties[(2, 2)].winner == 5
    assert ties[(2, 3)].bye and ties[(2, 3)].winner == 6
    assert (ties[(3, 2)].top, ties[(3, 2)].bottom, ties[(3, 2)].winner) == (5, 6, 5)
    assert ties[(3, 3)].winner == 0 and not ties[(3, 3)].bye  # nobody left for 7th-8th
    assert final_places(bracket) == [Place(i, i, (i,)) for i in range(1, 7)]
    # 16 players: what is not played off is shared
    assert [p.label for p in final_places(_run(16, KnockoutSettings(places=4)))] == [
        "1", "2", "3", "4", "5-8", "9-16",
    ]  # fmt: skip
    assert [p.label for p in final_places(_run(16, KnockoutSettings(places=8)))][-2:] == ["8", "9-16"]
    with pytest.raises(EngineError):
        KnockoutSettings(places=6)


def test_places_known_so_far() -> None:
    bracket = build_bracket(list(range(1, 9)), KnockoutSettings(places=8))
    for j, outcome in enumerate([W, W, W, W]):  # 1, 4 (White v 5), 2, 3 win round 1
        tie = all_ties(bracket)[(1, j)]
        white, black, stage = next_game(bracket, tie)  # type: ignore[misc]
        bracket = record_game(bracket, (1, j), TieGame(white, black, stage, outcome))
    assert final_places(bracket) == []  # nobody's place is settled yet
    bracket = _play(bracket, (2, 2), W)  # 5-8 semi-final: 5 (better seed, White) beats 8
    bracket = _play(bracket, (2, 3), L)  # 6 (White) loses to 7
    bracket = _play(bracket, (3, 3), W)  # 7th place, losers 8 v 6: 6 (better seed, White) wins
    places = final_places(bracket)
    assert places == [Place(7, 7, (6,)), Place(8, 8, (8,))]


def test_pairing_system_with_places() -> None:
    system = get_system("knockout")
    opts = {"places": 8}
    state = _state(6, [[(4, 5, W), (3, 6, W)]])
    # round 2: semi-finals only (5 and 6 have byes in the 5-8 section)
    assert system.pair(PairingRequest(state=state, round_no=2, ruleset="club", options=opts)) == [
        Pairing(1, 1, 4),
        Pairing(2, 2, 3),
    ]
    state = _state(6, [[(4, 5, W), (3, 6, W)], [(1, 4, W), (2, 3, W)]])
    assert system.pair(PairingRequest(state=state, round_no=3, ruleset="club", options=opts)) == [
        Pairing(1, 1, 2),
        Pairing(2, 3, 4),
        Pairing(3, 5, 6),
    ]
    third = {"third_place": True}
    assert system.pair(PairingRequest(state=state, round_no=3, ruleset="club", options=third)) == [
        Pairing(1, 1, 2),
        Pairing(2, 3, 4),
    ]


class _Lot:
    """A lot whose draw is fixed: below 0.5 swaps the colours."""

    def __init__(self, value: float) -> None:
        self.value = value

    def random(self) -> float:
        return self.value


def test_playoff_colours_by_lot() -> None:
    bracket = build_bracket([1, 2], KnockoutSettings(drawn="playoff"))
    bracket = _play(bracket, (1, 0), D)  # 1 (White) v 2 drawn: rapid mini-match
    tie = all_ties(bracket)[(1, 0)]
    assert next_game(bracket, tie) == (2, 1, Stage.RAPID)  # no lot: colours alternate
    assert next_game(bracket, tie, lot=_Lot(0.2)) == (1, 2, Stage.RAPID)  # type: ignore[arg-type]
    assert next_game(bracket, tie, lot=_Lot(0.7)) == (2, 1, Stage.RAPID)  # type: ignore[arg-type]
    bracket = record_game(bracket, (1, 0), TieGame(1, 2, Stage.RAPID, D))
    tie = all_ties(bracket)[(1, 0)]
    assert next_game(bracket, tie, lot=_Lot(0.2)) == (2, 1, Stage.RAPID)  # type: ignore[arg-type]
    bracket = record_game(bracket, (1, 0), TieGame(2, 1, Stage.RAPID, D))
    tie = all_ties(bracket)[(1, 0)]
    assert next_game(bracket, tie, lot=_Lot(0.2)) == (2, 1, Stage.ARMAGEDDON)  # type: ignore[arg-type]
    assert next_game(bracket, tie, lot=_Lot(0.7)) == (1, 2, Stage.ARMAGEDDON)  # type: ignore[arg-type]
