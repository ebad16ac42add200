"""Issue 17 point 2: rating lists — records per value, the player's page, the frozen start order."""
from __future__ import annotations

import io
import re
from datetime import date

import pytest

from damas.models import AuditEntry, Entry, EventStatus, Player, RatingRecord, Role

HEADER = "nº federação;nome;rating clássico;rating rápido;rating blitz\n"
from tests.conftest import xlsx_bytes


def _preview(client, content: str, source: str = "Rating CBJD", when: str = "2026-11-01"):  # type: ignore[no-untyped-def]
    return client.post("/importar/ratings", data={"file": (io.BytesIO(content.encode()), "lista.csv"),
                                                  "source": source, "list_date": when},
                       content_type="multipart/form-data")


def _confirm(client, html: str):  # type: ignore[no-untyped-def]
    token = re.search(r'name="token" type="hidden" value="([^"]+)"', html).group(1)
    return client.post("/importar/ratings/confirmar", data={"token": token})


def test_rating_list_updates_ratings_with_a_dated_record_shown_on_the_player_page(
        client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    ana = make_player(full_name="Ana", federation_id="CE-1", rating_regular=1500, rating_rapid=1500)
    make_player(full_name="Bia", federation_id="CE-2", rating_regular=1400, rating_rapid=None)
    login_as(staff)
    html = _preview(client, HEADER + "CE-1;Ana;1550;;1490\nCE-2;Bia;1400;;\nXX-9;Zé;1700;;\n").get_data(as_text=True)
    assert "não está no cadastro: ignorado." in html and "atualizar" in html
    assert db.session.query(RatingRecord).count() == 0 and ana.rating_regular == 1500
    assert _confirm(client, html).status_code == 302
    db.session.expire_all()
    ana = db.session.get(Player, ana.id)
    assert (ana.rating_regular, ana.rating_rapid, ana.rating_blitz) == (1550, 1500, 1490)
    records = db.session.query(RatingRecord).order_by(RatingRecord.id).all()
    assert [(r.player_id == ana.id, r.rating_list, r.previous, r.value) for r in records] == [
        (True, "regular", 1500, 1550), (True, "blitz", None, 1490), (False, "regular", 1400, 1400)]
    assert all((r.source, r.file_name, r.list_date, r.user_id) == ("Rating CBJD", "lista.csv", date(2026, 11, 1),
                                                                   staff.id) for r in records)
    audit = db.session.query(AuditEntry).filter_by(object_type="player", object_id=ana.id).one()
    assert audit.before == {"rating_regular": 1500, "rating_blitz": None} and audit.after["rating_regular"] == 1550
    page = client.get(f"/jogadores/{ana.id}").get_data(as_text=True)
    assert "Origem dos ratings" in page and "01/11/2026" in page and "Rating CBJD" in page and "lista.csv" in page


def test_rating_list_bad_rows_refuse_everything_with_line_and_reason(client, db, make_user, make_player,
                                                                     login_as):  # type: ignore[no-untyped-def]
    make_player(federation_id="CE-1", rating_regular=1500)
    login_as(make_user(Role.STAFF))
    html = _preview(client, HEADER + "CE-1;Ana;15x0;;\nCE-1;Ana;1600;;\n;Sem id;1500;;\n").get_data(as_text=True)
    assert "Linha 2: rating inválido" in html and "Linha 3: CE-1 repetido (já na linha 2)." in html
    assert "Linha 4: sem nº de federação nem FIDE ID." in html and "Confirmar importação" not in html
    response = _preview(client, "nº federação;nome\nCE-1;Ana\n")
    assert response.status_code == 200 and "Linha 1: falta uma coluna de rating" in response.get_data(as_text=True)
    response = _preview(client, HEADER + "CE-1;Ana;1600;;\n", when="2999-01-01")
    assert "A data da lista não pode estar no futuro." in response.get_data(as_text=True)
    assert db.session.query(RatingRecord).count() == 0 and db.session.query(AuditEntry).count() == 0


def test_rating_list_reorders_unpaired_events_but_not_a_running_event_paired_on_the_old_ratings(
        client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    """RULES.md §3: ratings of the starting order are frozen once round 1 is paired; before that a
    rating change re-sorts the starting list (C.04.3 A.2)."""
    from damas.services.rounds.swiss import pair_next_round

    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"P{n}", federation_id=f"CE-{n}", rating_regular=2000 - 100 * n)
               for n in range(1, 5)]
    running = make_event(players=tuple(players), pairing_system="dutch", time_minutes=60,
                         status=EventStatus.RUNNING)
    open_event = make_event(players=tuple(players), pairing_system="dutch", time_minutes=60)
    pair_next_round(staff, running)
    order_before = {e.player_id: (e.pairing_number, e.rating_at_entry) for e in running.entries}
    login_as(staff)
    html = _preview(client, HEADER + "CE-4;P4;2500;;\n").get_data(as_text=True)
    assert _confirm(client, html).status_code == 302
    db.session.expire_all()
    running_now = {e.player_id: (e.pairing_number, e.rating_at_entry)
                   for e in db.session.query(Entry).filter_by(event_id=running.id)}
    assert running_now == order_before
    opened = {e.player_id: (e.pairing_number, e.rating_at_entry)
              for e in db.session.query(Entry).filter_by(event_id=open_event.id)}
    assert opened[players[3].id] == (1, 2500) and opened[players[0].id] == (2, 1900)
    audit = db.session.query(AuditEntry).filter_by(object_type="entry_ratings").one()
    assert audit.event_id == open_event.id


