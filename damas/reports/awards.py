"""Category tables, prize allocation and playoffs as plain data (RULES.md §7, §8; CBJD 124-126).

Every table comes from `services.standings.standings_of`, the standings page's computation:
the absolute category is the event's table (its announced order, CBJD 123, 127), each other
category ranks its members with its order (CBJD 124) on the same state (withdrawals applied,
complete rounds only), finished playoffs applied; the engine's `allocate` hands out the prizes.
"""
from __future__ import annotations

from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _

from damas.engine.awards import Allocation, allocate, format_money
from damas.engine.categories import Category, members
from damas.engine.types import EntrantStatus
from damas.formats import get_format
from damas.formats.event_rules import order_is_drawn, published_order, shown_tiebreak_order
from damas.formats.mapping import snapshot
from damas.models import Event
from damas.reports.prize_text import prize_text
from damas.reports.standings import table_rows, tiebreak_columns
from damas.services.standings.categories import event_categories
from damas.services.standings.prizes import cash_ties, event_prizes, prize_rows
from damas.services.standings.compute import order_of, standings_of
from damas.services.micromatch.team_standings import team_snapshot

KINDS_ORDER = {"trophy": 0, "medal": 1, "cash": 2}
KIND_NAMES = {"trophy": ("Troféu", "Trophy"), "medal": ("Medalha", "Medal"), "cash": ("Dinheiro", "Cash")}


def lang() -> str:
    return "en" if str(get_locale()) == "en" else "pt"


def category_name(c: Category) -> str:
    return c.name_en if lang() == "en" else c.name_pt


def criteria(c: Category) -> str:
    """The category's criteria in words."""
    en = lang() == "en"
    parts = []
    if c.max_age is not None:
        parts.append(f"under {c.max_age}" if en else f"até {c.max_age} anos (ano de nascimento)")
    if c.min_age is not None:
        parts.append(f"{c.min_age} and over" if en else f"{c.min_age} anos ou mais")
    if c.sex:
        parts.append({"f": ("feminino", "women"), "m": ("masculino", "men")}[c.sex][en])
    if c.rating_min is not None or c.rating_max is not None:
        parts.append(f"rating {c.rating_min or 0}–{c.rating_max if c.rating_max is not None else '∞'}")
    if c.states:
        parts.append(("UF " if not en else "state ") + ", ".join(sorted(c.states)))
    return "; ".join(parts) or ("everyone" if en else "todos")


def category_tables(event: Event, snap: Any = None) -> list[dict[str, Any]]:
    """Per category: the engine Category, its table (playoffs applied) and plain rows."""
    snap = snap or snapshot(event)
    return [category_table(event, category, snap) for category in event_categories(event)]


def category_table(event: Event, category: Category, snap: Any) -> dict[str, Any]:
    """One category's table on the event's snapshot (shared by every category of a request):
    `standings_of`, the computation of the standings page (the absolute table is that page)."""
    table = standings_of(event, category, snap=snap)
    return {"category": category, "standings": table.standings, "snap": table.snap, "withdrawn": table.withdrawn,
            "options": table.options, "playoffs_applied": list(table.playoffs_applied)}


def category_overview(event: Event, snap: Any = None) -> list[dict[str, Any]]:
    """Per category its summary, the number of players ranked and its tiebreak order, without
    ranking anyone (the categories page): the same figures as `category_tables` gives."""
    snap = snap or snapshot(event)
    withdrawn = get_format(event).withdrawals(event, snap)
    state = withdrawn.state if withdrawn else snap.state
    counted = {e.start_no for e in state.entrants if e.status is not EntrantStatus.EXCLUDED}
    year = event.start_date.year
    out = []
    for category in event_categories(event):
        codes = published_order(event, order_of(event, category))  # drawn, once drawn (CBJD 123, 127)
        ids = set(members(category, snap.state.entrants, year))
        out.append({"category": category, "members": len(ids & counted), "order": codes})
    return out


