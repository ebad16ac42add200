"""FIDE-GR (b): nobody involved in the dispute judges it. A voting member of the appeals committee
who is the appellant, a player of the game concerned or an arbiter of the event (matched by full
name, case/accents/spaces ignored) is impeded for that appeal: a substitute replaces him, and
without one the appeal is refused with nothing written."""
from __future__ import annotations

from datetime import datetime

from damas.models import AuditEntry, Role
from damas.models.desk import DeskAppeal, DeskCommitteeMember
from damas.services.desk.appeals import normal_name
from tests.web.desk.test_desk import running_event
from tests.web.desk.test_desk_forfeits_appeals import _member


def _file(client, event, **extra):  # type: ignore[no-untyped-def]
    now = datetime.now().replace(second=0, microsecond=0).strftime("%Y-%m-%dT%H:%M")
    data = {"a-subject": "Contesto a decisão do árbitro.", "a-decision_at": now, "a-filed_at": now,
            "a-fee_paid": "0", "a-in_writing": "y", "a-copy_to_chief_arbiter": "y", **extra}
    return client.post(f"/eventos/{event.id}/mesa/apelacoes/nova", data=data, follow_redirects=True).get_data(as_text=True)


def test_names_match_without_case_accents_or_spaces():  # type: ignore[no-untyped-def]
    assert normal_name("  JOÃO   da Conceição ") == normal_name("joao da conceicao")
    assert normal_name("Ana Souza") != normal_name("Ana Sousa")


def test_appellant_or_arbiter_on_the_committee_without_substitute_is_refused(client, db, make_user, make_event,
                                                                            make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER, name="Rui Árbitro")
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    for name in ("Ana Souza", "RUI  arbitro", "Carla Dias"):
        _member(client, event, name, "1970-05-01")
    page = _file(client, event, **{"a-appellant_name": "Eduardo Alves"})
    assert "RUI  arbitro (árbitro do evento)" in page and "Não há suplente desimpedido" in page
    assert db.session.query(DeskAppeal).count() == 0
    assert not db.session.query(AuditEntry).filter_by(action="appeal_filed").count()
    # with a substitute the appeal is received; the substitute takes the arbiter's seat
    _member(client, event, "Davi Reis", "1975-01-01", voting=False)
    page = _file(client, event, **{"a-appellant_name": "Eduardo Alves"})
    assert "Apelação recebida." in page
    appeal = db.session.query(DeskAppeal).one()
    assert appeal.panel == ["Ana Souza", "Davi Reis", "Carla Dias"]
    assert "Comitê para esta apelação: Ana Souza, Davi Reis, Carla Dias" in page
    # the decision keeps the planned panel (the impeded arbiter does not judge)
    client.post(f"/eventos/{event.id}/mesa/apelacoes/decidir",
                data={"d-appeal_id": appeal.id, "d-decision": "rejected", "d-text": "Sem fundamento."})
    db.session.expire_all()
    assert db.session.get(DeskAppeal, appeal.id).panel == ["Ana Souza", "Davi Reis", "Carla Dias"]


def test_player_of_the_game_concerned_is_impeded(client, db, make_user, make_event, make_player,
                                                login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    opponent = b.player.full_name  # round 1, board 1: a v b
    for name in ("Ana Souza", opponent.upper(), "Carla Dias"):
        _member(client, event, name, "1970-05-01")
    _member(client, event, c.player.full_name, "1975-01-01", voting=False)  # not in the game a v b
    page = _file(client, event, **{"a-entry_id": a.id, "a-round_number": "1"})
    assert "Apelação recebida." in page
    assert db.session.query(DeskAppeal).one().panel == ["Ana Souza", c.player.full_name, "Carla Dias"]
    # another game: nobody on the committee played it
    db.session.query(DeskAppeal).delete()
    db.session.commit()
    page = _file(client, event, **{"a-entry_id": d.id, "a-round_number": "1"})  # c v d on board 2
    assert "Apelação recebida." in page
    assert db.session.query(DeskAppeal).one().panel == ["Ana Souza", opponent.upper(), "Carla Dias"]
    # the only substitute is the appellant himself: nobody can take the opponent's seat
    db.session.query(DeskAppeal).delete()
    sub = db.session.query(DeskCommitteeMember).filter_by(voting=False).one()
    sub.name = a.player.full_name
    db.session.commit()
    page = _file(client, event, **{"a-entry_id": a.id, "a-round_number": "1"})
    assert f"{opponent.upper()} (jogador da partida em questão)" in page and "Não há suplente desimpedido" in page
    assert db.session.query(DeskAppeal).count() == 0
    page = _file(client, event, **{"a-entry_id": a.id, "a-round_number": "3"})  # no round 3
    assert "não tem partida na rodada 3" in page
    page = _file(client, event, **{"a-appellant_name": "Eduardo Alves", "a-round_number": "1"})
    assert "escolha o jogador que apela" in page
