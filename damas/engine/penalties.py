"""Incidents and penalties at the boards: what the regulations make of them (RULES.md §6, §5).

* CBJD 60: after a justified claim that a player (a) broke CBJD 52, 56, 65 or 66, (b) made an
  irregular move the rules do not foresee, (c) broke CBJD 3 / 70 or one of 38-50 "pela segunda
  vez, ou mais", or (d) repeated the same unsporting conduct, the arbiter penalises him: "na
  primeira e segunda incidência" 2 minutes are added to the opponent's clock; "a partir da
  terceira incidência" the offender loses the game. Incidences are counted per player per game
  **[ours; per event as an option]**. For (c) the first breach of each group (3/70, 38-50) is
  not yet an incidence, nor the first time of a given unsporting conduct for (d) **[ours: the
  same conduct = the same `article` text]**.
* CLUB "Queda de conexão": every drop is recorded; the event sets how many lose the game
  (default: the third).
* CBJD 51: verbal warning; verbal and written warning; loss of the game, possibly for both;
  exclusion from the competition, which the event treats as a withdrawal (`withdrawals`).
* CBJD 95 d: in events of 5x5 or faster an irregular move wins the game for the opponent, "porém,
  somente se o jogador reclama sua vitória antes de completar seu próprio lance" (CBJD 59: a move
  of his own accepts the position).
* FIDE Laws (chess events, as the seeds quote them; `penalty_rules`): the first illegal move
  gives the opponent two minutes, the second by the same player in the game loses it; a mobile
  phone that sounds loses the game. Which kinds an event offers comes from its rule set.
* FIDE-GR "Where not all games are played" (a), (b): one game lost by default without a valid
  reason: expelled unless the chief arbiter decides otherwise (the system proposes, the chief
  arbiter confirms); three games lost by default: expelled unless the event says otherwise.

A game lost by penalty is recorded as a played LOSS (types.Outcome), the opponent a WIN.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Collection, Sequence

from damas.engine.fide_incidents import fide_consequence
from damas.engine.incidents import (  # noqa: F401  (re-exported: the names of incidents and their consequences)
    _FIDE_KINDS,
    Action,
    BoardResult,
    Consequence,
    Incident,
    IncidentKind,
    PenaltySettings,
    _loss,
    _opponent,
    _same_scope,
    counts_as_incidence,
    incidence_number,
    incident_article,
)
from damas.engine.rate_of_play import RateClass, classify
from damas.engine.types import EngineError, Outcome, RoundResult

__all__ = [
    "IncidentKind", "Incident", "PenaltySettings", "Action", "BoardResult", "Consequence",
    "Sanction", "ForfeitPolicy", "ForfeitReview",
    "incident_article", "counts_as_incidence", "incidence_number", "incident_consequence",
    "consequences", "sanction_consequence", "irregular_move_claim", "review_forfeits",
]


def incident_consequence(incident: Incident, earlier: Sequence[Incident], white: int, black: int,
                         settings: PenaltySettings = PenaltySettings()) -> Consequence:
    """The consequence of `incident` on the board `white`-`black`, given the event's
    earlier incidents (oldest first)."""
    p, art = incident.player, incident_article(incident)
    opp = _opponent(p, white, black)
    if incident.kind in _FIDE_KINDS:  # the FIDE Laws as the seeds quote them (`fide_incidents`)
        return fide_consequence(incident, earlier, white, black, art)
    if incident.kind is IncidentKind.DISCONNECTION:
        n = 1 + sum(1 for e in earlier if e.kind is incident.kind
                    and _same_scope(e, incident, settings.disconnection_scope))
        if n >= settings.disconnection_limit:
            return Consequence(
                Action.GAME_LOST, p, art,
                f"{n}ª queda de conexão (limite do evento: {settings.disconnection_limit}): "
                f"partida perdida pelo jogador {p}.",
                f"Disconnection no. {n} (event limit: {settings.disconnection_limit}): "
                f"game lost by player {p}.",
                incidence=n, result=_loss(p, white, black))
        return Consequence(
            Action.NONE, p, art,
            f"{n}ª queda de conexão registrada (a {settings.disconnection_limit}ª perde a partida).",
            f"Disconnection no. {n} recorded (no. {settings.disconnection_limit} loses the game).",
            incidence=n)
    n = incidence_number(incident, earlier, settings.scope)
    if n == 0:
        return Consequence(
            Action.NONE, p, art,
            "Primeira ocorrência: registrada, ainda não é incidência do art. 60 (o árbitro pode "
            "advertir pelo art. 51).",
            "First occurrence: recorded, not yet a CBJD 60 incidence (the arbiter may warn "
            "under CBJD 51).")
    if n >= settings.loss_from:
        return Consequence(
            Action.GAME_LOST, p, art,
            f"{n}ª incidência: perda da partida pelo infrator (jogador {p}).",
            f"Incidence no. {n}: the offender (player {p}) loses the game.",
            incidence=n, result=_loss(p, white, black))
    m = settings.extra_minutes
    return Consequence(
        Action.EXTRA_TIME, p, art,
        f"{n}ª incidência: acrescentar {m} minutos ao tempo do adversário (jogador {opp}).",
        f"Incidence no. {n}: add {m} minutes to the opponent's clock (player {opp}).",
        incidence=n, extra_minutes=m, beneficiary=opp)


def consequences(incidents: Sequence[Incident], boards: dict[tuple[int, int], tuple[int, int]],
                 settings: PenaltySettings = PenaltySettings()) -> list[Consequence]:
    """The consequence of every incident of an event, oldest first; `boards[(round, board)]`
    is (white, black)."""
    out = []
    for k, inc in enumerate(incidents):
        try:
            white, black = boards[(inc.round, inc.board)]
        except KeyError:
            raise EngineError(f"round {inc.round} has no board {inc.board}") from None
        out.append(incident_consequence(inc, incidents[:k], white, black, settings))
    return out


class Sanction(str, Enum):
    """CBJD 51 a-d; the FIDE Laws of Chess art. 12.9 (``laws_*``: the penalties open to the
    arbiter in a chess event, offered instead of CBJD 51 by the ``fide`` penalty rules)."""

    VERBAL_WARNING = "verbal_warning"
    WRITTEN_WARNING = "written_warning"
    GAME_LOST = "game_lost"
    GAME_LOST_BOTH = "game_lost_both"
    EXCLUSION = "exclusion"
    LAWS_WARNING = "laws_warning"  # 12.9.1
    LAWS_TIME_ADDED = "laws_time_added"  # 12.9.2: the opponent's remaining time increased
    LAWS_TIME_TAKEN = "laws_time_taken"  # 12.9.3: the offender's remaining time reduced
    LAWS_SCORE_RAISED = "laws_score_raised"  # 12.9.4: the opponent's points raised to the game's maximum
    LAWS_SCORE_REDUCED = "laws_score_reduced"  # 12.9.5: the offender's points in the game reduced
    LAWS_GAME_LOST = "laws_game_lost"  # 12.9.6: the game declared lost
    LAWS_FINE = "laws_fine"  # 12.9.7: a fine announced in advance
    LAWS_EXCLUDED_ROUNDS = "laws_excluded_rounds"  # 12.9.8: exclusion from one or more rounds
    LAWS_EXPULSION = "laws_expulsion"  # 12.9.9: expulsion from the competition


CBJD_SANCTIONS = (Sanction.VERBAL_WARNING, Sanction.WRITTEN_WARNING, Sanction.GAME_LOST, Sanction.GAME_LOST_BOTH,
                  Sanction.EXCLUSION)
LAWS_SANCTIONS = (Sanction.LAWS_WARNING, Sanction.LAWS_TIME_ADDED, Sanction.LAWS_TIME_TAKEN,
                  Sanction.LAWS_SCORE_RAISED, Sanction.LAWS_SCORE_REDUCED, Sanction.LAWS_GAME_LOST,
                  Sanction.LAWS_FINE, Sanction.LAWS_EXCLUDED_ROUNDS, Sanction.LAWS_EXPULSION)
GAME_LOSING_SANCTIONS = frozenset({Sanction.GAME_LOST, Sanction.GAME_LOST_BOTH, Sanction.LAWS_GAME_LOST})
EXPELLING_SANCTIONS = frozenset({Sanction.EXCLUSION, Sanction.LAWS_EXPULSION})
# Recorded by the system; the arbiter applies them at the board or the clock (12.9.2-5, 7, 8):
# (pt, en) of the sentence, then the article.
_LAWS_RECORDED = {
    Sanction.LAWS_WARNING: ("Advertência ao jogador {p}.", "Warning to player {p}.", "12.9.1"),
    Sanction.LAWS_TIME_ADDED: ("Tempo acrescentado ao adversário do jogador {p}.",
                               "Time added to the opponent of player {p}.", "12.9.2"),
    Sanction.LAWS_TIME_TAKEN: ("Tempo retirado do jogador {p}.", "Time taken from player {p}.", "12.9.3"),
    Sanction.LAWS_SCORE_RAISED: ("Pontos do adversário do jogador {p} elevados ao máximo da partida: lance o "
                                 "resultado na correção.", "The points of the opponent of player {p} raised to the "
                                 "game's maximum: enter the result as a correction.", "12.9.4"),
    Sanction.LAWS_SCORE_REDUCED: ("Pontos do jogador {p} na partida reduzidos: lance o resultado na correção.",
                                  "The points of player {p} in the game reduced: enter the result as a "
                                  "correction.", "12.9.5"),
    Sanction.LAWS_FINE: ("Multa anunciada previamente aplicada ao jogador {p}.",
                         "A fine announced in advance imposed on player {p}.", "12.9.7"),
    Sanction.LAWS_EXCLUDED_ROUNDS: ("Jogador {p} excluído de uma ou mais rodadas: registre as ausências.",
                                    "Player {p} excluded from one or more rounds: record the absences.", "12.9.8"),
}


def sanction_consequence(sanction: Sanction, player: int, round_no: int, white: int | None = None,
                         black: int | None = None) -> Consequence:
    """CBJD 51: the sanction's effect. A lost game needs the board; both players' loss records
    LOSS for both. Exclusion withdraws the player after `round_no` **[ours: the round of the
    sanction is the last he is counted in]**, under the rule set's withdrawal policy."""
    if sanction in _LAWS_RECORDED:
        pt, en, number = _LAWS_RECORDED[sanction]
        action = Action.VERBAL_WARNING if sanction is Sanction.LAWS_WARNING else Action.NONE
        return Consequence(action, player, f"FIDE Laws 12.9 ({number})", pt.format(p=player), en.format(p=player))
    if sanction is Sanction.LAWS_EXPULSION:
        return Consequence(Action.EXPULSION, player, "FIDE Laws 12.9 (12.9.9)",
                           f"Jogador {player} expulso da competição após a rodada {round_no}.",
                           f"Player {player} expelled from the competition after round {round_no}.",
                           withdraw_after_round=round_no)
    if sanction is Sanction.LAWS_GAME_LOST:
        if white is None or black is None:
            raise EngineError("a lost game needs the board's players")
        return Consequence(Action.GAME_LOST, player, "FIDE Laws 12.9 (12.9.6)",
                           f"Partida declarada perdida pelo jogador {player}.",
                           f"Game declared lost by player {player}.", result=_loss(player, white, black))
    if sanction is Sanction.VERBAL_WARNING:
        return Consequence(Action.VERBAL_WARNING, player, "CBJD 51 a",
                           f"Advertência verbal ao jogador {player}.",
                           f"Verbal warning to player {player}.")
    if sanction is Sanction.WRITTEN_WARNING:
        return Consequence(Action.WRITTEN_WARNING, player, "CBJD 51 b",
                           f"Advertência verbal e por escrito ao jogador {player}.",
                           f"Verbal and written warning to player {player}.")
    if sanction is Sanction.EXCLUSION:
        return Consequence(Action.EXCLUSION, player, "CBJD 51 d",
                           f"Jogador {player} afastado da competição após a rodada {round_no} "
                           "(tratado como abandono, conforme o regulamento).",
                           f"Player {player} excluded from the competition after round {round_no} "
                           "(handled as a withdrawal under the rule set).",
                           withdraw_after_round=round_no)
    if white is None or black is None:
        raise EngineError("a lost game needs the board's players")
    if sanction is Sanction.GAME_LOST_BOTH:
        return Consequence(Action.GAME_LOST, player, "CBJD 51 c",
                           f"Perda da partida pelos dois jogadores ({white} e {black}).",
                           f"Game lost by both players ({white} and {black}).",
                           result=BoardResult(Outcome.LOSS, Outcome.LOSS))
    return Consequence(Action.GAME_LOST, player, "CBJD 51 c",
                       f"Perda da partida pelo jogador {player}.",
                       f"Game lost by player {player}.", result=_loss(player, white, black))


