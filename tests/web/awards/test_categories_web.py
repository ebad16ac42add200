"""Categories of an event through the web: the CBJD default set, membership by year of birth
and sex, each category's own table and tiebreak order, custom categories."""
from __future__ import annotations

import re

from damas.models import AuditEntry, EventCategory
from tests.web.awards.test_awards_helpers import finished_round_robin


def _names(html: str) -> list[str]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)[2]).split()) for r in rows]


def test_default_categories_and_membership(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player)
    page = client.get(f"/eventos/{event.id}/categorias").get_data(as_text=True)
    for name in ("Absoluto", "Sub-10", "Sub-12", "Sub-14", "Sub-16", "Sub-18", "Sub-21", "Sub-23", "Feminino"):
        assert name in page
    sub14 = client.get(f"/eventos/{event.id}/categorias/sub-14").get_data(as_text=True)
    assert _names(sub14) == ["Ana Júlia Araújo", "Pedro Sá"]
    sub12 = client.get(f"/eventos/{event.id}/categorias/sub-12").get_data(as_text=True)
    assert "Nenhum jogador nesta classificação." in sub12
    fem = client.get(f"/eventos/{event.id}/categorias/feminino").get_data(as_text=True)
    assert _names(fem) == ["Ana Júlia Araújo", "Maria Lúcia"]
    # CBJD 124: the category order (BH-C1 first) differs from the absolute one (PS first)
    assert "BH-C1" in fem.split("<thead>")[1].split("</thead>")[0]
    absolute = client.get(f"/eventos/{event.id}/categorias/absoluto").get_data(as_text=True)
    assert _names(absolute)[:2] == ["João Conceição", "Ana Júlia Araújo"]
    assert client.get(f"/eventos/{event.id}/categorias/nao-existe").status_code == 404


def test_custom_categories_and_tiebreaks(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = finished_round_robin(db, make_user, make_player)
    login_as(arbiter)
    response = client.post(f"/eventos/{event.id}/categorias/gerir", data={
        "code": "sub-1750", "name_pt": "Rating até 1750", "rating_max": "1750", "tiebreaks": "bh, ps"})
    assert response.status_code == 302
    assert db.session.query(EventCategory).filter_by(event_id=event.id).count() == 10  # CBJD set + 1
    page = client.get(f"/eventos/{event.id}/categorias/sub-1750").get_data(as_text=True)
    assert _names(page) == ["Maria Lúcia", "Carlos Ávila", "José Brandão"]
    head = page.split("<thead>")[1].split("</thead>")[0]
    assert head.index(">BH<") < head.index(">PS<")
    # veterans (40 and over in 2026: born 1986 or before) from the state CE
    client.post(f"/eventos/{event.id}/categorias/gerir", data={
        "code": "veteranos", "name_pt": "Veteranos", "min_age": "40", "states": "ce"})
    page = client.get(f"/eventos/{event.id}/categorias/veteranos").get_data(as_text=True)
    assert _names(page) == ["Carlos Ávila", "José Brandão"]
    # bad input changes nothing
    before = db.session.query(AuditEntry).count()
    page = client.post(f"/eventos/{event.id}/categorias/gerir", data={"code": "Sub 14!", "name_pt": "X"}).get_data(as_text=True)
    assert "Código inválido" in page
    page = client.post(f"/eventos/{event.id}/categorias/gerir", data={
        "code": "banda", "name_pt": "Banda", "rating_min": "1800", "rating_max": "1700"}).get_data(as_text=True)
    assert "Faixa de rating vazia" in page
    page = client.post(f"/eventos/{event.id}/categorias/gerir", data={
        "code": "sub-14", "name_pt": "Outra"}).get_data(as_text=True)
    assert "Já existe uma categoria com este código." in page
    response = client.post(f"/eventos/{event.id}/categorias/desempates", data={"code": "feminino", "tiebreaks": "XYZ"},
                           follow_redirects=True)
    assert "Critério de desempate desconhecido: XYZ." in response.get_data(as_text=True)
    assert db.session.query(AuditEntry).count() == before
    # own order for feminino, then remove sub-10
    client.post(f"/eventos/{event.id}/categorias/desempates", data={"code": "feminino", "tiebreaks": "PS"})
    fem = client.get(f"/eventos/{event.id}/categorias/feminino").get_data(as_text=True)
    assert "BH-C1" not in fem.split("<thead>")[1].split("</thead>")[0]
    client.post(f"/eventos/{event.id}/categorias/apagar", data={"code": "sub-10"})
    assert client.get(f"/eventos/{event.id}/categorias/sub-10").status_code == 404
    response = client.post(f"/eventos/{event.id}/categorias/apagar", data={"code": "absoluto"}, follow_redirects=True)
    assert "A categoria absoluta não pode ser removida." in response.get_data(as_text=True)
    actions = {a.action for a in db.session.query(AuditEntry).filter_by(event_id=event.id)}
    assert {"category.defaults", "category.add", "category.tiebreaks", "category.delete"} <= actions
