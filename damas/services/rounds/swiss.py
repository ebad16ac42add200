"""Round-by-round events (FIDE Dutch, SB Swiss, micro-match...): pair, re-pair, requests.

C.04.2: pair only when every result is in; absent players (#2, #4) and withdrawn players are
not paired; requested byes stand in advance; published pairings change only by re-pairing
before any result is entered (#10); the first-round colour is drawn by lot and recorded.
"""
from __future__ import annotations

import random
import secrets
from dataclasses import replace
from typing import Callable

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.pairing import PairingRequest, get_system
from damas.engine.types import Color, EngineError, Outcome
from damas.extensions import db
from damas.models import (
    EntryStatus,
    Event,
    EventStatus,
    Game,
    GameResult,
    RequestKind,
    Round,
    RoundRequest,
    RoundStatus,
    User,
)
from damas.formats import get_format
from damas.formats.event_rules import pairing_ruleset
from damas.services.audit import record, transaction
from damas.services.entries.add_remove import renumber
from damas.services.errors import ServiceError
from damas.services.locking import lock_event
from damas.formats.mapping import EventSnapshot, event_rounds, round_is_complete, snapshot
from damas.engine.event_rules import restricted_pairs
from damas.services.entries.self_service import refuse_if_too_few, start_or_refuse
from damas.services.registration.bye_requests import set_round_request  # noqa: F401  (re-exported for the round pages)
from damas.services.rounds.rematches import rematch_boards
from damas.services.rounds.publication import mark_published
from damas.services.rounds.state import ROUND_BY_ROUND, current_round, round_by_round  # noqa: F401  (re-exported)



BYE_REQUESTS = {RequestKind.HALF_BYE: Outcome.HALF_BYE, RequestKind.ZERO_BYE: Outcome.ZERO_BYE}


def _first_color(event: Event, seed: int | None = None) -> Color:
    """Colour of the top seed in round 1, drawn by lot once and recorded (C.04.3 A.? / E); `seed`
    (the demo's, so it loads the same every time) replaces the random one."""
    if not event.first_color:
        event.first_color_seed = secrets.randbelow(2**31) if seed is None else seed
        event.first_color = random.Random(event.first_color_seed).choice("wb")
    return Color(event.first_color)


def _pairing_ruleset(event: Event) -> object:
    return pairing_ruleset(event)  # the one place rows become rule sets (`formats.event_rules`)


def _pairing_options(event: Event) -> dict[str, object]:
    """The event's settings the pairing system reads: micro-match scoring, acceleration."""
    return get_format(event).pairing_options(event)


def round_requests(event: Event, snap: EventSnapshot, number: int) -> tuple[dict[int, Outcome], set[int]]:
    """Round `number`'s requested byes and the players left out of it (requested absence,
    withdrawn, absent without notice, C.04.2 #2 and #4), by starting number: what the pairing
    reads and what a TRF-2026 export writes as 240 records for the round to pair."""
    requests = db.session.scalars(
        select(RoundRequest).where(RoundRequest.event_id == event.id, RoundRequest.round_number == number)
    ).all()
    id_to_no = {e.id: no for no, e in snap.entry_by_no.items()}
    requested = {id_to_no[r.entry_id]: BYE_REQUESTS[r.kind] for r in requests
                 if r.kind in BYE_REQUESTS and r.entry_id in id_to_no}
    absent = {id_to_no[r.entry_id] for r in requests if r.kind == RequestKind.ABSENT and r.entry_id in id_to_no}
    absent |= {no for no, e in snap.entry_by_no.items() if e.status != EntryStatus.REGISTERED}
    # absent without notice (C.04.2 #2): left out from the marked round until explained
    absent |= {no for no, e in snap.entry_by_no.items()
               if e.absent_from_round is not None and e.absent_from_round <= number}
    return requested, absent
def _pair_restricted(event: Event, request: PairingRequest) -> tuple[list, bool]:
    """Pair with the event's restriction (FIDE-GR Pairings g: players of one club / state
    federation do not meet "if possible"), given to the engine as forbidden pairs; when no
    pairing respects it, pair without it [ours] and say so (returns `relaxed`)."""

    system = get_system(event.pairing_system)
    pairs = restricted_pairs(request.state.entrants, event.pair_restriction)
    try:
        if pairs:
            try:
                extra = list(request.options.get("forbidden_pairs", ()) or ())  # type: ignore[call-overload]
                return system.pair(replace(request, options={**request.options, "forbidden_pairs": extra + pairs})), False
            except EngineError:
                pass  # the restriction cannot be kept this round: pair without it
        return system.pair(request), bool(pairs)
    except EngineError as error:
        raise ServiceError(_("Emparceiramento impossível: %(why)s", why=str(error))) from None


