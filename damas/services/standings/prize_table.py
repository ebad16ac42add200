"""A category's prize list saved as one table: each line a place with its cash and/or trophy
and/or medal; blank lines are ignored, a ticked "remover" drops the line.

Every line is checked first and every refusal names its line ("Linha 3: ..."); nothing is
written unless the whole table is valid, and then in one transaction, each added, changed or
removed row in the audit log. Cash must not grow with the place (CBJD 126).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from flask_babel import gettext as _

from damas.extensions import db
from damas.models import Event, EventPrize, User
from damas.services.audit import record, snapshot, transaction
from damas.services.standings.categories import event_categories
from damas.services.errors import ServiceError
from damas.services.standings.prizes import FIELDS, non_increasing, parse_amount, prize_rows
from damas.engine.integers import parse_int

MAX_PLACE = 999


class PrizeTableError(ServiceError):
    """The table was refused; `lines` are the messages, one per faulty line."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(" ".join(lines))
        self.lines = lines


@dataclass(frozen=True)
class PrizeLine:
    place: int
    amount: int
    trophy: bool
    medal: bool


def _blank(line: dict[str, Any]) -> bool:
    return not (str(line.get("place") or "").strip() or str(line.get("amount") or "").strip()
                or line.get("trophy") or line.get("medal"))


def check_table(lines: Sequence[dict[str, Any]]) -> list[PrizeLine]:
    """The lines kept, or PrizeTableError with one message per faulty line (1-based)."""
    errors: list[str] = []
    kept: list[tuple[int, PrizeLine]] = []
    seen: dict[int, int] = {}
    for n, line in enumerate(lines, start=1):
        if line.get("remove") or _blank(line):
            continue
        found = parse_int(line.get("place") or "", minimum=1, maximum=MAX_PLACE)
        if found is None:
            errors.append(_("Linha %(n)s: informe a colocação (1 a %(max)s).", n=n, max=MAX_PLACE))
            continue
        place = found
        try:
            amount = parse_amount(str(line.get("amount") or ""))
        except ServiceError:
            errors.append(_("Linha %(n)s: valor inválido; use reais, ex.: 1.500,00.", n=n))
            continue
        trophy, medal = bool(line.get("trophy")), bool(line.get("medal"))
        if not (amount or trophy or medal):
            errors.append(_("Linha %(n)s: informe o valor em dinheiro ou marque troféu ou medalha.", n=n))
            continue
        if place in seen:
            errors.append(_("Linha %(n)s: o %(p)sº lugar já está na linha %(m)s.", n=n, p=place, m=seen[place]))
            continue
        seen[place] = n
        kept.append((n, PrizeLine(place, amount, trophy, medal)))
    cash = {p.place: p.amount for _n, p in kept if p.amount}
    if not errors and not non_increasing(cash):
        places = sorted(cash)
        table = [cash.get(place, 0) for place in range(1, max(places) + 1)]
        bad = next(place for place in range(2, len(table) + 1) if table[place - 1] > table[place - 2])
        n = next(n for n, p in kept if p.place == bad)
        errors.append(_("Linha %(n)s: o dinheiro do %(p)sº lugar é maior que o de um lugar acima; os prêmios em "
                        "dinheiro não podem crescer com a colocação (CBJD 126).", n=n, p=bad))
    if errors:
        raise PrizeTableError(errors)
    return [p for _n, p in sorted(kept, key=lambda item: item[1].place)]


def save_table(actor: User | None, event: Event, category_code: str, lines: Sequence[dict[str, Any]]) -> int:
    """Replace the category's prize list by the table; returns how many rows changed."""
    if category_code not in {c.code for c in event_categories(event)}:
        raise ServiceError(_("Categoria não encontrada."), "category_code")
    wanted = {p.place: p for p in check_table(lines)}
    current = {r.place: r for r in prize_rows(event) if r.category_code == category_code}
    changed = 0
    with transaction():
        for place, row in current.items():
            if place not in wanted:
                record(actor, "prize.delete", "event_prize", row.id, snapshot(row, FIELDS), None, event.id)
                db.session.delete(row)
                changed += 1
        db.session.flush()
        for place, line in wanted.items():
            row = current.get(place)
            values = {"amount": line.amount, "trophy": line.trophy, "medal": line.medal}
            if row is not None and all(getattr(row, k) == v for k, v in values.items()):
                continue
            before = snapshot(row, FIELDS) if row is not None else None
            if row is None:
                row = EventPrize(event_id=event.id, category_code=category_code, place=place, **values)
                db.session.add(row)
            else:
                for key, value in values.items():
                    setattr(row, key, value)
            db.session.flush()
            record(actor, "prize.add" if before is None else "prize.update", "event_prize", row.id, before,
                   snapshot(row, FIELDS), event.id)
            changed += 1
    return changed
