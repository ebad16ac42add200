"""The payment deadline (services.fees.deadline, the staff page /eventos/<id>/taxas/prazo, the
`flask damas taxas-prazos` command): unpaid entries cancelled or moved behind the reserve list,
the reserve moved up into the freed places (each step mailed and audited), nothing before the
deadline, nothing more the second time."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest
from sqlalchemy import select

from damas.cli import damas_cli
from damas.extensions import db
from damas.models import Role
from damas.models.fees import EntryFee
from damas.models.registration import ReserveEntry, ReserveStatus
from damas.services.errors import ServiceError
from damas.services.fees import deadline
from damas.services.fees.schedule import schedule_row
from tests.web.fees.fee_policy_helpers import (  # noqa: F401  (fixtures)
    actions,
    entered,
    fee_event,
    mails_to,
    member,
    pay,
    staff,
    utc,
)


def _reserve(client, login_as, event, user):  # type: ignore[no-untyped-def]
    login_as(user)
    page = client.post(f"/eventos/{event.id}/reserva/entrar", follow_redirects=True).get_data(as_text=True)
    assert "Você está na lista de reserva." in page, page[:2000]


@pytest.fixture
def full_event(app, client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    """Capacity 3, all taken: Paula paid, Ulisses paid nothing, Pedro paid part; Rita and Renan
    wait on the reserve list (in that order). The deadline passed an hour ago."""
    def factory(action="cancel"):  # type: ignore[no-untyped-def]
        people = {name: member(full_name=name) for name in
                  ("Paula Paga", "Ulisses Devedor", "Pedro Parcial", "Rita Reserva", "Renan Reserva")}
        event = fee_event(players=tuple(people[n][1] for n in ("Paula Paga", "Ulisses Devedor", "Pedro Parcial")),
                          capacity=3, deadline_in=48, action=action)
        pay(staff, event, people["Paula Paga"][1].id)
        pay(staff, event, people["Pedro Parcial"][1].id, 1000)
        _reserve(client, login_as, event, people["Rita Reserva"][0])
        _reserve(client, login_as, event, people["Renan Reserva"][0])
        schedule_row(event).payment_deadline = utc(-1)
        db.session.commit()
        return event, people
    return factory


def test_the_deadline_cancels_unpaid_entries_and_moves_the_reserve_up(app, full_event, staff):  # type: ignore[no-untyped-def]
    event, people = full_event()
    paula, ulisses, pedro, rita, renan = (people[n][1] for n in people)
    before = list(db.session.scalars(select(ReserveEntry.player_id).where(ReserveEntry.event_id == event.id)))
    assert sorted(before) == sorted([rita.id, renan.id])
    preview = deadline.plan(event)
    assert preview.due and sorted((s.name, s.action) for s in preview.unpaid) == [
        ("Pedro Parcial", "cancel"), ("Ulisses Devedor", "cancel")]
    assert {s.player_id for s in preview.unpaid} == {ulisses.id, pedro.id}
    assert [s.name for s in preview.promoted] == ["Rita Reserva", "Renan Reserva"]
    done = deadline.apply(staff, event)
    assert {s.player_id for s in done.promoted} == {rita.id, renan.id}
    assert entered(event) == {paula.id, rita.id, renan.id}
    assert schedule_row(event).deadline_applied_at is not None
    log = actions(event)
    assert log.count("fee_deadline_cancel") == 2 and log.count("reserve_promoted") == 2
    assert "fee_deadline_applied" in log
    # the part payment of a cancelled entry is owed back; nothing is owed to who paid nothing
    owed = {f.player_id: f.refund_due_cents for f in db.session.scalars(select(EntryFee))}
    assert owed[pedro.id] == 1000 and owed.get(ulisses.id, 0) == 0
    assert mails_to(app, people["Ulisses Devedor"][0])[-1].subject == "Inscrição cancelada: pagamento não recebido"
    assert "será devolvido" in mails_to(app, people["Pedro Parcial"][0])[-1].body
    promoted_mail = mails_to(app, people["Rita Reserva"][0])[-1]
    assert promoted_mail.subject == "Você entrou no evento Aberto com Taxa"
    assert "até o início do evento" in promoted_mail.body  # promoted after the deadline: until the start
    statuses = {r.player_id: r.status for r in db.session.scalars(select(ReserveEntry))}
    assert statuses[rita.id] == statuses[renan.id] == ReserveStatus.PROMOTED


def test_applied_twice_changes_nothing_and_promoted_entrants_are_not_cancelled(app, full_event, staff):  # type: ignore[no-untyped-def]
    event, people = full_event()
    deadline.apply(staff, event)
    state = (entered(event), actions(event), len(app.extensions["mailman"].outbox))
    assert not deadline.plan(event).due
    with pytest.raises(ServiceError, match="já foi aplicado"):
        deadline.apply(staff, event)
    assert deadline.apply_due() == []
    assert (entered(event), actions(event), len(app.extensions["mailman"].outbox)) == state
    # even with the flag cleared, the reserves promoted after the deadline have until the start
    schedule_row(event).deadline_applied_at = None
    db.session.commit()
    assert [s.name for s in deadline.plan(event).unpaid] == []


def test_the_deadline_moves_unpaid_entries_behind_the_reserve_list(app, full_event, staff):  # type: ignore[no-untyped-def]
    event, people = full_event(action="reserve")
    paula, ulisses, pedro, rita, renan = (people[n][1] for n in people)
    deadline.apply(staff, event)
    assert entered(event) == {paula.id, rita.id, renan.id}
    waiting = list(db.session.scalars(select(ReserveEntry.player_id).where(
        ReserveEntry.event_id == event.id, ReserveEntry.status == ReserveStatus.WAITING)
        .order_by(ReserveEntry.joined_at, ReserveEntry.id)))
    assert set(waiting) == {ulisses.id, pedro.id}
    assert actions(event).count("fee_deadline_reserve") == 2
    mail = mails_to(app, people["Ulisses Devedor"][0])[-1]
    assert mail.subject == "Inscrição na lista de reserva: pagamento não recebido"
    owed = {f.player_id: f.refund_due_cents for f in db.session.scalars(select(EntryFee))}
    assert owed[pedro.id] == 0  # his payment stays on his account


def test_before_the_deadline_nothing_happens(app, client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    _u, unpaid = member()
    event = fee_event(players=(unpaid,), deadline_in=5)
    assert not deadline.plan(event).due and deadline.plan(event).unpaid == ()
    with pytest.raises(ServiceError, match="ainda não terminou"):
        deadline.apply(staff, event)
    assert deadline.apply_due() == []
    assert entered(event) == {unpaid.id} and "fee_deadline_applied" not in actions(event)
    login_as(staff)
    page = client.get(f"/eventos/{event.id}/taxas/prazo").get_data(as_text=True)
    assert "O prazo de pagamento termina em" in page and "Aplicar o prazo" not in page
    client.post(f"/eventos/{event.id}/taxas/prazo")
    assert entered(event) == {unpaid.id}


def test_staff_page_shows_the_plan_and_applies_it(client, login_as, full_event, staff, make_user):  # type: ignore[no-untyped-def]
    event, people = full_event()
    login_as(make_user(Role.ARBITER))
    assert client.get(f"/eventos/{event.id}/taxas/prazo").status_code == 403
    login_as(staff)
    page = client.get(f"/eventos/{event.id}/taxas/prazo").get_data(as_text=True)
    plan_rows = page.split("data-unpaid-plan")[1].split("</table>")[0]
    assert "Ulisses Devedor" in plan_rows and "Pedro Parcial" in plan_rows and "Paula Paga" not in plan_rows
    assert "Rita Reserva" in page.split("data-promoted-plan")[1] and "Aplicar o prazo" in page
    page = client.post(f"/eventos/{event.id}/taxas/prazo", follow_redirects=True).get_data(as_text=True)
    assert "Prazo de pagamento aplicado." in page and "data-applied" in page
    assert entered(event) == {people["Paula Paga"][1].id, people["Rita Reserva"][1].id,
                              people["Renan Reserva"][1].id}


def test_cli_applies_every_due_deadline(app, full_event, fee_event, member):  # type: ignore[no-untyped-def]
    event, people = full_event()
    _u, later = member()
    not_yet = fee_event(players=(later,), deadline_in=24, name="Ainda no Prazo")
    result = app.test_cli_runner().invoke(damas_cli, ["taxas-prazos"])
    assert result.exit_code == 0, result.output
    assert f"Aberto com Taxa (#{event.id}): 2 unpaid cancelled, 2 moved up from the reserve." in result.output
    assert "  - Ulisses Devedor: cancelled" in result.output and "Payment deadlines applied: 1." in result.output
    assert "Ainda no Prazo" not in result.output and entered(not_yet) == {later.id}
    again = app.test_cli_runner().invoke(damas_cli, ["taxas-prazos"])
    assert "Payment deadlines applied: 0." in again.output
    assert isinstance(schedule_row(event).deadline_applied_at, datetime)
    assert schedule_row(event).deadline_applied_at.replace(tzinfo=timezone.utc) <= utc()
