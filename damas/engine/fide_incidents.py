"""The FIDE Laws' incidents as the seeds quote them ("Irregularities", "The conduct of the
players"): the first illegal move gives the opponent two minutes, the second by the same player in
the game loses it; a sounding device loses at once. "However, the game is drawn if the opponent
cannot checkmate / cannot win by any series of legal moves": the arbiter's judgement of the
position, stated in the consequence, not judged here (`penalty_rules`, the ``fide`` rules).
"""
from __future__ import annotations

from typing import Sequence

from damas.engine.incidents import Action, Consequence, Incident, IncidentKind, _loss, _opponent
from damas.engine.types import EngineError

FIDE_EXTRA_MINUTES = 2  # FIDE Laws: "two minutes extra time to his opponent"
FIDE_ILLEGAL_MOVES_LOSE = 2  # FIDE Laws: "for 2nd illegal move by the same player ... lost"


def fide_consequence(incident: Incident, earlier: Sequence[Incident], white: int, black: int,
                     article: str) -> Consequence:
    """FIDE Laws: illegal moves counted per player per game (the same round and board); a
    sounding device loses at once. The opponent's "cannot win" exception is stated, not judged."""
    p = incident.player
    opp = _opponent(p, white, black)
    if incident.kind is IncidentKind.DEVICE_SOUND:
        return Consequence(
            Action.GAME_LOST, p, article,
            f"Aparelho eletrônico do jogador {p} tocou: perda da partida; o adversário vence (empate se "
            "ele não puder vencer por nenhuma série de lances legais).",
            f"Player {p}'s electronic device sounded: the game is lost; the opponent wins (a draw if he "
            "cannot win by any series of legal moves).",
            incidence=1, result=_loss(p, white, black))
    if incident.kind is not IncidentKind.ILLEGAL_MOVE:
        raise EngineError(f"{incident.kind.value} is not a FIDE Laws incident")
    n = 1 + sum(1 for e in earlier if e.kind is IncidentKind.ILLEGAL_MOVE and e.player == p
                and e.round == incident.round and e.board == incident.board)
    if n >= FIDE_ILLEGAL_MOVES_LOSE:
        return Consequence(
            Action.GAME_LOST, p, article,
            f"{n}º lance ilegal do jogador {p}: perda da partida (empate se o adversário não puder dar "
            "mate por nenhuma série de lances legais).",
            f"Illegal move no. {n} by player {p}: the game is lost (a draw if the opponent cannot "
            "checkmate by any series of legal moves).",
            incidence=n, result=_loss(p, white, black))
    return Consequence(
        Action.EXTRA_TIME, p, article,
        f"1º lance ilegal do jogador {p}: acrescentar {FIDE_EXTRA_MINUTES} minutos ao tempo do "
        f"adversário (jogador {opp}).",
        f"Illegal move no. 1 by player {p}: add {FIDE_EXTRA_MINUTES} minutes to the opponent's clock "
        f"(player {opp}).",
        incidence=n, extra_minutes=FIDE_EXTRA_MINUTES, beneficiary=opp)