def tiebreak_draws(event: Event) -> list[dict[str, Any]]:
    """The tiebreak draws of the event for the draws page (CBJD 123, 127): the event's drawn
    order and each category's, with the recorded seed that reproduces them; or the seed of the
    LOT tiebreak alone. Empty before anything is drawn."""
    seed = event.tiebreak_lot_seed
    if seed is None:
        return []
    if not order_is_drawn(event):
        return [{"name": _("Desempate por sorteio (LOT)"), "order": "", "seed": seed}]
    rows = [{"name": _("Ordem dos desempates do evento"),
             "order": ", ".join(published_order(event, shown_tiebreak_order(event))), "seed": seed}]
    for t in category_overview(event):
        if not t["category"].is_absolute:
            rows.append({"name": category_name(t["category"]), "order": ", ".join(t["order"]), "seed": seed})
    return rows


def event_allocation(event: Event, tables: list[dict[str, Any]] | None = None) -> tuple[Allocation, list[dict[str, Any]]]:
    tables = tables if tables is not None else category_tables(event)
    names = {}
    if tables:
        names = {e.start_no: e.name for e in tables[0]["snap"].state.entrants}
    allocation = allocate([(t["category"], t["standings"]) for t in tables], event_prizes(event),
                          names=names, cash_ties=cash_ties(event))
    return allocation, tables


def category_standings_context(event: Event, code: str, snap: Any = None) -> dict[str, Any] | None:
    """One category's table (the other categories are listed, not ranked)."""
    cats = event_categories(event)
    category = next((c for c in cats if c.code == code), None)
    if category is None:
        return None
    table = category_table(event, category, snap or snapshot(event))
    standings = table["standings"]
    return {
        "category": category_summary(category),
        "categories": [category_summary(c) for c in cats],
        "rows": table_rows(event, table["snap"], table["withdrawn"], standings),
        "columns": tiebreak_columns(standings), "after_round": table["snap"].complete_rounds,
        "drawn_order": bool(table["options"]), "lot_seed": standings.lot_seed,
        "playoffs_applied": bool(table["playoffs_applied"]),
    }


def all_categories_context(event: Event) -> dict[str, Any]:
    """Every category's table (the "standings per category" report)."""
    tables = category_tables(event)
    return {"tables": [{
        "category": category_summary(t["category"]),
        "rows": table_rows(event, t["snap"], t["withdrawn"], t["standings"]),
        "columns": tiebreak_columns(t["standings"]),
    } for t in tables], "after_round": tables[0]["snap"].complete_rounds if tables else 0}


def category_summary(c: Category) -> dict[str, Any]:
    return {"code": c.code, "name": category_name(c), "criteria": criteria(c), "absolute": c.is_absolute,
            "tiebreaks": ", ".join(c.tiebreaks) if c.tiebreaks else ""}


def prize_list(event: Event) -> list[dict[str, Any]]:
    """The prize list per category (brochure, prize page): one line per place, cash and
    trophy/medal together ("R$ 500,00 + troféu")."""
    cats = event_categories(event)
    lg = lang()
    rows = prize_rows(event)
    out = []
    for c in cats:
        items = [{"id": r.id, "place": r.place, "kinds": r.kinds, "amount": r.amount, "trophy": r.trophy,
                  "medal": r.medal, "money": format_money(r.amount, lg) if r.amount else "",
                  "text": prize_text(r.kinds, r.amount, lg)}
                 for r in rows if r.category_code == c.code]
        out.append({"code": c.code, "name": category_name(c), "prizes": sorted(items, key=lambda i: i["place"])})
    return out


def _combined(awards: list[Any]) -> list[dict[str, Any]]:
    """A player's awards from the same category and places as one item (trophy + cash)."""
    groups: dict[tuple[str, tuple[int, ...]], list[Any]] = {}
    for a in awards:
        groups.setdefault((a.category, a.places), []).append(a)
    return [{"category": code, "places": places, "kinds": [a.kind for a in got],
             "amount": sum(a.amount for a in got), "shared": any(a.shared_with for a in got), "awards": got}
            for (code, places), got in groups.items()]


