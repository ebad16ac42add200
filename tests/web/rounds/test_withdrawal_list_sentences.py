"""The withdrawals page lists each withdrawn player in a sentence, and its undo button says whose
withdrawal it undoes ("Desfazer a desistência de Ana Lima (após a rodada 1)")."""
from __future__ import annotations

from sqlalchemy import select

from damas.models import Entry, EntryStatus
from tests.web.rounds.test_late_entry_withdrawn import _play_round, _post_ok
from tests.web.rounds.test_withdrawal_mending import _event


def test_the_withdrawal_row_and_its_undo_button_read_as_sentences(client, db, make_user, make_player, make_event,
                                                                   login_as):  # type: ignore[no-untyped-def]
    event = _event(client, make_user, make_player, make_event, login_as)
    _play_round(client, db, event, 1)
    entry = db.session.scalars(select(Entry).where(Entry.event_id == event.id, Entry.pairing_number == 3)).one()
    _post_ok(client, f"/eventos/{event.id}/jogadores",
             {"w-entry_id": entry.id, "w-after_round": 1, "w-note": "doente", "w-submit": "1"},
             expect="Desistência registrada.")
    page = client.get(f"/eventos/{event.id}/jogadores").get_data(as_text=True)
    name = entry.player.full_name
    assert f"{name} desistiu após a rodada 1." in page and "Observação: doente" in page
    assert f"Desfazer a desistência de {name} (após a rodada 1)</button>" in page
    assert "Motivo para desfazer" in page


def test_a_withdrawal_before_the_first_round_says_so(client, db, make_user, make_player, make_event,
                                                     login_as):  # type: ignore[no-untyped-def]
    event = _event(client, make_user, make_player, make_event, login_as)
    entry = db.session.scalars(select(Entry).where(Entry.event_id == event.id, Entry.pairing_number == 2)).one()
    entry.status, entry.withdrawn_after_round = EntryStatus.WITHDRAWN, 0  # absent without notice from round 1
    db.session.commit()
    page = client.get(f"/eventos/{event.id}/jogadores").get_data(as_text=True)
    assert f"{entry.player.full_name} desistiu antes da 1ª rodada." in page
    assert "após a rodada 0" not in page
