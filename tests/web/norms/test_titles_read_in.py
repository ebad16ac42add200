"""Titles read in: the 001 title field of an imported TRF (a new player takes it; a registered
player without a title is given it; a different one is named in the preview and kept), and the
"Título" column of the registry and of a rating list."""
from __future__ import annotations

import base64
import io
import re
from html import unescape

from sqlalchemy import select

from damas.models import AuditEntry, Event, NationalTitleRow, Player, Role


def _line(no: int, title: str, name: str, cells: str, *, fide: str = "", sex: str = "m") -> str:
    """A TRF-16 001 line: title in columns 11-13, name 15-47, FIDE id 58-68, round 1 from 92."""
    return f"001 {no:4d} {sex}{title:>3} {name:<33} 2000 BRA {fide:>11} 1990/01/01  1.0 {no:4d}  {cells}\n"


def _confirm(client, data: bytes):  # type: ignore[no-untyped-def]
    form = {"trf": base64.b64encode(data).decode(), "filename": "t.trf", "name": "Aberto com títulos",
            "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch", "acceleration": "",
            "planned_rounds": "3", "time_minutes": "90", "time_increment": "30", "start_date": "2026-11-20",
            "end_date": "2026-11-22", "venue": "Fortaleza", "chief_arbiter": "", "tiebreak_order": ""}
    return client.post("/eventos/importar-trf/confirmar", data=form)


def test_trf_import_reads_the_001_title_field(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    login_as(staff)
    empty = make_player(full_name="Registered Empty", fide_id="1001")
    holder = make_player(full_name="Registered Holder", fide_id="1002", fide_title="IM")
    text = ("012 Aberto\n042 2026/11/20\n052 2026/11/21\nXXR 3\nXXC white1\n"
            + _line(1, "GM", "Novo, Grande", "   2 w 1")
            + _line(2, "g", "Empty, Registered", "   1 b 0", fide="1001")
            + _line(3, "GM", "Holder, Registered", "   4 w =", fide="1002")
            + _line(4, "wg", "Nova, Mestra", "   3 b =", sex="w")
            + _line(5, "XYZ", "Estranho, Titulo", "0000 - U"))
    preview = unescape(client.post("/eventos/importar-trf/", data={"file": (io.BytesIO(text.encode()), "t.trf")},
                                   content_type="multipart/form-data").get_data(as_text=True))
    assert "Nº 3 Holder, Registered: o arquivo dá o título GM, o cadastro tem IM; o cadastro fica como está." in preview
    assert 'Nº 5: título "XYZ" não reconhecido, ignorado.' in preview
    assert _confirm(client, text.encode()).status_code == 302
    titles = {p.full_name: p.fide_title for p in db.session.scalars(select(Player))}
    assert titles["Grande Novo"] == "GM" and titles["Mestra Nova"] == "WGM" and titles["Titulo Estranho"] == ""
    db.session.refresh(empty)
    db.session.refresh(holder)
    assert empty.fide_title == "GM"  # an empty title is filled from the file ("g" is GM)
    assert holder.fide_title == "IM"  # a different one is kept
    filled = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "player",
                                                         AuditEntry.object_id == empty.id)).one()
    assert (filled.before, filled.after["fide_title"]) == ({"fide_title": ""}, "GM")
    # and the event's lists and TRF export carry them
    event = db.session.scalars(select(Event)).one()
    trf = client.get(f"/eventos/{event.id}/relatorios/fide.trf").get_data(as_text=True)
    fields = {line[14:47].strip(): line[10:13] for line in trf.splitlines() if line.startswith("001")}
    assert fields["Grande Novo"] == " GM" and fields["Registered Holder"] == " IM" and fields["Mestra Nova"] == "WGM"


def _upload_registry(client, csv: str):  # type: ignore[no-untyped-def]
    return client.post("/importar/jogadores", data={"file": (io.BytesIO(csv.encode()), "cadastro.csv")},
                       content_type="multipart/form-data")


def _token(html: str) -> str:
    return re.search(r'name="token" type="hidden" value="([^"]+)"', html).group(1)


def test_registry_title_column_sets_the_fide_or_the_draughts_title(client, db, make_user, make_player,
                                                                   login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    login_as(staff)
    db.session.add(NationalTitleRow(code="MN", name="Mestre Nacional", rating_threshold=2000, norms_needed=2,
                                    min_games=7, min_average=None, min_score_percent=55))
    db.session.commit()
    ana = make_player(full_name="Ana Registro", federation_id="CE-1")
    csv = ("nome;sexo;uf;nº federação;título\n"
           "Ana Registro;F;CE;CE-1;mi 64\n"
           "Beto Xadrez;M;CE;CE-2;GM\n"
           "Caio Nacional;M;CE;CE-3;MN\n")
    html = _upload_registry(client, csv).get_data(as_text=True)
    assert client.post("/importar/jogadores/confirmar", data={"token": _token(html)}).status_code == 302
    db.session.refresh(ana)
    assert ana.draughts_title == "MI 64"
    got = {p.full_name: (p.fide_title, p.draughts_title) for p in db.session.scalars(select(Player))}
    assert got["Beto Xadrez"] == ("GM", "") and got["Caio Nacional"] == ("", "MN")
    update = db.session.scalars(select(AuditEntry).where(AuditEntry.object_id == ana.id,
                                                         AuditEntry.object_type == "player")).one()
    assert (update.before["draughts_title"], update.after["draughts_title"]) == ("", "MI 64")
    # an unknown title refuses the file, line and reason named, nothing written
    bad = unescape(_upload_registry(client, "nome;sexo;nº federação;título\nDina;F;CE-4;Doutora\n")
                   .get_data(as_text=True))
    assert 'título desconhecido "Doutora"' in bad and "Confirmar" not in bad.split("título desconhecido")[1][:200]


def test_rating_list_title_column(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    login_as(staff)
    ana = make_player(full_name="Ana Lista", federation_id="CE-1", rating_regular=1500)
    csv = "nº federação;nome;rating clássico;title\nCE-1;Ana Lista;1600;MF\n"
    response = client.post("/importar/ratings", data={"file": (io.BytesIO(csv.encode()), "lista.csv"),
                                                      "source": "Rating CBJD", "list_date": "2026-11-01"},
                           content_type="multipart/form-data")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "MF" in html
    confirm = client.post("/importar/ratings/confirmar", data={"token": _token(html)})
    assert confirm.status_code == 302
    db.session.refresh(ana)
    assert (ana.rating_regular, ana.draughts_title) == (1600, "MF")
    audit = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "player",
                                                        AuditEntry.object_id == ana.id)).one()
    assert audit.before["draughts_title"] == "" and audit.after["draughts_title"] == "MF"
