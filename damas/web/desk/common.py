"""Shared pieces of the arbiter's desk pages: the event lookup, the names of incident kinds,
sanctions, decisions and settings, and the small formatters the desk's pages use."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from flask import abort, redirect, url_for
from flask_babel import lazy_gettext as _l

from damas.engine.appeals import Decision
from damas.engine.penalties import IncidentKind
from damas.extensions import db
from damas.models import Entry, Event
from damas.presentation.articles import article_text  # noqa: F401  (the desk's article names)
from damas.presentation.code_labels import KIND_NAMES, SANCTION_NAMES  # noqa: F401  (the desk's names)
from damas.web.guards.converters import db_id

CBJD_60_KINDS = frozenset({IncidentKind.CLAIMED_IRREGULARITY.value, IncidentKind.IRREGULAR_MOVE.value,
                           IncidentKind.BREACH.value, IncidentKind.UNSPORTING.value})
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
