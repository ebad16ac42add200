"""Names of the codes the desk and the games on record store (incident kinds, sanctions, what a
game's final position decides, where a record came from), for every page that shows them: the
desk, the game pages, the change log (`audit_labels`)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from damas.engine.penalties import IncidentKind, Sanction

KIND_NAMES = {
    IncidentKind.CLAIMED_IRREGULARITY.value: _l("Irregularidade reclamada (CBJD 60 a: arts. 52, 56, 65, 66)"),
    IncidentKind.IRREGULAR_MOVE.value: _l("Lance irregular não previsto (CBJD 60 b)"),
    IncidentKind.BREACH.value: _l("Infração repetida dos arts. 3/70 ou 38–50 (CBJD 60 c)"),
    IncidentKind.UNSPORTING.value: _l("Conduta antidesportiva repetida (CBJD 60 d)"),
    IncidentKind.DISCONNECTION.value: _l("Queda de conexão (evento online)"),
    IncidentKind.ILLEGAL_MOVE.value: _l("Lance ilegal (Leis do Xadrez: 1º +2 minutos ao adversário, 2º perde)"),
    IncidentKind.DEVICE_SOUND.value: _l("Celular ou aparelho eletrônico tocou (Leis do Xadrez: perde a partida)"),
}
SANCTION_NAMES = {
    Sanction.VERBAL_WARNING.value: _l("Advertência verbal (CBJD 51 a)"),
    Sanction.WRITTEN_WARNING.value: _l("Advertência verbal e por escrito (CBJD 51 b)"),
    Sanction.GAME_LOST.value: _l("Perda da partida (CBJD 51 c)"),
    Sanction.GAME_LOST_BOTH.value: _l("Perda da partida pelos dois jogadores (CBJD 51 c)"),
    Sanction.EXCLUSION.value: _l("Afastamento da competição (CBJD 51 d)"),
    # the FIDE Laws of Chess, art. 12.9 (chess events)
    Sanction.LAWS_WARNING.value: _l("Advertência (Leis do Xadrez 12.9.1)"),
    Sanction.LAWS_TIME_ADDED.value: _l("Tempo acrescentado ao adversário (Leis do Xadrez 12.9.2)"),
    Sanction.LAWS_TIME_TAKEN.value: _l("Tempo retirado do infrator (Leis do Xadrez 12.9.3)"),
    Sanction.LAWS_SCORE_RAISED.value: _l("Pontos do adversário elevados ao máximo da partida (Leis do Xadrez 12.9.4)"),
    Sanction.LAWS_SCORE_REDUCED.value: _l("Pontos do infrator na partida reduzidos (Leis do Xadrez 12.9.5)"),
    Sanction.LAWS_GAME_LOST.value: _l("Partida declarada perdida (Leis do Xadrez 12.9.6)"),
    Sanction.LAWS_FINE.value: _l("Multa anunciada previamente (Leis do Xadrez 12.9.7)"),
    Sanction.LAWS_EXCLUDED_ROUNDS.value: _l("Exclusão de uma ou mais rodadas (Leis do Xadrez 12.9.8)"),
    Sanction.LAWS_EXPULSION.value: _l("Expulsão da competição (Leis do Xadrez 12.9.9)"),
}
VERDICT_TEXT = {"white": _l("vitória das brancas"), "black": _l("vitória das pretas"), "draw": _l("empate"),
                "open": _l("partida não terminada")}
SOURCE_TEXT = {"typed": _l("digitada"), "file": _l("arquivo")}