def irregular_move_claim(minutes: int, increment_seconds: int, offender: int, white: int, black: int,
                         claimed_before_own_move: bool) -> Consequence:
    """CBJD 95 d: in 5x5 or faster an irregular move claimed before the claimant completes his
    own move wins the game for him. Slower events: a CBJD 60 b incident instead."""
    rate = classify(minutes, increment_seconds)
    claimant = _opponent(offender, white, black)
    fast = rate.rate_class is RateClass.BLITZ and rate.minutes + rate.increment_seconds <= 5
    if not fast:
        return Consequence(Action.NONE, offender, "CBJD 95 d",
                           f"Ritmo {rate.label}: o art. 95 d vale só para 5x5 ou menos; registre "
                           "como incidente do art. 60 b.",
                           f"Rate {rate.label}: CBJD 95 d applies only to 5x5 or faster; record "
                           "a CBJD 60 b incident instead.")
    if not claimed_before_own_move:
        return Consequence(Action.NONE, offender, "CBJD 95 d; CBJD 59",
                           "Reclamação depois do próprio lance: a posição foi aceita (art. 59).",
                           "Claimed after his own move: the position was accepted (CBJD 59).")
    return Consequence(Action.GAME_WON, claimant, "CBJD 95 d",
                       f"Lance irregular do jogador {offender} reclamado a tempo: vitória do "
                       f"jogador {claimant}.",
                       f"Irregular move by player {offender} claimed in time: player {claimant} "
                       "wins the game.", beneficiary=claimant, result=_loss(offender, white, black))


