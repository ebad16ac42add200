"""Ids beyond the database's integer range in URLs are missing pages, not errors (issue 14, 7).

PostgreSQL's INTEGER stops at 2**31 - 1 and SQLite's at 2**63 - 1; a larger id reached the
database and the visitor got a 500. Every route with an ``<int:...>`` argument is walked, as a
visitor and as staff, with each such argument at 2**31 and 2**63 (404), and at 2**31 - 1, an id
the database can hold but no row has (never a 500).
"""
from __future__ import annotations

import re
from typing import Any, Iterator

from werkzeug.routing import AnyConverter, Rule

from damas.models import Role
from damas.web.guards.converters import DatabaseIntConverter, db_id

METHODS = ("GET", "POST")


def _int_rules(app: Any) -> Iterator[tuple[Rule, list[str]]]:
    for rule in app.url_map.iter_rules():
        ints = re.findall(r"<int(?:\([^)]*\))?:(\w+)>", rule.rule)
        if ints:
            yield rule, ints


def _other_value(rule: Rule, arg: str) -> str:
    """A value an argument that is not an id accepts: one of an ``any(...)``'s items, else "x"."""
    converter = rule._converters.get(arg)
    if isinstance(converter, AnyConverter):
        return sorted(converter.items)[0]
    return "x"


def _urls(app: Any, value: int) -> Iterator[tuple[str, str]]:
    adapter = app.url_map.bind("localhost")
    for rule, ints in _int_rules(app):
        for name in ints:
            values = {arg: (value if arg == name else 1) if arg in ints else _other_value(rule, arg)
                      for arg in rule.arguments}
            url = adapter.build(rule.endpoint, values)
            for method in METHODS:
                if method in rule.methods:
                    yield method, url


def test_every_int_route_uses_the_bounded_converter(app: Any) -> None:
    rules = list(_int_rules(app))
    assert len(rules) > 40  # the event pages, rounds, API, players, clubs, users...
    for rule, names in rules:
        assert all(isinstance(rule._converters[name], DatabaseIntConverter) for name in names), rule.rule


def test_ids_beyond_the_database_range_are_404_on_every_route(app: Any, client: Any, make_user: Any,
                                                              login_as: Any) -> None:
    seen = 0
    for role in (None, Role.STAFF):
        if role is not None:
            login_as(make_user(role))
        for value in (2**31, 2**63):
            for method, url in _urls(app, value):
                response = client.open(url, method=method)
                assert response.status_code == 404, (method, url, response.status_code)
                seen += 1
    assert seen > 200
    for url in ("/eventos/2147483648", "/api/v1/events/2147483648", "/jogadores/9223372036854775808",
                "/api/v1/events/1/players/2147483648"):
        assert client.get(url).status_code == 404, url


def test_ids_in_range_but_missing_are_never_500(app: Any, client: Any, make_user: Any, login_as: Any) -> None:
    for role in (None, Role.STAFF):
        if role is not None:
            login_as(make_user(role))
        for method, url in _urls(app, 2**31 - 1):
            response = client.open(url, method=method)
            assert response.status_code < 500, (method, url, response.status_code)


def test_form_ids_beyond_the_range_name_nothing() -> None:
    assert db_id("12") == 12
    assert db_id(str(2**31 - 1)) == 2**31 - 1
    for bad in (str(2**31), str(2**63), "0", "-1", "1e3", "", None, "١٢"):
        assert db_id(bad) is None, bad
