"""Check-in before a round (RULES.md §5 absences): a player confirms he is in the hall by reading
the event's QR code with his phone, logged in, or the arbiter ticks him on the check-in list.

Who has not checked in when the arbiter closes the list is left out of that round only, by the
event's rule for a round the player will not play: "fora desta rodada só (não emparceirar, 0
ponto)", the same request the players page records (`bye_requests.set_round_request`, kind
ABSENT), so the pairing (`swiss.round_requests`) leaves him out and he may play the next round
[ours: not "ausente sem aviso", which lasts until explained and may withdraw him; the arbiter
still has that on the players page]. Players who announced a bye for the round, or are marked
absent, are not expected and not listed as missing.

A check-in after the round was paired is refused with that reason; so is one by a QR code of
another event or of an earlier round, or by a player not entered.
"""
from __future__ import annotations

import unicodedata

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, RequestKind, RoundRequest, User
from damas.models.venue import CheckIn, CheckInMethod
from damas.services.audit import record, transaction
from damas.services.registration.bye_requests import set_round_request
from damas.services.errors import ServiceError
from damas.services.registration.limits import own_entry, player_of
from damas.services.rounds.state import round_by_round
from damas.services.venue.checkin_settings import next_round_number, open_round
from damas.services.venue.checkin_token import read_token

CHECKIN_ACTION = "check_in"
UNDO_ACTION = "check_in_undone"
MISSING_ACTION = "check_in_missing_not_paired"


def checkin_of(entry: Entry, round_number: int) -> CheckIn | None:
    return db.session.scalar(select(CheckIn).where(CheckIn.entry_id == entry.id,
                                                   CheckIn.round_number == round_number))


def _request(entry: Entry, round_number: int) -> RoundRequest | None:
    return db.session.scalar(select(RoundRequest).where(RoundRequest.entry_id == entry.id,
                                                        RoundRequest.round_number == round_number))


def _open_or_refuse(event: Event) -> int:
    number = open_round(event)
    if number is None:
        raise ServiceError(_("A presença não está aberta agora: nenhuma rodada a emparceirar pede presença."))
    return number


def _closed_reason(event: Event, token_round: int) -> str:
    """Why the check-in of `token_round` is refused, or '' when it is the open one."""
    number = open_round(event)
    if token_round < next_round_number(event):
        reason = _("A rodada %(n)s já foi emparceirada: a presença dela está encerrada.", n=token_round)
        if number is not None:
            return reason + " " + _("A presença aberta agora é a da rodada %(n)s: leia o QR code novo, afixado no "
                                    "salão.", n=number)
        return reason + " " + _("Fale com a arbitragem.")
    if number != token_round:
        return _("A presença da rodada %(n)s não está aberta.", n=token_round)
    return ""


def qr_round(event: Event, token: str) -> int:
    """The round a QR code's token opens for this event; refused (with the reason) when the
    token is not ours, is another event's, or its round is not the one open now."""
    event_id, number = read_token(token)
    if event_id != event.id:
        other = db.session.get(Event, event_id)
        raise ServiceError(_("Este QR code é de outro evento (%(other)s), não de %(this)s: leia o QR code deste "
                             "evento.", other=other.name if other is not None else "?", this=event.name))
    reason = _closed_reason(event, number)
    if reason:
        raise ServiceError(reason)
    return number


def _expected(entry: Entry, round_number: int) -> None:
    """Refuse a player who is not expected at the boards of the round."""
    if entry.absent_from_round is not None and entry.absent_from_round <= round_number:
        raise ServiceError(_("A arbitragem o marcou como ausente sem aviso: fale com ela."))
    request = _request(entry, round_number)
    if request is not None and request.kind == RequestKind.ABSENT:
        raise ServiceError(_("A arbitragem já o deixou fora da rodada %(n)s por falta de presença: fale com ela.",
                             n=round_number))
    if request is not None:
        raise ServiceError(_("Você avisou que não joga a rodada %(n)s (bye): retire o aviso em Minha área para "
                             "jogar.", n=round_number))


def check_in_by_qr(user: User, event: Event, token: str) -> tuple[CheckIn, bool]:
    """The logged-in player's own check-in from the event's QR code: (his check-in, whether it
    is new). Reading the code twice keeps the first."""
    number = qr_round(event, token)
    entry = own_entry(event, player_of(user))
    if entry is None or entry.status != EntryStatus.REGISTERED:
        raise ServiceError(_("Você não está inscrito neste evento."))
    existing = checkin_of(entry, number)
    if existing is not None:
        return existing, False
    _expected(entry, number)
    with transaction():
        row = CheckIn(event_id=event.id, entry_id=entry.id, round_number=number, method=CheckInMethod.QR,
                      by_user_id=user.id)
        db.session.add(row)
        record(user, CHECKIN_ACTION, "entry", entry.id, None, {"round": number, "method": "qr"}, event.id)
    return row, True


