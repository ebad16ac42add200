"""No dead ends on the rounds pages: a draft event's Rodadas tab offers the step that follows
(open registration, then entries), an event that publishes with its pairing takes results at
once, a round whose results are all in offers the next round, the rare undo sits below the
results, and a new event starts with the pairing system most of the federation's events use."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from damas.models import AuditEntry, Event, EventStatus, FederationSettings, GameResult, Role, Round, RoundStatus
from damas.services.federation import settings as federation_service
from tests.web.desk.test_desk import running_event, set_result


@pytest.fixture
def staff(make_user, login_as):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF)
    login_as(user)
    return user


def _rounds(db, event: Event) -> list[Round]:  # type: ignore[no-untyped-def]
    db.session.expire_all()
    return list(db.session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))


def test_draft_rounds_tab_offers_open_registration_and_lands_on_entries(client, db, staff, make_event):  # type: ignore[no-untyped-def]
    event = make_event(status=EventStatus.DRAFT, pairing_system="dutch")
    page = client.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True)
    assert "data-next-step" in page and "Abrir inscrições" in page and "rascunho" in page
    assert "Emparceirar a próxima rodada" not in page  # nobody to pair yet
    response = client.post(f"/eventos/{event.id}/situacao", data={"status": "registration", "then": "entries"})
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/eventos/{event.id}/inscricoes")
    db.session.expire_all()
    assert db.session.get(Event, event.id).status == EventStatus.REGISTRATION


def test_open_event_with_too_few_entries_says_how_many_and_offers_bulk_entry(client, db, staff, make_event,
                                                                           make_player):  # type: ignore[no-untyped-def]
    event = make_event(pairing_system="dutch", players=(make_player(),))
    page = client.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True)
    assert "1 jogador inscrito. Inscreva pelo menos 2 para emparceirar a rodada 1." in page
    assert f"/eventos/{event.id}/inscricoes" in page and "Inscrever vários (colar ou arquivo)" in page
    assert "Emparceirar a próxima rodada" not in page
    robin = make_event(pairing_system="berger", players=(make_player(), make_player()))
    page = client.get(f"/eventos/{robin.id}/rodadas").get_data(as_text=True)
    assert "Inscreva pelo menos 3" in page and "Gerar todas as rodadas" not in page


def test_event_that_publishes_on_pair_takes_results_at_once(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    players = tuple(make_player(rating_regular=2000 - i) for i in range(4))
    event = make_event(pairing_system="dutch", players=players, publish_on_pair=True)
    page = client.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True)
    assert "A rodada sai publicada" in page and "Emparceirar a próxima rodada" in page
    response = client.post(f"/eventos/{event.id}/rodadas/emparceirar", follow_redirects=True)
    assert "Rodada 1 emparceirada e publicada: lance os resultados aqui." in response.get_data(as_text=True)
    (first,) = _rounds(db, event)
    assert first.status == RoundStatus.PUBLISHED and first.published_at is not None
    actions = db.session.scalars(select(AuditEntry.action).where(AuditEntry.object_type == "round")).all()
    assert "publish" in actions  # the publication is in the audit log like a separate click would be
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "Gravar resultados" in page and "Publicar rodada" not in page


def test_event_that_does_not_publish_on_pair_waits_for_publish(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    players = tuple(make_player(rating_regular=2000 - i) for i in range(4))
    event = make_event(pairing_system="dutch", players=players, publish_on_pair=False)
    response = client.post(f"/eventos/{event.id}/rodadas/emparceirar", follow_redirects=True)
    assert "Rodada 1 emparceirada. Confira e publique." in response.get_data(as_text=True)
    assert _rounds(db, event)[0].status == RoundStatus.PAIRED


def test_round_robin_that_publishes_on_pair_publishes_round_one_only(client, db, staff, make_event,
                                                                    make_player):  # type: ignore[no-untyped-def]
    players = tuple(make_player(rating_regular=2000 - i) for i in range(4))
    event = make_event(pairing_system="berger", players=players, planned_rounds=3, publish_on_pair=True)
    response = client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"}, follow_redirects=True)
    assert response.status_code == 200
    rounds = _rounds(db, event)
    assert [r.status for r in rounds] == [RoundStatus.PUBLISHED, RoundStatus.PAIRED, RoundStatus.PAIRED]


def test_after_the_last_result_the_round_offers_to_pair_the_next(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    event, _entries = running_event(db, make_event, make_player, rounds=1, pairing_system="dutch", planned_rounds=3)
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "data-next-step" not in page  # results missing: no next step yet
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    set_result(db, event, 1, 2, GameResult.DRAW)
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert 'data-next-step="pair"' in page and "Emparceirar a rodada 2" in page
    assert f'action="/eventos/{event.id}/rodadas/emparceirar"' in page


def test_after_the_last_result_a_round_robin_offers_to_publish_the_next(client, db, staff, make_event,
                                                                       make_player):  # type: ignore[no-untyped-def]
    event, _entries = running_event(db, make_event, make_player, rounds=2, pairing_system="berger", planned_rounds=3)
    second = _rounds(db, event)[1]
    second.status, second.published_at = RoundStatus.PAIRED, None
    db.session.commit()
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    set_result(db, event, 1, 2, GameResult.DRAW)
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert 'data-next-step="publish"' in page and "Publicar a rodada 2" in page
    assert f'action="/eventos/{event.id}/rodadas/2/publicar"' in page


def test_after_the_last_planned_round_the_page_offers_the_final_standings(client, db, staff, make_event,
                                                                         make_player):  # type: ignore[no-untyped-def]
    event, _entries = running_event(db, make_event, make_player, rounds=1, pairing_system="dutch", planned_rounds=1)
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    set_result(db, event, 1, 2, GameResult.BLACK_WIN)
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert 'data-next-step="done"' in page and "Classificação final" in page
    assert "Emparceirar a rodada 2" not in page


def test_undo_block_sits_below_the_results(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    event, _entries = running_event(db, make_event, make_player, rounds=1, pairing_system="dutch", planned_rounds=3)
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "Despublicar e desfazer" in page
    assert page.index("Gravar resultados") < page.index('class="undo-round"')
    assert page.index("</table>") < page.index('class="undo-round"')


def test_players_see_neither_next_step_nor_undo(client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    event, _entries = running_event(db, make_event, make_player, rounds=1, pairing_system="dutch", planned_rounds=3)
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    set_result(db, event, 1, 2, GameResult.DRAW)
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "data-next-step" not in page and "undo-round" not in page


def test_new_event_defaults_to_the_most_used_pairing_system_and_publishing_on_pair(client, db, staff, make_event):  # type: ignore[no-untyped-def]
    page = client.get("/eventos/novo").get_data(as_text=True)
    assert '<option selected value="dutch">' in page  # no events yet: the CBJD opens' Swiss
    assert 'id="publish_on_pair"' in page and 'checked' in page[page.index('id="publish_on_pair"') - 120:
                                                                 page.index('id="publish_on_pair"') + 80]
    for _ in range(2):
        make_event(pairing_system="berger")
    make_event(pairing_system="dutch")
    assert federation_service.most_used_pairing_system() == "berger"
    assert '<option selected value="berger">' in client.get("/eventos/novo").get_data(as_text=True)


def test_federation_setting_chooses_the_new_events_pairing_system(client, db, staff, make_event):  # type: ignore[no-untyped-def]
    make_event(pairing_system="berger")
    data = {"name": "Federação Cearense de Damas", "short_name": "FCD", "default_ruleset": "cbjd",
            "default_pairing_system": "dutch"}
    assert client.post("/federacao/", data=data).status_code == 302
    row = db.session.scalars(select(FederationSettings)).one()
    assert row.default_pairing_system == "dutch"
    assert '<option selected value="dutch">' in client.get("/eventos/novo").get_data(as_text=True)
    settings = client.get("/federacao/").get_data(as_text=True)
    assert "O mais usado nos eventos da federação (hoje:" in settings


def test_federation_refuses_an_unknown_pairing_system(client, db, staff):  # type: ignore[no-untyped-def]
    data = {"name": "Federação Cearense de Damas", "short_name": "FCD", "default_ruleset": "cbjd",
            "default_pairing_system": "nonsense"}
    response = client.post("/federacao/", data=data)
    assert response.status_code == 200
    assert db.session.scalars(select(FederationSettings)).first() is None
