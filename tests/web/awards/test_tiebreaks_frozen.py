"""Issue 18 #4: the tiebreak system is decided in advance (CBJD 127 "avisando antes do início da
primeira rodada"; FIDE-GR "Choice of Tiebreak System"): once round 1 is published the order, the
by-lot switch and the tiebreak options are read-only, and an order that mixes tiebreaks meant for
another kind of tournament is saved only after a confirmation."""
from __future__ import annotations

from datetime import datetime, timezone

from damas.models import AuditEntry, Event, EventStatus, Role, Round, RoundStatus

FORM = {
    "name": "Aberto Fixo", "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch",
    "planned_rounds": "5", "time_minutes": "60", "time_increment": "0",
    "start_date": "2026-12-05", "end_date": "2026-12-06", "tiebreak_order": "BH-C1, BH, SB",
    "unplayed_rule": "played",
}


def _event(db, make_event, status: RoundStatus | None):  # type: ignore[no-untyped-def]
    event = make_event(name="Aberto Fixo", discipline="xadrez", ruleset="fide", pairing_system="dutch",
                       status=EventStatus.RUNNING, tiebreak_order="BH-C1, BH, SB",
                       tiebreak_options={"unplayed": "played"})
    if status is not None:
        db.session.add(Round(event_id=event.id, number=1, status=status,
                             published_at=datetime.now(timezone.utc) if status == RoundStatus.PUBLISHED else None))
    db.session.commit()
    return event


def _stored(db, event):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    e = db.session.get(Event, event.id)
    return e.tiebreak_order, e.tiebreak_by_lot, e.tiebreak_options


def test_cbjd_127_tiebreaks_are_read_only_once_round_1_is_published(client, db, make_user, make_event,
                                                                     login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    event = _event(db, make_event, RoundStatus.PUBLISHED)
    page = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert "Fixado desde a publicação da 1ª rodada" in page and "CBJD 127" in page
    field = page[page.index('id="tiebreak_order"') - 200:page.index('id="tiebreak_order"') + 200]
    assert "disabled" in field
    # what the browser sends back (the hidden copies of the frozen values) saves the other fields
    ok = client.post(f"/eventos/{event.id}/editar", data={**FORM, "venue": "Ginásio"}, follow_redirects=True)
    assert "Evento atualizado." in ok.get_data(as_text=True)
    assert db.session.get(Event, event.id).venue == "Ginásio"


def test_cbjd_127_forged_post_changing_the_tiebreaks_after_round_1_changes_nothing(
        client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    event = _event(db, make_event, RoundStatus.PUBLISHED)
    before = _stored(db, event)
    for forged in ({"tiebreak_order": "SB, BH"}, {"tiebreak_by_lot": "y"}, {"unplayed_rule": "seed"},
                   {"unplayed_rule": ""}):
        page = client.post(f"/eventos/{event.id}/editar", data={**FORM, "venue": "Outro", **forged},
                           follow_redirects=True).get_data(as_text=True)
        assert "Não é possível mudar isto depois do início" in page, forged
        assert _stored(db, event) == before and db.session.get(Event, event.id).venue == ""
    assert db.session.query(AuditEntry).filter_by(action="update").count() == 0


def test_tiebreaks_still_change_while_round_1_is_only_paired(client, db, make_user, make_event,
                                                             login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    event = _event(db, make_event, RoundStatus.PAIRED)
    page = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert "Fixado desde a publicação" not in page  # (the rating list is fixed from the pairing: issue 17)
    client.post(f"/eventos/{event.id}/editar", data={**FORM, "tiebreak_order": "BH-C1, SB"})
    assert _stored(db, event)[0] == "BH-C1, SB"


def test_fide_gr_choice_of_tiebreaks_mixed_order_asks_for_confirmation(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    """PS (a Swiss tiebreak) first in a FIDE round robin: the form warns and saves only once confirmed."""
    login_as(make_user(Role.STAFF))
    data = {**FORM, "name": "Fechado", "pairing_system": "berger", "tiebreak_order": "PS, SB, DE"}
    page = client.post("/eventos/novo", data=data).get_data(as_text=True)
    assert "PS" in page and "não é recomendado para todos contra todos" in page
    assert db.session.query(Event).count() == 0
    confirmed = client.post("/eventos/novo", data={**data, "confirm_tiebreaks": "PS, SB, DE"}, follow_redirects=True)
    assert "Evento criado." in confirmed.get_data(as_text=True)
    assert db.session.query(Event).one().tiebreak_order == "PS, SB, DE"


def test_a_confirmation_of_another_order_does_not_save_a_new_mix(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    data = {**FORM, "name": "Fechado", "pairing_system": "berger", "tiebreak_order": "PS, SB"}
    client.post("/eventos/novo", data={**data, "confirm_tiebreaks": "KS, SB"})
    assert db.session.query(Event).count() == 0
    client.post("/eventos/novo", data={**data, "tiebreak_order": "DE, SB"})  # a suitable order saves at once
    assert db.session.query(Event).one().tiebreak_order == "DE, SB"


def test_regulations_page_says_the_tiebreaks_freeze_at_round_1(client, db, make_event):  # type: ignore[no-untyped-def]
    event = _event(db, make_event, RoundStatus.PUBLISHED)
    page = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "ficam fixos a partir da publicação da 1ª rodada (CBJD 127" in page
    assert "decisão da federação" in page
