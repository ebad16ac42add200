"""Result choices and labels per rule set (2/1/0 in draughts, 1/½/0 in chess; CLUB both absent = draw).

The points of a played game are the rule set's own (`RuleSet.format_points`); what both players
absent means is `RuleSet.double_forfeit_draw`."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from damas.engine.rulesets import get_ruleset
from damas.engine.types import Outcome
from damas.formats.round_view import KNOCKOUT_RESULTS as KNOCKOUT_RESULT
from damas.models import GameResult

_PLAYED = {GameResult.WHITE_WIN: (Outcome.WIN, Outcome.LOSS), GameResult.DRAW: (Outcome.DRAW, Outcome.DRAW),
           GameResult.BLACK_WIN: (Outcome.LOSS, Outcome.WIN)}


def result_label(ruleset: str, result: GameResult) -> str:
    """Short text for a board result as the rule set scores it."""
    rs = get_ruleset(ruleset)
    if result in _PLAYED:
        white, black = _PLAYED[result]
        return f"{rs.format_points(rs.outcome_points(white))} – {rs.format_points(rs.outcome_points(black))}"
    return {
        GameResult.PENDING: "",
        GameResult.WHITE_FORFEIT_WIN: "+ – −",
        GameResult.BLACK_FORFEIT_WIN: "− – +",
        GameResult.DOUBLE_FORFEIT: "½ – ½ (W.O.)" if rs.double_forfeit_draw else "− – −",
        GameResult.DOUBLE_LOSS: "0 – 0",
        GameResult.BYE: str(_l("isento")),
        GameResult.WITHDRAWN: str(_l("não jogada (desistência)")),
        GameResult.ADJOURNED: str(_l("adiada")),
    }[result]


def knockout_result_label(ruleset: str, outcome: str) -> str:
    """A knockout game's label from its stored outcome (``win``, ``draw``, ``forfeit_loss``, ...)."""
    return result_label(ruleset, KNOCKOUT_RESULT[outcome])


def result_choices(ruleset: str) -> list[tuple[str, str]]:
    """Choices for the result form of a board (value, label); "adiada" (C.04.2 #1) last."""
    pairs = [(GameResult.PENDING.value, "—")]
    pairs += [(r.value, result_label(ruleset, r)) for r in (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)]
    pairs += [
        (GameResult.WHITE_FORFEIT_WIN.value, str(_l("W.O.: vitória das brancas"))),
        (GameResult.BLACK_FORFEIT_WIN.value, str(_l("W.O.: vitória das pretas"))),
        (GameResult.DOUBLE_FORFEIT.value,
         str(_l("Ambos ausentes (empate)")) if get_ruleset(ruleset).double_forfeit_draw else str(_l("W.O. duplo"))),
        (GameResult.ADJOURNED.value, str(_l("Adiada (empate só para o emparceiramento)"))),
    ]
    return pairs


def report_choices(ruleset: str) -> list[tuple[str, str]]:
    """What a player reports of his board (issue 30): the three played results, in words."""
    words = {GameResult.WHITE_WIN: _l("Vitória das brancas"), GameResult.DRAW: _l("Empate"),
             GameResult.BLACK_WIN: _l("Vitória das pretas")}
    return [(r.value, f"{words[r]} ({result_label(ruleset, r)})") for r in words]