@dataclass(frozen=True, slots=True)
class ForfeitPolicy:
    """FIDE-GR "Where not all games are played": `propose_after` unexcused forfeits propose
    expulsion (a); `expel_after` forfeits expel (b). None disables a rule (event regulations)."""

    propose_after: int | None = 1
    expel_after: int | None = 3


@dataclass(frozen=True, slots=True)
class ForfeitReview:
    player: int
    forfeits: int
    unexcused: int
    consequence: Consequence


_LOST_BY_DEFAULT = frozenset({Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT})


def review_forfeits(player: int, rounds: Sequence[RoundResult], excused_rounds: Collection[int] = (),
                    policy: ForfeitPolicy = ForfeitPolicy()) -> ForfeitReview:
    """Count the games `player` lost by default (forfeit loss, double forfeit) and state FIDE-GR
    (a)/(b); `excused_rounds` are those where the chief arbiter accepted the reason."""
    lost = [r.round for r in rounds if r.outcome in _LOST_BY_DEFAULT]
    unexcused = [r for r in lost if r not in set(excused_rounds)]
    art = "FIDE-GR, Where not all games are played"
    if policy.expel_after is not None and len(lost) >= policy.expel_after:
        c = Consequence(Action.EXPULSION, player, art + " (b)",
                        f"{len(lost)} partidas perdidas por W.O.: jogador {player} eliminado do "
                        "torneio.",
                        f"{len(lost)} games lost by default: player {player} is expelled.",
                        incidence=len(lost), withdraw_after_round=max(lost))
    elif policy.propose_after is not None and len(unexcused) >= policy.propose_after:
        c = Consequence(Action.PROPOSE_EXPULSION, player, art + " (a)",
                        f"{len(unexcused)} W.O. sem motivo válido: eliminação proposta, a confirmar "
                        "pelo árbitro principal.",
                        f"{len(unexcused)} default(s) without a valid reason: expulsion proposed, "
                        "for the chief arbiter to confirm.",
                        incidence=len(unexcused), withdraw_after_round=max(unexcused))
    else:
        c = Consequence(Action.NONE, player, art, "Nenhuma medida.", "No action.",
                        incidence=len(lost))
    return ForfeitReview(player, len(lost), len(unexcused), c)
