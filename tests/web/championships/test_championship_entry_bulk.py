"""Many players into several sections at once: a pasted list checked (nothing written), then
entered; each line all of its sections or none, a bad line not stopping the others; one mail
per player."""
from __future__ import annotations

from datetime import datetime, timezone

from damas.models import EventStatus, Role
from tests.web.championships.champ_entry_helpers import championship, entered, rules
from tests.web.mail.mail_helpers import outbox


def test_paste_check_then_enter(app, client, db, login_as, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, women, _youth) = championship(make_event)
    rules(women, sex="f")
    ana = make_player(full_name="Ana Lima", sex="F", federation_id="SP-1")
    bia = make_player(full_name="Beatriz Rocha", sex="F", federation_id="SP-2")
    caio = make_player(full_name="Caio Prado", sex="M", federation_id="SP-3")
    account = make_user(Role.PLAYER, player_id=ana.id, email_verified_at=datetime.now(timezone.utc))
    login_as(make_user(Role.STAFF))
    data = {"pasted": "SP-1\nBeatriz Rocha\nSP-3\nNinguém Existe\nSP-1", "sections": [absolute.id, women.id]}
    page = client.post(f"/campeonatos/{champ.id}/inscricao/varios", data={**data, "action": "check"}).get_data(as_text=True)
    assert "pode ser inscrito" in page
    assert "Feminino: seção feminina." in page
    assert "jogador não encontrado no cadastro." in page
    assert "repetido (já na linha 1)" in page
    assert entered(ana) == entered(bia) == entered(caio) == set()
    page = client.post(f"/campeonatos/{champ.id}/inscricao/varios", data={**data, "action": "enter"}).get_data(as_text=True)
    assert "2 jogadores inscritos" in page
    assert entered(ana) == entered(bia) == {absolute.id, women.id}
    assert entered(caio) == set()
    mails = [m for m in outbox(app) if m.to == [account.email]]
    assert len(mails) == 1 and "• Feminino" in mails[0].body


def test_bad_bulk_input_gets_a_message(client, db, login_as, make_user, make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, *_rest) = championship(make_event)
    login_as(make_user(Role.STAFF))
    page = client.post(f"/campeonatos/{champ.id}/inscricao/varios", data={"pasted": "", "sections": [absolute.id]})
    assert "Cole a lista e escolha as seções da lista." in page.get_data(as_text=True)
    page = client.post(f"/campeonatos/{champ.id}/inscricao/varios", data={"pasted": "x", "action": "enter"})
    assert "Escolha pelo menos uma seção." in page.get_data(as_text=True)
    page = client.post(f"/campeonatos/{champ.id}/inscricao/varios", data={"pasted": "=1+1", "sections": [absolute.id],
                                                                        "action": "check"})
    assert "fórmula" in page.get_data(as_text=True)
    assert client.get(f"/campeonatos/{champ.id}/inscricao/varios").status_code == 200


def test_closed_sections_refuse_the_list(client, db, login_as, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    champ, (absolute, *_rest) = championship(make_event)
    absolute.status = EventStatus.FINISHED
    db.session.commit()
    make_player(federation_id="SP-9")
    login_as(make_user(Role.STAFF))
    page = client.post(f"/campeonatos/{champ.id}/inscricao/varios",
                       data={"pasted": "SP-9", "sections": [absolute.id], "action": "enter"}).get_data(as_text=True)
    assert "Nenhuma das seções escolhidas aceita inscrições agora." in page
