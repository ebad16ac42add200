"""Which incidents and forfeit rules an event's rule set applies (RULES.md §5, §6).

A registry keyed by stable codes, like the scoring: each `RuleSet` names its `PenaltyRules`
(`RuleSet.penalties`), so the desk offers, checks and explains incidents from the rule set, not
from string checks on the event.

* ``cbjd`` (draughts): CBJD 60 a-d (+2 minutes to the opponent at the first and second incidence,
  the third loses, event settings), disconnections when the event is online. No FIDE-GR forfeit
  expulsion: RULES.md §5 scopes it to the FIDE rule set.
* ``fide`` (chess): the FIDE Laws as the seeds quote them ("Irregularities", "The conduct of the
  players"): the first illegal move gives the opponent two minutes, the second by the same player
  in the game loses it; a mobile phone or other device that sounds loses the game. "However, the
  game is drawn if the opponent cannot checkmate / cannot win by any series of legal moves": that
  is the arbiter's judgement of the position; the system records the loss and says so, and the
  arbiter corrects the board to a draw on the desk. FIDE-GR forfeits: one without a valid reason
  proposes expulsion, three expel.
* ``club`` (the club's online events, played in draughts): the CLUB rules name only connection
  drops ("Queda de conexão") and are silent on irregularities, so the federation's CBJD 60 and
  CBJD 95 d apply to them **[ours]**; disconnections are always offered (online). No FIDE-GR
  forfeit expulsion: the CLUB rules have none (RULES.md §5: no-show loses, nothing more).
"""
from __future__ import annotations

from dataclasses import dataclass

from damas.engine.penalties import (
    CBJD_SANCTIONS,
    LAWS_SANCTIONS,
    ForfeitPolicy,
    IncidentKind,
    Sanction,
    PenaltySettings,
)
from damas.engine.fide_incidents import FIDE_EXTRA_MINUTES, FIDE_ILLEGAL_MOVES_LOSE, fide_consequence  # noqa: F401
from damas.engine.types import EngineError

__all__ = ["PenaltyRules", "get_penalty_rules", "penalty_rules_codes", "fide_consequence",
           "FIDE_EXTRA_MINUTES", "FIDE_ILLEGAL_MOVES_LOSE"]



@dataclass(frozen=True)
class PenaltyRules:
    """The incidents a rule set knows and its forfeit policy.

    `kinds`: the incident kinds offered (disconnections only when the event is online);
    `forfeit_policy`: the default FIDE-GR forfeit counts (None disables a rule); `claims_95d`:
    whether CBJD 95 d claims (irregular move in 5x5 or faster) apply; `title`: the heading of the
    desk's incident section (pt, en)."""

    code: str
    kinds: tuple[IncidentKind, ...]
    forfeit_policy: ForfeitPolicy
    claims_95d: bool
    title: tuple[str, str]
    text: tuple[tuple[str, str], ...] = ()  # (pt, en) lines for the event's regulations page
    # The sanctions the desk offers: CBJD 51 a-d, or the FIDE Laws of Chess art. 12.9 in chess.
    sanctions: tuple[Sanction, ...] = CBJD_SANCTIONS
    # The desk settings' incident counting: its article (CBJD 60), none for the Laws [ours].
    incident_article: str = "CBJD 60"

    def regulations_text(self, lang: str = "pt") -> tuple[str, ...]:
        return tuple(en if lang == "en" else pt for pt, en in self.text)

    def offered_kinds(self, online: bool) -> tuple[IncidentKind, ...]:
        """The kinds the desk offers; disconnections only in online events."""
        return tuple(k for k in self.kinds if k is not IncidentKind.DISCONNECTION or online)

    def allows(self, kind: IncidentKind, online: bool) -> bool:
        return kind in self.offered_kinds(online)

    def summary(self, settings: PenaltySettings, online: bool) -> tuple[str, str]:
        """What the incidents lead to, in one paragraph (pt, en), for the desk page."""
        if IncidentKind.ILLEGAL_MOVE in self.kinds:
            pt = ("1º lance ilegal: adversário +2 minutos; 2º lance ilegal do mesmo jogador na partida: "
                  "perda da partida. Aparelho eletrônico que toca: perda da partida. Se o adversário não "
                  "puder dar mate (vencer) por nenhuma série de lances legais, a partida é empate: corrija "
                  "o resultado na mesa.")
            en = ("1st illegal move: opponent +2 minutes; 2nd illegal move by the same player in the game: "
                  "the game is lost. A sounding electronic device: the game is lost. If the opponent cannot "
                  "checkmate (win) by any series of legal moves, the game is drawn: correct the result on "
                  "the desk.")
        elif IncidentKind.CLAIMED_IRREGULARITY in self.kinds:
            scope_pt = "por partida" if settings.scope == "game" else "no evento"
            scope_en = "per game" if settings.scope == "game" else "in the event"
            pt = (f"Contagem {scope_pt}. 1ª e 2ª incidência: adversário +{settings.extra_minutes} minutos; "
                  f"a partir da {settings.loss_from}ª: o infrator perde a partida, e o sistema registra o "
                  "resultado.")
            en = (f"Counted {scope_en}. 1st and 2nd incidence: opponent +{settings.extra_minutes} minutes; "
                  f"from no. {settings.loss_from} on the offender loses the game, and the system records "
                  "the result.")
        else:
            pt, en = "", ""
        if online and IncidentKind.DISCONNECTION in self.kinds:
            pt += f" Quedas de conexão: a {settings.disconnection_limit}ª perde a partida."
            en += f" Disconnections: no. {settings.disconnection_limit} loses the game."
        return pt.strip(), en.strip()


