"""Issue 27 point 4: bulk entries and imports forgive.

A pasted list (or a file) with some bad lines shows every line's verdict and lets the user enter
the good ones, the bad ones kept in the box to mend; the box never comes back empty; the page
says "lista" for a paste and "arquivo" for a file; the registry import reports every error of
every line at once (and, all-or-nothing as before, writes nothing).
"""
from __future__ import annotations

import io
import re
from datetime import date
from html import unescape

from damas.models import AuditEntry, Entry, EventStatus, Player, Role
from tests.conftest import xlsx_bytes

REGISTRY_HEADER = "nome;nascimento;sexo;clube;uf;nº federação;fide id;rating clássico;rating rápido;rating blitz\n"


def _token(html: str) -> str:
    return re.search(r'name="token" type="hidden" value="([^"]+)"', html).group(1)


def _box(html: str) -> str:
    """The text in the paste box of the page."""
    found = re.search(r'<textarea[^>]*name="pasted"[^>]*>(.*?)</textarea>', html, re.S)
    assert found, "no paste box on the page"
    return unescape(found.group(1)).strip("\r\n").replace("\r\n", "\n")


def _verdicts(html: str) -> dict[int, str]:
    """Line number -> the verdict shown in its row of the preview table."""
    rows = re.findall(r'<tr class="import-\w+">\s*<td class="num">(\d+)</td>\s*<td><span[^>]*>([^<]+)</span>', html)
    return {int(line): unescape(verdict) for line, verdict in rows}


