"""Prize lists and their allocation through the web (RULES.md §8; CBJD 125, 126), and the
playoff of a tie (RULES.md §7)."""
from __future__ import annotations

import re

from damas.models import AuditEntry, EventPrize, Playoff
from damas.services.standings.playoffs import status_of
from tests.web.awards.test_awards_helpers import finished_round_robin
from tests.web.awards.test_playoff_ties import two_tied_for_first

PRIZES = [  # (category, place, cash in reais, trophy, medal): one row per place (issue 17.5)
    ("absoluto", 1, "1.000,00", True, False), ("absoluto", 2, "500", True, False),
    ("absoluto", 3, "300,00", True, False),
    ("sub-14", 1, "200", True, False),
    ("feminino", 1, "400", True, False), ("feminino", 2, "", False, True),
]


def table_data(code: str, lines: list[dict], save: bool = True) -> dict:
    """The prize-table form's fields for `lines` ({"place", "amount", "trophy", "medal", "remove"})."""
    data = {"category_code": code}
    if save:
        data["save"] = "Gravar"
    for i, line in enumerate(lines):
        for key, value in line.items():
            if isinstance(value, bool):
                if value:
                    data[f"lines-{i}-{key}"] = "y"
            else:
                data[f"lines-{i}-{key}"] = str(value)
    return data


def post_table(client, event_id: int, code: str, lines: list[dict]):  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event_id}/premios/gerir", data=table_data(code, lines))


def _add_prizes(client, event_id: int) -> None:  # type: ignore[no-untyped-def]
    for code in dict.fromkeys(p[0] for p in PRIZES):
        lines = [{"place": place, "amount": amount, "trophy": trophy, "medal": medal}
                 for c, place, amount, trophy, medal in PRIZES if c == code]
        response = post_table(client, event_id, code, lines)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]


def _winner_row(html: str, name: str) -> str:
    table = html.split("<table class=\"table prizes\">", 1)[1].split("</table>", 1)[0]
    row = next(r for r in re.findall(r"<tr>(.*?)</tr>", table, re.S) if name in r)
    return " ".join(re.sub(r"<[^>]+>", " ", row).split())