def allocation_context(event: Event) -> dict[str, Any]:
    """Who gets what, with the engine's explanation lines (pt-BR or English)."""
    lg = lang()
    allocation, tables = event_allocation(event)
    cats = {t["category"].code: t["category"] for t in tables}
    names = {e.start_no: e.name for e in tables[0]["snap"].state.entrants} if tables else {}
    winners = []
    place_of = absolute_places(tables)
    for no in sorted({a.start_no for a in allocation.awards}, key=lambda n: (place_of.get(n, (10**6, ""))[0], n)):
        got = allocation.of(no)
        winners.append({
            "start_no": no, "name": names.get(no, str(no)), "rank": place_of.get(no, (0, ""))[1],
            "got": [{"category": category_name(cats[g["category"]]), "text": prize_text(g["kinds"], g["amount"], lg),
                     "places": _places(g["places"]), "money": format_money(g["amount"], lg) if g["amount"] else "",
                     "shared": g["shared"]} for g in _combined(list(got))],
            "cash": format_money(allocation.cash(no), lg) if allocation.cash(no) else "",
        })
    by_category = []
    for c in cats.values():
        rows: dict[tuple[tuple[int, ...], int], list[Any]] = {}
        for a in sorted((a for a in allocation.awards if a.category == c.code),
                        key=lambda a: (a.places[0], a.start_no, KINDS_ORDER[a.kind])):
            rows.setdefault((a.places, a.start_no), []).append(a)
        by_category.append({"code": c.code, "name": category_name(c), "awards": [{
            "place": _places(places), "kind": prize_text([a.kind for a in got], sum(a.amount for a in got), lg),
            "name": names.get(no, ""), "start_no": no, "rank": got[0].rank_label,
            "money": format_money(sum(a.amount for a in got), lg) if any(a.kind == "cash" for a in got) else ""}
            for (places, no), got in rows.items()]})
    return {
        "winners": winners, "by_category": by_category, "lines": list(allocation.text(lg)),
        "cash_ties": allocation.cash_ties, "prize_list": prize_list(event),
        "total_cash": format_money(sum(a.amount for a in allocation.awards), lg),
        "after_round": tables[0]["snap"].complete_rounds if tables else 0,
        **team_event_rounds(event),  # a team event counts its team rounds (and points to its team table)
    }


def absolute_places(tables: list[dict[str, Any]]) -> dict[int, tuple[int, str]]:
    """Start number -> (row index, rank label) in the absolute table: "Premiados" is listed by
    the final place, not by starting number."""
    absolute = next((t for t in tables if t["category"].is_absolute), None)
    if absolute is None:
        return {}
    return {r.start_no: (i, r.rank_label) for i, r in enumerate(absolute["standings"].rows)}


def team_event_rounds(event: Event) -> dict[str, Any]:
    """For a team micro-match event: its complete team rounds and a flag for the page, whose
    team prizes (team table, board prizes) are on the team standings page; {} otherwise."""
    if not get_format(event).team_based:
        return {}
    return {"after_round": team_snapshot(event)["complete"], "team_event": True}


def ties_in(table: dict[str, Any], places: int) -> list[list[int]]:
    """Groups of players a category table could not separate, within its first `places` rows."""
    rows = [r for r in table["standings"].rows if not r.excluded]
    groups: dict[str, list[int]] = {}
    for r in rows[:max(places, 0)]:
        groups.setdefault(r.rank_label, [])
    for r in rows:
        if r.rank_label in groups:
            groups[r.rank_label].append(r.start_no)
    return [g for g in groups.values() if len(g) > 1]


def _places(places: tuple[int, ...]) -> str:
    return str(places[0]) if len(places) == 1 else f"{places[0]}–{places[-1]}"