def test_rating_list_leaves_a_started_knockout_alone(client, db, make_user, make_player, make_event,
                                                     login_as):  # type: ignore[no-untyped-def]
    """A knockout has no rounds: its seeds (pairing numbers) are fixed when it starts, and a later
    rating list must not renumber it (the bracket would no longer match its games)."""
    from damas.services.rounds.knockout import save_settings, start_knockout

    staff = make_user(Role.STAFF)
    players = [make_player(federation_id=f"KO-{n}", rating_regular=2000 - 100 * n) for n in range(1, 5)]
    event = make_event(players=tuple(players), pairing_system="knockout", time_minutes=60)
    save_settings(staff, event, 1, "replay", 2, 2)
    start_knockout(staff, event, lot_seed=1)
    before = {e.player_id: (e.pairing_number, e.rating_at_entry) for e in db.session.query(Entry)}
    login_as(staff)
    html = _preview(client, HEADER + "KO-4;;2500;;\n").get_data(as_text=True)
    assert _confirm(client, html).status_code == 302
    db.session.expire_all()
    assert {e.player_id: (e.pairing_number, e.rating_at_entry) for e in db.session.query(Entry)} == before
    assert client.get(f"/eventos/{event.id}/eliminatoria").status_code == 200


def _orders(db, *events):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    return [{e.player_id: (e.pairing_number, e.rating_at_entry) for e in db.session.query(Entry).filter_by(event_id=ev.id)}
            for ev in events]


@pytest.fixture
def two_events(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    """Four rated players in a running event with round 1 paired and in an event not yet paired."""
    from damas.services.rounds.swiss import pair_next_round

    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"P{n}", federation_id=f"CE-{n}", rating_regular=2000 - 100 * n,
                           birth_date=date(2000, 1, n), sex="M", state="CE") for n in range(1, 5)]
    running = make_event(players=tuple(players), pairing_system="dutch", time_minutes=60, status=EventStatus.RUNNING)
    open_event = make_event(players=tuple(players), pairing_system="dutch", time_minutes=60)
    pair_next_round(staff, running)
    return staff, players, running, open_event


def test_registry_import_of_a_new_rating_resorts_unpaired_events_like_a_rating_list(
        client, db, two_events, login_as):  # type: ignore[no-untyped-def]
    """Issue 17 point 2: a rating the registry file changes moves the starting list of an event not
    yet paired, as a rating list does; the event paired on the old ratings keeps them (frozen)."""
    staff, players, running, open_event = two_events
    frozen, _ = _orders(db, running, open_event)
    login_as(staff)
    csv = "nome;nº federação;rating clássico\nP4;CE-4;2500\n".encode()
    html = client.post("/importar/jogadores", data={"file": (io.BytesIO(csv), "cadastro.csv")},
                       content_type="multipart/form-data").get_data(as_text=True)
    token = re.search(r'name="token" type="hidden" value="([^"]+)"', html).group(1)
    assert client.post("/importar/jogadores/confirmar", data={"token": token}).status_code == 302
    running_now, opened = _orders(db, running, open_event)
    assert running_now == frozen
    assert opened[players[3].id] == (1, 2500) and opened[players[0].id] == (2, 1900)
    assert db.session.query(AuditEntry).filter_by(object_type="entry_ratings", event_id=open_event.id).count() == 1


