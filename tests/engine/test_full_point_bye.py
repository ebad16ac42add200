"""A requested full-point bye (TRF 'F') is its own outcome, not a pairing-allocated bye.

It scores a win, counts as a voluntary unplayed round (C.07 16.2), and does not make the player
ineligible for a later pairing-allocated bye in the Dutch system (C.04.3 C.2, 2017: only a
pairing bye or a forfeit win does), as the FIDE-endorsed engine behaves.
"""
from damas.engine.pairing.base import PairingRequest
from damas.engine.pairing.dutch.players import build_players
from damas.engine.rulesets import get_ruleset
from damas.engine.trf import read_trf, write_trf
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState

W, B = Color.WHITE, Color.BLACK


def _state(bye: Outcome) -> TournamentState:
    r = RoundResult
    results = {
        1: (r(1, Outcome.WIN, 2, W),),
        2: (r(1, Outcome.LOSS, 1, B),),
        3: (r(1, bye),),
        4: (r(1, Outcome.NOT_PAIRED),),
    }
    return TournamentState(tuple(Entrant(n, f"P{n}", 2000 - n) for n in (1, 2, 3, 4)), results, 5)


def test_trf_reads_and_writes_f_as_a_full_point_bye():
    text = write_trf(_state(Outcome.FULL_BYE))
    assert "0000 - F" in text
    trf = read_trf(text)
    assert trf.state.rounds_of(3)[0].outcome is Outcome.FULL_BYE
    assert trf.points_column[3] == 2  # half points: a full point


def test_full_point_bye_scores_a_win_in_every_rule_set():
    for code in ("cbjd", "fide", "club"):
        rs = get_ruleset(code)
        assert rs.points_for(RoundResult(1, Outcome.FULL_BYE)) == rs.win


def test_only_a_pairing_bye_blocks_the_next_pairing_bye():
    def eligible(bye: Outcome) -> bool:
        players, _ctx, _ = build_players(PairingRequest(_state(bye), 2))
        return next(p for p in players if p.no == 3).elig_bye

    assert eligible(Outcome.FULL_BYE) is True
    assert eligible(Outcome.PAIRING_BYE) is False
