"""Properties of prize allocation over random tables and prize lists (CBJD 125, 126)."""
from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.awards import Prize, allocate
from damas.engine.categories import Category
from damas.engine.standings import StandingRow, Standings

CATS = (Category("absoluto", "Absoluto", "Open"), Category("sub-14", "Sub-14", "Under 14", max_age=14),
        Category("feminino", "Feminino", "Women", sex="f"))


@st.composite
def event(draw):
    n = draw(st.integers(0, 12))
    order = draw(st.permutations(range(1, n + 1))) if n else []
    tables = []
    for cat in CATS:
        nos = order if cat.is_absolute else [p for p in order if draw(st.booleans())]
        rows, place = [], 1
        i = 0
        while i < len(nos):
            size = draw(st.integers(1, min(3, len(nos) - i)))
            label = str(place) if size == 1 else f"{place}-{place + size - 1}"
            rows += [StandingRow(place, label, no, 100 - place, ()) for no in sorted(nos[i:i + size])]
            place += size
            i += size
        tables.append((cat, Standings(tuple(rows), (), None, "cbjd", "seed")))
    prizes = []
    for cat in CATS:
        amounts = sorted(draw(st.lists(st.integers(1, 100000), max_size=5)), reverse=True)
        prizes += [Prize(cat.code, i, "cash", a) for i, a in enumerate(amounts, 1)]
        prizes += [Prize(cat.code, i, "trophy") for i in range(1, draw(st.integers(0, 4)) + 1)]
    return tables, prizes, draw(st.sampled_from(("share", "order", "points")))


@settings(max_examples=150, deadline=None)
@given(event())
def test_cash_is_conserved_and_paid_once(case):
    tables, prizes, mode = case
    alloc = allocate(tables, prizes, cash_ties=mode)
    cash = [a for a in alloc.awards if a.kind == "cash"]
    total = sum(p.amount for p in prizes if p.kind == "cash")
    assert sum(a.amount for a in cash) + sum(p.amount for p in alloc.unawarded if p.kind == "cash") == total
    assert max(Counter(a.start_no for a in cash).values(), default=1) == 1  # CBJD 126: one cash prize
    groups: dict[tuple[str, tuple[int, ...]], list[int]] = {}
    for a in cash:
        groups.setdefault((a.category, a.places), []).append(a.amount)
    for amounts in groups.values():
        assert max(amounts) - min(amounts) <= 1  # an equal share, to the centavo


@settings(max_examples=150, deadline=None)
@given(event())
def test_trophies_follow_each_table(case):
    tables, prizes, mode = case
    alloc = allocate(tables, prizes, cash_ties=mode)
    rows = {cat.code: s.rows for cat, s in tables}
    for p in prizes:
        if p.kind == "cash":
            continue
        got = [a.start_no for a in alloc.awards
               if (a.category, a.kind, a.places) == (p.category, p.kind, (p.place,))]
        if p.place <= len(rows[p.category]):
            assert got == [rows[p.category][p.place - 1].start_no]  # CBJD 125: no passing down
        else:
            assert got == [] and p in alloc.unawarded


@settings(max_examples=150, deadline=None)
@given(event())
def test_a_paid_player_would_not_get_more_in_a_table_where_he_was_passed_over(case):
    """'order' mode (no shares): whoever stands above a player paid from a table is paid at least
    as much (the prize would otherwise be his: CBJD 126 "the largest", passing down)."""
    tables, prizes, _ = case
    alloc = allocate(tables, prizes, cash_ties="order")
    paid = {a.start_no: a for a in alloc.awards if a.kind == "cash"}
    for cat, table in tables:
        nos = [r.start_no for r in table.rows]
        for i, no in enumerate(nos):
            mine = paid.get(no)
            for other in nos[i + 1:]:
                theirs = paid.get(other)
                if theirs is not None and theirs.category == cat.code:
                    assert mine is not None and mine.amount >= theirs.amount
