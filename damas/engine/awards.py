"""Prize lists per category and their allocation (RULES.md §8; CBJD 125, 126; FIDE-GR "Playoff" (f)).

* Trophies and medals accumulate (CBJD 125): each category's place p goes to the p-th player of
  that category's table, whatever he won elsewhere. Players a table could not separate take
  them in table order (starting number), and a line says so (decide by playoff or lot).
* Cash (CBJD 126): one cash prize per player, the largest; the prize he forgoes passes to the
  next eligible player of that category. Equal amounts: absolute first, then the event's
  category order.
* Ties (RULES.md §8, FIDE-GR "Playoff" (f)): players not separated by tiebreaks (same rank
  label) share the sum of the cash prizes at stake equally, in integer centavos: the remainder
  goes one centavo each to the first players of the tie in table order (starting number)
  **[ours]**. `cash_ties="order"` pays by table order instead; `"points"` shares among all the
  players equal on points, tiebreaks ignored (the common FIDE practice).

Allocation **[ours]**, the reading of CBJD 126 that makes "the largest" and "passes to the
next" precise: repeatedly take, over all categories, the leading still-unpaid group of each
table (one player, or a tie) and what it would receive there (the next unpaid places' cash,
shared); fix the best one (highest amount, then absolute first, then category order), pay it
and remove its players from every other table; stop when no cash remains at stake. Cash
amounts must not increase with the place, so a table's leading group always gets the most.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from damas.engine.categories import Category, category_standings
from damas.engine.rulesets import RuleSet
from damas.engine.standings import StandingRow, Standings
from damas.engine.types import EngineError, TournamentState

__all__ = ["KINDS", "CASH_TIES", "Prize", "Award", "Line", "Allocation", "allocate", "event_awards",
           "format_money"]

KINDS = ("trophy", "medal", "cash")
CASH_TIES = ("share", "order", "points")


@dataclass(frozen=True)
class Prize:
    """One prize of a category's list: `amount` in integer centavos (cash only)."""

    category: str
    place: int
    kind: str
    amount: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise EngineError(f"prize kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if not isinstance(self.place, int) or isinstance(self.place, bool) or self.place < 1:
            raise EngineError(f"prize place must be a whole number >= 1, got {self.place!r}")
        if not isinstance(self.amount, int) or isinstance(self.amount, bool) or self.amount < 0:
            raise EngineError("a prize amount is a whole number of centavos >= 0")
        if self.kind == "cash" and self.amount == 0:
            raise EngineError(f"cash prize {self.category} {self.place} needs an amount")
        if self.kind != "cash" and self.amount:
            raise EngineError(f"a {self.kind} has no amount; add a separate cash prize")


@dataclass(frozen=True)
class Award:
    """What one player receives from one category: `places` are the prize places it comes
    from (several when a tie shares them); `shared_with` the other players of that tie."""

    start_no: int
    category: str
    kind: str
    places: tuple[int, ...]
    rank_label: str
    amount: int = 0
    shared_with: tuple[int, ...] = ()


@dataclass(frozen=True)
class Line:
    """One sentence of the explanation, in pt-BR and English. `kind`: award, share, skip,
    tie, unawarded, ineligible, summary."""

    kind: str
    pt: str
    en: str
    category: str | None = None
    start_no: int | None = None


@dataclass(frozen=True)
class Allocation:
    awards: tuple[Award, ...]
    lines: tuple[Line, ...]
    unawarded: tuple[Prize, ...]
    cash_ties: str

    def of(self, start_no: int) -> tuple[Award, ...]:
        return tuple(a for a in self.awards if a.start_no == start_no)

    def cash(self, start_no: int) -> int:
        return sum(a.amount for a in self.of(start_no))

    def text(self, lang: str = "pt") -> tuple[str, ...]:
        return tuple(line.pt if lang.startswith("pt") else line.en for line in self.lines)


def format_money(centavos: int, lang: str = "pt") -> str:
    """``R$ 1.234,56`` (pt-BR) or ``R$ 1,234.56`` (en), exact from integer centavos."""
    reais, cents = divmod(centavos, 100)
    whole = f"{reais:,}"
    if lang.startswith("pt"):
        return f"R$ {whole.replace(',', '.')},{cents:02d}"
    return f"R$ {whole}.{cents:02d}"


def _ord(n: int, lang: str) -> str:
    if lang == "pt":
        return f"{n}º"
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _places(places: Sequence[int], lang: str) -> str:
    span = "–".join(_ord(p, lang) for p in ([places[0], places[-1]] if len(places) > 1 else places))
    return f"{span} {('lugar', 'lugares', 'place', 'places')[(len(places) > 1) + 2 * (lang != 'pt')]}"


_W = {  # the explanation's fixed words, pt-BR / en
    "pt": {"no": "nº", "and": " e ", "to": "para", "none": "sem jogador elegível; não atribuído",
           "barred": "não concorre a prêmios", "each": "para cada um", "share": "dividem igualmente",
           "why": "empatados, não separados pelos critérios", "why-points": "empatados em pontos",
           "rest": "os centavos que sobram vão, um a cada, aos primeiros na ordem da tabela",
           "tie": "não separados pelos critérios de desempate; atribuído pela ordem da tabela (número "
                  "inicial). Decidir por playoff ou sorteio se o regulamento exigir",
           "skip": "não recebe este prêmio em dinheiro: já recebe", "in": "em",
           "126": "(CBJD 126: só o maior prêmio; valores iguais, o absoluto primeiro). O prêmio passa ao "
                  "próximo elegível", "125": "prêmios (CBJD 125, acumulam)", "gets": "recebe",
           "trophy": "Troféu", "medal": "Medalha", "cash": "Dinheiro"},
    "en": {"no": "no.", "and": " and ", "to": "to", "none": "no eligible player; not awarded",
           "barred": "is not eligible for prizes", "each": "each", "share": "share equally",
           "why": "tied, not separated by the tiebreaks", "why-points": "equal on points",
           "rest": "the leftover centavos go one each to the first in table order",
           "tie": "not separated by the tiebreaks; awarded in table order (starting number). Decide by "
                  "playoff or lot if the regulations require",
           "skip": "does not take this cash prize: already receives", "in": "in",
           "126": "(CBJD 126: the largest prize only; equal amounts, absolute first). The prize passes "
                  "to the next eligible player",
           "125": "prizes (CBJD 125, they accumulate)", "gets": "receives",
           "trophy": "Trophy", "medal": "Medal", "cash": "Cash"},
}


class _Out:
    """The allocation being built and its explanation, written once per language."""

    def __init__(self, names: Mapping[int, str], cats: Mapping[str, Category]) -> None:
        self.names, self.cats = names, cats
        self.lines: list[Line] = []
        self.awards: list[Award] = []
        self.unawarded: list[Prize] = []

    def say(self, kind: str, text: Callable[[str, dict[str, str]], str], category: str | None = None,
            start_no: int | None = None) -> None:
        self.lines.append(Line(kind, text("pt", _W["pt"]), text("en", _W["en"]), category, start_no))

    def who(self, no: int, lang: str) -> str:
        tag = f"{_W[lang]['no']} {no}"
        return f"{self.names[no]} ({tag})" if self.names.get(no) else tag

    def many(self, nos: Sequence[int], lang: str) -> str:
        parts = [self.who(n, lang) for n in nos]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + _W[lang]["and"] + parts[-1]

    def cat(self, code: str, lang: str) -> str:
        return self.cats[code].name_pt if lang == "pt" else self.cats[code].name_en


def _check_prizes(prizes: Sequence[Prize], codes: set[str]) -> dict[str, dict[int, int]]:
    """Cash amount per (category, place); refuses duplicates and increasing amounts."""
    seen: set[tuple[str, int, str]] = set()
    cash: dict[str, dict[int, int]] = defaultdict(dict)
    for p in prizes:
        if p.category not in codes:
            raise EngineError(f"prize for unknown category {p.category!r}")
        if (p.category, p.place, p.kind) in seen:
            raise EngineError(f"two {p.kind} prizes for {p.category} place {p.place}")
        seen.add((p.category, p.place, p.kind))
        if p.kind == "cash":
            cash[p.category][p.place] = p.amount
    for code, table in cash.items():
        amounts = [table.get(place, 0) for place in range(1, max(table) + 1)]
        if any(a < b for a, b in zip(amounts, amounts[1:])):
            raise EngineError(f"cash prizes of {code} must not increase with the place")
    return cash


def allocate(
    tables: Sequence[tuple[Category, Standings]],
    prizes: Sequence[Prize],
    *,
    names: Mapping[int, str] | None = None,
    cash_ties: str = "share",
    ineligible: Mapping[int, str] | None = None,
) -> Allocation:
    """Allocate `prizes` over the category `tables` (absolute first, then in the given order).

    `ineligible` maps starting numbers to a reason (e.g. absent from the prize-giving): they
    are skipped everywhere and their places pass down. Tables already adjusted by a playoff
    (`playoffs.apply_playoff`) are used as given.
    """
    if cash_ties not in CASH_TIES:
        raise EngineError(f"cash_ties must be one of {', '.join(CASH_TIES)}")
    ordered = [t for _, t in sorted(enumerate(tables), key=lambda it: (not it[1][0].is_absolute, it[0]))]
    cats = {c.code: c for c, _ in ordered}
    if len(cats) != len(tables):
        raise EngineError("a category appears twice")
    out = _Out(names or {}, cats)
    barred = dict(ineligible or {})
    rows = {c.code: [r for r in s.rows if not r.excluded and r.start_no not in barred] for c, s in ordered}
    cash = _check_prizes(prizes, set(cats))
    for no in sorted({r.start_no for _, s in ordered for r in s.rows if r.start_no in barred}):
        out.say("ineligible", lambda lg, w: f"{out.who(no, lg)} {w['barred']}: {barred[no]}.", start_no=no)
    order = list(cats)
    for prize in sorted((p for p in prizes if p.kind != "cash"),
                        key=lambda p: (order.index(p.category), p.place, KINDS.index(p.kind))):
        _award_item(prize, rows[prize.category], out)
    paid = _allocate_cash(order, rows, cash, cash_ties, out)
    _explain_skips(order, rows, cash, paid, out)
    _summaries(out)
    return Allocation(tuple(out.awards), tuple(out.lines), tuple(out.unawarded), cash_ties)


def _award_item(prize: Prize, rows: list[StandingRow], out: _Out) -> None:
    """A trophy or medal: the player at that place of the table (CBJD 125: they accumulate)."""
    code = prize.category

    def head(lg: str, w: dict[str, str]) -> str:
        return f"{w[prize.kind]} — {out.cat(code, lg)}, {_places([prize.place], lg)}"
    if prize.place > len(rows):
        out.unawarded.append(prize)
        out.say("unawarded", lambda lg, w: f"{head(lg, w)}: {w['none']}.", code)
        return
    row = rows[prize.place - 1]
    out.awards.append(Award(row.start_no, code, prize.kind, (prize.place,), row.rank_label))
    out.say("award", lambda lg, w: f"{head(lg, w)}: {out.who(row.start_no, lg)}.", code, row.start_no)
    tied = [r.start_no for r in rows if r.rank_label == row.rank_label]
    if len(tied) > 1:
        tie_word = {"pt": "empatados", "en": "tied"}
        out.say("tie", lambda lg, w: f"{head(lg, w)}: {out.many(tied, lg)} {tie_word[lg]} "
                f"({row.rank_label}), {w['tie']}.", code, row.start_no)


def _group_key(row: StandingRow, cash_ties: str) -> Any:
    if cash_ties == "share":
        return row.rank_label
    if cash_ties == "points":
        return row.points
    return row.start_no


def _allocate_cash(order: list[str], rows: Mapping[str, list[StandingRow]],
                   cash: Mapping[str, dict[int, int]], cash_ties: str, out: _Out) -> dict[int, Award]:
    """CBJD 126 by repeated best choice (module docstring); returns the cash award per player."""
    taken = {code: 0 for code in order}
    paid: dict[int, Award] = {}
    while True:
        best: tuple[Any, ...] | None = None
        for idx, code in enumerate(order):
            table = cash.get(code)
            if not table or taken[code] >= max(table):
                continue
            free = [r for r in rows[code] if r.start_no not in paid]
            if not free:
                continue
            key = _group_key(free[0], cash_ties)
            group = [r for r in free if _group_key(r, cash_ties) == key]
            slots = list(range(taken[code] + 1, taken[code] + len(group) + 1))
            total = sum(table.get(p, 0) for p in slots)
            candidate = (-Fraction(total, len(group)), idx, code, group, slots, total)
            if best is None or candidate[:2] < best[:2]:
                best = candidate
        if best is None or best[5] == 0:
            break
        _, _, code, group, slots, total = best
        taken[code] += len(group)
        _pay(code, group, slots, total, cash[code], cash_ties, out, paid)
    for code in order:
        table = cash.get(code, {})
        for place in (p for p in range(taken[code] + 1, max(table, default=0) + 1) if p in table):
            prize = Prize(code, place, "cash", table[place])
            out.unawarded.append(prize)
            out.say("unawarded", lambda lg, w: f"{w['cash']} — {out.cat(code, lg)}, {_places([place], lg)} "
                    f"({format_money(prize.amount, lg)}): {w['none']}.", code)
    return paid


def _pay(code: str, group: list[StandingRow], slots: list[int], total: int, table: Mapping[int, int],
         cash_ties: str, out: _Out, paid: dict[int, Award]) -> None:
    """Pay one group; a tie shares `total` equally, leftover centavos to the first in table order."""
    base, rest = divmod(total, len(group))
    prize_places = tuple(p for p in slots if table.get(p, 0))
    nos = [r.start_no for r in group]
    for i, row in enumerate(group):
        award = Award(row.start_no, code, "cash", prize_places, row.rank_label, base + (1 if i < rest else 0),
                      tuple(n for n in nos if n != row.start_no))
        out.awards.append(award)
        paid[row.start_no] = award

    def head(lg: str, w: dict[str, str]) -> str:
        return f"{w['cash']} — {out.cat(code, lg)}, {_places(slots, lg)}"
    if len(group) == 1:
        row = group[0]
        moved = {"pt": f" ({row.rank_label}º na classificação)", "en": f" (placed {row.rank_label})"}
        if row.rank_label == str(slots[0]):
            moved = {"pt": "", "en": ""}
        out.say("award", lambda lg, w: f"{head(lg, w)}: {format_money(total, lg)} {w['to']} "
                f"{out.who(row.start_no, lg)}{moved[lg]}.", code, row.start_no)
        return

    def each(lg: str, w: dict[str, str]) -> str:
        if rest == 0:
            return f"{format_money(base, lg)} {w['each']}"
        return (f"{format_money(base + 1, lg)} {w['to']} {out.many(nos[:rest], lg)}; "
                f"{format_money(base, lg)} {w['to']} {out.many(nos[rest:], lg)} ({w['rest']})")

    def parts(lg: str) -> str:
        return " + ".join(format_money(table[p], lg) for p in prize_places)
    why = "why-points" if cash_ties == "points" else "why"
    out.say("share", lambda lg, w: f"{head(lg, w)}: {out.many(nos, lg)} {w[why]}, {w['share']} {parts(lg)} = "
            f"{format_money(total, lg)}: {each(lg, w)}.", code)


def _explain_skips(order: list[str], rows: Mapping[str, list[StandingRow]],
                   cash: Mapping[str, dict[int, int]], paid: Mapping[int, Award], out: _Out) -> None:
    """CBJD 126: say who placed within a category's cash places but was paid elsewhere."""
    for code in order:
        table = cash.get(code)
        for row in rows[code][:max(table)] if table else ():
            got = paid.get(row.start_no)
            if got is None or got.category == code:
                continue
            placed = {"pt": f"{row.rank_label}º {_W['pt']['in']}", "en": f"placed {row.rank_label} in"}
            out.say("skip", lambda lg, w: f"{out.who(row.start_no, lg)}, {placed[lg]} {out.cat(code, lg)}, "
                    f"{w['skip']} {format_money(got.amount, lg)} {w['in']} {out.cat(got.category, lg)}, "
                    f"{_places(got.places, lg)} {w['126']}.", code, row.start_no)


def _summaries(out: _Out) -> None:
    """CBJD 125: a player placed in several categories takes every trophy/medal."""
    items: dict[int, list[Award]] = defaultdict(list)
    for a in out.awards:
        if a.kind != "cash":
            items[a.start_no].append(a)
    for no, got in sorted(items.items()):
        if len(got) > 1:
            def items_of(lg: str, w: dict[str, str]) -> str:
                return "; ".join(f"{w[a.kind].lower()} {out.cat(a.category, lg)} {_ord(a.places[0], lg)}"
                                 for a in got)
            out.say("summary", lambda lg, w: f"{out.who(no, lg)} {w['gets']} {len(got)} {w['125']}: "
                    f"{items_of(lg, w)}.", start_no=no)


def event_awards(
    state: TournamentState,
    ruleset: str | RuleSet,
    categories: Sequence[Category],
    prizes: Sequence[Prize],
    event_year: int,
    *,
    system_kind: str = "swiss",
    unplayed: str | None = None,
    lot_seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    overrides: Mapping[str, Standings] | None = None,
    cash_ties: str = "share",
    ineligible: Mapping[int, str] | None = None,
) -> Allocation:
    """Category tables (CBJD 124) then `allocate`; `overrides` replaces a category's table (e.g.
    after `playoffs.apply_playoff`). Names come from the state's entrants."""
    tables = []
    for category in categories:
        table = (overrides or {}).get(category.code)
        if table is None:
            table = category_standings(state, ruleset, category, event_year, system_kind=system_kind,
                                       unplayed=unplayed, lot_seed=lot_seed, options=options)
        tables.append((category, table))
    names = {e.start_no: e.name for e in state.entrants}
    return allocate(tables, prizes, names=names, cash_ties=cash_ties, ineligible=ineligible)
