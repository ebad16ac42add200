"""Reconciliation through the database: each credit matched by transaction id, by amount and
payer name, ambiguous or unknown; confirming books the matched and the resolved credits in one
audited transaction; the same statement again books nothing."""
from datetime import date

import pytest
from sqlalchemy import func, select

from damas.engine.fees import FeeState, pix_txid
from damas.models import AuditEntry
from damas.models.fees import FeePayment, PaymentMethod
from damas.services.errors import ServiceError
from damas.services.fees import accounts, reconcile, schedule
from damas.services.fees.sample_statement import SampleLine, demo_lines, sample_ofx
from damas.services.fees.statements import read_statement

ON = date(2026, 12, 1)


@pytest.fixture
def world(make_user, make_player, make_event):
    staff = make_user()
    joao = make_player(full_name="João César Araújo")
    maria = make_player(full_name="Maria da Conceição Lima")
    ana1 = make_player(full_name="Ana Souza")
    ana2 = make_player(full_name="Ana Souza")        # two entrants of one name, in two events
    event = make_event(name="Aberto de Fortaleza", players=(joao, maria, ana1))
    other = make_event(name="Estadual Feminino", players=(ana2,))
    free = make_event(name="Torneio sem taxa", players=(make_player(full_name="Pedro Livre"),))
    for ev in (event, other):
        schedule.save_schedule(staff, ev, {"member_cents": 4500}, {})
    return staff, event, other, free, joao, maria, ana1, ana2


def _statement(event, joao, extra=()):
    return read_statement(sample_ofx([
        SampleLine("T1", ON, 4500, memo=f"PIX RECEBIDO {pix_txid(event.id, joao.id)}"),
        SampleLine("T2", ON, 4500, name="MARIA CONCEICAO LIMA", memo="PIX RECEBIDO"),
        SampleLine("T3", ON, 4500, name="ANA SOUZA", memo="PIX RECEBIDO"),
        SampleLine("T4", ON, 4500, name="PEDRO LIVRE"),
        SampleLine("T5", ON, -1000, memo="TARIFA"),
        *extra]))


def test_preview_groups_each_credit(world):
    staff, event, other, free, joao, maria, ana1, ana2 = world
    preview = reconcile.preview(_statement(event, joao))
    lines = {line.credit.fitid: line for line in preview.lines}
    assert (lines["T1"].status, lines["T1"].by, lines["T1"].target.player_id) == ("matched", "txid", joao.id)
    assert (lines["T2"].status, lines["T2"].by, lines["T2"].target.player_id) == ("matched", "name", maria.id)
    assert lines["T3"].status == "ambiguous"
    assert {(c.event_id, c.player_id) for c in lines["T3"].candidates} == {(event.id, ana1.id), (other.id, ana2.id)}
    assert lines["T4"].status == "unknown"     # the event charges no fee
    assert "T5" not in lines                   # debits are not credits
    assert preview.total("matched") == 9000 and preview.total("ambiguous") == 4500


def test_names_match_folded_in_any_order():
    assert reconcile.names_match("João César Araújo", "ARAUJO JOAO CESAR")
    assert reconcile.names_match("João César Araújo", "", "PIX RECEBIDO - JOAO CESAR ARAUJO")
    assert reconcile.names_match("João César Araújo", "JOAO ARAUJO")
    assert not reconcile.names_match("João César Araújo", "JOAO")
    assert not reconcile.names_match("João César Araújo", "Maria Araújo")


def test_txid_credit_of_another_amount_is_flagged(world):
    staff, event, other, free, joao, *_ = world
    statement = read_statement(sample_ofx([SampleLine("P1", ON, 3000, memo=pix_txid(event.id, joao.id))]))
    line = reconcile.preview(statement).lines[0]
    assert (line.status, line.flag, line.target.owed_cents) == ("matched", "partial", 4500)


def test_txid_of_no_entry_is_unknown(world):
    staff, event, other, free, joao, *_ = world
    statement = read_statement(sample_ofx([SampleLine("X1", ON, 4500, memo=pix_txid(free.id, joao.id))]))
    line = reconcile.preview(statement).lines[0]
    assert line.status == "unknown" and "não corresponde" in line.note


def test_confirm_books_and_audits_in_one_transaction_and_replay_books_nothing(world, db):
    staff, event, other, free, joao, maria, ana1, ana2 = world
    statement = _statement(event, joao)
    audits = db.session.scalar(select(func.count(AuditEntry.id)))
    summary = reconcile.confirm(staff, statement, {"T3": f"{other.id}:{ana2.id}"}, "extrato.ofx")
    assert (summary.booked, summary.amount_cents, summary.skipped) == (3, 13500, 1)
    assert [(e.event_id, e.count) for e in summary.events] == [(event.id, 2), (other.id, 1)]
    states = {r.player_id: r.state for r in accounts.event_accounts(event, today=ON)}
    assert states[joao.id] == states[maria.id] == FeeState.PAID and states[ana1.id] == FeeState.DUE
    payment = db.session.scalar(select(FeePayment).where(FeePayment.bank_ref == "T2"))
    assert (payment.method, payment.bank_account, payment.paid_on, payment.payer_name) == (
        PaymentMethod.PIX, "001/1234-5/98765-4", ON, "MARIA CONCEICAO LIMA")
    actions = list(db.session.scalars(select(AuditEntry.action).order_by(AuditEntry.id)))[audits:]
    assert actions == ["fee_payment"] * 3 + ["fee_reconciliation"]
    audit = db.session.scalar(select(AuditEntry).where(AuditEntry.action == "fee_reconciliation"))
    assert audit.after["filename"] == "extrato.ofx" and audit.after["booked"] == 3

    again = reconcile.preview(statement)
    assert {line.credit.fitid: line.status for line in again.lines} == {
        "T1": "booked", "T2": "booked", "T3": "booked", "T4": "unknown"}
    with pytest.raises(ServiceError):
        reconcile.confirm(staff, statement, {}, "extrato.ofx")
    assert db.session.scalar(select(func.count(FeePayment.id))) == 3


def test_a_failing_booking_writes_nothing(world, db, monkeypatch):
    staff, event, other, free, joao, *_ = world
    calls = []

    def failing_book(*args, **kw):
        if calls:
            raise ServiceError("falhou")
        calls.append(1)
        return real_book(*args, **kw)

    real_book = reconcile.book
    monkeypatch.setattr(reconcile, "book", failing_book)
    with pytest.raises(ServiceError):
        reconcile.confirm(staff, _statement(event, joao), {}, "extrato.ofx")
    assert db.session.scalar(select(func.count(FeePayment.id))) == 0
    assert db.session.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.action.like("fee_rec%"))) == 0


def test_a_choice_outside_the_candidates_is_refused(world, db):
    staff, event, other, free, joao, maria, ana1, ana2 = world
    with pytest.raises(ServiceError):
        reconcile.confirm(staff, _statement(event, joao), {"T3": f"{event.id}:{maria.id}"}, "x.ofx")
    assert db.session.scalar(select(func.count(FeePayment.id))) == 0


def test_the_demo_statement_shows_each_group(world):
    staff, event, other, free, joao, maria, ana1, ana2 = world
    lines = demo_lines(event.id, [(joao.id, joao.full_name, 4500), (maria.id, maria.full_name, 4500)], ON)
    preview = reconcile.preview(read_statement(sample_ofx(lines)))
    assert [(line.status, line.by) for line in preview.lines] == [("matched", "txid"), ("matched", "name"),
                                                                  ("unknown", "")]
    assert preview.lines[1].credit.payer_name == "MARIA DA CONCEICAO LIMA"
