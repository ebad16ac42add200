"""Issue 25 point 5: no HTTP 500 on odd input. Every form field and query parameter of the
demo site's pages (crawled as staff) is sent, one at a time, with digits `str.isdigit` accepts
but `int` does not ("²"), digits `int` reads but are not ASCII ("٣"), a 22-digit number (past
2**70), a negative number and an empty value: never a 500. The one integer parser
(`damas.engine.integers.parse_int`) is what makes it so."""
from __future__ import annotations

from typing import Any

import pytest

from damas.cli import damas_cli
from damas.engine.integers import MAX_INT, parse_int
from damas.models import Event
from tests.web.security.form_walk import cases, crawl

BAD = ("²", "٣", "9" * 22, "-1", "", "1²")


def test_parse_int_takes_ascii_digits_in_range_only() -> None:
    assert parse_int("12") == 12 and parse_int(" 7 ") == 7 and parse_int(str(MAX_INT)) == MAX_INT
    for bad in ("²", "٣", "١٢", "9" * 22, str(MAX_INT + 1), "-1", "", None, "1e3", "+1", "1_000", "0x1"):
        assert parse_int(bad) is None, bad
    assert parse_int("-1", minimum=-5) == -1 and parse_int("0") == 0 and parse_int("0", minimum=1) is None


@pytest.mark.slow
def test_every_form_and_query_field_with_odd_digits_is_never_a_500(app, client, db):  # type: ignore[no-untyped-def]
    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    login = client.post("/conta/entrar", data={"email": "staff@demo.damas.br", "password": "demo12345"})
    assert login.status_code == 302
    events = [f"/eventos/{e.id}" for e in db.session.query(Event).order_by(Event.id)]
    forms, queries = crawl(client, ["/", "/jogadores", "/clubes", "/eventos", "/auditoria", "/federacao", *events])
    assert len(forms) > 40
    failures, sent = [], 0
    for method, url, data in cases(forms, queries, BAD):
        sent += 1
        try:  # the test app propagates a view's exception: what a server answers with a 500
            response = client.open(url, method=method, query_string=data if method == "GET" else None,
                                   data=data if method == "POST" else None)
        except Exception as error:  # noqa: BLE001
            failures.append((method, url, data, f"{type(error).__name__}: {error}"[:120]))
            db.session.rollback()
            continue
        if response.status_code >= 500:
            failures.append((method, url, data, response.status_code))
    print(f"bad-input walk: {sent} requests, {len(failures)} answered 500")
    for failure in failures:
        print("  500:", failure)
    assert sent > 200
    assert failures == [], failures[:20]


def test_next_with_a_line_break_is_not_a_500(client, make_user) -> None:  # type: ignore[no-untyped-def]
    from damas.models import Role

    user = make_user(Role.STAFF, password="right-pass-1")
    answer = client.post("/conta/entrar?next=/%0D%0ASet-Cookie:x%3D1", data={"email": user.email,
                                                                            "password": "right-pass-1"})
    assert answer.status_code == 302 and "\r" not in answer.headers["Location"] and "\n" not in answer.headers["Location"]
    assert "x=1" not in answer.headers.get("Set-Cookie", "").split(";")[0]


def _form_classes() -> list[type]:
    import importlib
    import pkgutil

    from flask_wtf import FlaskForm

    import damas.web

    for module in pkgutil.walk_packages(damas.web.__path__, "damas.web."):
        importlib.import_module(module.name)
    found, todo = [], list(FlaskForm.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_every_integer_field_of_every_form_is_the_bounded_one(app) -> None:  # type: ignore[no-untyped-def]
    from wtforms import IntegerField as WTFormsIntegerField

    from damas.web.forms_util import IntegerField

    classes = [c for c in _form_classes() if c.__module__.startswith("damas.")]
    assert len(classes) > 30
    checked = 0
    with app.test_request_context():
        for cls in classes:
            for name in dir(cls):
                field = getattr(cls, name, None)
                kind = getattr(field, "field_class", None)
                if isinstance(kind, type) and issubclass(kind, WTFormsIntegerField):
                    assert issubclass(kind, IntegerField), f"{cls.__module__}.{cls.__name__}.{name}"
                    checked += 1
    assert checked > 40


@pytest.mark.parametrize("value", ["9" * 22, str(2**70), "٣", "²"])
def test_huge_and_foreign_digits_in_id_fields_are_a_message(client, db, make_user, make_event, make_player,
                                                            login_as, value) -> None:  # type: ignore[no-untyped-def]
    from damas.models import Entry, Role

    login_as(make_user(Role.STAFF))
    event = make_event(players=(make_player(),))
    entries = db.session.query(Entry).count()
    answer = client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": value})
    assert answer.status_code in (200, 302) and db.session.query(Entry).count() == entries
    for url, data in ((f"/eventos/{event.id}/mesa/apelacoes/comite/remover", {"member_id": value}),
                      ("/conta/pedidos", {"signup_id": value, "decision": "approve"})):
        assert client.post(url, data=data).status_code < 500, url


def test_trf_start_numbers_with_odd_digits_are_a_trf_error() -> None:
    from damas.engine.trf import read_trf
    from damas.engine.types import EngineError

    line = "001 " + "²".rjust(4) + " m    Ana Souza                         1500 BRA             1990/01/01  0.0    1"
    with pytest.raises(EngineError) as error:
        read_trf("012 Teste\n" + line + "\n")
    assert "whole number" in str(error.value)


def test_the_cli_refuses_odd_digits_in_seeds(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    trf = tmp_path / "t.trf"
    trf.write_text("012 Teste\n" + "".join(
        f"001 {n:4d} m    Jogador {n:<26}1500 BRA             1990/01/01  0.0    {n}\n" for n in (1, 2)))
    run = subprocess.run([sys.executable, "-m", "damas.engine", "pair", "--system", "knockout", str(trf),
                          "--seeds", "1,٢"], capture_output=True, text=True)
    assert "Traceback" not in run.stderr and run.returncode != 0
    assert "--seeds needs start numbers" in run.stderr + run.stdout
