"""Penalties (CBJD 60, 51, 95 d; CLUB disconnections; FIDE-GR forfeits), hand-worked from the text."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.penalties import (
    Action,
    BoardResult,
    ForfeitPolicy,
    Incident,
    IncidentKind,
    PenaltySettings,
    Sanction,
    consequences,
    incidence_number,
    incident_article,
    incident_consequence,
    irregular_move_claim,
    review_forfeits,
    sanction_consequence,
)
from damas.engine.types import (
    Color,
    EngineError,
    Entrant,
    EntrantStatus,
    Outcome,
    RoundResult,
    TournamentState,
)
from damas.engine.withdrawals import apply_withdrawals

K = IncidentKind
WHITE, BLACK = 7, 12  # the board's players


def _inc(kind: IncidentKind, player: int = WHITE, article: str = "", round_no: int = 1, board: int = 1):
    return Incident(round=round_no, board=board, player=player, kind=kind, article=article)


def _run(incidents, settings=PenaltySettings(), white=WHITE, black=BLACK):
    boards = {(i.round, i.board): (white, black) for i in incidents}
    return consequences(incidents, boards, settings)


# -- CBJD 60 -------------------------------------------------------------------------------

@pytest.mark.parametrize("offender,result", [
    (WHITE, BoardResult(Outcome.LOSS, Outcome.WIN)),
    (BLACK, BoardResult(Outcome.WIN, Outcome.LOSS)),
])
def test_first_second_extra_time_third_loses(offender: int, result: BoardResult) -> None:
    opponent = BLACK if offender == WHITE else WHITE
    out = _run([_inc(K.CLAIMED_IRREGULARITY, offender, "56")] * 4)
    assert [c.action for c in out] == [Action.EXTRA_TIME, Action.EXTRA_TIME, Action.GAME_LOST,
                                       Action.GAME_LOST]
    assert [c.incidence for c in out] == [1, 2, 3, 4]
    assert out[0].extra_minutes == 2 and out[0].beneficiary == opponent
    assert out[1].extra_minutes == 2 and out[1].beneficiary == opponent
    assert out[2].result == result and out[2].player == offender
    assert out[2].result.white.played and out[2].result.black.played  # recorded as a played loss
    assert out[0].article == "CBJD 60 a (56)"
    for c in out:
        assert c.message_pt and c.message_en and c.message_pt != c.message_en


def test_kinds_add_up_to_one_count() -> None:
    out = _run([
        _inc(K.CLAIMED_IRREGULARITY, article="65"),
        _inc(K.IRREGULAR_MOVE),
        _inc(K.CLAIMED_IRREGULARITY, article="66"),
    ])
    assert [c.action for c in out] == [Action.EXTRA_TIME, Action.EXTRA_TIME, Action.GAME_LOST]
    assert out[1].article == "CBJD 60 b"


def test_only_the_offenders_own_incidents_count() -> None:
    out = _run([
        _inc(K.CLAIMED_IRREGULARITY, WHITE, "52"),
        _inc(K.CLAIMED_IRREGULARITY, BLACK, "52"),
        _inc(K.CLAIMED_IRREGULARITY, BLACK, "52"),
        _inc(K.CLAIMED_IRREGULARITY, WHITE, "52"),
    ])
    assert [(c.player, c.incidence) for c in out] == [(WHITE, 1), (BLACK, 1), (BLACK, 2), (WHITE, 2)]
    assert all(c.action is Action.EXTRA_TIME for c in out)


def test_counted_per_game_by_default_and_per_event_as_option() -> None:
    incidents = [
        _inc(K.IRREGULAR_MOVE, round_no=1), _inc(K.IRREGULAR_MOVE, round_no=1),
        _inc(K.IRREGULAR_MOVE, round_no=2, board=3),
    ]
    per_game = _run(incidents)
    assert per_game[2].action is Action.EXTRA_TIME and per_game[2].incidence == 1
    per_event = _run(incidents, PenaltySettings(scope="event"))
    assert per_event[2].action is Action.GAME_LOST and per_event[2].incidence == 3


def test_breach_counts_from_the_second_time() -> None:
    """CBJD 60 c: 'pela segunda vez, ou mais' breach of 3/70 or of 38-50."""
    out = _run([
        _inc(K.BREACH, article="40"),  # first breach of 38-50: not yet an incidence
        _inc(K.BREACH, article="3"),  # first breach of 3/70
        _inc(K.BREACH, article="45"),  # second of 38-50: incidence 1
        _inc(K.BREACH, article="70"),  # second of 3/70: incidence 2
        _inc(K.BREACH, article="50"),  # incidence 3
    ])
    assert [c.action for c in out] == [Action.NONE, Action.NONE, Action.EXTRA_TIME,
                                       Action.EXTRA_TIME, Action.GAME_LOST]
    assert [c.incidence for c in out] == [0, 0, 1, 2, 3]


def test_unsporting_conduct_counts_when_repeated() -> None:
    """CBJD 60 d: 'por mais de uma vez tem o mesmo comportamento anti-desportivo'."""
    out = _run([
        _inc(K.UNSPORTING, article="falar com o adversário"),
        _inc(K.UNSPORTING, article="bater peças"),
        _inc(K.UNSPORTING, article="Falar com o adversário "),
    ])
    assert [c.action for c in out] == [Action.NONE, Action.NONE, Action.EXTRA_TIME]


def test_incidence_number_direct() -> None:
    earlier = [_inc(K.IRREGULAR_MOVE), _inc(K.BREACH, article="41")]
    assert incidence_number(_inc(K.IRREGULAR_MOVE), earlier) == 2
    assert incident_article(_inc(K.BREACH, article="41")) == "CBJD 60 c (41)"


def test_disconnections_default_third_loses() -> None:
    out = _run([_inc(K.DISCONNECTION)] * 3)
    assert [c.action for c in out] == [Action.NONE, Action.NONE, Action.GAME_LOST]
    assert out[2].result == BoardResult(Outcome.LOSS, Outcome.WIN)


def test_disconnection_limit_and_scope_are_event_settings() -> None:
    out = _run([_inc(K.DISCONNECTION, BLACK)] * 2, PenaltySettings(disconnection_limit=2))
    assert [c.action for c in out] == [Action.NONE, Action.GAME_LOST]
    assert out[1].result == BoardResult(Outcome.WIN, Outcome.LOSS)
    rounds = [_inc(K.DISCONNECTION, round_no=r) for r in (1, 2, 3)]
    assert _run(rounds)[2].action is Action.NONE
    assert _run(rounds, PenaltySettings(disconnection_scope="event"))[2].action is Action.GAME_LOST


def test_disconnections_are_not_cbjd60_incidences() -> None:
    out = _run([_inc(K.DISCONNECTION), _inc(K.DISCONNECTION), _inc(K.IRREGULAR_MOVE)])
    assert out[2].action is Action.EXTRA_TIME and out[2].incidence == 1


def test_refusals() -> None:
    with pytest.raises(EngineError):
        _inc(K.CLAIMED_IRREGULARITY, article="57")
    with pytest.raises(EngineError):
        _inc(K.BREACH, article="51")
    with pytest.raises(EngineError):
        PenaltySettings(scope="round")
    with pytest.raises(EngineError):
        PenaltySettings(loss_from=0)
    with pytest.raises(EngineError):  # player not on the board
        incident_consequence(_inc(K.IRREGULAR_MOVE, player=99), [], WHITE, BLACK)
    with pytest.raises(EngineError):  # unknown board
        consequences([_inc(K.IRREGULAR_MOVE)], {}, PenaltySettings())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([WHITE, BLACK]),
                          st.sampled_from([K.CLAIMED_IRREGULARITY, K.IRREGULAR_MOVE])), max_size=12))
def test_third_counted_incidence_always_loses(events) -> None:
    """Property: for (a)/(b) incidents, the k-th of a player is EXTRA_TIME for k <= 2, else a loss."""
    incidents = [_inc(kind, p, "56" if kind is K.CLAIMED_IRREGULARITY else "") for p, kind in events]
    seen = {WHITE: 0, BLACK: 0}
    for inc, c in zip(incidents, _run(incidents)):
        seen[inc.player] += 1
        assert c.incidence == seen[inc.player]
        assert c.action is (Action.EXTRA_TIME if seen[inc.player] <= 2 else Action.GAME_LOST)


# -- CBJD 51 ------------------------------------------------------------------------------

def test_sanctions() -> None:
    assert sanction_consequence(Sanction.VERBAL_WARNING, WHITE, 2).action is Action.VERBAL_WARNING
    written = sanction_consequence(Sanction.WRITTEN_WARNING, WHITE, 2)
    assert written.action is Action.WRITTEN_WARNING and written.article == "CBJD 51 b"
    lost = sanction_consequence(Sanction.GAME_LOST, BLACK, 2, WHITE, BLACK)
    assert lost.result == BoardResult(Outcome.WIN, Outcome.LOSS)
    both = sanction_consequence(Sanction.GAME_LOST_BOTH, WHITE, 2, WHITE, BLACK)
    assert both.result == BoardResult(Outcome.LOSS, Outcome.LOSS)
    with pytest.raises(EngineError):
        sanction_consequence(Sanction.GAME_LOST, WHITE, 2)


def test_exclusion_is_a_withdrawal_under_the_rule_set() -> None:
    c = sanction_consequence(Sanction.EXCLUSION, 2, 2)
    assert c.action is Action.EXCLUSION and c.withdraw_after_round == 2 and c.article == "CBJD 51 d"
    rows = {1: (RoundResult(1, Outcome.WIN, 2, Color.WHITE), RoundResult(2, Outcome.DRAW, 3, Color.BLACK)),
            2: (RoundResult(1, Outcome.LOSS, 1, Color.BLACK), RoundResult(2, Outcome.PAIRING_BYE)),
            3: (RoundResult(1, Outcome.PAIRING_BYE), RoundResult(2, Outcome.DRAW, 1, Color.WHITE))}
    state = TournamentState(tuple(Entrant(i, f"P{i}") for i in (1, 2, 3)), rows, 5)
    result = apply_withdrawals(state, "cbjd", "swiss", {c.player: c.withdraw_after_round}, 5)
    assert result.statuses[2].status is EntrantStatus.WITHDRAWN  # CBJD 105 B: results stand


# -- CBJD 95 d ----------------------------------------------------------------------------

@pytest.mark.parametrize("minutes,inc", [(5, 0), (3, 0), (3, 2), (1, 0)])
def test_irregular_move_claim_wins_in_5x5_or_faster(minutes: int, inc: int) -> None:
    c = irregular_move_claim(minutes, inc, offender=BLACK, white=WHITE, black=BLACK,
                             claimed_before_own_move=True)
    assert c.action is Action.GAME_WON and c.player == WHITE and c.beneficiary == WHITE
    assert c.result == BoardResult(Outcome.WIN, Outcome.LOSS)


def test_irregular_move_claim_too_late_or_too_slow() -> None:
    late = irregular_move_claim(5, 0, WHITE, WHITE, BLACK, claimed_before_own_move=False)
    assert late.action is Action.NONE and late.result is None and "59" in late.article
    for minutes, inc in ((6, 0), (5, 1), (10, 0), (15, 0), (45, 0)):
        slow = irregular_move_claim(minutes, inc, WHITE, WHITE, BLACK, claimed_before_own_move=True)
        assert slow.action is Action.NONE and slow.result is None
    with pytest.raises(EngineError):
        irregular_move_claim(5, 0, 99, WHITE, BLACK, True)


# -- FIDE-GR forfeits ---------------------------------------------------------------------

def _rounds(*outcomes: Outcome) -> list[RoundResult]:
    return [RoundResult(r, o, 2 if o is not Outcome.PAIRING_BYE else None) for r, o in enumerate(outcomes, 1)]


def test_one_unexcused_forfeit_proposes_expulsion() -> None:
    rev = review_forfeits(5, _rounds(Outcome.WIN, Outcome.FORFEIT_LOSS))
    assert rev.consequence.action is Action.PROPOSE_EXPULSION
    assert rev.forfeits == rev.unexcused == 1 and rev.consequence.withdraw_after_round == 2


def test_excused_forfeit_proposes_nothing() -> None:
    rev = review_forfeits(5, _rounds(Outcome.WIN, Outcome.FORFEIT_LOSS), excused_rounds={2})
    assert rev.consequence.action is Action.NONE and rev.unexcused == 0


def test_three_forfeits_expel_even_when_excused() -> None:
    rev = review_forfeits(5, _rounds(Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT, Outcome.WIN,
                                     Outcome.FORFEIT_LOSS), excused_rounds={1, 2, 4})
    assert rev.consequence.action is Action.EXPULSION and rev.forfeits == 3
    assert rev.consequence.article.endswith("(b)")


def test_forfeit_policy_is_configurable() -> None:
    three = _rounds(Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS)
    assert review_forfeits(5, three, policy=ForfeitPolicy(expel_after=None)).consequence.action \
        is Action.PROPOSE_EXPULSION
    assert review_forfeits(5, three[:2], policy=ForfeitPolicy(propose_after=None, expel_after=2)) \
        .consequence.action is Action.EXPULSION
    assert review_forfeits(5, three[:2], policy=ForfeitPolicy(propose_after=None)).consequence.action \
        is Action.NONE
    assert review_forfeits(5, _rounds(Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE)).consequence.action \
        is Action.NONE
