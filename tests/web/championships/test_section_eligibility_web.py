"""A section's eligibility: the staff form (saved, audited, bad input refused with a message),
and each criterion refusing an entry with its reason."""
from __future__ import annotations

from datetime import date

import pytest

from damas.models import AuditEntry, EventArbiter, Role
from damas.models.championships import SectionEligibility
from damas.services.championships import entries
from damas.services.errors import ServiceError
from tests.web.championships.champ_entry_helpers import championship, entered, player_user, rules


def test_staff_save_the_section_rules(client, db, login_as, make_user, make_event):  # type: ignore[no-untyped-def]
    _champ, (absolute, *_rest) = championship(make_event)
    login_as(make_user(Role.STAFF))
    assert client.get(f"/eventos/{absolute.id}/elegibilidade").status_code == 200
    response = client.post(f"/eventos/{absolute.id}/elegibilidade", data={
        "min_age": "8", "max_age": "14", "age_on": "2026-12-05", "sex": "f", "rating_min": "", "rating_max": "1800",
        "members_only": "y", "category_code": "sub-14"}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Elegibilidade da seção gravada." in page
    row = db.session.get(SectionEligibility, absolute.id)
    assert (row.min_age, row.max_age, row.age_on, row.sex, row.rating_min, row.rating_max, row.members_only,
            row.category_code) == (8, 14, date(2026, 12, 5), "f", None, 1800, True, "sub-14")
    assert db.session.query(AuditEntry).filter_by(object_type="section_eligibility").count() == 1
    assert "até 14 anos (em 05/12/2026)" in page
    client.post(f"/eventos/{absolute.id}/elegibilidade", data={"sex": ""})
    db.session.expire_all()
    assert db.session.get(SectionEligibility, absolute.id) is None


@pytest.mark.parametrize("data, message", [
    ({"min_age": "15", "max_age": "10"}, "A idade mínima passa da máxima."),
    ({"rating_min": "1900", "rating_max": "1800"}, "O rating mínimo passa do máximo."),
    ({"max_age": "-1"}, "Informe um número inteiro entre 0 e 120."),
    ({"rating_max": "99999999999999999999"}, "Informe um número inteiro"),
    ({"age_on": "31/02/2026"}, "A data não é válida."),
    ({"sex": "x"}, "Escolha inválida."),
    ({"category_code": "sub-99"}, "Escolha inválida."),
])
def test_bad_rules_are_refused_with_a_message(client, db, login_as, make_user, make_event, data,
                                              message):  # type: ignore[no-untyped-def]
    _champ, (absolute, *_rest) = championship(make_event)
    login_as(make_user(Role.STAFF))
    response = client.post(f"/eventos/{absolute.id}/elegibilidade", data=data)
    assert response.status_code == 200
    assert message in response.get_data(as_text=True)
    assert db.session.get(SectionEligibility, absolute.id) is None


def test_an_event_outside_a_championship_says_so(client, db, login_as, make_user, make_event):  # type: ignore[no-untyped-def]
    event = make_event()
    login_as(make_user(Role.STAFF))
    page = client.post(f"/eventos/{event.id}/elegibilidade", data={"max_age": "12"}).get_data(as_text=True)
    assert "Este evento não é seção de um campeonato." in page
    assert db.session.get(SectionEligibility, event.id) is None


CASES = [
    ({"min_age": 60}, {"birth_date": date(1990, 1, 1)},
     "idade mínima 60 anos em 2026 (pelo ano de nascimento); o jogador faz 36."),
    ({"max_age": 13, "age_on": date(2026, 12, 5)}, {"birth_date": date(2012, 12, 5)},
     "idade máxima 13 anos em 05/12/2026; o jogador tem 14."),
    ({"max_age": 14}, {"birth_date": None}, "o cadastro do jogador não tem a data de nascimento."),
    ({"sex": "f"}, {"sex": "M"}, "seção feminina."),
    ({"rating_min": 1600}, {"rating_regular": 1500}, "rating mínimo 1600; o jogador tem 1500."),
    ({"rating_max": 1400}, {"rating_regular": 1500}, "rating máximo 1400; o jogador tem 1500."),
    ({"members_only": True}, {"federation_id": None}, "só para membros da federação"),
    ({"category_code": "sub-16"}, {"birth_date": date(2000, 1, 1)}, "só para a categoria Sub-16."),
]


@pytest.mark.parametrize("section_rules, player_facts, reason", CASES)
def test_each_criterion_refuses_with_its_reason(client, db, login_as, make_user, make_player, make_event,
                                                section_rules, player_facts, reason):  # type: ignore[no-untyped-def]
    champ, (absolute, women, _youth) = championship(make_event)
    rules(women, **section_rules)
    user, player = player_user(make_user, make_player, **{"sex": "F", **player_facts})
    login_as(user)
    assert reason in client.get(f"/campeonatos/{champ.id}/inscricao").get_data(as_text=True)
    page = client.post(f"/campeonatos/{champ.id}/inscricao", data={"sections": [absolute.id, women.id]},
                       follow_redirects=True).get_data(as_text=True)
    assert "Nenhuma inscrição foi feita" in page and reason in page
    assert entered(player) == set()


def test_arbiter_enters_a_player_in_his_sections_only(client, db, login_as, make_user, make_player,
                                                      make_event):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    champ, (absolute, women, _youth) = championship(make_event)
    db.session.add(EventArbiter(event_id=absolute.id, user_id=arbiter.id))
    db.session.commit()
    player = make_player(full_name="Beatriz Lima", sex="F")
    login_as(arbiter)
    search = client.get(f"/campeonatos/{champ.id}/inscricao/jogador?q=Beatriz").get_data(as_text=True)
    assert "Beatriz Lima" in search and f"player_id={player.id}" in search
    page = client.get(f"/campeonatos/{champ.id}/inscricao/jogador?player_id={player.id}").get_data(as_text=True)
    assert f'name="sections" value="{absolute.id}"' in page
    assert f'name="sections" value="{women.id}"' not in page
    client.post(f"/campeonatos/{champ.id}/inscricao/jogador",
                data={"player_id": player.id, "sections": [absolute.id, women.id]})
    assert entered(player) == set()
    client.post(f"/campeonatos/{champ.id}/inscricao/jogador", data={"player_id": player.id, "sections": [absolute.id]})
    assert entered(player) == {absolute.id}
    other = make_user(Role.ARBITER)
    login_as(other)
    assert client.get(f"/campeonatos/{champ.id}/inscricao/jogador").status_code == 403


def test_staff_enter_a_player_and_take_him_out_of_one_section(app, client, db, login_as, make_user, make_player,
                                                             make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, women, youth) = championship(make_event)
    player = make_player(sex="F", birth_date=date(2013, 5, 1))
    login_as(make_user(Role.STAFF))
    response = client.post(f"/campeonatos/{champ.id}/inscricao/jogador",
                           data={"player_id": player.id, "sections": [absolute.id, women.id, youth.id]})
    assert response.status_code == 302
    assert entered(player) == {absolute.id, women.id, youth.id}
    client.post(f"/campeonatos/{champ.id}/inscricao/jogador/{player.id}/{women.id}/remover")
    assert entered(player) == {absolute.id, youth.id}


def test_staff_page_without_a_player_and_with_a_missing_one(client, db, login_as, make_user, make_event):  # type: ignore[no-untyped-def]
    champ, _events = championship(make_event)
    login_as(make_user(Role.STAFF))
    assert client.get(f"/campeonatos/{champ.id}/inscricao/jogador?player_id=abc").status_code == 200
    assert client.get(f"/campeonatos/{champ.id}/inscricao/jogador?player_id=99999").status_code == 200
    page = client.post(f"/campeonatos/{champ.id}/inscricao/jogador", data={"sections": ["1"]}).get_data(as_text=True)
    assert "Escolha um jogador." in page
    assert client.get(f"/campeonatos/{champ.id}/inscricao/jogador?q=ninguem").status_code == 200


def test_a_player_cannot_enter_someone_else_as_himself(app, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, *_rest) = championship(make_event)
    user, _player = player_user(make_user, make_player)
    stranger = make_player()
    with app.test_request_context(), pytest.raises(ServiceError):
        entries.enter(user, champ, stranger, [absolute.id], by_player=True)
