"""One entry, several sections: the player ticks sections and submits once; each refusal has its
reason per section; all or nothing; one mail; duplicates and full sections refused."""
from __future__ import annotations

from datetime import date

from damas.models import AuditEntry, Entry, Role
from damas.services.championships import entries
from tests.web.championships.champ_entry_helpers import championship, entered, player_user, rules
from tests.web.mail.mail_helpers import outbox


def test_page_shows_each_section_eligible_or_not_with_reasons(client, db, login_as, make_user, make_player,
                                                             make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, women, youth) = championship(make_event)
    rules(women, sex="f")
    rules(youth, max_age=14)
    user, _player = player_user(make_user, make_player, sex="M", birth_date=date(1990, 3, 1))
    login_as(user)
    page = client.get(f"/campeonatos/{champ.id}/inscricao").get_data(as_text=True)
    assert "Absoluto" in page and "Pode se inscrever." in page
    assert "seção feminina." in page
    assert "idade máxima 14 anos em 2026 (pelo ano de nascimento); o jogador faz 36." in page
    assert f'name="sections" value="{absolute.id}"' in page
    assert f'name="sections" value="{women.id}"' not in page


def test_player_enters_two_sections_at_once_with_one_mail(app, client, db, login_as, make_user, make_player,
                                                         make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, women, _youth) = championship(make_event)
    user, player = player_user(make_user, make_player, sex="F")
    login_as(user)
    response = client.post(f"/campeonatos/{champ.id}/inscricao", data={"sections": [absolute.id, women.id]})
    assert response.status_code == 302
    assert entered(player) == {absolute.id, women.id}
    mails = [m for m in outbox(app) if m.to == [user.email]]
    assert len(mails) == 1
    (mail,) = mails
    assert mail.subject == "Inscrição no campeonato Campeonato Paulista"
    assert "• Absoluto" in mail.body and "• Feminino" in mail.body
    page = client.get(f"/campeonatos/{champ.id}/inscricao").get_data(as_text=True)
    assert "Inscrição feita em 2 seções" in page
    audit = db.session.query(AuditEntry).filter_by(action="championship_entry").one()
    assert audit.after["event_ids"] == [absolute.id, women.id]


def test_one_bad_section_enters_none_and_says_why(app, client, db, login_as, make_user, make_player,
                                                  make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, women, _youth) = championship(make_event)
    rules(women, sex="f")
    user, player = player_user(make_user, make_player, sex="M")
    login_as(user)
    before = db.session.query(AuditEntry).count()
    response = client.post(f"/campeonatos/{champ.id}/inscricao", data={"sections": [absolute.id, women.id]},
                           follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Nenhuma inscrição foi feita" in page
    assert "Feminino: seção feminina." in page
    assert entered(player) == set()
    assert db.session.query(AuditEntry).count() == before
    assert [m for m in outbox(app) if m.to == [user.email]] == []


def test_nothing_chosen_or_a_section_of_another_championship(client, db, login_as, make_user, make_player,
                                                             make_event):  # type: ignore[no-untyped-def]
    champ, _events = championship(make_event)
    stranger = make_event(name="Outro")
    user, player = player_user(make_user, make_player, sex="M")
    login_as(user)
    page = client.post(f"/campeonatos/{champ.id}/inscricao", data={}).get_data(as_text=True)
    assert "Escolha pelo menos uma seção." in page
    page = client.post(f"/campeonatos/{champ.id}/inscricao", data={"sections": [stranger.id]}).get_data(as_text=True)
    assert "Escolha pelo menos uma seção da lista." in page
    page = client.post(f"/campeonatos/{champ.id}/inscricao", data={"sections": ["x"]}).get_data(as_text=True)
    assert "Escolha pelo menos uma seção da lista." in page
    assert entered(player) == set()


def test_duplicate_entry_is_refused(client, db, login_as, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, women, _youth) = championship(make_event)
    user, player = player_user(make_user, make_player, sex="F")
    db.session.add(Entry(event_id=absolute.id, player_id=player.id, rating_at_entry=1500))
    db.session.commit()
    login_as(user)
    page = client.get(f"/campeonatos/{champ.id}/inscricao").get_data(as_text=True)
    assert f'name="sections" value="{absolute.id}"' not in page and "inscrito" in page
    staff = make_user(Role.STAFF)
    login_as(staff)
    page = client.post(f"/campeonatos/{champ.id}/inscricao/jogador?player_id={player.id}",
                       data={"sections": [absolute.id, women.id], "player_id": player.id},
                       follow_redirects=True).get_data(as_text=True)
    assert "Nenhuma inscrição foi feita" in page
    assert "Absoluto: já inscrito nesta seção." in page
    assert entered(player) == {absolute.id}


def test_full_section_is_refused_and_nothing_entered(client, db, login_as, make_user, make_player,
                                                     make_event):  # type: ignore[no-untyped-def]
    champ, sections = championship(make_event, "Absoluto", "Rápido", capacity=2)
    absolute, rapid = sections
    for _ in range(2):
        other = make_player()
        db.session.add(Entry(event_id=rapid.id, player_id=other.id, rating_at_entry=1500))
    db.session.commit()
    user, player = player_user(make_user, make_player)
    login_as(user)
    page = client.get(f"/campeonatos/{champ.id}/inscricao").get_data(as_text=True)
    assert "sem vagas: a seção já tem 2 inscritos." in page


def test_service_all_or_nothing_with_a_full_section(app, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, rapid) = championship(make_event, "Absoluto", "Rápido", capacity=2)
    for _ in range(2):
        db.session.add(Entry(event_id=rapid.id, player_id=make_player().id, rating_at_entry=1500))
    db.session.commit()
    staff = make_user(Role.STAFF)
    player = make_player()
    with app.test_request_context():
        try:
            entries.enter(staff, champ, player, [absolute.id, rapid.id], by_player=False)
        except entries.SectionsRefused as error:
            assert error.refusals == [("Rápido", ["sem vagas: a seção já tem 2 inscritos."])]
        else:
            raise AssertionError("a full section must refuse")
    assert entered(player) == set()


def test_player_without_a_player_record_sees_a_message(client, db, login_as, make_user, make_event):  # type: ignore[no-untyped-def]
    champ, _events = championship(make_event)
    login_as(make_user(Role.PLAYER))
    page = client.get(f"/campeonatos/{champ.id}/inscricao").get_data(as_text=True)
    assert "ainda não está ligada a um jogador" in page


def test_unpublished_championship_is_hidden_from_players(client, db, login_as, make_user, make_player,
                                                         make_event):  # type: ignore[no-untyped-def]
    champ, _events = championship(make_event, published=False)
    user, _player = player_user(make_user, make_player)
    login_as(user)
    assert client.get(f"/campeonatos/{champ.id}/inscricao").status_code == 404
    assert client.get("/campeonatos/999999/inscricao").status_code == 404
