"""Prize lists per category and the cash-tie option (RULES.md §8; CBJD 125, 126).

A prize row is one place of a category's list with its cash amount and/or a trophy and/or a
medal ("R$ 500 + troféu" is one row). The allocation itself is the engine's
(`damas.engine.awards.allocate`), which keeps its per-kind prizes: a row gives one engine
prize per kind (trophies and medals accumulate, CBJD 125; cash is paid once, CBJD 126). The
table editor is `damas.services.standings.prize_table`.
"""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.awards import Prize
from damas.extensions import db
from damas.models import AwardSettings, Event, EventPrize, User
from damas.services.audit import record, snapshot, transaction
from damas.services.standings.categories import event_categories
from damas.services.errors import ServiceError
from damas.engine.integers import MAX_INT, parse_int

FIELDS = ("category_code", "place", "amount", "trophy", "medal")
KINDS = ("trophy", "medal", "cash")


def prize_rows(event: Event) -> list[EventPrize]:
    return list(db.session.scalars(select(EventPrize).where(EventPrize.event_id == event.id)
                                   .order_by(EventPrize.category_code, EventPrize.place)))


def event_prizes(event: Event) -> list[Prize]:
    """The engine's prizes: one per kind of each row."""
    codes = {c.code for c in event_categories(event)}
    return [Prize(r.category_code, r.place, kind, r.amount if kind == "cash" else 0)
            for r in prize_rows(event) if r.category_code in codes for kind in r.kinds]


def cash_ties(event: Event) -> str:
    settings = db.session.get(AwardSettings, event.id)
    return settings.cash_ties if settings else "share"


def parse_amount(text: str) -> int:
    """'1.234,56' / '1234.56' / '150' reais -> centavos (exact, no floats)."""
    s = (text or "").strip().replace("R$", "").replace(" ", "")
    if not s:
        return 0
    if "," in s:
        s = s.replace(".", "").replace(",", ".")
    whole, _sep, frac = s.partition(".")
    reais = parse_int(whole, maximum=MAX_INT // 100) if whole else 0
    cents = parse_int((frac + "00")[:2]) if frac and len(frac) <= 2 else (0 if not frac else None)
    if reais is None or cents is None:
        raise ServiceError(_("Valor inválido: use reais, ex.: 1.500,00."), "amount")
    return reais * 100 + cents


def non_increasing(table: dict[int, int]) -> bool:
    """CBJD 126 needs cash amounts that do not grow with the place (a missing place counts 0)."""
    if not table:
        return True
    amounts = [table.get(place, 0) for place in range(1, max(table) + 1)]
    return all(a >= b for a, b in zip(amounts, amounts[1:]))


def add_prize(actor: User | None, event: Event, category_code: str, place: int, kind: str, amount: int) -> EventPrize:
    """Add one kind of prize to a place: to its row when the place already has one (the demo
    and scripted lists; the page edits the whole table, `prize_table.save_table`)."""
    if kind not in KINDS:
        raise ServiceError(_("Tipo de prêmio inválido."), "kind")
    if category_code not in {c.code for c in event_categories(event)}:
        raise ServiceError(_("Categoria não encontrada."), "category_code")
    if place < 1:
        raise ServiceError(_("A colocação começa em 1."), "place")
    if kind == "cash" and amount <= 0:
        raise ServiceError(_("Informe o valor do prêmio em dinheiro."), "amount")
    if kind != "cash" and amount:
        raise ServiceError(_("Troféus e medalhas não têm valor; informe o dinheiro no campo Valor."), "amount")
    rows = [r for r in prize_rows(event) if r.category_code == category_code]
    row = next((r for r in rows if r.place == place), None)
    if row is not None and kind in row.kinds:
        raise ServiceError(_("Este prêmio já está na lista."), "place")
    if kind == "cash" and not non_increasing({**{r.place: r.amount for r in rows if r.amount}, place: amount}):
        raise ServiceError(_("Os prêmios em dinheiro de uma categoria não podem crescer com a colocação."), "amount")
    with transaction():
        before = snapshot(row, FIELDS) if row is not None else None
        if row is None:
            row = EventPrize(event_id=event.id, category_code=category_code, place=place, amount=0,
                             trophy=False, medal=False)
            db.session.add(row)
        if kind == "cash":
            row.amount = amount
        else:
            setattr(row, kind, True)
        db.session.flush()
        record(actor, "prize.add" if before is None else "prize.update", "event_prize", row.id, before,
               snapshot(row, FIELDS), event.id)
    return row


def delete_prize(actor: User | None, event: Event, prize_id: int) -> None:
    row = db.session.get(EventPrize, prize_id)
    if row is None or row.event_id != event.id:
        raise ServiceError(_("Prêmio não encontrado."))
    with transaction():
        record(actor, "prize.delete", "event_prize", row.id, snapshot(row, FIELDS), None, event.id)
        db.session.delete(row)


def set_cash_ties(actor: User | None, event: Event, value: str) -> None:
    if value not in ("share", "order"):
        raise ServiceError(_("Opção inválida."), "cash_ties")
    with transaction():
        settings = db.session.get(AwardSettings, event.id)
        before = {"cash_ties": settings.cash_ties if settings else "share"}
        if settings is None:
            settings = AwardSettings(event_id=event.id, cash_ties=value)
            db.session.add(settings)
        settings.cash_ties = value
        record(actor, "prize.cash_ties", "event", event.id, before, {"cash_ties": value}, event.id)