def test_sub14_girl_second_absolute(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = finished_round_robin(db, make_user, make_player)
    login_as(arbiter)
    _add_prizes(client, event.id)
    assert db.session.query(EventPrize).filter_by(event_id=event.id).count() == len(PRIZES)  # one row per place
    html = client.get(f"/eventos/{event.id}/premios").get_data(as_text=True)
    ana = _winner_row(html, "Ana Júlia Araújo")
    # trophies accumulate (CBJD 125): absolute 2nd, sub-14 1st, feminino 1st; cash: the largest only
    assert "Absoluto 2º: R$ 500,00 + troféu" in ana and "Sub-14 1º: Troféu" in ana and "Feminino 1º: Troféu" in ana
    assert ana.endswith("R$ 500,00")
    assert "R$ 200,00" not in ana and "R$ 400,00" not in ana
    # the prizes she forgoes pass on (CBJD 126): feminino cash to Maria, sub-14 cash to nobody left
    maria = _winner_row(html, "Maria Lúcia")
    assert "Feminino 1º: R$ 400,00" in maria and "Feminino 2º: Medalha" in maria
    pedro = _winner_row(html, "Pedro Sá")
    assert pedro.endswith("R$ 300,00") and "Sub-14 2º" not in pedro
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Ana Júlia Araújo (nº 2), 1º em Feminino, não recebe este prêmio em dinheiro: já recebe R$ 500,00" in text
    assert "Ana Júlia Araújo (nº 2) recebe 3 prêmios (CBJD 125, acumulam)" in text
    assert "Dinheiro — Sub-14, 1º lugar (R$ 200,00): sem jogador elegível; não atribuído." in text
    assert "Total em dinheiro: R$ 2.200,00" in text
    # English explanation from the engine
    client.get("/lang/en")
    html_en = client.get(f"/eventos/{event.id}/premios").get_data(as_text=True)
    assert "receives 3 prizes (CBJD 125, they accumulate)" in html_en


def test_prize_refusals_and_options(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = finished_round_robin(db, make_user, make_player)
    login_as(arbiter)
    before = db.session.query(AuditEntry).count()

    def refused(lines: list[dict]) -> str:
        response = post_table(client, event.id, "absoluto", lines)
        assert response.status_code == 200
        return response.get_data(as_text=True)
    assert "Linha 1: informe o valor em dinheiro ou marque troféu ou medalha." in refused([{"place": 1, "amount": ""}])
    assert "Linha 2: valor inválido" in refused([{"place": 1, "trophy": True}, {"place": 2, "amount": "dez"}])
    assert "Linha 1: informe a colocação" in refused([{"place": "", "amount": "10"}])
    assert "não podem crescer" in refused([{"place": 1, "amount": "100"}, {"place": 2, "amount": "150"}])
    assert "Linha 2: o 1º lugar já está na linha 1." in refused([{"place": 1, "amount": "100"},
                                                                  {"place": 1, "amount": "50"}])
    assert db.session.query(AuditEntry).count() == before
    assert db.session.query(EventPrize).filter_by(event_id=event.id).count() == 0
    post_table(client, event.id, "absoluto", [{"place": 1, "amount": "100"}])
    prize = db.session.query(EventPrize).filter_by(event_id=event.id).one()
    assert prize.amount == 10000
    client.post(f"/eventos/{event.id}/premios/opcoes", data={"cash_ties": "order"})
    assert "recebem pela ordem" in client.get(f"/eventos/{event.id}/premios").get_data(as_text=True)
    client.post(f"/eventos/{event.id}/premios/apagar", data={"prize_id": prize.id})
    assert db.session.query(EventPrize).filter_by(event_id=event.id).count() == 0
    actions = [a.action for a in db.session.query(AuditEntry).filter_by(event_id=event.id)]
    assert {"prize.add", "prize.delete", "prize.cash_ties"} <= set(actions)


def test_cash_shared_by_a_tie(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    """Before any round everybody is level and not separated: the cash at stake is shared."""
    event, _staff, arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=0)
    login_as(arbiter)
    post_table(client, event.id, "absoluto", [{"place": place, "amount": amount}
                                              for place, amount in ((1, "600"), (2, "300"), (3, "100"))])
    text = " ".join(re.sub(r"<[^>]+>", " ", client.get(f"/eventos/{event.id}/premios").get_data(as_text=True)).split())
    assert "dividem igualmente R$ 600,00 + R$ 300,00 + R$ 100,00 = R$ 1.000,00" in text
    assert "R$ 166,67" in text and "R$ 166,66" in text


def test_playoff_entry(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = two_tied_for_first(db, make_user, make_player)  # 1 and 2 share places 1-2
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/playoffs/absoluto").get_data(as_text=True)
    assert "Empates não desfeitos pelos critérios" in page
    assert client.post(f"/eventos/{event.id}/playoffs/absoluto/criar", data={"tied": "1, 2"}).status_code == 302
    playoff = db.session.query(Playoff).one()
    page = client.get(f"/eventos/{event.id}/playoffs/absoluto").get_data(as_text=True)
    assert "Mini-match de 2 partidas" in page and "m.g1" in page
    url = f"/eventos/{event.id}/playoffs/absoluto/resultado"
    g1 = status_of(playoff).pending[0]
    assert g1.id == "m.g1" and g1.white in (1, 2)
    other = 3 - g1.white
    # the colour drawn by lot is enforced
    response = client.post(url, data={"playoff_id": playoff.id, "game_id": "m.g1", "white": other, "score": "1-0"},
                           follow_redirects=True)
    assert "Resultado recusado" in response.get_data(as_text=True)
    db.session.expire_all()
    assert playoff.results == {}
    client.post(url, data={"playoff_id": playoff.id, "game_id": "m.g1", "white": g1.white, "score": "1-0"})
    client.post(url, data={"playoff_id": playoff.id, "game_id": "m.g2", "white": other, "score": "1-0"})
    db.session.expire_all()
    arm = status_of(playoff).pending[0]
    assert arm.id == "m.arm" and arm.armageddon
    black = 3 - arm.white
    response = client.post(url, data={"playoff_id": playoff.id, "game_id": "m.arm", "white": arm.white,
                                      "score": "1/2-1/2"}, follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "Playoff concluído." in html and "Colocação final" in html
    # a draw in Armageddon is a win for Black: he takes first place in the category table
    table = client.get(f"/eventos/{event.id}/categorias/absoluto").get_data(as_text=True)
    body = table.split("<tbody>", 1)[1]
    first = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)[0]
    cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", first, re.S)]
    assert cells[0] == "1" and cells[1] == str(black)
    assert "lugares decididos por playoff" in table
    assert {"playoff.create", "playoff.result"} <= {a.action for a in db.session.query(AuditEntry)}
    client.post(f"/eventos/{event.id}/playoffs/absoluto/apagar", data={"playoff_id": playoff.id})
    assert db.session.query(Playoff).count() == 0
