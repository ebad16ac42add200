"""Issue 17, points 5 and 8: a prize row takes cash and a trophy together, the prize list is
entered as a table, and "Premiados" is listed by place."""
from __future__ import annotations

import re

from damas.models import GameResult
from damas.formats.mapping import event_rounds
from damas.services.standings.prizes import add_prize
from damas.services.results.recording import publish_round, record_results
from tests.web.awards.test_awards_helpers import finished_round_robin


def _flat(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def reversed_round_robin(db, make_user, make_player):  # type: ignore[no-untyped-def]
    """The helper's round robin where the higher pairing number wins: 6, 5, ... 1 in the table."""
    event, staff, arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=0)
    for rnd in event_rounds(event):
        publish_round(staff, event, rnd)
        changes = {g.id: (GameResult.BLACK_WIN if g.white.pairing_number < g.black.pairing_number
                          else GameResult.WHITE_WIN, g.version) for g in rnd.games if g.black is not None}
        record_results(staff, event, changes)
    return event, staff, arbiter


def test_premiados_is_ordered_by_place(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, staff, _arbiter = reversed_round_robin(db, make_user, make_player)
    add_prize(staff, event, "absoluto", 1, "cash", 30000)
    add_prize(staff, event, "absoluto", 2, "cash", 20000)
    add_prize(staff, event, "absoluto", 3, "trophy", 0)
    html = client.get(f"/eventos/{event.id}/premios").get_data(as_text=True)
    table = html.split('<table class="table prizes">', 1)[1].split("</table>", 1)[0]
    names = [n for n in ("José Brandão", "Carlos Ávila", "Maria Lúcia") if n in _flat(table)]
    assert len(names) == 3
    order = sorted(names, key=lambda n: _flat(table).index(n))
    assert order == ["José Brandão", "Carlos Ávila", "Maria Lúcia"]


def test_prize_row_takes_cash_and_trophy_together(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    from damas.models import AuditEntry, EventPrize
    from tests.web.awards.test_awards_prizes import post_table
    from tests.web.reports.test_reports_pdf import pdf_text

    event, _staff, arbiter = finished_round_robin(db, make_user, make_player)
    login_as(arbiter)
    response = post_table(client, event.id, "absoluto", [
        {"place": 1, "amount": "500", "trophy": True}, {"place": 2, "amount": "300", "medal": True},
        {"place": 3, "trophy": True}])
    assert response.status_code == 302
    rows = db.session.query(EventPrize).filter_by(event_id=event.id).order_by(EventPrize.place).all()
    assert [(r.place, r.amount, r.trophy, r.medal) for r in rows] == [(1, 50000, True, False), (2, 30000, False, True),
                                                                     (3, 0, True, False)]
    assert db.session.query(AuditEntry).filter_by(event_id=event.id, action="prize.add").count() == 3
    page = _flat(client.get(f"/eventos/{event.id}/premios").get_data(as_text=True))
    assert "1º — R$ 500,00 + troféu" in page or "1º R$ 500,00 + troféu" in page or "Absoluto 1º: R$ 500,00 + troféu" in page
    assert "João Conceição Absoluto 1º: R$ 500,00 + troféu" in page
    assert "Maria Lúcia" not in page.split("Premiados", 1)[1].split("Total em dinheiro", 1)[0]
    assert "Pedro Sá Absoluto 3º: Troféu" in page
    pdf = " ".join(pdf_text(client.get(f"/eventos/{event.id}/relatorios/premiacao.pdf").data).split())
    assert "Absoluto 1º: R$ 500,00 + troféu" in pdf and "Absoluto 2º: R$ 300,00 + medalha" in pdf
    brochure = " ".join(pdf_text(client.get(f"/eventos/{event.id}/relatorios/folheto.pdf").data).split())
    assert "1º R$ 500,00 + troféu" in brochure


def test_prize_table_adds_lines_removes_a_row_and_refuses_per_line(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    from damas.models import AuditEntry, EventPrize
    from tests.web.awards.test_awards_prizes import post_table, table_data

    event, _staff, arbiter = finished_round_robin(db, make_user, make_player)
    login_as(arbiter)
    url = f"/eventos/{event.id}/premios/gerir"
    page = client.get(url + "?categoria=feminino").get_data(as_text=True)
    assert 'name="category_code" value="feminino"' in page and 'name="lines-2-place"' in page
    more = client.post(url, data=table_data("feminino", [{"place": 1, "amount": "100"}] + [{"place": ""}] * 2, save=False)
                       | {"more": "Mais linhas"}).get_data(as_text=True)
    assert 'name="lines-5-place"' in more and 'value="100"' in more
    assert db.session.query(EventPrize).filter_by(event_id=event.id).count() == 0  # "more" saves nothing
    post_table(client, event.id, "feminino", [{"place": 1, "amount": "100", "trophy": True}, {"place": 2, "medal": True}])
    ids = {r.place: r.id for r in db.session.query(EventPrize).filter_by(event_id=event.id)}
    # the table comes back filled; ticking "remover" drops the line, a change updates its row
    page = client.get(url + "?categoria=feminino").get_data(as_text=True)
    assert 'value="100,00"' in page
    response = post_table(client, event.id, "feminino", [{"place": 1, "amount": "150", "trophy": True},
                                                         {"place": 2, "medal": True, "remove": True}])
    assert response.status_code == 302
    db.session.expire_all()
    rows = db.session.query(EventPrize).filter_by(event_id=event.id).all()
    assert [(r.id, r.amount, r.trophy) for r in rows] == [(ids[1], 15000, True)]
    actions = {a.action for a in db.session.query(AuditEntry).filter_by(event_id=event.id)}
    assert {"prize.add", "prize.update", "prize.delete"} <= actions
    # a bad line refuses the whole table, naming the line, and writes nothing
    before = db.session.query(AuditEntry).count()
    html = post_table(client, event.id, "feminino", [{"place": 1, "amount": "150", "trophy": True},
                                                     {"place": 2, "amount": "1,2,3"}]).get_data(as_text=True)
    assert "Linha 2: valor inválido" in html and 'value="1,2,3"' in html
    assert db.session.query(AuditEntry).count() == before
