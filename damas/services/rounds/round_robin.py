"""Round robin events: number the field (rating, lot or Varma) and generate every round at once.

FIDE-GR "Pairings" (c, d, h); CBJD "Sistema Schuring" (the Berger tables, RULES.md §3).
"""
from __future__ import annotations

import random
import secrets

from flask_babel import gettext as _

from damas.engine.pairing.berger import BYE, berger_rounds
from damas.engine.pairing.varma import varma_draw
from damas.engine.types import EngineError
from damas.extensions import db
from damas.formats import get_format
from damas.models import Entry, EntryStatus, Event, EventStatus, Game, GameResult, Round, RoundStatus, User
from damas.services.audit import record, transaction
from damas.formats.mapping import starting_order
from damas.services.entries.add_remove import renumber
from damas.services.errors import ServiceError
from damas.services.locking import lock_event
from damas.formats.mapping import entrant_of, event_rounds
from damas.services.entries.self_service import refuse_if_too_few, start_or_refuse
from damas.services.rounds.publication import mark_published

NUMBERING_METHODS = ("rating", "lot", "varma", "manual")


def _assign_numbers(event: Event, entries: list[Entry], method: str, seed: int | None,
                    numbers: dict[int, int] | None = None) -> list[str] | None:
    """Give pairing numbers by `method`; returns the drawing protocol for a Varma draw."""
    renumber(event)  # starting order first: rating, then name
    if method == "rating":
        return None
    ordered = starting_order(entries, event.provisional_rating)
    if method == "manual":
        assert numbers is not None
        assignment = dict(numbers)
        protocol = None
    elif method == "lot":
        assert seed is not None
        numbers = list(range(1, len(ordered) + 1))
        random.Random(seed).shuffle(numbers)
        assignment = {e.id: n for e, n in zip(ordered, numbers)}
        protocol = None
    else:
        assert seed is not None
        entrants = [entrant_of(e) for e in ordered]
        # Contingents (FIDE-GR h): federations; in a one-state event, clubs play that part [ours].
        by = "club" if len({e.federation for e in entrants}) <= 1 else "federation"
        try:
            draw = varma_draw(entrants, seed, by=by)
        except EngineError as error:
            raise ServiceError(_("Sorteio Varma impossível: %(why)s", why=str(error))) from None
        by_no = {e.pairing_number: e for e in ordered}
        assignment = {by_no[no].id: number for no, number in draw.assignment.items()}
        protocol = draw.protocol("pt") + [""] + draw.protocol("en")
    for entry in entries:
        entry.pairing_number = None
    db.session.flush()
    for entry in entries:
        entry.pairing_number = assignment[entry.id]
    db.session.flush()
    return protocol


def check_manual_numbers(entries: list[Entry], numbers: dict[int, int | None] | None) -> dict[int, int]:
    """The numbers drawn at the technical meeting, one per registered player: a permutation of
    1..N (FIDE-GR Pairings a, b: the drawing of lots is the chief arbiter's; the system records it)."""
    numbers = numbers or {}
    if set(numbers) != {e.id for e in entries}:
        raise ServiceError(_("Informe o número de todos os jogadores."), "numbers")
    values = [numbers[e.id] for e in entries]
    if any(v is None for v in values):
        raise ServiceError(_("Informe o número de todos os jogadores."), "numbers")
    n = len(values)
    out = sorted({v for v in values if not 1 <= v <= n})  # type: ignore[operator]
    if out:
        raise ServiceError(_("Os números vão de 1 a %(n)s: %(bad)s.", n=n, bad=", ".join(map(str, out))), "numbers")
    twice = sorted({v for v in values if values.count(v) > 1})  # type: ignore[type-var]
    if twice:
        raise ServiceError(_("Número repetido: %(bad)s.", bad=", ".join(map(str, twice))), "numbers")
    return {entry_id: int(v) for entry_id, v in numbers.items()}  # type: ignore[arg-type]


def generate_round_robin(actor: User, event: Event, method: str, double: bool = False,
                         numbers: dict[int, int | None] | None = None, seed: int | None = None) -> list[Round]:
    """Number the final start list and create every round of the Berger table (unpublished; round
    1 published at once when the event publishes with its pairing, `Event.publish_on_pair`).

    A seed for the lot or the Varma draw is drawn here (unless `seed` gives it: the demo's, so
    it loads the same every time) and recorded on the event and in the audit log, so the draw
    can be replayed. `method="manual"`: the numbers drawn at the
    technical meeting (`numbers[entry_id]`, a permutation of 1..N), recorded in the audit log.
    """
    lock_event(event)  # a double click generates once
    if not get_format(event).round_robin:
        raise ServiceError(_("Este evento não é um todos-contra-todos."))
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise ServiceError(_("Abra as inscrições ou inicie o evento antes de gerar as rodadas."))
    if event_rounds(event):
        raise ServiceError(_("As rodadas deste evento já foram geradas."))
    if method not in NUMBERING_METHODS:
        raise ServiceError(_("Método de numeração desconhecido."), "method")
    entries = [e for e in event.entries if e.status == EntryStatus.REGISTERED]
    if len(entries) < 3:
        raise ServiceError(_("São necessários pelo menos 3 inscritos para um todos-contra-todos."))
    if method == "varma" and not 9 <= len(entries) <= 24:
        raise ServiceError(_("As tabelas Varma valem para 9 a 24 jogadores."), "method")
    manual = check_manual_numbers(entries, numbers) if method == "manual" else None

    refuse_if_too_few(actor, event)  # too few entries: cancelled, entrants told (CLUB), nothing generated
    if method not in ("lot", "varma"):
        seed = None
    elif seed is None:
        seed = secrets.randbelow(2**31)
    with transaction():  # the start lands with the first round(s), or neither does
        start_or_refuse(actor, event)
        protocol = _assign_numbers(event, entries, method, seed, manual)
        event.numbering_method = method
        event.numbering_seed = seed
        event.numbering_protocol = protocol
        event.double_round_robin = double
        event.status = EventStatus.RUNNING
        by_number = {e.pairing_number: e for e in entries}
        table = berger_rounds(len(entries), double)
        event.planned_rounds = len(table)
        rounds = []
        for number, pairs in enumerate(table, start=1):
            rnd = Round(event_id=event.id, number=number, status=RoundStatus.PAIRED)
            for board, (white, black) in enumerate(pairs, start=1):
                bye = black == BYE
                rnd.games.append(Game(
                    board=board, white_entry_id=by_number[white].id,
                    black_entry_id=None if bye else by_number[black].id,
                    result=GameResult.BYE if bye else GameResult.PENDING,
                ))
            db.session.add(rnd)
            rounds.append(rnd)
        db.session.flush()
        record(actor, "generate", "round_robin", event.id, None, {
            "method": method, "seed": seed, "double": double, "rounds": len(table),
            "numbers": {str(e.pairing_number): e.player.full_name for e in sorted(entries, key=lambda x: x.pairing_number or 0)},
        }, event.id)
        if event.publish_on_pair:  # round 1 is out with the table; each later one when its turn comes
            mark_published(actor, event, rounds[0])
    return rounds