def _setup(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    ana = make_player(full_name="Ana Souza", federation_id="CE-1", rating_regular=1500)
    bruno = make_player(full_name="Bruno Lima", federation_id="CE-2", fide_id="777", rating_regular=1700)
    make_player(full_name="Dup Name", federation_id="CE-5")
    make_player(full_name="Dup Name", federation_id="CE-6")
    eva = make_player(full_name="Eva Reis", federation_id="CE-9")
    event = make_event(arbiters=(arbiter,), players=(eva,), time_minutes=60)
    return arbiter, ana, bruno, eva, event


PASTE = "CE-1\nninguém\n\nDup Name\n777\nce-1\n=HYPERLINK(1)\nCE-9\n"


def test_a_pasted_list_shows_every_verdict_and_enters_only_the_good_lines(
        client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter, ana, bruno, eva, event = _setup(db, make_user, make_player, make_event)
    login_as(arbiter)
    response = client.post(f"/importar/eventos/{event.id}/inscricoes", data={"pasted": PASTE})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert _verdicts(html) == {1: "encontrado", 2: "não encontrado", 4: "ambíguo", 5: "encontrado",
                               6: "repetido", 7: "formato inválido", 8: "já inscrito"}
    page = unescape(html)
    assert "Ana Souza" in page and "Bruno Lima" in page
    assert "Linha 2: jogador não encontrado no cadastro." in page
    assert "Linha 7: parece uma fórmula de planilha" in page
    assert _box(html) == PASTE.rstrip("\n")  # the text comes back with the verdicts
    assert "Inscrever só as 2 linhas válidas" in page and "Confirmar importação" not in page
    assert "lista" in page and "arquivo" not in page.lower().replace("arquivos", "")
    assert db.session.query(Entry).count() == 1  # the preview writes nothing

    response = client.post(f"/importar/eventos/{event.id}/inscricoes/confirmar", data={"token": _token(html)})
    assert response.status_code == 200
    entered = {e.player_id for e in db.session.query(Entry)}
    assert entered == {eva.id, ana.id, bruno.id}
    audits = db.session.query(AuditEntry).filter_by(object_type="entry", action="create").all()
    assert len(audits) == 2 and all(a.user_id == arbiter.id and a.event_id == event.id for a in audits)
    page = unescape(response.get_data(as_text=True))
    assert "2 jogadores inscritos." in page
    # the lines to mend stay in the box (the repeated and the already entered need no mending)
    assert _box(response.get_data(as_text=True)) == "ninguém\nDup Name\n=HYPERLINK(1)"
    assert "Linha 4: há 2 jogadores com este nome; use o nº de federação." in page


def test_the_box_keeps_the_text_when_no_line_is_good_and_the_page_says_lista(
        client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter, *_rest, event = _setup(db, make_user, make_player, make_event)
    login_as(arbiter)
    html = client.post(f"/importar/eventos/{event.id}/inscricoes",
                       data={"pasted": "ninguém\nCE-9"}).get_data(as_text=True)
    page = unescape(html)
    assert _box(html) == "ninguém\nCE-9"
    assert "Lista recusada; nada foi gravado." in page and "Arquivo recusado" not in page
    assert "Inscrever só" not in page and "Confirmar importação" not in page


def test_a_refused_list_keeps_its_text_and_a_refused_file_says_arquivo(
        client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    make_player(federation_id="CE-1")
    event = make_event(status=EventStatus.FINISHED)
    login_as(make_user(Role.STAFF))
    html = client.post(f"/importar/eventos/{event.id}/inscricoes", data={"pasted": "CE-1\nCE-2"}).get_data(as_text=True)
    page = unescape(html)
    assert "Lista recusada; nada foi gravado." in page and "Arquivo recusado" not in page
    assert _box(html) == "CE-1\nCE-2"
    html = client.post(f"/importar/eventos/{event.id}/inscricoes",
                       data={"file": (io.BytesIO("nº federação\nCE-1\n".encode()), "l.csv")},
                       content_type="multipart/form-data").get_data(as_text=True)
    assert "Arquivo recusado; nada foi gravado." in unescape(html) and "Lista recusada" not in unescape(html)


def test_a_file_with_bad_rows_shows_the_verdicts_and_enters_the_good_rows(
        client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter, ana, bruno, eva, event = _setup(db, make_user, make_player, make_event)
    login_as(arbiter)
    data = xlsx_bytes(["nº federação", "nome", "nascimento"], ["CE-1", "", ""], ["=A2", "", ""],
                      ["", "Bruno Lima", "31/02/2000"], ["", "Bruno Lima", ""])
    html = client.post(f"/importar/eventos/{event.id}/inscricoes", data={"file": (io.BytesIO(data), "lista.xlsx")},
                       content_type="multipart/form-data").get_data(as_text=True)
    page = unescape(html)
    assert _verdicts(html) == {2: "encontrado", 3: "formato inválido", 4: "formato inválido", 5: "encontrado"}
    assert "Linha 3: a célula A3 tem uma fórmula" in page
    assert "Linha 4: data de nascimento inválida" in page
    assert "arquivo" in page and "lista.xlsx" in page and "Inscrever só as 2 linhas válidas" in page
    response = client.post(f"/importar/eventos/{event.id}/inscricoes/confirmar", data={"token": _token(html)})
    assert response.status_code == 200
    assert {e.player_id for e in db.session.query(Entry)} == {eva.id, ana.id, bruno.id}
    assert "Linha 3: a célula A3 tem uma fórmula" in unescape(response.get_data(as_text=True))


def test_the_verdicts_in_english(client, db, make_user, make_player, make_event,
                                 login_as):  # type: ignore[no-untyped-def]
    arbiter, *_rest, event = _setup(db, make_user, make_player, make_event)
    login_as(arbiter)
    html = client.post(f"/importar/eventos/{event.id}/inscricoes?lang=en",
                       data={"pasted": "CE-1\nninguém\nCE-9"}).get_data(as_text=True)
    assert _verdicts(html) == {1: "found", 2: "unknown", 3: "already entered"}
    assert "Enter only the 1 good lines" in unescape(html)


def test_the_registry_import_reports_every_error_of_every_line_at_once(
        client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    csv = (REGISTRY_HEADER +
           "Ana;01/01/2000;F;=SUM(1);CE;CE-1;;;;\n"        # a formula (once: the first error only)
           "Bia;31/02/2000;F;;CE;CE-2;;abc;;\n"             # a bad date and a bad rating in one line
           "Cris;01/01/2001;F;;CE;CE-3;;9999;;\n"           # a bad rating
           "Duda;01/01/2002;F;;CE;CE-3;;;;\n").encode()     # a duplicate federation number
    response = client.post("/importar/jogadores", data={"file": (io.BytesIO(csv), "cadastro.csv")},
                           content_type="multipart/form-data")
    page = unescape(response.get_data(as_text=True))
    assert response.status_code == 200
    assert "Linha 2: a coluna \"clube\" parece uma fórmula de planilha" in page
    assert "data de nascimento inválida \"31/02/2000\"" in page and "rating inválido \"abc\"" in page
    assert "Linha 4: rating inválido \"9999\"" in page
    assert "Linha 5: nº de federação CE-3 repetido (já na linha 4)." in page
    assert "Confirmar importação" not in page and "Arquivo recusado" in page
    assert db.session.query(Player).count() == 0 and db.session.query(AuditEntry).count() == 0


def test_the_registry_xlsx_with_a_formula_still_reports_the_other_lines(
        client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    header = ["nome", "nascimento", "sexo", "nº federação", "rating clássico"]
    data = xlsx_bytes(header, ["Ana", "01/01/2000", "F", "=1+1", ""], ["Bia", "32/01/2000", "F", "CE-2", ""],
                      ["Cris", date(2001, 1, 1), "F", "CE-3", "-5"], ["Duda", "", "F", "CE-2", ""])
    response = client.post("/importar/jogadores", data={"file": (io.BytesIO(data), "cadastro.xlsx")},
                           content_type="multipart/form-data")
    page = unescape(response.get_data(as_text=True))
    assert "Linha 2: a célula D2 tem uma fórmula" in page
    assert "Linha 3: data de nascimento inválida \"32/01/2000\"" in page
    assert "Linha 4: rating inválido \"-5\"" in page
    assert "Linha 5: nº de federação CE-2 repetido (já na linha 3)." in page
    assert "Confirmar importação" not in page
    assert db.session.query(Player).count() == 0 and db.session.query(AuditEntry).count() == 0


def test_the_rating_list_import_reports_every_error_of_every_line_at_once(
        client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    """The same for a rating list: a formula in one line no longer hides the other lines' bad
    rating, repeated number and missing id; every reason of a line is named; nothing is written."""
    ana = make_player(full_name="Ana", federation_id="CE-1", rating_regular=1500)
    make_player(full_name="Bia", federation_id="CE-2", rating_regular=1400)
    login_as(make_user(Role.STAFF))
    csv = ("nº federação;nome;rating clássico;rating rápido\n"
           "CE-1;=SUM(1);1550;\n"            # a formula in the name
           "CE-2;Bia;abc;-3\n"               # two bad ratings in one line
           "CE-2;Bia de novo;1450;\n"        # the number again
           ";Sem número;1600;\n").encode()  # no id at all
    response = client.post("/importar/ratings", data={"file": (io.BytesIO(csv), "lista.csv"), "source": "Rating CBJD",
                                                      "list_date": "2026-11-01"}, content_type="multipart/form-data")
    page = unescape(response.get_data(as_text=True))
    assert response.status_code == 200
    assert "a coluna \"nome\" parece uma fórmula de planilha" in page
    assert "rating inválido \"abc\" (um número inteiro de 0 a 3500); rating inválido \"-3\"" in page
    assert "CE-2 repetido (já na linha 3)." in page
    assert "sem nº de federação nem FIDE ID." in page
    assert "Confirmar importação" not in page and "Arquivo recusado" in page
    db.session.expire_all()
    assert db.session.get(Player, ana.id).rating_regular == 1500
    assert db.session.query(AuditEntry).count() == 0


def test_an_expired_preview_says_lista_for_a_paste_and_arquivo_for_a_file(
        client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter, ana, bruno, eva, event = _setup(db, make_user, make_player, make_event)
    login_as(arbiter)
    html = client.post(f"/importar/eventos/{event.id}/inscricoes", data={"pasted": "CE-1\n"}).get_data(as_text=True)
    assert 'name="source" value="list"' in html
    confirm = f"/importar/eventos/{event.id}/inscricoes/confirmar"
    response = client.post(confirm, data={"token": "altered", "source": "list"}, follow_redirects=True)
    page = unescape(response.get_data(as_text=True))
    assert "A prévia expirou ou foi alterada; cole a lista de novo." in page and "envie o arquivo" not in page
    response = client.post(confirm, data={"token": "altered"}, follow_redirects=True)
    assert "envie o arquivo de novo" in unescape(response.get_data(as_text=True))
    assert db.session.query(Entry).count() == 1  # nothing entered
