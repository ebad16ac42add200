"""The federation's openings (Sistema Loteria / tablita, CBJD 119): the upload refuses bad files
with the line number and writes nothing; the draw records its seed, never repeats an opening in
an event until the list is exhausted, and is refused in events not played in micro-matches."""
from __future__ import annotations

import io

import pytest

from damas.engine.openings import Opening, draw_openings
from damas.models import AuditEntry, Role
from damas.models.micromatch import OpeningDrawRow, OpeningItem, OpeningList
from damas.services.micromatch import matches as micro_service
from damas.services.micromatch import openings as opening_service
from damas.services.errors import ServiceError


def _upload(client, data: bytes, name: str = "aberturas.csv"):  # type: ignore[no-untyped-def]
    return client.post("/aberturas/carregar", data={"file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data", follow_redirects=True)


@pytest.mark.parametrize("content, line, why", [
    ("codigo,lances\nA1,11-15 22-18\nB2,\n", 3, "abertura sem código ou sem lances"),
    ("A1;11-15 22-18;Cruz\nB2;12-16 21-17\na1;9-13 22-18\n", 3, "código de abertura repetido"),
    ("A1,11-15 22-18\n,12-16 21-17\n", 2, "abertura sem código ou sem lances"),
    ("A1,11-15,x,y\n", 1, "linha mal formada: use código, lances e nome opcional"),
])
def test_upload_refuses_bad_lines_with_the_line_number(client, db, make_user, login_as, content, line, why):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    text = _upload(client, content.encode()).get_data(as_text=True)
    assert f"Arquivo recusado, linha {line}: {why}. Nada foi gravado." in text
    assert db.session.query(OpeningList).count() == 0
    assert db.session.query(OpeningItem).count() == 0
    assert db.session.query(AuditEntry).count() == 0


def test_upload_refuses_a_file_that_is_not_utf8(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    data = "A1,11-15 22-18,Cruz\nB2,12-16 21-17,Ortodoxa\nC3,9-13 22-18,Abertura Café\n".encode("latin-1")
    text = _upload(client, data).get_data(as_text=True)
    assert "Arquivo recusado, linha 3: o arquivo não está em UTF-8" in text
    assert db.session.query(OpeningList).count() == 0


def test_upload_and_public_list(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    data = "\ufeffcódigo;lances;nome\nA1;11-15  22-18;Cruz\nB2;12-16 21-17\n".encode()
    assert "2 aberturas" in _upload(client, data).get_data(as_text=True)
    items = db.session.query(OpeningItem).order_by(OpeningItem.position).all()
    assert [(o.code, o.moves, o.name) for o in items] == [("A1", "11-15 22-18", "Cruz"), ("B2", "12-16 21-17", "")]
    assert db.session.query(AuditEntry).filter_by(action="upload").count() == 1
    client.post("/conta/sair")
    page = client.get("/aberturas").get_data(as_text=True)
    assert "11-15 22-18" in page and "Carregar lista" not in page
    empty = client.post("/aberturas/carregar", data={}, follow_redirects=False)
    assert empty.status_code == 302 and "/conta/entrar" in empty.headers["Location"]


def _micro_event(make_event, mode: str, staff):  # type: ignore[no-untyped-def]
    event = make_event(pairing_system="micromatch")
    micro_service.save_settings(staff, event, {"scoring": "game", "openings": mode})
    return event


def _load(staff, n: int) -> None:
    csv = "\n".join(f"O{k};{k}-{k + 4} 22-18" for k in range(1, n + 1)).encode()
    opening_service.upload_openings(staff, csv, "lista.csv")


def test_draw_per_round_never_repeats_until_the_list_is_exhausted(db, make_user, make_event):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    _load(staff, 3)
    event = _micro_event(make_event, "round", staff)
    codes = []
    for number in range(1, 8):
        rows = opening_service.draw_for_round(staff, event, number, boards=5)
        assert len(rows) == 1 and rows[0].board == 0
        codes.append(rows[0].code)
    assert set(codes[0:3]) == {"O1", "O2", "O3"}
    assert set(codes[3:6]) == {"O1", "O2", "O3"}
    new_cycle = [d.round_number for d in db.session.query(OpeningDrawRow).filter_by(new_cycle=True)]
    assert new_cycle == [4, 7]
    # the recorded seed replays the draw
    draws = db.session.query(OpeningDrawRow).order_by(OpeningDrawRow.round_number).all()
    openings = [Opening(f"O{k}", f"{k}-{k + 4} 22-18") for k in range(1, 4)]
    for d in draws:
        earlier = [x.code for x in draws if x.round_number < d.round_number]
        assert draw_openings(openings, earlier, seed=d.seed, round_no=d.round_number).codes == (d.code,)
    with pytest.raises(ServiceError, match="já foi sorteada"):
        opening_service.draw_for_round(staff, event, 1, boards=5)


def test_draw_per_board(db, make_user, make_event):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    _load(staff, 6)
    event = _micro_event(make_event, "board", staff)
    r1 = [r.code for r in opening_service.draw_for_round(staff, event, 1, boards=4)]
    r2 = [r.code for r in opening_service.draw_for_round(staff, event, 2, boards=4)]
    assert len(set(r1)) == 4 and len(set(r2)) == 4
    assert set(r2[:2]) == {f"O{k}" for k in range(1, 7)} - set(r1), "the two left are drawn before a new cycle"
    rows = db.session.query(OpeningDrawRow).filter_by(round_number=2).order_by(OpeningDrawRow.board).all()
    assert [r.board for r in rows] == [1, 2, 3, 4] and len({r.seed for r in rows}) == 1


def test_lottery_refused_outside_micromatch_events(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    """CBJD 119: only competitions played in micro-matches may draw the opening by lot."""
    staff = make_user(Role.STAFF)
    _load(staff, 3)
    event = make_event(pairing_system="dutch")
    with pytest.raises(ServiceError, match="CBJD 119"):
        opening_service.draw_for_round(staff, event, 1, boards=3)
    with pytest.raises(ServiceError, match="CBJD 120-122"):
        micro_service.save_settings(staff, event, {"openings": "round"})
    login_as(staff)
    text = client.post(f"/eventos/{event.id}/micro/rodadas/1/abertura", follow_redirects=True).get_data(as_text=True)
    assert "CBJD 119" in text
    text = client.get(f"/eventos/{event.id}/micro/configurar", follow_redirects=True).get_data(as_text=True)
    assert "CBJD 119" in text
    assert db.session.query(OpeningDrawRow).count() == 0


def test_draw_needs_the_federation_list(db, make_user, make_event):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = _micro_event(make_event, "round", staff)
    with pytest.raises(ServiceError, match="lista de aberturas"):
        opening_service.draw_for_round(staff, event, 1, boards=3)