def _own_entry_of_event(event: Event, entry: Entry | None) -> Entry:
    if entry is None or entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."), "entry_id")
    if entry.status != EntryStatus.REGISTERED:
        raise ServiceError(_("%(name)s saiu do evento.", name=entry.player.full_name), "entry_id")
    return entry


def tick(actor: User, event: Event, entry: Entry | None) -> bool:
    """The arbiter ticks a player present for the open round; False when he already was. A
    player left out of the round for missing the check-in is paired again (he came after all)."""
    number = _open_or_refuse(event)
    entry = _own_entry_of_event(event, entry)
    if checkin_of(entry, number) is not None:
        return False
    request = _request(entry, number)
    if entry.absent_from_round is not None and entry.absent_from_round <= number:
        raise ServiceError(_("%(name)s está marcado como ausente sem aviso: registre a justificativa na página dos "
                             "jogadores.", name=entry.player.full_name), "entry_id")
    if request is not None and request.kind != RequestKind.ABSENT:
        raise ServiceError(_("%(name)s pediu bye nesta rodada: retire o pedido na página dos jogadores.",
                             name=entry.player.full_name), "entry_id")
    with transaction():
        if request is not None:  # the not-paired mark of the check-in: he came after all
            set_round_request(actor, event, entry, number, None)
        db.session.add(CheckIn(event_id=event.id, entry_id=entry.id, round_number=number,
                               method=CheckInMethod.ARBITER, by_user_id=actor.id))
        record(actor, CHECKIN_ACTION, "entry", entry.id, None, {"round": number, "method": "arbiter"}, event.id)
    return True


def untick(actor: User, event: Event, entry: Entry | None) -> None:
    """Take back a check-in of the open round (ticked by mistake)."""
    number = _open_or_refuse(event)
    entry = _own_entry_of_event(event, entry)
    row = checkin_of(entry, number)
    if row is None:
        raise ServiceError(_("%(name)s não estava presente.", name=entry.player.full_name), "entry_id")
    with transaction():
        db.session.delete(row)
        record(actor, UNDO_ACTION, "entry", entry.id, {"round": number, "method": row.method.value}, None, event.id)


def roster(event: Event, round_number: int) -> list[dict]:
    """The registered players for the check-in of a round, by starting number: each "present",
    "missing", "out" (left out of the round: the check-in's mark or absent without notice) or
    "bye" (announced he does not play it)."""
    checked = {c.entry_id: c for c in db.session.scalars(
        select(CheckIn).where(CheckIn.event_id == event.id, CheckIn.round_number == round_number))}
    requests = {r.entry_id: r.kind for r in db.session.scalars(
        select(RoundRequest).where(RoundRequest.event_id == event.id, RoundRequest.round_number == round_number))}
    rows = []
    for e in sorted(event.entries, key=lambda e: (e.pairing_number or 10**6, e.player.full_name)):
        if e.status != EntryStatus.REGISTERED:
            continue
        kind = requests.get(e.id)
        absent = e.absent_from_round is not None and e.absent_from_round <= round_number
        state = ("present" if e.id in checked else "out" if absent or kind == RequestKind.ABSENT
                 else "bye" if kind is not None else "missing")
        c = checked.get(e.id)
        rows.append({"entry_id": e.id, "no": e.pairing_number, "name": e.player.full_name,
                     "club": (e.player.club.short_name or e.player.club.name) if e.player.club else "",
                     "state": state, "at": c.checked_at if c else None, "method": c.method.value if c else ""})
    return rows


def mark_missing_not_paired(actor: User, event: Event) -> list[str]:
    """Leave every player still missing out of the open round (the event's rule for a round
    not played: not paired, 0 point), in one transaction, audited per player and as a whole;
    the names of those left out."""
    number = _open_or_refuse(event)
    if not round_by_round(event):
        raise ServiceError(_("Neste sistema as rodadas não são emparceiradas uma a uma: retire dos inscritos quem "
                             "não veio."))
    missing = [r for r in roster(event, number) if r["state"] == "missing"]
    if not missing:
        raise ServiceError(_("Não falta ninguém: todos os esperados confirmaram presença."))
    by_id = {e.id: e for e in event.entries}
    with transaction():
        for row in missing:
            set_round_request(actor, event, by_id[row["entry_id"]], number, RequestKind.ABSENT,
                              _("sem presença confirmada"))
        record(actor, MISSING_ACTION, "event", event.id, None,
               {"round": number, "entries": [r["entry_id"] for r in missing],
                "names": [r["name"] for r in missing]}, event.id)
    return [r["name"] for r in missing]


def find_entries(event: Event, round_number: int, query: str) -> list[dict]:
    """The check-in rows matching a starting number (exactly) or a part of the name."""
    text = query.strip()
    rows = roster(event, round_number)
    if not text:
        return rows
    if text.isascii() and text.isdigit():
        return [r for r in rows if str(r["no"]) == text.lstrip("0") or str(r["no"]) == text]
    folded = _fold(text)
    return [r for r in rows if folded in _fold(r["name"])]


def _fold(text: str) -> str:
    """Case and accents ignored ("joao" finds "João")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
