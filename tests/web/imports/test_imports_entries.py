"""Issue 17 point 1: many entries to an event at once (paste or file), preview and limits."""
from __future__ import annotations

import io
import re

from damas.models import AuditEntry, Entry, EventStatus, Role
from damas.models.registration import RegistrationSettings
from tests.conftest import xlsx_bytes


def _token(html: str) -> str:
    return re.search(r'name="token" type="hidden" value="([^"]+)"', html).group(1)


def test_arbiter_pastes_a_list_previews_and_confirms_in_one_go(client, db, make_user, make_player, make_event,
                                                               login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    a = make_player(full_name="Ana Souza", federation_id="CE-1", rating_regular=1500)
    b = make_player(full_name="Bruno Lima", federation_id="CE-2", fide_id="777", rating_regular=1700)
    c = make_player(full_name="Carla Dias", federation_id="CE-3", rating_regular=1600)
    event = make_event(arbiters=(arbiter,), time_minutes=60)
    login_as(arbiter)
    html = client.post(f"/importar/eventos/{event.id}/inscricoes",
                       data={"pasted": "CE-1\n\n777\ncarla  dias\n"}).get_data(as_text=True)
    assert "Confirmar importação" in html and db.session.query(Entry).count() == 0
    response = client.post(f"/importar/eventos/{event.id}/inscricoes/confirmar", data={"token": _token(html)})
    assert response.status_code == 302
    entries = {e.player_id: (e.pairing_number, e.rating_at_entry) for e in db.session.query(Entry)}
    assert entries == {b.id: (1, 1700), c.id: (2, 1600), a.id: (3, 1500)}
    audits = db.session.query(AuditEntry).filter_by(object_type="entry", action="create").all()
    assert len(audits) == 3 and all(x.user_id == arbiter.id and x.event_id == event.id for x in audits)


def test_entries_list_refused_with_line_and_reason(client, db, make_user, make_player, make_event,
                                                   login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    a = make_player(full_name="Ana", federation_id="CE-1", rating_regular=1500)
    make_player(full_name="Dup Name", federation_id="CE-5")
    make_player(full_name="Dup Name", federation_id="CE-6")
    b = make_player(full_name="Bia", federation_id="CE-2", rating_regular=2300)
    event = make_event(players=(a,))
    db.session.add(RegistrationSettings(event_id=event.id, rating_ceiling=2000, capacity=2))
    db.session.commit()
    login_as(staff)
    html = client.post(f"/importar/eventos/{event.id}/inscricoes",
                       data={"pasted": "CE-1\nninguém\nDup Name\nCE-2\n"}).get_data(as_text=True)
    assert "Linha 1: Ana já está inscrito." in html
    assert "Linha 2: jogador não encontrado no cadastro." in html
    assert "Linha 3: há 2 jogadores com este nome; use o nº de federação." in html
    assert "Linha 4: rating 2300 passa do teto do evento (2000)." in html
    assert "Confirmar importação" not in html
    csv = "nº federação;nome\nCE-5;\nCE-6;\nCE-5;\n".encode()
    html = client.post(f"/importar/eventos/{event.id}/inscricoes",
                       data={"file": (io.BytesIO(csv), "lista.csv")},
                       content_type="multipart/form-data").get_data(as_text=True)
    assert "Linha 3: passa da capacidade do evento (2 vagas)." in html
    assert "Linha 4: Dup Name repetido (já na linha 2)." in html
    assert db.session.query(Entry).count() == 1 and db.session.get(Entry, 1).player_id == a.id
    assert b.id not in {e.player_id for e in db.session.query(Entry)}


def test_entries_import_access_and_closed_events(client, db, make_user, make_player, make_event,
                                                 login_as):  # type: ignore[no-untyped-def]
    make_player(federation_id="CE-1")
    event = make_event(status=EventStatus.FINISHED)
    login_as(make_user(Role.ARBITER))  # not assigned
    assert client.get(f"/importar/eventos/{event.id}/inscricoes").status_code == 403
    login_as(make_user(Role.STAFF))
    response = client.post(f"/importar/eventos/{event.id}/inscricoes", data={"pasted": "CE-1"})
    assert response.status_code == 200 and "as inscrições deste evento estão fechadas" in response.get_data(as_text=True)
    assert db.session.query(Entry).count() == 0


def test_a_malformed_entries_file_is_refused_with_the_line_and_the_reason_and_writes_nothing(
        client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    """Issue 17 acceptance: every import refuses a malformed file with the line and the reason and
    writes nothing — here many entries from a file (CSV or XLSX) or a pasted list."""
    from html import unescape

    make_player(full_name="Ana", federation_id="CE-1")
    event = make_event()
    login_as(make_user(Role.STAFF))
    xlsx = io.BytesIO(xlsx_bytes(["nº federação", "nome"], ["=A1", "Ana"]))
    cases = [
        ({"file": (io.BytesIO("federation id;name\nCE-1;Jo\xe3o\n".encode("latin-1")), "l.csv")},
         "Linha 2: o arquivo não está em UTF-8"),
        ({"file": (io.BytesIO("clube;uf\nX;CE\n".encode()), "l.csv")},
         "Linha 1: falta a coluna do nº de federação, do FIDE ID ou do nome"),
        ({"file": (io.BytesIO('nº federação;nome\nCE-1;"Ana\n'.encode()), "l.csv")}, "Linha 2: CSV malformado"),
        ({"file": (io.BytesIO("nº federação;nome\n@SUM(1);Ana\n".encode()), "l.csv")},
         "Linha 2: a coluna \"nº federação\" parece uma fórmula"),
        ({"file": (io.BytesIO(xlsx.getvalue()), "l.xlsx")}, "Linha 2: a célula A2 tem uma fórmula"),
        ({"file": (io.BytesIO(b"PK\x03\x04broken"), "l.xlsx")}, "não é uma planilha XLSX válida"),
        ({"pasted": "CE-1\n=HYPERLINK(1)\n"}, "Linha 2: parece uma fórmula de planilha"),
    ]
    for data, message in cases:
        response = client.post(f"/importar/eventos/{event.id}/inscricoes", data=data, content_type="multipart/form-data")
        page = unescape(response.get_data(as_text=True))
        assert response.status_code == 200 and message in page, (message, page[-2000:])
        assert "Confirmar importação" not in page
    assert db.session.query(Entry).count() == 0 and db.session.query(AuditEntry).count() == 0