def pair_next_round(actor: User, event: Event, then: Callable[[Round], None] | None = None,
                    first_color_seed: int | None = None) -> Round:
    """Pair the next round in one transaction; refused while results are missing.
    `first_color_seed` fixes round 1's colour lot (default: drawn at random).

    `then(round)` runs inside that transaction after the round is written (the micro-match
    opening draw): if it fails, nothing of the pairing is kept. An event that publishes with its
    pairing (`Event.publish_on_pair`) gets the round published in that same transaction.

    Idempotent under a double click: the event is locked before its rounds are read, so a second
    request waits for the first and is told the round is already paired."""
    lock_event(event)
    if not round_by_round(event):
        raise ServiceError(_("Este evento não é emparceirado rodada a rodada."))
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise ServiceError(_("O evento não está em andamento."))
    rounds = event_rounds(event)
    if rounds and rounds[-1].status != RoundStatus.PUBLISHED:
        raise ServiceError(_("A rodada %(n)s já está emparceirada: publique-a (ou apague-a) antes de emparceirar "
                             "a próxima.", n=rounds[-1].number))
    missing = [r for r in rounds if not round_is_complete(r)]
    if missing:
        pending = sum(1 for g in missing[0].games if g.result == GameResult.PENDING)
        raise ServiceError(_("Faltam %(count)s resultados da rodada %(n)s.", count=pending, n=missing[0].number))
    number = len(rounds) + 1
    if number > event.planned_rounds:
        raise ServiceError(_("Todas as %(n)s rodadas previstas já foram emparceiradas.", n=event.planned_rounds))
    active = [e for e in event.entries if e.status == EntryStatus.REGISTERED]
    if len(active) < 2:
        raise ServiceError(_("São necessários pelo menos 2 inscritos para iniciar."))

    refuse_if_too_few(actor, event)  # too few entries: cancelled, entrants told (CLUB), nothing paired
    with transaction():  # the start and the first pairing land together, or neither does
        start_or_refuse(actor, event)
        if number == 1 or any(e.pairing_number is None for e in active):
            renumber(event)  # C.04.3 A.2: late entries re-sort the starting list
        snap = snapshot(event)
        requested, absent = round_requests(event, snap, number)
        request = PairingRequest(
            state=snap.state, round_no=number, ruleset=_pairing_ruleset(event),
            first_color=_first_color(event, first_color_seed),
            absent=frozenset(absent | set(requested)), requested_byes=requested,
            options=_pairing_options(event),
        )
        pairings, relaxed = _pair_restricted(event, request)
        rnd = Round(event_id=event.id, number=number, status=RoundStatus.PAIRED)
        for p in pairings:
            rnd.games.append(Game(
                board=p.board, white_entry_id=snap.entry_by_no[p.white].id,
                black_entry_id=snap.entry_by_no[p.black].id if p.black is not None else None,
                result=GameResult.BYE if p.black is None else GameResult.PENDING,
            ))
        db.session.add(rnd)
        db.session.flush()
        record(actor, "pair", "round", rnd.id, None, {
            "number": number, "system": event.pairing_system, "first_color": event.first_color,
            "first_color_seed": event.first_color_seed, "acceleration": event.acceleration or None,
            "boards": [[p.board, p.white, p.black] for p in pairings],
            **({"pair_restriction": event.pair_restriction, "restriction_relaxed": relaxed}
               if event.pair_restriction else {}),
        }, event.id)
        if then is not None:
            then(rnd)
        if event.publish_on_pair:  # the event publishes its rounds with their pairing
            mark_published(actor, event, rnd)
    rnd.restriction_relaxed = relaxed  # not stored: the route tells the arbiter (the audit keeps it)
    return rnd


def delete_round(actor: User, event: Event, rnd: Round, reason: str = "") -> None:
    """Undo the last pairing (to re-pair) while no result of it has been entered.

    A published round is unpublished and undone only with a recorded reason and only when it
    has a rematch: C.04.2 #10 allows no other change once the players have seen it (C.04.1 b);
    no result of the round may exist yet."""
    rnd = current_round(event, rnd)  # locked: a double click undoes the round once
    rounds = event_rounds(event)
    if not rounds or rounds[-1].id != rnd.id:
        raise ServiceError(_("Só a última rodada pode ser desfeita."))
    if not round_by_round(event):
        raise ServiceError(_("As rodadas de um todos-contra-todos não podem ser desfeitas."))
    # A board a withdrawal marked not played (GameResult.WITHDRAWN) is no result entered: the
    # round is paired again without the player who withdrew (CBJD 105 B; C.04.2).
    if any(g.result not in (GameResult.PENDING, GameResult.BYE, GameResult.WITHDRAWN) for g in rnd.games):
        raise ServiceError(_("Já há resultados lançados nesta rodada; ela não pode mais ser refeita."))
    if rnd.status == RoundStatus.PUBLISHED and not reason.strip():
        raise ServiceError(_("A rodada já foi publicada: informe o motivo para desfazê-la (C.04.2 #10)."), "reason")
    if rnd.status == RoundStatus.PUBLISHED:
        if not rematch_boards(event, rnd):
            raise ServiceError(_("Um emparceiramento publicado só muda para desfazer um reencontro (C.04.2 #10, "
                                 "C.04.1 b): esta rodada não tem reencontro."), "reason")
    with transaction():
        record(actor, "unpair", "round", rnd.id, {
            "number": rnd.number, "status": rnd.status.value,
            "boards": [[g.board, g.white_entry_id, g.black_entry_id] for g in rnd.games],
        }, {"reason": reason.strip()} if reason.strip() else None, event.id)
        db.session.delete(rnd)
