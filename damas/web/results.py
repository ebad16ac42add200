"""Result choices and labels per rule set (2/1/0 in draughts, 1/½/0 in chess; CLUB both absent = draw)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from damas.models import GameResult

_LABELS = {
    "cbjd": {GameResult.WHITE_WIN: "2 – 0", GameResult.DRAW: "1 – 1", GameResult.BLACK_WIN: "0 – 2"},
    "fide": {GameResult.WHITE_WIN: "1 – 0", GameResult.DRAW: "½ – ½", GameResult.BLACK_WIN: "0 – 1"},
    "club": {GameResult.WHITE_WIN: "1 – 0", GameResult.DRAW: "½ – ½", GameResult.BLACK_WIN: "0 – 1"},
}


def result_label(ruleset: str, result: GameResult) -> str:
    """Short text for a board result as the rule set scores it."""
    if result in _LABELS[ruleset]:
        return _LABELS[ruleset][result]
    return {
        GameResult.PENDING: "",
        GameResult.WHITE_FORFEIT_WIN: "+ – −",
        GameResult.BLACK_FORFEIT_WIN: "− – +",
        GameResult.DOUBLE_FORFEIT: "½ – ½ (W.O.)" if ruleset == "club" else "− – −",
        GameResult.DOUBLE_LOSS: "0 – 0",
        GameResult.BYE: str(_l("isento")),
        GameResult.WITHDRAWN: str(_l("não jogada (desistência)")),
        GameResult.ADJOURNED: str(_l("adiada")),
    }[result]


def result_choices(ruleset: str) -> list[tuple[str, str]]:
    """Choices for the result form of a board (value, label); "adiada" (C.04.2 #1) last."""
    pairs = [(GameResult.PENDING.value, "—")]
    pairs += [(r.value, result_label(ruleset, r)) for r in (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)]
    pairs += [
        (GameResult.WHITE_FORFEIT_WIN.value, str(_l("W.O.: vitória das brancas"))),
        (GameResult.BLACK_FORFEIT_WIN.value, str(_l("W.O.: vitória das pretas"))),
        (GameResult.DOUBLE_FORFEIT.value,
         str(_l("Ambos ausentes (empate)")) if ruleset == "club" else str(_l("W.O. duplo"))),
        (GameResult.ADJOURNED.value, str(_l("Adiada (empate só para o emparceiramento)"))),
    ]
    return pairs
