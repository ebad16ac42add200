"""Issue 17 point 1: the registry from a CSV/XLSX file — preview, confirm, refusals, audit."""
from __future__ import annotations

import io
import re
from datetime import date
from html import unescape

from openpyxl import Workbook

from damas.models import AuditEntry, Player, RatingRecord, Role

HEADER = "nome;nascimento;sexo;clube;uf;nº federação;fide id;rating clássico;rating rápido;rating blitz\n"


def _upload(client, content: bytes, name: str = "cadastro.csv"):  # type: ignore[no-untyped-def]
    return client.post("/importar/jogadores", data={"file": (io.BytesIO(content), name)},
                       content_type="multipart/form-data")


def _token(html: str) -> str:
    return re.search(r'name="token" type="hidden" value="([^"]+)"', html).group(1)


def test_registry_preview_writes_nothing_and_confirm_writes_all(client, db, make_user, make_player,
                                                              login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    make_player(full_name="Ana Souza", federation_id="CE-1", rating_regular=1500, birth_date=date(2000, 1, 2))
    make_player(full_name="Bruno Lima", federation_id=None, birth_date=date(1999, 3, 4), rating_regular=1400)
    login_as(staff)
    csv = (HEADER + "Ana Souza;02/01/2000;F;Clube Novo;CE;CE-1;;1620;;\n"
           "Bruno Lima;04/03/1999;M;;CE;CE-2;;;;\n"
           "Carla Dias;2005-07-08;F;;SP;SP-9;12345;1700;1650;1600\n").encode()
    response = _upload(client, csv)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "atualizar" in html and "novo" in html and "clube novo: Clube Novo" in html
    assert db.session.query(Player).count() == 2 and db.session.query(AuditEntry).count() == 0
    response = client.post("/importar/jogadores/confirmar", data={"token": _token(html)})
    assert response.status_code == 302
    ana = db.session.query(Player).filter_by(federation_id="CE-1").one()
    assert ana.rating_regular == 1620 and ana.club.name == "Clube Novo"
    bruno = db.session.query(Player).filter_by(full_name="Bruno Lima").one()
    assert bruno.federation_id == "CE-2" and bruno.rating_regular == 1400  # empty cell keeps the value
    carla = db.session.query(Player).filter_by(federation_id="SP-9").one()
    assert (carla.fide_id, carla.rating_blitz, carla.birth_date) == ("12345", 1600, date(2005, 7, 8))
    records = db.session.query(RatingRecord).filter_by(player_id=ana.id).all()
    assert [(r.rating_list, r.previous, r.value, r.user_id) for r in records] == [("regular", 1500, 1620, staff.id)]
    audits = db.session.query(AuditEntry).filter_by(object_type="player").all()
    assert {a.action for a in audits} == {"create", "update"} and all(a.user_id == staff.id for a in audits)
    updated = next(a for a in audits if a.object_id == ana.id)
    assert updated.before["rating_regular"] == 1500 and updated.after["rating_regular"] == 1620


def test_registry_bad_rows_refuse_the_whole_file_with_line_and_reason(client, db, make_user,
                                                                      login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    csv = (HEADER + "Ana;31/02/2000;F;;CE;CE-1;;;;\n"
           "Bia;01/01/2000;F;;CE;CE-2;;;;\n"
           "Cris;01/01/2001;F;;CE;CE-2;;;;\n"
           "Duda;01/01/2001;X;;CE;CE-3;;;;\n").encode()
    html = _upload(client, csv).get_data(as_text=True)
    assert "Linha 2: data de nascimento inválida" in html
    assert "Linha 4: nº de federação CE-2 repetido (já na linha 3)." in html
    assert "Linha 5: sexo inválido" in html
    assert "Confirmar importação" not in html
    assert db.session.query(Player).count() == 0


def test_registry_malformed_files_are_refused(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    cases = [
        (HEADER.encode() + "Jo\xe3o;01/01/2000;M;;CE;CE-1;;;;\n".encode("latin-1"), "Linha 2: o arquivo não está em UTF-8"),
        (b"sexo;clube\nM;X\n", "Linha 1: faltam as colunas: nome"),
        ((HEADER + "=HYPERLINK(\"x\");01/01/2000;M;;CE;CE-1;;;;\n").encode(), "Linha 2: a coluna \"nome\" parece uma fórmula"),
        (HEADER.encode(), "o arquivo só tem o cabeçalho"),
        ((HEADER + "Ana;01/01/2000;F;;CE;\"CE-1;;;;\n").encode(), "Linha 2: CSV malformado"),
        (b"PK\x03\x04broken", "não é uma planilha XLSX válida"),
        ((HEADER + "Ana;01/01/2000;F;;CE;CE-1;;1500;;\nBia;01/01/2000;F;;CE;CE-2;;mil;;\n").encode(),
         "Linha 3: rating inválido"),
    ]
    for content, message in cases:
        response = _upload(client, content)
        html = unescape(response.get_data(as_text=True))
        assert response.status_code == 200, message
        assert message in html, (message, html[-3000:])
    assert db.session.query(Player).count() == 0 and db.session.query(AuditEntry).count() == 0


def test_registry_xlsx_with_english_headers_and_formula_refused(client, db, make_user,
                                                                login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    book = Workbook()
    sheet = book.active
    sheet.append(["Name", "Birth date", "Sex", "Federation ID", "Standard"])
    sheet.append(["Eva Melo", date(2001, 5, 6), "F", "RJ-5", 1810])
    data = io.BytesIO()
    book.save(data)
    html = _upload(client, data.getvalue(), "players.xlsx").get_data(as_text=True)
    client.post("/importar/jogadores/confirmar", data={"token": _token(html)})
    eva = db.session.query(Player).one()
    assert (eva.full_name, eva.birth_date, eva.rating_regular) == ("Eva Melo", date(2001, 5, 6), 1810)
    sheet.append(["Fábio", date(2001, 5, 6), "M", "RJ-6", "=1+1"])
    data = io.BytesIO()
    book.save(data)
    html = _upload(client, data.getvalue(), "players.xlsx").get_data(as_text=True)
    assert "Linha 3: a célula E3 tem uma fórmula" in html
    assert db.session.query(Player).count() == 1


def test_registry_forged_preview_token_is_refused(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    html = _upload(client, (HEADER + "Ana;01/01/2000;F;;CE;CE-1;;;;\n").encode()).get_data(as_text=True)
    token = _token(html)
    response = client.post("/importar/jogadores/confirmar", data={"token": token[:-3] + "abc"}, follow_redirects=True)
    assert "A prévia expirou ou foi alterada" in response.get_data(as_text=True)
    assert db.session.query(Player).count() == 0
    other = make_user(Role.STAFF)
    login_as(other)
    response = client.post("/importar/jogadores/confirmar", data={"token": token}, follow_redirects=True)
    assert "A prévia expirou ou foi alterada" in response.get_data(as_text=True)
    assert db.session.query(Player).count() == 0


def test_registry_import_is_staff_only_and_template_downloads(client, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.ARBITER))
    assert client.get("/importar/jogadores").status_code == 403
    assert client.get("/importar/ratings").status_code == 403
    login_as(make_user(Role.STAFF))
    response = client.get("/importar/jogadores/modelo.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.get_data(as_text=True).lstrip("\ufeff").startswith("nome;nascimento;sexo;clube;uf;nº federação")


def test_registry_match_by_name_and_birth_date_refuses_other_federation_id(client, db, make_user, make_player,
                                                                           login_as):  # type: ignore[no-untyped-def]
    make_player(full_name="Gil Reis", federation_id="CE-7", birth_date=date(1980, 1, 1))
    login_as(make_user(Role.STAFF))
    html = _upload(client, (HEADER + "Gil  Reis;01/01/1980;M;;CE;CE-8;;;;\n").encode()).get_data(as_text=True)
    assert "Linha 2: " in html and "outro nº de federação (CE-7)" in html
    assert db.session.query(Player).count() == 1


def test_registry_refusal_in_english(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/importar/jogadores?lang=en",
                           data={"file": (io.BytesIO(b"name;sex\n=cmd|x;M\n"), "players.csv")},
                           content_type="multipart/form-data")
    html = unescape(response.get_data(as_text=True))
    assert "File refused; nothing was saved." in html
    assert 'Line 2: column "name" looks like a spreadsheet formula (=cmd|x); formulas are not accepted.' in html
    assert db.session.query(Player).count() == 0
