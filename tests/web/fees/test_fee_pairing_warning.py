"""Pairing warns about unpaid entries: the rounds page of a Swiss event (before "Emparceirar")
and of a round robin (before generating) names them; pairing itself is still allowed."""
from __future__ import annotations

from sqlalchemy import select

from damas.extensions import db
from damas.models import GameResult, Role, Round, RoundStatus
from tests.web.fees.fee_policy_helpers import (  # noqa: F401  (fixtures)
    fee_event,
    member,
    pay,
    staff,
)


def _warning(page: str) -> str:
    return page.split("data-unpaid-warning")[1].split("</div>")[0] if "data-unpaid-warning" in page else ""


def test_swiss_pairing_names_the_unpaid_entries_and_still_pairs(client, login_as, fee_event, member, staff, make_user):  # type: ignore[no-untyped-def]
    players = [member(full_name=f"Jogador Pago {i}")[1] for i in range(3)] + [member(full_name="Ulisses Devedor")[1]]
    arbiter = make_user(Role.ARBITER)
    event = fee_event(players=tuple(players), paid_to_confirm=False, deadline_in=None, pairing_system="dutch",
                      arbiters=(arbiter,))
    for p in players[:3]:
        pay(staff, event, p.id)
    login_as(arbiter)
    warning = _warning(client.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True))
    assert "1 inscrição com a taxa não paga: Ulisses Devedor." in warning
    assert "Jogador Pago" not in warning
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    assert db.session.scalar(select(Round.number).where(Round.event_id == event.id)) == 1
    login_as(make_user(Role.PLAYER))  # only the arbiters see it
    assert not _warning(client.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True))


def test_round_robin_generation_warns_and_a_paid_event_does_not(client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    players = [member(full_name=f"Jogadora {i}")[1] for i in range(4)]
    event = fee_event(players=tuple(players), paid_to_confirm=False, deadline_in=None)
    login_as(staff)
    warning = _warning(client.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True))
    assert "4 inscrições com a taxa não paga" in warning and "Jogadora 0" in warning
    for p in players:
        pay(staff, event, p.id)
    assert not _warning(client.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True))


def test_the_next_round_step_warns_too(client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    players = [member(full_name=f"Jogador {i}")[1] for i in range(4)]
    event = fee_event(players=tuple(players), paid_to_confirm=False, deadline_in=None, pairing_system="dutch")
    for p in players[1:]:
        pay(staff, event, p.id)
    login_as(staff)
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    rnd = db.session.scalar(select(Round).where(Round.event_id == event.id))
    rnd.status = RoundStatus.PUBLISHED
    for game in rnd.games:
        if game.black_entry_id is not None:
            game.result = GameResult.DRAW
    db.session.commit()
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "data-next-step=\"pair\"" in page
    assert "1 inscrição com a taxa não paga: Jogador 0." in _warning(page)
