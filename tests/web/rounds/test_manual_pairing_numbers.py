"""Round robin pairing numbers drawn at the technical meeting (FIDE-GR Pairings a, b; CBJD
"Sistema Schuring"), entered by hand besides rating, lot and Varma: validated, audited."""
from __future__ import annotations

from damas.models import AuditEntry, Entry, EventStatus, Round, Role


def _event(make_event, make_player, make_user, n=4):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = tuple(make_player(full_name=f"Sorteado {i}", rating_regular=2000 - 10 * i) for i in range(1, n + 1))
    return make_event(arbiters=(arbiter,), players=players, status=EventStatus.RUNNING), arbiter


def test_fide_gr_pairings_round_robin_numbers_drawn_at_the_technical_meeting_by_hand(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter = _event(make_event, make_player, make_user)
    login_as(arbiter)
    entries = sorted(db.session.query(Entry).filter_by(event_id=event.id), key=lambda e: e.pairing_number)
    page = client.get(f"/eventos/{event.id}/rodadas/numeros").get_data(as_text=True)
    assert "Sorteado 1" in page and f'name="number-{entries[0].id}"' in page
    drawn = [3, 1, 4, 2]
    data = {f"number-{e.id}": str(n) for e, n in zip(entries, drawn)}
    page = client.post(f"/eventos/{event.id}/rodadas/numeros", data=data, follow_redirects=True).get_data(as_text=True)
    assert "3 rodadas geradas" in page
    db.session.expire_all()
    assert [e.pairing_number for e in entries] == drawn
    assert event.numbering_method == "manual" and event.numbering_seed is None
    audit = db.session.query(AuditEntry).filter_by(action="generate", object_type="round_robin").one()
    assert audit.after["method"] == "manual" and audit.user_id == arbiter.id
    assert audit.after["numbers"] == {"1": "Sorteado 2", "2": "Sorteado 4", "3": "Sorteado 1", "4": "Sorteado 3"}
    # Berger round 1 for 4 players: 1-4, 2-3 by the drawn numbers
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    assert {(g.white.pairing_number, g.black.pairing_number) for g in rnd.games} == {(1, 4), (2, 3)}
    assert "à mão (sorteio no congresso técnico)" in client.get(f"/eventos/{event.id}/sorteio").get_data(as_text=True)
    assert "Números sorteados no congresso técnico" in client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)


def test_fide_gr_pairings_hand_numbers_must_be_a_permutation_with_clear_messages(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user):
    event, arbiter = _event(make_event, make_player, make_user)
    login_as(arbiter)
    entries = sorted(db.session.query(Entry).filter_by(event_id=event.id), key=lambda e: e.pairing_number)
    audits = db.session.query(AuditEntry).count()
    cases = [
        ([1, 2, 2, 4], "Número repetido: 2."),
        ([1, 2, 3, 7], "Os números vão de 1 a 4: 7."),
        ([1, 2, 3, ""], "Informe o número de todos os jogadores."),
        ([1, 2, 3, "x"], "Número inválido para Sorteado 4: use só algarismos."),
    ]
    for numbers, message in cases:
        data = {f"number-{e.id}": str(n) for e, n in zip(entries, numbers)}
        page = client.post(f"/eventos/{event.id}/rodadas/numeros", data=data).get_data(as_text=True)
        assert message in page, message
        assert 'value="2"' in page  # what was typed is kept
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 0
    assert db.session.query(AuditEntry).count() == audits
    # only the event's editors
    login_as(make_user(Role.PLAYER))
    assert client.post(f"/eventos/{event.id}/rodadas/numeros", data={}).status_code == 403
