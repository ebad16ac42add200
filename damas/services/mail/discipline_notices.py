"""The mails about the arbiters' decisions on a player (kind "discipline"): an incident or a
sanction recorded against him, and the decision on his appeal. Called inside the desk's
transaction; the mails leave after its commit (`tell.tell_players`)."""
from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from damas.models import Event
from damas.services.mail.compose import external_url
from damas.services.mail.notify import Notice
from damas.services.mail.tell import in_locale, tell_players

KIND = "discipline"
# The committee's decisions as the appeals page names them.
DECISIONS = {
    "upheld": _l("Aceita"),
    "rejected_reasonable": _l("Rejeitada, mas considerada razoável"),
    "rejected": _l("Rejeitada"),
}


def _card(event: Event, player_id: int) -> str:
    return external_url("public.player_card_page", event_id=event.id, player_id=player_id)


def _notice(event: Event, player_id: int, subject: Any, lines: list[Any]) -> Notice:
    return Notice(subject=subject, heading=subject, lines=tuple(lines), link=_card(event, player_id),
                  link_label=_l("Ver minhas partidas"))


def incident_recorded(event: Event, player_id: int | None, round_number: int, board: int, article: str,
                      note: str, message_pt: str, message_en: str) -> None:
    """An incident on the player's board (CBJD 60, the FIDE Laws, a disconnection) and what
    follows from it under the rules."""
    if player_id is None:
        return
    lines: list[Any] = [_l("A arbitragem registrou um incidente seu na rodada %(round)s, mesa %(board)s.",
                           round=round_number, board=board)]
    if article:
        lines.append(_l("Artigo: %(article)s", article=article))
    if note:
        lines.append(_l("Observação: %(note)s", note=note))
    if message_pt:
        lines.append(in_locale(message_pt, message_en))
    tell_players(KIND, event.id, round_number, [(player_id, _notice(
        event, player_id, _l("Incidente registrado: %(event)s", event=event.name), lines))])


def sanction_recorded(event: Event, player_id: int | None, round_number: int, note: str, message_pt: str,
                      message_en: str) -> None:
    """A sanction (CBJD 51, the Laws' 12.9): the engine's sentence says which and what it does."""
    if player_id is None:
        return
    lines: list[Any] = [_l("A arbitragem aplicou uma sanção a você na rodada %(round)s do evento %(event)s.",
                           round=round_number, event=event.name), in_locale(message_pt, message_en)]
    if note:
        lines.append(_l("Observação: %(note)s", note=note))
    tell_players(KIND, event.id, round_number, [(player_id, _notice(
        event, player_id, _l("Sanção registrada: %(event)s", event=event.name), lines))])


def appeal_decided(event: Event, player_id: int | None, subject: str, decision: str, text: str) -> None:
    """The committee's final decision, to the appellant (an appellant without an entry: nobody
    to tell)."""
    if player_id is None:
        return
    lines: list[Any] = [_l("Sua apelação sobre \"%(subject)s\" foi decidida pelo comitê de apelação.",
                           subject=subject),
                        _l("Decisão: %(decision)s", decision=DECISIONS.get(decision, decision))]
    lines.extend(line for line in text.splitlines() if line.strip())
    tell_players(KIND, event.id, None, [(player_id, _notice(
        event, player_id, _l("Apelação decidida: %(event)s", event=event.name), lines))])
