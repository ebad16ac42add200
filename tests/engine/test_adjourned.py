"""Adjourned games (seed fide-swiss-general-and-dutch-ru.txt #1, C.04.2: "Adjourned games count as
draws for pairing only"): the pair has met, the colours count, and the standings score nothing
until the real result (issue 18 #5)."""
from __future__ import annotations

from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.pairing.dutch.players import build_players
from damas.engine.rulesets import get_ruleset
from damas.engine.standings import compute_standings
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState

O = Outcome


def _state(round1: dict[int, RoundResult]) -> TournamentState:
    ents = tuple(Entrant(i, f"P{i}", rating=2000 - i) for i in range(1, 5))
    return TournamentState(ents, {i: (round1[i],) for i in range(1, 5)}, 3)


def _round1(board1: Outcome, board2: Outcome = O.LOSS) -> dict[int, RoundResult]:
    """Round 1: 1-3 (White 1) with `board1`, 4-2 (White 4) with `board2`."""
    return {1: RoundResult(1, board1, 3, Color.WHITE), 3: RoundResult(1, board1.mirror, 1, Color.BLACK),
            4: RoundResult(1, board2, 2, Color.WHITE), 2: RoundResult(1, board2.mirror, 4, Color.BLACK)}


def test_c04_2_1_adjourned_pair_has_met_and_colours_count() -> None:
    players, _ctx, _ranked = build_players(PairingRequest(_state(_round1(O.ADJOURNED)), 2, ruleset="fide"))
    p = {x.no: x for x in players}
    assert 3 in p[1].forbidden and 1 in p[3].forbidden
    assert p[1].colors == ["w"] and p[3].colors == ["b"]
    assert p[1].score == p[3].score == 1  # a draw for pairing (half point in units of 2)


def test_c04_2_1_adjourned_game_pairs_exactly_as_a_draw() -> None:
    dutch = get_system("dutch")
    adjourned = dutch.pair(PairingRequest(_state(_round1(O.ADJOURNED, O.ADJOURNED)), 2, ruleset="fide"))
    drawn = dutch.pair(PairingRequest(_state(_round1(O.DRAW, O.DRAW)), 2, ruleset="fide"))
    assert [(b.white, b.black) for b in adjourned] == [(b.white, b.black) for b in drawn]
    assert all({b.white, b.black} not in ({1, 3}, {2, 4}) for b in adjourned)  # no rematch


def test_adjourned_game_scores_nothing_in_the_standings_until_played() -> None:
    rs = get_ruleset("fide")
    rows = {r.start_no: r for r in compute_standings(_state(_round1(O.ADJOURNED)), rs, ("BH",)).rows}
    assert rows[1].points == rows[3].points == 0
    assert rows[1].pending == rows[3].pending == (1,) and rows[2].pending == ()
    assert O.ADJOURNED.met and O.DRAW.met and not O.FORFEIT_WIN.met and not O.ADJOURNED.played


def test_trf16_writes_an_adjourned_game_as_an_unrated_draw_with_its_colour() -> None:
    """TRF-16 has no adjourned code: "D" (draw not rated) keeps opponent, colour and the pairing draw."""
    from damas.engine.trf import read_trf, write_trf

    text = write_trf(_state(_round1(O.ADJOURNED)))
    line1 = next(ln for ln in text.splitlines() if ln.startswith("001") and ln[4:8].strip() == "1")
    assert line1[91:99] == "   3 w D"
    back = read_trf(text)
    assert back.state.rounds_of(1)[0].outcome is O.DRAW and back.state.rounds_of(1)[0].color is Color.WHITE