def test_rating_typed_on_the_player_form_is_a_dated_record_and_moves_unpaired_entries(
        client, db, two_events, login_as):  # type: ignore[no-untyped-def]
    """Issue 17 point 2: every rating has a dated record of where it came from, a rating typed by
    staff too ("Editado no cadastro"); the unpaired event re-sorts, the paired one stays frozen."""
    staff, players, running, open_event = two_events
    frozen, _ = _orders(db, running, open_event)
    p4 = players[3]
    login_as(staff)
    response = client.post(f"/jogadores/{p4.id}/editar", data={
        "full_name": "P4", "sex": "M", "birth_date": "2000-01-04", "club_id": "", "state": "CE",
        "federation_id": "CE-4", "fide_id": "", "rating_regular": "2500", "rating_rapid": "", "email": ""})
    assert response.status_code == 302
    record = db.session.query(RatingRecord).filter_by(player_id=p4.id).one()
    assert (record.rating_list, record.previous, record.value, record.list_date, record.user_id) == (
        "regular", 1600, 2500, date.today(), staff.id)
    assert record.source == "Editado no cadastro" and record.file_name == ""
    running_now, opened = _orders(db, running, open_event)
    assert running_now == frozen
    assert opened[p4.id] == (1, 2500)
    page = client.get(f"/jogadores/{p4.id}").get_data(as_text=True)
    assert "Origem dos ratings" in page and "Editado no cadastro" in page


def test_a_malformed_rating_list_is_refused_with_the_line_and_the_reason_and_writes_nothing(
        client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    """Issue 17 acceptance: a rating list file (CSV or XLSX) that is not what the import reads is
    refused whole, naming the line and the reason; no rating, record or audit entry is written."""
    from html import unescape

    ana = make_player(federation_id="CE-1", rating_regular=1500)
    login_as(make_user(Role.STAFF))
    xlsx = io.BytesIO(xlsx_bytes(["Federation ID", "Standard"], ["CE-1", "=1500+100"]))
    cases = [
        ("federation id;standard\nCE-1;1600\nCE-2;1\xe9\n".encode("latin-1"), "l.csv", "Linha 3: o arquivo não está em UTF-8"),
        (b"nome;clube\nAna;X\n", "l.csv", "Linha 1: falta uma coluna de rating"),
        (b"nome;rating classico\nAna;1600\n", "l.csv", "Linha 1: falta a coluna do nº de federação ou do FIDE ID"),
        (b"federation id;standard\nCE-1;\"1600\n", "l.csv", "Linha 2: CSV malformado"),
        (b"federation id;standard\n+CE-1;1600\n", "l.csv", "Linha 2: a coluna \"federation id\" parece uma fórmula"),
        (b"federation id;standard;standard\nCE-1;1600;1600\n", "l.csv", "Linha 1: a coluna \"standard\" aparece duas vezes"),
        (xlsx.getvalue(), "l.xlsx", "Linha 2: a célula B2 tem uma fórmula"),
        (b"PK\x03\x04broken", "l.xlsx", "não é uma planilha XLSX válida"),
    ]
    for content, name, message in cases:
        response = client.post("/importar/ratings", data={"file": (io.BytesIO(content), name), "source": "Rating CBJD",
                                                          "list_date": "2026-11-01"}, content_type="multipart/form-data")
        page = unescape(response.get_data(as_text=True))
        assert response.status_code == 200 and message in page, (message, page[-2000:])
        assert "Arquivo recusado; nada foi gravado." in page and "Confirmar importação" not in page
    db.session.expire_all()
    assert db.session.get(Player, ana.id).rating_regular == 1500
    assert db.session.query(RatingRecord).count() == 0 and db.session.query(AuditEntry).count() == 0
