"""Games on record: the moves of a game checked by the rules of its game, replayed,
read from and written to PDN / PGN files. Pure: pydraughts and python-chess, nothing of the app.

* `types`: a checked record (`CheckedGame`: plies, the first problem, the rest as written);
* `notation`: CBJD 4º moves and the movetext of a sheet, PDN or PGN;
* `draughts_rules` / `chess_rules`: the rules, by the libraries (deviations in their docstrings);
* `variants`: the rules of a discipline (`rules_for`), result tokens, the comparison with the
  board's result, the diagram;
* `files`: reading and writing PDN / PGN files; `diagram`, `position`: the SVG boards.
"""
from damas.engine.games.types import CheckedGame, MoveProblem, Ply, ProblemKind, Verdict
from damas.engine.games.variants import (
    BoardOutcome,
    Contradiction,
    GameRules,
    contradictions,
    ending_contradictions,
    diagram,
    result_token,
    results_of,
    rules_for,
    token_verdict,
)

__all__ = [
    "BoardOutcome", "CheckedGame", "Contradiction", "GameRules", "MoveProblem", "Ply", "ProblemKind", "Verdict",
    "contradictions", "diagram", "ending_contradictions", "result_token", "results_of", "rules_for", "token_verdict",
]
