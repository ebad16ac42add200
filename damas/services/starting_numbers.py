"""Numbering the starting list (C.04.3 A.2), apart from `entries` so that the reserve list and
the payment deadline, which add and remove entries before the start, can renumber without
importing the entry services that call them."""
from __future__ import annotations

from damas.extensions import db
from damas.formats.mapping import starting_order
from damas.models import Event


def renumber(event: Event) -> None:
    """Give every entry of the event pairing numbers 1..n in starting order (C.04.3 A.2 re-sorts).

    Withdrawn and expelled players keep a number, re-sorted with the others: their results stand
    (CBJD 105 B, FIDE-GR withdrawals f) and a late entry renumbering the list (C.04.2 C.2-3)
    must not take them out of the standings nor their opponents' games with them. Before the
    start every entry is registered (a cancelled one is deleted), so this is the starting list.
    Two passes so the unique (event, pairing number) constraint never sees a clash mid-way.
    """
    ordered = starting_order(list(event.entries), event.provisional_rating)
    for entry in event.entries:
        entry.pairing_number = None
    db.session.flush()
    for number, entry in enumerate(ordered, start=1):
        entry.pairing_number = number
    db.session.flush()
