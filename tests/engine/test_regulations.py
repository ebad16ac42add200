"""Every pairing system the engine offers explains itself in pt-BR and English."""
import pytest

from damas.engine.pairing import system_codes
from damas.engine.regulations import SYSTEM_TEXT, regulations
from damas.engine.rulesets import ruleset_codes


@pytest.mark.parametrize("code", system_codes())
def test_every_system_has_rule_text_in_both_languages(code):
    assert SYSTEM_TEXT[code]["pt"] and len(SYSTEM_TEXT[code]["pt"]) == len(SYSTEM_TEXT[code]["en"])


@pytest.mark.parametrize("ruleset", ruleset_codes())
def test_scoring_table_follows_the_rule_set(ruleset):
    reg = regulations(ruleset, "berger", ("SB",), "pt")
    table = dict(reg.scoring)
    expected_win = {"cbjd": "2", "fide": "1", "club": "1"}[ruleset]
    assert table["Vitória"] == expected_win
    if ruleset == "club":
        assert table["W.O. duplo (ambos ausentes)"] == "½"  # CLUB: both absent is a draw
    assert reg.tiebreaks[0][0] == "SB"
