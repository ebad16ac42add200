"""Issue 31 point 3: `damas.presentation.results` names the board results by their stored codes
and imports no model, so this test keeps its codes equal to `GameResult`'s: every result has a
label in every rule set, and a `GameResult` member and its code get the same label."""
from __future__ import annotations

import pytest

from damas.models import GameResult
from damas.presentation import results


def test_the_codes_are_the_models():
    for member in GameResult:
        assert getattr(results, member.name) == member.value


@pytest.mark.parametrize("ruleset", ["cbjd", "fide", "club"])
def test_every_result_has_a_label(app, ruleset):  # type: ignore[no-untyped-def]
    with app.test_request_context():
        for member in GameResult:
            assert results.result_label(ruleset, member) == results.result_label(ruleset, member.value)
        assert {v for v, _label in results.result_choices(ruleset)} <= {m.value for m in GameResult}
