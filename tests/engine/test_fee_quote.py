"""The fee an entrant owes (engine.fees): members and guests, the largest category reduction
only, the early-payment reduction until its day inclusive, never below zero; the account states."""
from datetime import date

from hypothesis import given, strategies as st

from damas.engine.fees import Booking, FeeRules, FeeState, account, pix_txid, quote, read_txid

RULES = FeeRules(member_cents=5000, guest_cents=7000, early_until=date(2026, 11, 30), early_reduction_cents=1000,
                 reductions=(("sub-14", 2500), ("feminino", 2000)))
LATE = date(2026, 12, 1)


def test_member_pays_the_base_fee_after_the_early_date():
    assert quote(RULES, member=True, categories=("absoluto",), on=LATE).amount_cents == 5000


def test_guest_pays_the_guests_fee_and_members_fee_when_none_is_set():
    assert quote(RULES, member=False, categories=(), on=LATE).amount_cents == 7000
    rules = FeeRules(member_cents=5000)
    assert quote(rules, member=False, categories=(), on=LATE).amount_cents == 5000


def test_only_the_largest_category_reduction_applies():
    q = quote(RULES, member=True, categories=("absoluto", "sub-14", "feminino"), on=LATE)
    assert (q.category, q.category_cents, q.amount_cents) == ("sub-14", 2500, 2500)


def test_early_reduction_holds_on_its_day_and_not_after():
    assert quote(RULES, member=True, categories=(), on=date(2026, 11, 30)).amount_cents == 4000
    assert quote(RULES, member=True, categories=(), on=LATE).amount_cents == 5000


def test_fee_never_below_zero():
    rules = FeeRules(member_cents=1000, early_until=LATE, early_reduction_cents=800, reductions=(("sub-10", 900),))
    q = quote(rules, member=True, categories=("sub-10",), on=LATE)
    assert (q.category_cents, q.early_cents, q.amount_cents) == (900, 100, 0)


def test_early_payer_owes_the_early_price_late_payer_the_full_one():
    early = account(RULES, member=True, categories=(), today=LATE, bookings=[Booking(4000, date(2026, 11, 29))])
    assert early.state == FeeState.PAID
    late = account(RULES, member=True, categories=(), today=LATE, bookings=[Booking(4000, LATE)])
    assert (late.state, late.owed_cents) == (FeeState.PARTIAL, 1000)


def test_waived_refunded_free_and_due_states():
    assert account(RULES, member=True, categories=(), today=LATE, waived=True).state == FeeState.WAIVED
    refunded = account(RULES, member=True, categories=(), today=LATE,
                       bookings=[Booking(5000, LATE), Booking(5000, LATE, refund=True)])
    assert (refunded.state, refunded.owed_cents) == (FeeState.REFUNDED, 0)
    assert account(FeeRules(0), member=True, categories=(), today=LATE).state == FeeState.FREE
    due = account(RULES, member=True, categories=(), today=LATE)
    assert (due.state, due.owed_cents) == (FeeState.DUE, 5000)


@given(st.integers(1, 10**9), st.integers(1, 10**9))
def test_txid_reads_back_from_a_statement_memo(event_id, player_id):
    txid = pix_txid(event_id, player_id)
    assert len(txid) <= 25 and txid.isalnum()
    assert read_txid(f"PIX RECEBIDO - {txid.lower()} FULANO") == (event_id, player_id)
