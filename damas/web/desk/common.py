"""Shared pieces of the arbiter's desk pages: the event lookup, the names of incident kinds,
sanctions, decisions and settings, and the small formatters the desk's pages use."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from flask import abort, redirect, url_for
from flask_babel import lazy_gettext as _l

from damas.engine.appeals import Decision
from damas.engine.penalties import IncidentKind, Sanction
from damas.extensions import db
from damas.models import Entry, Event
from damas.web.converters import db_id

KIND_NAMES = {
    IncidentKind.CLAIMED_IRREGULARITY.value: _l("Irregularidade reclamada (CBJD 60 a: arts. 52, 56, 65, 66)"),
    IncidentKind.IRREGULAR_MOVE.value: _l("Lance irregular não previsto (CBJD 60 b)"),
    IncidentKind.BREACH.value: _l("Infração repetida dos arts. 3/70 ou 38–50 (CBJD 60 c)"),
    IncidentKind.UNSPORTING.value: _l("Conduta antidesportiva repetida (CBJD 60 d)"),
    IncidentKind.DISCONNECTION.value: _l("Queda de conexão (evento online)"),
    IncidentKind.ILLEGAL_MOVE.value: _l("Lance ilegal (Leis do Xadrez: 1º +2 minutos ao adversário, 2º perde)"),
    IncidentKind.DEVICE_SOUND.value: _l("Celular ou aparelho eletrônico tocou (Leis do Xadrez: perde a partida)"),
}
CBJD_60_KINDS = frozenset({IncidentKind.CLAIMED_IRREGULARITY.value, IncidentKind.IRREGULAR_MOVE.value,
                           IncidentKind.BREACH.value, IncidentKind.UNSPORTING.value})
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
# The engine's article names of the FIDE rules (English), as the page's language reads them.
ARTICLE_NAMES = {
    "FIDE Laws, Irregularities (illegal move)": _l("Leis do Xadrez, Irregularidades (lance ilegal)"),
    "FIDE Laws, Conduct of the players (mobile phone)": _l("Leis do Xadrez, Conduta dos jogadores (celular)"),
    "FIDE-GR, Where not all games are played": _l("FIDE-GR, Quando nem todas as partidas são jogadas"),
    "FIDE Laws 12.9": _l("Leis do Xadrez 12.9"),
}


def article_text(article: str) -> str:
    """An engine article in the page's language: a known FIDE name translated, the rest (its
    letter or number, "(b)", "(12.9.6)") kept as it is."""
    for name, label in ARTICLE_NAMES.items():
        if article.startswith(name):
            return str(label) + article[len(name):]
    return article
DECISION_NAMES = {
    Decision.UPHELD.value: _l("Aceita"),
    Decision.REJECTED_REASONABLE.value: _l("Rejeitada, mas considerada razoável"),
    Decision.REJECTED.value: _l("Rejeitada"),
}
CORRECTION_MODE_NAMES = {
    "hours": _l("Até N horas após a publicação da rodada"),
    "next_pairing": _l("Até o emparceiramento da rodada seguinte"),
    "event_end": _l("Enquanto o evento estiver em andamento"),
}
SCOPE_NAMES = {"game": _l("Por jogador, em cada partida"), "event": _l("Por jogador, no evento todo")}


def desk_event(event_id: int) -> Event:
    return db.session.get(Event, event_id) or abort(404)


def fmt_dt(value: datetime | None) -> str:
    return value.strftime("%d/%m/%Y %H:%M") if value else ""


def entry_or_none(event: Event, entry_id: Any) -> Entry | None:
    number = db_id(entry_id)
    entry = db.session.get(Entry, number) if number is not None else None
    return entry if entry is not None and entry.event_id == event.id else None


def back_to(endpoint: str, event_id: int) -> Any:
    return redirect(url_for(endpoint, event_id=event_id))


_NUMBERED = re.compile(r"\b([Jj]ogador|[Pp]layer) (\d+)\b")
_BOTH = re.compile(r"\((\d+) (e|and) (\d+)\)")


def with_names(text: str, names: dict[int, str]) -> str:
    """An engine sentence ("jogador 3", "player 3", "(3 e 5)") with the players' names instead
    of their numbers: the desk speaks of people."""
    def one(no: str) -> str:
        return names.get(int(no), no)

    text = _NUMBERED.sub(lambda m: f"{m.group(1)} {one(m.group(2))}", text)
    return _BOTH.sub(lambda m: f"({one(m.group(1))} {m.group(2)} {one(m.group(3))})", text)
