"""Openings upload limits and the paginated public list (issue 14, point 10).

A 10 MB file took 47 s and made /aberturas 18 MB; an unclosed quote merged the rest of the file
into one moves cell, which was then cut to the column; long codes were cut to 40 characters and
two of them collided in the unique constraint (500). Now every upload has a size limit (413 with
a message page), those rows are refused with their line number, and the public list has pages.
"""
from __future__ import annotations

import io
from typing import Any

import pytest
from flask import g

from damas.engine.openings import CODE_MAX, MOVES_MAX, NAME_MAX, TooLongError, UnclosedQuoteError, parse_openings_csv
from damas.models import AuditEntry, Role
from damas.models.micromatch import OpeningItem, OpeningList


def _upload(client: Any, data: bytes, name: str = "aberturas.csv") -> Any:
    return client.post("/aberturas/carregar", data={"file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data", follow_redirects=True)


def _nothing_written(db: Any) -> None:
    assert db.session.query(OpeningList).count() == 0
    assert db.session.query(OpeningItem).count() == 0
    assert db.session.query(AuditEntry).count() == 0


LONG_CODE = "X" * CODE_MAX


@pytest.mark.parametrize("content, line, why", [
    ('A1,11-15 22-18\nA2,"11-16 22-18\nA3,12-16 21-17\nA4,9-13 22-18\n', 2, "aspas abertas nesta linha não se fecham"),
    ('A1,11-15 22-18\nA2,"11-16 22-18', 2, "aspas abertas nesta linha não se fecham"),
    ("A1,11-15 22-18\nA2," + "11-15 " * 80 + "\n", 2, f"os lances passa de {MOVES_MAX} caracteres"),
    ("A1,11-15 22-18,Cruz\nA2,12-16,\"" + "n" * (NAME_MAX + 1) + "\"\n", 2, f"o nome passa de {NAME_MAX} caracteres"),
    (f"{LONG_CODE}1,11-15 22-18\n{LONG_CODE}2,12-16 21-17\n", 1, f"o código passa de {CODE_MAX} caracteres"),
    ("A1,11-15 22-18\nA2,12-16\x0021-17\n", 2, "caractere de controle"),
], ids=["unclosed-quote", "unclosed-quote-at-end", "moves-too-long", "name-too-long", "codes-collide-if-cut",
        "nul-inside"])
def test_upload_refuses_rows_that_would_be_cut_or_merged(client: Any, db: Any, make_user: Any, login_as: Any,
                                                         content: str, line: int, why: str) -> None:
    login_as(make_user(Role.STAFF))
    response = _upload(client, content.encode())
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert f"Arquivo recusado, linha {line}: {why}" in text and "Nada foi gravado." in text
    _nothing_written(db)


def test_the_longest_texts_that_fit_are_stored_whole(client: Any, db: Any, make_user: Any, login_as: Any) -> None:
    login_as(make_user(Role.STAFF))
    moves = ("11-15 " * 100)[:MOVES_MAX].strip()
    _upload(client, f'{LONG_CODE},"{moves}",{"n" * NAME_MAX}\n'.encode())
    item = db.session.query(OpeningItem).one()
    assert (item.code, item.moves, item.name) == (LONG_CODE, moves, "n" * NAME_MAX)


def _multipart(name: str, data: bytes) -> tuple[bytes, str]:
    """A multipart body built here (the test client would spool a big file to a temporary file)."""
    boundary = "----damas-test-boundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            f"Content-Type: text/csv\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def test_a_too_large_upload_gets_a_message_page(client: Any, app: Any, db: Any, make_user: Any, login_as: Any) -> None:
    login_as(make_user(Role.STAFF))
    limit = app.config["MAX_CONTENT_LENGTH"]
    assert limit and limit <= 2 * 1024 * 1024
    big = b"".join(f"C{n},11-15 22-18 9-13\n".encode() for n in range(limit // 20 + 10))
    assert len(big) > limit
    body, content_type = _multipart("grande.csv", big)
    response = client.post("/aberturas/carregar", data=body, content_type=content_type)
    assert response.status_code == 413
    text = response.get_data(as_text=True)
    assert "grande demais" in text and "1,0 MB" in text and "Nada foi gravado" in text
    _nothing_written(db)
    g.pop("_flask_babel", None)  # a real server starts each request with a fresh g (conftest)
    response = client.post("/aberturas/carregar?lang=en", data=body, content_type=content_type)
    assert "too large: the limit is 1.0 MB" in response.get_data(as_text=True)


def test_a_too_large_form_on_another_page_gets_the_same_page(client: Any, make_user: Any, login_as: Any) -> None:
    login_as(make_user(Role.STAFF))
    response = client.post("/jogadores/novo", data=b"full_name=" + b"x" * (2 * 1024 * 1024),
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413 and "grande demais" in response.get_data(as_text=True)


def test_the_public_openings_page_is_paginated(client: Any, app: Any, db: Any, make_user: Any,
                                               login_as: Any) -> None:
    per_page = app.config["OPENINGS_PER_PAGE"]
    count = 2 * per_page + 7
    login_as(make_user(Role.STAFF))
    _upload(client, "".join(f"K{n:04d},11-15 22-18\n" for n in range(count)).encode())
    client.post("/conta/sair")
    first = client.get("/aberturas").get_data(as_text=True)
    assert "K0000" in first and f"K{per_page - 1:04d}" in first and f"K{per_page:04d}" not in first
    assert f"{count} aberturas" in first and "Página 1 de 3" in first
    last = client.get("/aberturas?page=3").get_data(as_text=True)
    assert f"K{count - 1:04d}" in last and f"K{2 * per_page - 1:04d}" not in last and "Página 3 de 3" in last
    assert client.get("/aberturas?page=99").status_code == 200  # the last page
    assert client.get("/aberturas?page=abc").status_code == 200


def test_engine_reports_which_field_is_too_long() -> None:
    with pytest.raises(TooLongError) as error:
        parse_openings_csv("A1,11-15\n" + "B" * (CODE_MAX + 1) + ",12-16\n")
    assert (error.value.line, error.value.field, error.value.limit) == (2, "code", CODE_MAX)
    with pytest.raises(UnclosedQuoteError) as unclosed:
        parse_openings_csv('A1,"11-15\nA2,12-16\n')
    assert unclosed.value.line == 1