_CBJD_KINDS = (IncidentKind.CLAIMED_IRREGULARITY, IncidentKind.IRREGULAR_MOVE, IncidentKind.BREACH,
               IncidentKind.UNSPORTING, IncidentKind.DISCONNECTION)
_NO_FORFEIT_EXPULSION = ForfeitPolicy(propose_after=None, expel_after=None)

_REGISTRY: dict[str, PenaltyRules] = {}


def register_penalty_rules(rules: PenaltyRules) -> PenaltyRules:
    if rules.code in _REGISTRY:
        raise EngineError(f"penalty rules {rules.code!r} registered twice")
    _REGISTRY[rules.code] = rules
    return rules


def get_penalty_rules(code: str) -> PenaltyRules:
    try:
        return _REGISTRY[code]
    except KeyError:
        raise EngineError(f"unknown penalty rules {code!r}") from None


def penalty_rules_codes() -> tuple[str, ...]:
    return tuple(_REGISTRY)


_CBJD_TEXT = (
    ("Incidentes (CBJD 60): 1ª e 2ª incidência, +2 minutos ao adversário; a partir da 3ª, perda da "
     "partida; contadas por partida [ours: por evento como opção].",
     "Incidents (CBJD 60): 1st and 2nd incidence, opponent +2 minutes; from the 3rd, the game is lost; "
     "counted per game [ours: per event as an option]."),
    ("Em 5x5 ou mais rápido, lance irregular reclamado antes do próprio lance dá a vitória (CBJD 95 d).",
     "In 5x5 or faster, an irregular move claimed before one's own move wins the game (CBJD 95 d)."),
    ("Partidas registradas: cada lance é conferido pelas regras do jogo; uma planilha com lance irregular "
     "só é gravada como escrita, marcada (CBJD 56, 59). Os empates dos arts. 97 b e 98 são reclamados, "
     "o sistema não os declara; a contagem do art. 97 b é de 20 lances de cada jogador (40 meios-lances) "
     "[ours].",
     "Recorded games: every move is checked by the rules of the game; a score sheet with an irregular move "
     "is saved only as written, marked (CBJD 56, 59). The draws of arts. 97 b and 98 are claimed, the "
     "system does not declare them; the art. 97 b count is 20 moves by each player (40 plies) [ours]."),
)
_NO_EXPULSION_TEXT = (
    "Perder partidas por W.O. não elimina o jogador por si só: a eliminação do FIDE-GR vale só no "
    "regulamento FIDE [ours: o evento pode ativá-la na mesa].",
    "Games lost by default do not by themselves expel a player: the FIDE-GR expulsion belongs to the "
    "FIDE rule set [ours: the event may switch it on at the desk].")

for _rules in (
    PenaltyRules("cbjd", _CBJD_KINDS, _NO_FORFEIT_EXPULSION, claims_95d=True,
                 title=("Incidentes (CBJD 60)", "Incidents (CBJD 60)"),
                 text=(*_CBJD_TEXT, _NO_EXPULSION_TEXT)),
    PenaltyRules("fide", (IncidentKind.ILLEGAL_MOVE, IncidentKind.DEVICE_SOUND, IncidentKind.DISCONNECTION),
                 ForfeitPolicy(propose_after=1, expel_after=3), claims_95d=False,
                 title=("Incidentes (Leis do Xadrez da FIDE)", "Incidents (FIDE Laws of Chess)"),
                 sanctions=LAWS_SANCTIONS, incident_article="",
                 text=(
                     ("Leis do Xadrez: 1º lance ilegal, +2 minutos ao adversário; 2º lance ilegal do mesmo "
                      "jogador na partida, perda da partida. Aparelho eletrônico que toca: perda da partida. "
                      "Empate se o adversário não puder vencer por nenhuma série de lances legais (o árbitro "
                      "julga a posição e corrige o resultado).",
                      "Laws of Chess: 1st illegal move, opponent +2 minutes; 2nd illegal move by the same "
                      "player in the game, the game is lost. A sounding electronic device: the game is lost. "
                      "A draw if the opponent cannot win by any series of legal moves (the arbiter judges the "
                      "position and corrects the result)."),
                     ("W.O. (FIDE-GR): um sem motivo válido propõe a eliminação ao árbitro principal; três "
                      "eliminam.",
                      "Forfeits (FIDE-GR): one without a valid reason proposes expulsion to the chief arbiter; "
                      "three expel."),
                 )),
    PenaltyRules("club", _CBJD_KINDS, _NO_FORFEIT_EXPULSION, claims_95d=True,
                 title=("Incidentes (CBJD 60; regras do clube)", "Incidents (CBJD 60; club rules)"),
                 text=(
                     ("Quedas de conexão: cada uma é registrada; o evento define qual perde a partida "
                      "(normalmente a 3ª).",
                      "Disconnections: each one is recorded; the event sets which one loses the game "
                      "(usually the 3rd)."),
                     ("As regras do clube não tratam de irregularidades: valem o CBJD 60 e o 95 d "
                      "[ours].",
                      "The club rules say nothing of irregularities: CBJD 60 and 95 d apply [ours]."),
                     _NO_EXPULSION_TEXT,
                 )),
):
    register_penalty_rules(_rules)
