"""Issue 14 point 11: the global audit log pages, filters (who, object, event, date) and exports
CSV with the event trail's writer, instead of showing only the last 200 entries."""
from __future__ import annotations

import csv
import io
from datetime import datetime, timezone

from damas.models import AuditEntry, Role

URL = "/usuarios/auditoria"


def _entries(db, user, n: int, **kw):  # type: ignore[no-untyped-def]
    for i in range(n):
        db.session.add(AuditEntry(user_id=user.id if user else None, action=kw.get("action", "update"),
                                  object_type=kw.get("object_type", "player"), object_id=kw.get("object_id", i + 1),
                                  event_id=kw.get("event_id"), at=kw.get("at", datetime(2026, 11, 2, 12, 0, tzinfo=timezone.utc)),
                                  before={"full_name": f"Antes {i}"}, after={"full_name": f"Depois {i}"}))
    db.session.commit()


def _rows(page: str) -> int:
    return page.split("<tbody>", 1)[1].split("</tbody>", 1)[0].count("<tr>")


def test_the_whole_log_is_reachable_page_by_page(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    _entries(db, staff, 230)
    login_as(staff)
    first = client.get(URL).get_data(as_text=True)
    assert _rows(first) == 50 and "Página 1 de 5" in first
    last = client.get(URL + "?page=5").get_data(as_text=True)
    assert _rows(last) == 30 and "Página 5 de 5" in last
    assert "Depois 0" in last and "Depois 0<" not in first  # the oldest is on the last page
    assert _rows(client.get(URL + "?page=999").get_data(as_text=True)) == 30  # past the end: the last page
    assert client.get(URL + "?page=abc").status_code == 200


def test_filters_by_who_object_event_and_date(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff, arbiter = make_user(Role.STAFF, name="Equipe Filtro"), make_user(Role.ARBITER, name="Árbitro Filtro")
    event = make_event()
    _entries(db, staff, 3, object_type="club")
    _entries(db, arbiter, 2, object_type="game", event_id=event.id, at=datetime(2026, 11, 20, 23, 30, tzinfo=timezone.utc))
    _entries(db, arbiter, 1, object_type="player", object_id=77, at=datetime(2026, 11, 25, 0, 10, tzinfo=timezone.utc))
    login_as(staff)
    assert _rows(client.get(f"{URL}?user={arbiter.id}").get_data(as_text=True)) == 3
    assert _rows(client.get(f"{URL}?object_type=club").get_data(as_text=True)) == 3
    assert _rows(client.get(f"{URL}?object_type=player&object_id=77").get_data(as_text=True)) == 1
    assert _rows(client.get(f"{URL}?event_id={event.id}").get_data(as_text=True)) == 2
    assert _rows(client.get(f"{URL}?date_from=2026-11-20&date_to=2026-11-20").get_data(as_text=True)) == 2
    assert _rows(client.get(f"{URL}?date_from=2026-11-21").get_data(as_text=True)) == 1
    assert _rows(client.get(f"{URL}?date_to=2026-11-19").get_data(as_text=True)) == 3
    page = client.get(f"{URL}?user={arbiter.id}&date_from=nonsense&object_id=x").get_data(as_text=True)
    assert _rows(page) == 3  # unreadable filters are ignored, never a 500
    assert f'<option value="{arbiter.id}" selected>Árbitro Filtro</option>' in page


def test_pager_links_keep_the_filters(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    _entries(db, staff, 60, object_type="club")
    _entries(db, staff, 5, object_type="player")
    login_as(staff)
    page = client.get(f"{URL}?object_type=club").get_data(as_text=True)
    assert "Página 1 de 2" in page and "object_type=club" in page.split('class="pager"', 1)[1]


def test_csv_has_every_filtered_entry_through_the_same_writer(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF, name="Equipe CSV")
    event = make_event()
    _entries(db, staff, 120, object_type="club")
    _entries(db, staff, 4, object_type="game", event_id=event.id)
    login_as(staff)
    response = client.get(f"{URL}.csv?object_type=club")
    assert response.mimetype == "text/csv"
    assert 'filename="auditoria.csv"' in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["quando_utc", "quem", "acao", "objeto", "id", "rodada", "antes", "depois", "evento"]
    assert len(rows) == 121 and {r[3] for r in rows[1:]} == {"club"}
    assert rows[1][1] == "Equipe CSV" and rows[1][7] == '{"full_name": "Depois 119"}'
    games = list(csv.reader(io.StringIO(client.get(f"{URL}.csv?event_id={event.id}").get_data(as_text=True).lstrip("\ufeff"))))
    assert len(games) == 5 and {r[8] for r in games[1:]} == {str(event.id)}
    page = client.get(f"{URL}?object_type=club").get_data(as_text=True)
    assert "/usuarios/auditoria.csv?object_type=club" in page


def test_the_global_log_is_for_staff_only(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.ARBITER))
    assert client.get(URL).status_code == 403
    assert client.get(URL + ".csv").status_code == 403
