"""A change log people can read: the rows an entry is about by their names ("Inscrição de Ana
Lima", not "Inscrição #123"; a player's name, not "jogador (id): 24"; "Rodada 1", not
"Rodada #22"), the codes by the labels the rest of the UI uses (registered → withdrawn,
verbal_warning, open, typed), the round filled for withdrawals and game records, in Portuguese
and English."""
from __future__ import annotations

import re
from html import unescape

from damas.models import AuditEntry, EventStatus, Role, Round, RoundStatus
from damas.services.audit import record


def _table(page: str) -> str:
    return unescape(page.split("<table", 1)[1])


def _rows(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF, name="Secretária Geral")
    ana, bia = make_player(full_name="Ana Lima"), make_player(full_name="Bia Souza")
    event = make_event(name="Aberto de Quixadá", players=(ana, bia), status=EventStatus.RUNNING)
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    db.session.add(rnd)
    db.session.flush()
    entry = event.entries[0]
    record(staff, "withdraw", "entry", entry.id, {"status": "registered"},
           {"status": "withdrawn", "withdrawn_after_round": 2, "note": ""}, event.id)
    record(staff, "sanction", "sanction", 7, None, {"kind": "verbal_warning", "player_id": bia.id, "round": 1},
           event.id)
    record(staff, "game_record_saved", "game_record", 3, None,
           {"round_number": 1, "board": 1, "white_player_id": ana.id, "black_player_id": bia.id,
            "final": "open", "source": "typed"}, event.id)
    record(staff, "publish", "round", rnd.id, {"status": "draft"}, {"status": "published"}, event.id)
    db.session.commit()
    return staff, event, entry, rnd


def test_the_change_log_names_rows_and_codes(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    staff, event, entry, rnd = _rows(db, make_user, make_player, make_event)
    login_as(staff)
    for url in (f"/eventos/{event.id}/auditoria", "/usuarios/auditoria"):
        table = _table(client.get(url).get_data(as_text=True))
        assert "Desistência · Inscrição de Ana Lima" in table, url
        assert f"Inscrição #{entry.id}" not in table and f"Rodada #{rnd.id}" not in table, url
        assert "Publicação · Rodada 1" in table, url
        assert "Inscrito</span> → <span class=\"after\">Desistente" in table, url
        assert "Advertência verbal (CBJD 51 a)" in table and "verbal_warning" not in table, url
        assert "jogador</span>: Bia Souza" in table and "jogador (id)" not in table, url
        assert "brancas</span>: Ana Lima" in table and "pretas</span>: Bia Souza" in table, url
        assert "partida não terminada" in table and "digitada" in table, url
        assert ": open" not in table and ": typed" not in table, url
    event_page = _table(client.get(f"/eventos/{event.id}/auditoria").get_data(as_text=True))
    rounds = re.findall(r'<td class="num">(\d*)</td>', event_page)
    assert rounds.count("3") == 1  # the withdrawal: from round 3 (he left after round 2)
    assert rounds.count("1") == 2  # the sanction and the game record
    log = _table(client.get("/usuarios/auditoria").get_data(as_text=True))
    assert "(Aberto de Quixadá)" in log and f"(evento #{event.id})" not in log


def test_the_change_log_speaks_english(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    staff, event, _entry, _rnd = _rows(db, make_user, make_player, make_event)
    login_as(staff)
    client.get("/lang/en")
    table = _table(client.get(f"/eventos/{event.id}/auditoria").get_data(as_text=True))
    assert "Entry of Ana Lima" in table and "Round 1" in table
    assert "Registered</span> → <span class=\"after\">Withdrawn" in table
    assert "player</span>: Bia Souza" in table and "game not over" in table and "typed" in table


def test_a_deleted_row_keeps_its_number(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = make_event()
    record(staff, "delete", "entry", 987654, {"player_id": 555555}, None, event.id)
    db.session.commit()
    login_as(staff)
    table = _table(client.get(f"/eventos/{event.id}/auditoria").get_data(as_text=True))
    assert "Inscrição #987654" in table and "555555" in table
    assert db.session.query(AuditEntry).count() == 1
