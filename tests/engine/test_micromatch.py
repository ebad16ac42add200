"""Brazilian micro-match system: hand-worked golden rounds, scoring, CBJD 120-122 (RULES.md §2-3)."""
from __future__ import annotations

from pathlib import Path

import pytest

from damas.engine.micromatch_scoring import (
    bye_result,
    micro_match,
    micro_match_results,
    micro_ruleset,
    parse_game,
)
from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.pairing.micromatch import MicromatchSystemError, check_micromatch_system
from damas.engine.standings import compute_standings
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

GOLDEN = Path(__file__).parent / "golden" / "micromatch"


# -- helpers -----------------------------------------------------------------------------------
def build_state(players: int, rounds: list[str], statuses: dict[int, EntrantStatus] | None = None,
                total: int = 7) -> TournamentState:
    """State from golden 'round' lines: 'W-B G1 G2 | bye N | absent N'."""
    results: dict[int, list[RoundResult]] = {i: [] for i in range(1, players + 1)}
    for r, line in enumerate(rounds, start=1):
        seen = set()
        for item in (x.split() for x in line.split("|") if x.strip()):
            if item[0] == "bye":
                no = int(item[1])
                results[no].append(bye_result(r))
                seen.add(no)
            elif item[0] == "absent":
                continue
            else:
                w, b = (int(x) for x in item[0].split("-"))
                ra, rb = micro_match_results(r, w, b, micro_match(item[1], item[2]))
                results[w].append(ra)
                results[b].append(rb)
                seen |= {w, b}
        for no, row in results.items():
            if no not in seen:
                row.append(RoundResult(r, Outcome.NOT_PAIRED))
    statuses = statuses or {}
    entrants = tuple(Entrant(i, f"P{i}", status=statuses.get(i, EntrantStatus.ACTIVE))
                     for i in range(1, players + 1))
    return TournamentState(entrants, {k: tuple(v) for k, v in results.items()}, total)


def boards_text(pairings: list[Pairing]) -> str:
    return " ".join(f"{p.white}-{p.black if p.black is not None else 0}" for p in pairings)


def pair(state: TournamentState, *, scoring: str = "game", first: Color = Color.WHITE,
         absent: frozenset[int] = frozenset(), byes: dict[int, Outcome] | None = None) -> list[Pairing]:
    request = PairingRequest(state, state.rounds_played + 1, "cbjd", first, absent, byes or {},
                             {"micro_scoring": scoring})
    return get_system("micromatch").pair(request)


