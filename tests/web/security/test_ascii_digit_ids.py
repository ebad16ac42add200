"""Only ASCII digits are ids (issue 36 point 3).

Python's `int` reads "٣" (Arabic-Indic), "２" (fullwidth) and "۲" (Persian) as 3 and 2, and the
`\\d` of a route's regular expression matches them: `/eventos/٣` was event 3's page under another
URL, so each spelling was a new cache entry and a new PDF render. Every ``<int:...>`` of the URL
map is walked with the ids of existing rows spelled in those digits (404 everywhere), and form
fields holding ids refuse them with a message.
"""
from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from damas.models import Role, Season
from damas.web.guards.converters import DatabaseIntConverter
from tests.web.security.test_bad_ids import _int_rules, _other_value

ZERO = {"arabic-indic": 0x0660, "persian": 0x06F0, "fullwidth": 0xFF10, "devanagari": 0x0966}
MARK = 1_234_567  # an id no row has, replaced by the foreign spelling after the URL is built


def spelled(number: int, script: str) -> str:
    """`number`'s decimal digits in another script's digits."""
    return "".join(chr(ZERO[script] + int(d)) for d in str(number))


def foreign_urls(app: Any, script: str) -> Iterator[tuple[str, str]]:
    """(method, URL) of every int route with one id spelled in `script`'s digits, the others 1."""
    adapter = app.url_map.bind("localhost")
    for rule, ints in _int_rules(app):
        for name in ints:
            values = {arg: (MARK if arg == name else 1) if arg in ints else _other_value(rule, arg)
                      for arg in rule.arguments}
            url = adapter.build(rule.endpoint, values).replace(str(MARK), spelled(1, script))
            for method in ("GET", "POST"):
                if method in rule.methods:
                    yield method, url


@pytest.fixture
def three_events(db: Any, make_user: Any, make_player: Any, make_event: Any, make_club: Any) -> list[Any]:
    """Rows numbered 1..3 where the walk's ids point (events, players, a club, users)."""
    make_club()
    players = [make_player() for _ in range(3)]
    return [make_event(players=tuple(players)) for _ in range(3)]


@pytest.mark.parametrize("script", sorted(ZERO))
def test_the_converter_takes_ascii_digits_only(app: Any, script: str) -> None:
    converter = DatabaseIntConverter(app.url_map)
    assert re.fullmatch(converter.regex, "3") and converter.to_python("3") == 3
    assert not re.fullmatch(converter.regex, spelled(3, script))
    assert not re.fullmatch(converter.regex, "1" + spelled(2, script))


def test_event_and_player_pages_in_foreign_digits_are_404(client: Any, three_events: list[Any]) -> None:
    event = three_events[2]
    assert client.get(f"/eventos/{event.id}").status_code == 200  # the ASCII spelling is the page
    assert client.get(f"/eventos/{three_events[1].id}/classificacao").status_code == 200
    for url in (f"/eventos/{spelled(event.id, 'arabic-indic')}", f"/eventos/{spelled(2, 'fullwidth')}",
                f"/eventos/{spelled(2, 'persian')}/classificacao", f"/jogadores/{spelled(3, 'arabic-indic')}",
                f"/api/v1/events/{spelled(2, 'fullwidth')}", f"/eventos/{spelled(3, 'devanagari')}/classificacao.pdf"):
        assert client.get(url).status_code == 404, url


@pytest.mark.parametrize("script", ["arabic-indic", "fullwidth"])
def test_every_int_route_answers_404_to_foreign_digits(app: Any, client: Any, make_user: Any, login_as: Any,
                                                         three_events: list[Any], script: str) -> None:
    login_as(make_user(Role.STAFF))
    seen = 0
    for method, url in foreign_urls(app, script):
        response = client.open(url, method=method)
        assert response.status_code == 404, (method, url, response.status_code)
        seen += 1
    assert seen > 100


def test_season_form_refuses_an_event_id_in_foreign_digits(client: Any, db: Any, make_user: Any, login_as: Any,
                                                             three_events: list[Any]) -> None:
    login_as(make_user(Role.STAFF))
    form = {"name": "Circuito", "year": "2026", "kind": "place", "points_table": "10, 8, 6",
            "categories": "absoluto", "event_ids": [spelled(three_events[0].id, "arabic-indic")]}
    answer = client.post("/temporadas/nova", data=form)
    assert answer.status_code == 200
    assert "Escolha(s) inválida(s)" in answer.get_data(as_text=True)
    assert db.session.query(Season).count() == 0
    english = client.post("/temporadas/nova?lang=en", data=form)
    assert "Invalid choice(s)" in english.get_data(as_text=True) and db.session.query(Season).count() == 0


def test_integer_form_field_in_foreign_digits_is_a_message(client: Any, db: Any, make_user: Any, login_as: Any,
                                                             three_events: list[Any]) -> None:
    login_as(make_user(Role.STAFF))
    form = {"name": "Circuito", "year": spelled(2026, "fullwidth"), "kind": "place", "points_table": "10, 8, 6",
            "categories": "absoluto", "event_ids": [str(three_events[0].id)]}
    answer = client.post("/temporadas/nova", data=form)
    assert answer.status_code == 200 and "0 a 9" in answer.get_data(as_text=True)
    assert db.session.query(Season).count() == 0
