"""Appeals committee and appeals (FIDE-GR "Penalidades, apelações" b, c; CBJD 30)."""
from __future__ import annotations

from datetime import date, datetime

import pytest

from damas.engine.appeals import (
    Appeal,
    AppealRules,
    CommitteeMember,
    Decision,
    age_on,
    appeal_deadline,
    appeal_problems,
    check_committee,
    committee_problems,
    fee_refunded,
    panel_for_dispute,
)
from damas.engine.types import EngineError

START = date(2026, 7, 10)
ADULT = date(1980, 1, 1)


def _m(person: str, birth: date = ADULT, voting: bool = True) -> CommitteeMember:
    return CommitteeMember(person, f"Member {person}", birth, voting)


def _codes(problems) -> list[str]:
    return [p.code for p in problems]


def test_three_voting_members_and_two_substitutes_are_valid() -> None:
    members = [_m("a"), _m("b"), _m("c"), _m("s1", voting=False), _m("s2", voting=False)]
    assert committee_problems(members, START) == []
    check_committee(members, START)


@pytest.mark.parametrize("voting", [0, 2, 4])
def test_even_number_of_voting_members_is_refused(voting: int) -> None:
    members = [_m(str(i)) for i in range(voting)] + [_m("s", voting=False)]
    problems = committee_problems(members, START)
    assert _codes(problems) == ["even"]
    assert problems[0].message_pt and problems[0].message_en
    with pytest.raises(EngineError):
        check_committee(members, START)


def test_age_is_exact_on_the_event_date() -> None:
    assert age_on(date(2008, 7, 10), START) == 18
    assert age_on(date(2008, 7, 11), START) == 17
    ok = [_m("a"), _m("b"), _m("c", date(2008, 7, 10))]
    assert committee_problems(ok, START) == []
    young = [_m("a"), _m("b"), _m("c", date(2008, 7, 11))]
    assert _codes(committee_problems(young, START)) == ["under_18"]
    young_sub = [_m("a"), _m("b"), _m("c"), _m("s", date(2010, 1, 1), voting=False)]
    assert _codes(committee_problems(young_sub, START)) == ["under_18"]


def test_member_involved_in_the_dispute_is_refused() -> None:
    members = [_m("a"), _m("b"), _m("c")]
    assert _codes(committee_problems(members, START, involved={"b"})) == ["involved"]


def test_panel_replaces_involved_members_by_substitutes() -> None:
    members = [_m("a"), _m("b"), _m("c"), _m("s1", voting=False), _m("s2", voting=False)]
    panel = panel_for_dispute(members, {"b", "s1"})
    assert [m.person for m in panel] == ["a", "s2", "c"]
    assert all(m.voting for m in panel)
    assert committee_problems(panel, START, involved={"b", "s1"}) == []
    with pytest.raises(EngineError):
        panel_for_dispute(members, {"a", "b", "c"})


def test_committee_set_up_before_round_one() -> None:
    members = [_m("a"), _m("b"), _m("c")]
    r1 = datetime(2026, 7, 10, 14, 0)
    assert committee_problems(members, START, appointed_at=datetime(2026, 7, 10, 13, 0),
                              first_round_start=r1) == []
    assert _codes(committee_problems(members, START, appointed_at=datetime(2026, 7, 10, 15, 0),
                                     first_round_start=r1)) == ["late"]


def test_duplicate_member() -> None:
    assert "duplicate" in _codes(committee_problems([_m("a"), _m("a"), _m("b")], START))


# -- appeals ------------------------------------------------------------------------------

RULES = AppealRules(fee_cents=10000, deadline_minutes=60)
DECISION = datetime(2026, 7, 11, 18, 0)


def _appeal(minutes_after: int = 30, fee: int = 10000, **kw) -> Appeal:
    filed = datetime(2026, 7, 11, 18 + minutes_after // 60, minutes_after % 60)
    return Appeal("p1", DECISION, filed, fee, **kw)


def test_appeal_in_time_with_fee_in_writing_is_received() -> None:
    assert appeal_problems(_appeal(30), RULES) == []
    assert appeal_problems(_appeal(60), RULES) == []  # at the deadline
    assert appeal_deadline(_appeal(), RULES) == datetime(2026, 7, 11, 19, 0)


def test_appeal_refusals() -> None:
    assert _codes(appeal_problems(_appeal(61), RULES)) == ["late"]
    assert _codes(appeal_problems(_appeal(30, fee=5000), RULES)) == ["fee"]
    assert _codes(appeal_problems(_appeal(30, in_writing=False), RULES)) == ["not_written"]
    assert _codes(appeal_problems(_appeal(30, copy_to_chief_arbiter=False), RULES)) == ["no_copy"]
    early = Appeal("p1", DECISION, datetime(2026, 7, 11, 17, 0), 10000)
    assert _codes(appeal_problems(early, RULES)) == ["before_decision"]
    for p in appeal_problems(_appeal(61, fee=0, in_writing=False), RULES):
        assert p.message_pt and p.message_en and p.article


def test_fee_refund_rules() -> None:
    assert fee_refunded(Decision.UPHELD, RULES, 10000) == 10000
    assert fee_refunded(Decision.REJECTED_REASONABLE, RULES, 10000) == 10000
    assert fee_refunded(Decision.REJECTED, RULES, 10000) == 0
    strict = AppealRules(fee_cents=10000, refund_if_reasonable=False)
    assert fee_refunded(Decision.REJECTED_REASONABLE, strict, 10000) == 0
    assert fee_refunded(Decision.UPHELD, strict, 10000) == 10000


def test_rules_validation() -> None:
    with pytest.raises(EngineError):
        AppealRules(fee_cents=-1)
    with pytest.raises(EngineError):
        AppealRules(deadline_minutes=0)
