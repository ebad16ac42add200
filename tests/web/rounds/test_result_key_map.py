"""Issue 27 point 3: the round's results form carries the keys of the event's rule set (White's
score as its sheet writes it: CBJD 2 / 1 / 0, FIDE and CLUB 1 / ½ or = / 0; + and - the
forfeits), a line saying them, and an anchor per board; without script it posts as before."""
from __future__ import annotations

import html
import json
import re

import pytest

from damas.models import AuditEntry, GameResult, Role
from damas.presentation.results import result_choices
from tests.web.desk.test_desk import board, running_event

KEYS = {
    "cbjd": {"2": "1-0", "1": "=-=", "0": "0-1", "+": "+--", "-": "--+"},
    "fide": {"1": "1-0", "=": "=-=", "½": "=-=", "0": "0-1", "+": "+--", "-": "--+"},
    "club": {"1": "1-0", "=": "=-=", "½": "=-=", "0": "0-1", "+": "+--", "-": "--+"},
}


def _keys(page: str) -> dict[str, str]:
    found = re.search(r"data-result-keys='([^']*)'", page)
    assert found, "no key map on the form"
    return json.loads(html.unescape(found.group(1)))


@pytest.mark.parametrize("ruleset", ["cbjd", "fide", "club"])
def test_the_key_map_follows_the_rule_set(client, db, make_user, make_event, make_player, login_as,
                                          ruleset):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, _entries = running_event(db, make_event, make_player, (arbiter,), pairing_system="dutch", ruleset=ruleset)
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    keys = _keys(page)
    assert keys == KEYS[ruleset]
    values = {value for value, _label in result_choices(ruleset)}
    assert set(keys.values()) <= values  # every key sets one of the select's own options
    assert "result_keys.js" in page and "data-result-keys-help" in page
    hint = re.sub(r"<[^>]+>", "", page.split("data-result-keys-help", 1)[1].split("</div>", 1)[0])
    white = "2 vitória das brancas" if ruleset == "cbjd" else "1 vitória das brancas"
    assert white in hint and "+ W.O. a favor das brancas" in hint
    assert ("1 empate" in hint) is (ruleset == "cbjd")
    assert ("= ou ½ empate" in hint) is (ruleset != "cbjd")
    assert 'id="mesa-1"' in page and 'id="mesa-2"' in page and 'data-board="2"' in page
    english = client.get(f"/eventos/{event.id}/rodadas/1?lang=en").get_data(as_text=True)
    assert "Keys" in english and "White wins" in english and "Enter saves" in english


def test_the_public_page_has_the_anchors_but_no_keys(client, db, make_user, make_event, make_player):  # type: ignore[no-untyped-def]
    event, _entries = running_event(db, make_event, make_player, (), pairing_system="dutch")
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert 'id="mesa-1"' in page
    assert "data-result-keys" not in page and "result_keys.js" not in page


def test_the_form_still_posts_without_script_one_audit_entry_a_board(client, db, make_user, make_event, make_player,
                                                                     login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, _entries = running_event(db, make_event, make_player, (arbiter,), pairing_system="dutch")
    login_as(arbiter)
    first, second = board(db, event, 1, 1), board(db, event, 1, 2)
    data = {f"result-{first.id}": "1-0", f"version-{first.id}": str(first.version),
            f"result-{second.id}": "--+", f"version-{second.id}": str(second.version)}
    before = db.session.query(AuditEntry).filter_by(action="result").count()
    response = client.post(f"/eventos/{event.id}/rodadas/1/resultados", data=data, follow_redirects=True)
    assert "2 resultado(s) gravado(s)." in response.get_data(as_text=True)
    assert board(db, event, 1, 1).result == GameResult.WHITE_WIN
    assert board(db, event, 1, 2).result == GameResult.BLACK_FORFEIT_WIN
    assert db.session.query(AuditEntry).filter_by(action="result").count() == before + 2
