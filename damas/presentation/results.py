"""Result choices and labels per rule set (2/1/0 in draughts, 1/½/0 in chess; CLUB both absent = draw).

A board result is its stored code (the value of `damas.models.GameResult`: "1-0", "=-=", "wd",
...); a `GameResult` member is that string too, so callers pass either and nothing here imports
the models (tests/web/rounds/test_result_labels.py checks every code has a label). The points of a
played game are the rule set's own (`RuleSet.format_points`); what both players absent means is
`RuleSet.double_forfeit_draw`."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from damas.engine.rulesets import get_ruleset
from damas.engine.types import Outcome

# The stored codes of `GameResult`, by name.
PENDING, WHITE_WIN, DRAW, BLACK_WIN = "", "1-0", "=-=", "0-1"
WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT, DOUBLE_LOSS = "+--", "--+", "---", "0-0"
BYE, WITHDRAWN, ADJOURNED = "bye", "wd", "adj"

_PLAYED = {WHITE_WIN: (Outcome.WIN, Outcome.LOSS), DRAW: (Outcome.DRAW, Outcome.DRAW),
           BLACK_WIN: (Outcome.LOSS, Outcome.WIN)}


def result_label(ruleset: str, result: str) -> str:
    """Short text for a board result (its code, or a `GameResult`) as the rule set scores it."""
    rs = get_ruleset(ruleset)
    if result in _PLAYED:
        white, black = _PLAYED[result]
        return f"{rs.format_points(rs.outcome_points(white))} – {rs.format_points(rs.outcome_points(black))}"
    return {
        PENDING: "",
        WHITE_FORFEIT_WIN: "+ – −",
        BLACK_FORFEIT_WIN: "− – +",
        DOUBLE_FORFEIT: "½ – ½ (W.O.)" if rs.double_forfeit_draw else "− – −",
        DOUBLE_LOSS: "0 – 0",
        BYE: str(_l("isento")),
        WITHDRAWN: str(_l("não jogada (desistência)")),
        ADJOURNED: str(_l("adiada")),
    }[result]


def result_choices(ruleset: str) -> list[tuple[str, str]]:
    """Choices for the result form of a board (value, label); "adiada" (C.04.2 #1) last."""
    pairs = [(PENDING, "—")]
    pairs += [(r, result_label(ruleset, r)) for r in (WHITE_WIN, DRAW, BLACK_WIN)]
    pairs += [
        (WHITE_FORFEIT_WIN, str(_l("W.O.: vitória das brancas"))),
        (BLACK_FORFEIT_WIN, str(_l("W.O.: vitória das pretas"))),
        (DOUBLE_FORFEIT,
         str(_l("Ambos ausentes (empate)")) if get_ruleset(ruleset).double_forfeit_draw else str(_l("W.O. duplo"))),
        (ADJOURNED, str(_l("Adiada (empate só para o emparceiramento)"))),
    ]
    return pairs


def report_choices(ruleset: str) -> list[tuple[str, str]]:
    """What a player reports of his board: the three played results, in words."""
    words = {WHITE_WIN: _l("Vitória das brancas"), DRAW: _l("Empate"), BLACK_WIN: _l("Vitória das pretas")}
    return [(r, f"{words[r]} ({result_label(ruleset, r)})") for r in words]


def result_keys(ruleset: str) -> dict[str, str]:
    """The keys of the results form: a key sets a board's result.

    The key is White's score as the rule set's sheet writes it (`RuleSet.format_points`): CBJD
    2 / 1 / 0 (a win is 2 points), FIDE and CLUB 1 / ½ / 0, with = for ½ (no keyboard has ½);
    + and - are the forfeits (W.O.) of White and of Black."""
    rs = get_ruleset(ruleset)
    keys: dict[str, str] = {}
    for code, (white, _black) in _PLAYED.items():
        key = rs.format_points(rs.outcome_points(white))
        if key == "½":
            keys["="] = code
        keys[key] = code
    keys["+"], keys["-"] = WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN
    return keys


def result_keys_hint(ruleset: str) -> list[tuple[list[str], str]]:
    """(keys, what they enter) for the line above the form, in the order of the choices."""
    keys = result_keys(ruleset)
    words = {WHITE_WIN: _l("vitória das brancas"), DRAW: _l("empate"), BLACK_WIN: _l("vitória das pretas"),
             WHITE_FORFEIT_WIN: _l("W.O. a favor das brancas"), BLACK_FORFEIT_WIN: _l("W.O. a favor das pretas")}
    return [([k for k, c in keys.items() if c == code], str(words[code])) for code in words]