def golden_cases() -> list[tuple[str, int]]:
    out = []
    for path in sorted(GOLDEN.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("pair "):
                out.append((path.name, int(line.split()[1].rstrip(":"))))
    return out


@pytest.mark.parametrize(("name", "round_no"), golden_cases())
def test_golden_round(name: str, round_no: int) -> None:
    players, scoring, first = 0, "game", Color.WHITE
    rounds: dict[int, str] = {}
    expected = ""
    for raw in (GOLDEN / name).read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, _, rest = line.partition(" ")
        if key == "players":
            players = int(rest)
        elif key == "scoring":
            scoring = rest.strip()
        elif key == "first_color":
            first = Color.WHITE if rest.strip() == "w" else Color.BLACK
        elif key == "round":
            r, _, body = rest.partition(":")
            rounds[int(r)] = body
        elif key == "pair":
            r, _, body = rest.partition(":")
            if int(r) == round_no:
                expected = " ".join(body.split())
    state = build_state(players, [rounds[r] for r in range(1, round_no)])
    assert boards_text(pair(state, scoring=scoring, first=first)) == expected


def test_golden_cases_found() -> None:
    assert len(golden_cases()) >= 9


# -- scoring (RULES.md §2) ---------------------------------------------------------------------
@pytest.mark.parametrize(("g1", "g2", "a", "b", "outcome"), [
    ("2-0", "1-1", 3, 1, Outcome.WIN),
    ("2-0", "0-2", 2, 2, Outcome.DRAW),
    ("1-1", "1-1", 2, 2, Outcome.DRAW),
    ("0-2", "1-1", 1, 3, Outcome.LOSS),
    ("2-0", "2-0", 4, 0, Outcome.WIN),
    ("1-1", "+-", 3, 1, Outcome.WIN),  # one game played: the micro-match was played
    ("+-", "+-", 4, 0, Outcome.FORFEIT_WIN),
    ("-+", "-+", 0, 4, Outcome.FORFEIT_LOSS),
    ("--", "--", 0, 0, Outcome.DOUBLE_FORFEIT),  # CBJD 113: both absent, 0-0
])
def test_micro_match_scoring(g1: str, g2: str, a: int, b: int, outcome: Outcome) -> None:
    m = micro_match(g1, g2)
    assert (m.points_a, m.points_b, m.outcome) == (a, b, outcome)
    assert m.text == f"{a}-{b}"


def test_micro_match_refuses_forfeit_each_way_and_bad_text() -> None:
    with pytest.raises(EngineError):
        micro_match("+-", "-+")
    with pytest.raises(EngineError, match="unknown game result"):
        parse_game("3-0")
    with pytest.raises(EngineError, match="not the result of a game"):
        micro_match(Outcome.PAIRING_BYE, Outcome.WIN)
    assert micro_match(Outcome.WIN, Outcome.DRAW).text == "3-1"
    assert parse_game(" 1 – 1 ") is Outcome.DRAW


def test_round_results_and_points_game_v_match() -> None:
    """2-0 then 1-1: 3-1 in game points; 2-0 in match points; GP stays 3 (RULES.md §2)."""
    ra, rb = micro_match_results(1, 7, 9, micro_match("2-0", "1-1"))
    assert ra == RoundResult(1, Outcome.WIN, 9, Color.WHITE, 3)
    assert rb == RoundResult(1, Outcome.LOSS, 7, Color.BLACK, 1)
    game, match = micro_ruleset("cbjd", "game"), micro_ruleset("cbjd", "match")
    assert (game.points_for(ra), game.points_for(rb)) == (3, 1)
    assert (match.points_for(ra), match.points_for(rb)) == (2, 0)
    draw_a, _ = micro_match_results(1, 7, 9, micro_match("2-0", "0-2"))
    assert match.points_for(draw_a) == 1 and game.points_for(draw_a) == 2


def test_bye_scores_a_won_micro_match() -> None:
    bye = bye_result(3)
    assert (bye.outcome, bye.game_points, bye.opponent) == (Outcome.PAIRING_BYE, 4, None)
    assert micro_ruleset("cbjd", "game").points_for(bye) == 4
    assert micro_ruleset("cbjd", "match").points_for(bye) == 2
    assert bye_result(1, micro_matches=4).game_points == 16


def test_gp_tiebreak_under_match_points() -> None:
    """Match points tie 1 and 2 (a win and a draw each); game points separate them: 3+2 v 4+2."""
    state = build_state(4, ["1-3 2-0 1-1 | 2-4 2-0 2-0", "1-4 1-1 1-1 | 2-3 1-1 1-1"])
    st = compute_standings(state, micro_ruleset("cbjd", "match"), ["GP"])
    assert [(r.start_no, r.points, r.tiebreaks) for r in st.rows] == [
        (2, 3, (6,)), (1, 3, (5,)), (3, 1, (3,)), (4, 1, (2,))]
    by_game = compute_standings(state, micro_ruleset("cbjd", "game"), ["GP"])
    assert [(r.start_no, r.points) for r in by_game.rows] == [(2, 6), (1, 5), (3, 3), (4, 2)]


# -- who is paired ---------------------------------------------------------------------------
def test_absent_withdrawn_and_requested_byes_are_not_paired() -> None:
    state = build_state(8, [], statuses={8: EntrantStatus.WITHDRAWN})
    boards = pair(state, absent=frozenset({7}), byes={6: Outcome.HALF_BYE})
    # 1..5 remain: bye 5; fold 1-3, 2-4; board 2 alternates to Black for 2.
    assert boards_text(boards) == "1-3 4-2 5-0"


def test_unplayed_micro_match_is_not_a_meeting() -> None:
    """C.04.2 #6: 1 and 2 forfeited both games (double forfeit); they may meet again."""
    state = build_state(2, ["1-2 -- --"])
    assert boards_text(pair(state)) == "1-2"  # neither has a played micro-match: lot colour
    played = build_state(2, ["1-2 1-1 1-1"])
    with pytest.raises(EngineError, match="rematch"):
        pair(played)


def test_registered_with_articles() -> None:
    system = get_system("micromatch")
    assert "CBJD 120" in system.article and system.name_pt


# -- CBJD 120-122 ------------------------------------------------------------------------------
def test_cbjd_120_122_system_check() -> None:
    check_micromatch_system("micromatch", True)
    check_micromatch_system("dutch", False)
    with pytest.raises(MicromatchSystemError, match="CBJD 120-121"):
        check_micromatch_system("dutch", True)
    with pytest.raises(MicromatchSystemError, match="CBJD 122"):
        check_micromatch_system("micromatch", False)
    assert issubclass(MicromatchSystemError, EngineError)


def test_state_from_two_games_per_round() -> None:
    """A game-by-game record (TRF with two columns per micro-match) folds into micro-matches:
    1-2: W 1-0 as White then D -> 3-1 WIN, colour of game 1; 3: two pairing byes -> bye, 4."""
    from damas.engine.micromatch_scoring import micro_state_from_games

    games = {
        1: (RoundResult(1, Outcome.WIN, 2, Color.WHITE), RoundResult(2, Outcome.DRAW, 2, Color.BLACK)),
        2: (RoundResult(1, Outcome.LOSS, 1, Color.BLACK), RoundResult(2, Outcome.DRAW, 1, Color.WHITE)),
        3: (RoundResult(1, Outcome.PAIRING_BYE), RoundResult(2, Outcome.PAIRING_BYE)),
    }
    state = TournamentState(tuple(Entrant(i, f"P{i}") for i in (1, 2, 3)), games, 6)
    micro = micro_state_from_games(state)
    assert micro.total_rounds == 3
    assert micro.rounds_of(1) == (RoundResult(1, Outcome.WIN, 2, Color.WHITE, 3),)
    assert micro.rounds_of(2) == (RoundResult(1, Outcome.LOSS, 1, Color.BLACK, 1),)
    assert micro.rounds_of(3) == (RoundResult(1, Outcome.PAIRING_BYE, None, Color.NONE, 4),)
    # next round: scores 3:4, 1:3, 2:1 -> bye to 2 (lowest without a bye); 3 v 1: neither
    # started with Black, 3 has no micro-match, so 1 alternates from White to Black -> 3-1.
    assert boards_text(pair(micro)) == "3-1 2-0"
    odd = TournamentState(state.entrants, {k: v[:1] for k, v in games.items()}, 6)
    with pytest.raises(EngineError, match="two games per round"):
        micro_state_from_games(odd)
