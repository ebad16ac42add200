"""Many players into several sections at once: the organisers paste one player per line (the
"Inscrever vários" box of an event: federation number, FIDE ID or full name, read and found by
`imports.entries`) and tick the sections.

**[ours]** Each line is one championship entry (`entries.enter`): all of its chosen sections or
none, with its reasons; a bad line does not stop the others, as the event's own list forgives
its bad lines. `check_many` says what would happen and writes nothing; `enter_many` enters the
lines that can be entered, each player in its own transaction with its one mail and single fee.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from flask_babel import gettext as _

from damas.extensions import db
from damas.models import Event, Player, User
from damas.models.championships import Championship
from damas.services.championships import entries
from damas.services.errors import ServiceError
from damas.services.imports import entries as entries_import
from damas.services.imports.tabular import ImportRefused


@dataclass
class LineResult:
    """One pasted line: the player found (or not) and why he cannot be entered ([]: he can)."""

    line: int
    text: str
    player_id: int | None = None
    name: str = ""
    reasons: list[str] = field(default_factory=list)
    entered: bool = False

    @property
    def ok(self) -> bool:
        return self.player_id is not None and not self.reasons


def _players(text: str, events: list[Event]) -> list[LineResult]:
    """Each line's player, found as an event's list finds them (the plan of the first chosen
    section taking entries: its per-event verdicts, "already entered" or over a limit, are left
    to the sections' own checks)."""
    try:
        rows = entries_import.pasted_rows(text)
    except ImportRefused as error:
        raise ServiceError(str(error), "pasted") from None
    plan = None
    for event in events:
        try:
            plan = entries_import.plan_entries(event, rows)
            break
        except ImportRefused:  # this section takes no entries: its check will say so
            continue
    if plan is None:
        raise ServiceError(_("Nenhuma das seções escolhidas aceita inscrições agora."), "sections")
    results: list[LineResult] = []
    seen: dict[int, int] = {}
    for row, planned in zip(rows, plan.rows):
        out = LineResult(line=row.line, text=row.get("any"))
        player_id = planned.player_id
        if player_id is None:
            out.reasons.append(planned.reason or _("jogador não encontrado no cadastro."))
        elif player_id in seen:
            out.player_id, out.name = player_id, planned.name
            out.reasons.append(_("%(name)s repetido (já na linha %(line)s).", name=planned.name, line=seen[player_id]))
        else:
            seen[player_id] = row.line
            out.player_id, out.name = player_id, planned.name
        results.append(out)
    return results


def check_many(actor: User, championship: Championship, text: str, event_ids: Iterable[int]) -> list[LineResult]:
    """Every line's verdict over the chosen sections; nothing is written."""
    events = entries.chosen_for(actor, championship, event_ids)
    results = _players(text, events)
    for out in results:
        if out.ok:
            player = db.session.get(Player, out.player_id)
            for check in (entries.check_section(e, player, by_player=False) for e in events):
                out.reasons.extend(f"{check.name}: {reason}" for reason in check.reasons)
    return results


def enter_many(actor: User, championship: Championship, text: str, event_ids: Iterable[int]) -> list[LineResult]:
    """Enter each line's player in every chosen section (each line all or nothing)."""
    ids = list(event_ids)
    results = check_many(actor, championship, text, ids)
    for out in results:
        if not out.ok:
            continue
        player = db.session.get(Player, out.player_id)
        try:
            entries.enter(actor, championship, player, ids, by_player=False)
        except entries.SectionsRefused as error:
            out.reasons.extend(f"{name}: {' '.join(reasons)}" for name, reasons in error.refusals)
        except ServiceError as error:
            out.reasons.append(error.message)
        else:
            out.entered = True
    return results
