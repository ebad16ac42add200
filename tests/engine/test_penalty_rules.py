"""Issue 18 points 6 and 7: the incidents and forfeit rules come from the rule set."""
from __future__ import annotations

import pytest

from damas.engine.penalties import (
    Action,
    BoardResult,
    ForfeitPolicy,
    Incident,
    IncidentKind,
    PenaltySettings,
    consequences,
    review_forfeits,
)
from damas.engine.rulesets import get_ruleset
from damas.engine.types import Outcome, RoundResult

K = IncidentKind
WHITE, BLACK = 3, 8


def _run(incidents: list[Incident]):
    boards = {(i.round, i.board): (WHITE, BLACK) for i in incidents}
    return consequences(incidents, boards, PenaltySettings())


def test_fide_gr_forfeit_expulsion_is_the_fide_rule_sets_default_only() -> None:
    """RULES.md §5: the FIDE-GR forfeit rules (1 unexcused proposes, 3 expel) belong to `fide`."""
    assert get_ruleset("fide").forfeit_policy == ForfeitPolicy(propose_after=1, expel_after=3)
    for code in ("cbjd", "club"):
        policy = get_ruleset(code).forfeit_policy
        assert policy.propose_after is None and policy.expel_after is None
        three = [RoundResult(r, Outcome.FORFEIT_LOSS, 1) for r in (1, 2, 3)]
        assert review_forfeits(5, three, policy=policy).consequence.action is Action.NONE


def test_fide_laws_second_illegal_move_loses_the_game() -> None:
    """FIDE Laws "Irregularities": 1st illegal move, opponent +2 minutes; 2nd by the same player loses."""
    inc = Incident(1, 1, WHITE, K.ILLEGAL_MOVE)
    first, second = _run([inc, inc])
    assert first.action is Action.EXTRA_TIME and first.extra_minutes == 2 and first.beneficiary == BLACK
    assert second.action is Action.GAME_LOST and second.result == BoardResult(Outcome.LOSS, Outcome.WIN)
    assert "empate se o adversário não puder dar mate" in second.message_pt


def test_fide_laws_illegal_moves_count_per_player_per_game() -> None:
    a, b = Incident(1, 1, WHITE, K.ILLEGAL_MOVE), Incident(1, 1, BLACK, K.ILLEGAL_MOVE)
    other_round = Incident(2, 1, WHITE, K.ILLEGAL_MOVE)
    out = _run([a, b, other_round])
    assert [c.action for c in out] == [Action.EXTRA_TIME] * 3


def test_fide_laws_a_sounding_phone_loses_the_game() -> None:
    """FIDE Laws "The conduct of the players": a device that sounds loses at once."""
    (c,) = _run([Incident(1, 1, BLACK, K.DEVICE_SOUND)])
    assert c.action is Action.GAME_LOST and c.result == BoardResult(Outcome.WIN, Outcome.LOSS)


@pytest.mark.parametrize("code,offered,refused", [
    ("cbjd", {K.CLAIMED_IRREGULARITY, K.IRREGULAR_MOVE, K.BREACH, K.UNSPORTING}, {K.ILLEGAL_MOVE, K.DEVICE_SOUND}),
    ("fide", {K.ILLEGAL_MOVE, K.DEVICE_SOUND}, {K.CLAIMED_IRREGULARITY, K.IRREGULAR_MOVE, K.BREACH, K.UNSPORTING}),
    ("club", {K.CLAIMED_IRREGULARITY, K.IRREGULAR_MOVE, K.BREACH, K.UNSPORTING}, {K.ILLEGAL_MOVE, K.DEVICE_SOUND}),
])
def test_incident_kinds_come_from_the_rule_set(code: str, offered: set, refused: set) -> None:
    rules = get_ruleset(code).penalty_rules
    assert set(rules.offered_kinds(online=False)) == offered
    assert set(rules.offered_kinds(online=True)) == offered | {K.DISCONNECTION}
    assert not any(rules.allows(k, online=True) for k in refused)


def test_cbjd_95d_claim_is_not_in_the_fide_laws() -> None:
    assert [c for c in ("cbjd", "fide", "club") if get_ruleset(c).penalty_rules.claims_95d] == ["cbjd", "club"]
