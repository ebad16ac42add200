"""The federation's national titles: staff add, edit and remove them (audited, bad input refused
with nothing changed), they join the player form's draughts titles, and a public page lists
them with their requirements as the federation's own rules."""
from __future__ import annotations

from html import unescape

import pytest
from sqlalchemy import func, select

from damas.engine.norms.national import NationalTitle
from damas.models import AuditEntry, NationalTitleRow, Role
from damas.services.errors import ServiceError
from damas.services.players.titles import engine_title, save_national_title

GOOD = {"code": "mn", "name": "Mestre Nacional", "rating_threshold": "2000", "norms_needed": "2",
        "min_games": "7", "min_average": "1800", "min_score_percent": "55", "unrated_rating": ""}


def _count(db) -> int:  # type: ignore[no-untyped-def]
    return db.session.scalar(select(func.count(NationalTitleRow.id)))


def test_staff_add_edit_and_remove_a_national_title_audited(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    login_as(staff)
    assert "Títulos nacionais" in client.get("/federacao/").get_data(as_text=True)
    assert client.post("/federacao/titulos", data=GOOD).status_code == 302
    row = db.session.scalars(select(NationalTitleRow)).one()
    assert row.code == "MN" and engine_title(row) == NationalTitle(
        code="MN", name="Mestre Nacional", rating_threshold=2000, norms_needed=2, min_games=7, min_average=1800,
        min_score_percent=55, unrated_rating=None, women_only=False)
    created = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "national_title")).one()
    assert (created.action, created.user_id, created.after["min_score_percent"]) == ("create", staff.id, 55)

    # the draughts select offers it; a player takes it; the public page names it
    form = client.get("/jogadores/novo").get_data(as_text=True)
    assert '<option value="MN">MN — Mestre Nacional</option>' in form
    holder = make_player(full_name="Dono do Titulo", draughts_title="MN")
    assert "Mestre Nacional" in client.get(f"/jogadores/{holder.id}").get_data(as_text=True)

    # edited: a new code follows to the players who hold it
    page = client.get(f"/federacao/titulos/{row.id}/editar").get_data(as_text=True)
    assert 'value="Mestre Nacional"' in page
    edit = {**GOOD, "code": "MNB", "min_score_percent": "60", "unrated_rating": "1400", "women_only": "y"}
    assert client.post(f"/federacao/titulos/{row.id}/editar", data=edit).status_code == 302
    db.session.refresh(row)
    db.session.refresh(holder)
    assert (row.code, row.min_score_percent, row.unrated_rating, row.women_only) == ("MNB", 60, 1400, True)
    assert holder.draughts_title == "MNB"
    updated = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "national_title",
                                                          AuditEntry.action == "update")).one()
    assert updated.before["code"] == "MN" and updated.after["code"] == "MNB" and updated.after["players_renamed"] == 1

    # removing a title someone holds is refused; once nobody holds it, it goes (audited)
    refused = unescape(client.post(f"/federacao/titulos/{row.id}/remover", follow_redirects=True)
                       .get_data(as_text=True))
    assert "1 jogador(es) têm este título" in refused and _count(db) == 1
    holder.draughts_title = ""
    db.session.commit()
    assert client.post(f"/federacao/titulos/{row.id}/remover").status_code == 302
    assert _count(db) == 0
    removed = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "delete",
                                                          AuditEntry.object_type == "national_title")).one()
    assert removed.before["code"] == "MNB" and removed.after is None


def test_bad_national_titles_are_refused_and_nothing_is_written(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    login_as(staff)
    client.post("/federacao/titulos", data=GOOD)
    cases = [
        ({"code": ""}, "Campo obrigatório."),
        ({"code": "GMI"}, "GMI já é um título FIDE ou FMJD"),
        ({"code": "gm"}, "GM já é um título FIDE ou FMJD"),
        ({"code": "MI 64"}, "MI 64 já é um título FIDE ou FMJD"),
        ({"code": "M@N"}, "Código: até 12 letras"),
        ({"code": "mn"}, "Já existe um título com este código."),
        ({"min_score_percent": "101"}, "Entre 0 e 100."),
        ({"min_games": "0"}, "Entre 1 e 100."),
        ({"norms_needed": "-1"}, "Entre 0 e 20."),
        ({"rating_threshold": "9999"}, "Entre 0 e 3500."),
        ({"min_games": "sete"}, ""),
        ({"name": ""}, "Campo obrigatório."),
    ]
    for change, message in cases:
        response = client.post("/federacao/titulos", data={**GOOD, "code": "MC", **change})
        page = unescape(response.get_data(as_text=True))
        assert response.status_code == 200, change
        assert message in page, (change, message)
    assert _count(db) == 1
    assert db.session.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.object_type == "national_title")) == 1


def test_service_checks_what_a_form_could_skip(db, make_user):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    for change, field in (({"min_score_percent": 150}, "min_score_percent"), ({"min_games": None}, "min_games"),
                          ({"code": "WCM"}, "code"), ({"name": "x" * 81}, "name"), ({"min_average": "abc"}, "min_average")):
        with pytest.raises(ServiceError) as refused:
            save_national_title(staff, {**GOOD, **change})
        assert refused.value.field == field, change
    assert _count(db) == 0


def test_public_page_lists_the_titles_as_the_federations_rules(client, db):  # type: ignore[no-untyped-def]
    empty = client.get("/titulos")
    assert empty.status_code == 200 and "ainda não cadastrou títulos nacionais" in empty.get_data(as_text=True)
    db.session.add(NationalTitleRow(code="MN", name="Mestre Nacional", rating_threshold=2000, norms_needed=2,
                                    min_games=7, min_average=1800, min_score_percent=55, unrated_rating=None))
    db.session.add(NationalTitleRow(code="CN", name="Candidato", rating_threshold=None, norms_needed=0,
                                    min_games=5, min_average=None, min_score_percent=50, unrated_rating=1400))
    db.session.commit()
    page = unescape(client.get("/titulos").get_data(as_text=True))
    assert "regras próprias da federação (decisão da federação)" in page
    assert page.index("Mestre Nacional") < page.index("Candidato")  # highest threshold first
    assert "rating de ao menos 2000" in page and "2 norma(s)" in page and "ao menos 7 partidas jogadas" in page
    assert "média dos adversários de ao menos 1800" in page and "aproveitamento de ao menos 55%" in page
    assert "Partida contra adversário sem rating não conta." in page
    assert "Adversário sem rating conta como 1400." in page and "sem rating mínimo" in page
    assert "Anexo 10" in page
