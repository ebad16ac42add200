"""Prize allocation (RULES.md §8; CBJD 125, 126; FIDE-GR "Playoff" (f)), every case worked by hand.

Tables are written out by hand (rank label, starting number, points) so each case checks the
allocation rules only; `test_event_awards_end_to_end` goes through real category tables.
"""
from __future__ import annotations

import pytest

from damas.engine.awards import Prize, allocate, event_awards, format_money
from damas.engine.categories import Category, age_category, default_categories
from damas.engine.standings import StandingRow, Standings
from damas.engine.types import Color, EngineError, Entrant, Outcome, RoundResult, TournamentState

ABS = Category("absoluto", "Absoluto", "Open")
SUB14 = age_category(14)
FEM = Category("feminino", "Feminino", "Women", sex="f")
NAMES = {1: "Carlos", 2: "Júlia", 3: "Pedro", 4: "Beatriz", 5: "Lucas", 6: "Marina"}


def table(*rows: tuple[str, int] | tuple[str, int, int]) -> Standings:
    """Rows as (rank label, start_no[, points]); rank = first number of the label."""
    out = tuple(StandingRow(int(r[0].split("-")[0]), r[0], r[1], r[2] if len(r) > 2 else 0, ()) for r in rows)
    return Standings(out, (), None, "cbjd", "seed")


def ranked(*nos: int) -> Standings:
    return table(*((str(i), no) for i, no in enumerate(nos, 1)))


def cash(code: str, *amounts: int) -> list[Prize]:
    return [Prize(code, place, "cash", a) for place, a in enumerate(amounts, 1)]


def trophies(code: str, n: int) -> list[Prize]:
    return [Prize(code, place, "trophy") for place in range(1, n + 1)]


def paid(alloc) -> dict[int, int]:
    return {no: alloc.cash(no) for no in sorted({a.start_no for a in alloc.awards}) if alloc.cash(no)}


def test_sub14_girl_second_absolute():
    """Issue 9 acceptance: Júlia (2, sub-14, female) is 2nd absolute.

    Tables: absoluto 1..6; sub-14: 2, 3, 5; feminino: 2, 4, 6.
    Trophies accumulate: Júlia takes absoluto 2nd, sub-14 1st and feminino 1st.
    Cash by hand (largest only, forgone prizes pass down, equal amounts absolute first):
      absoluto 1st R$1000 -> 1; Júlia's options R$500 (abs 2nd) > R$400 (fem 1st) > R$200 -> abs 2nd;
      feminino 1st passes to 4 (R$400 > abs 3rd R$300); abs 3rd R$300 -> 3 (3 is also sub-14
      but R$300 > R$200); sub-14 1st passes 2 -> 3 -> 5 (R$200); feminino 2nd -> 6 (R$200);
      sub-14 2nd: no unpaid sub-14 player left -> not awarded.
    """
    tables = [(ABS, ranked(1, 2, 3, 4, 5, 6)), (SUB14, ranked(2, 3, 5)), (FEM, ranked(2, 4, 6))]
    prizes = (trophies("absoluto", 3) + trophies("sub-14", 2) + trophies("feminino", 2)
              + cash("absoluto", 100000, 50000, 30000) + cash("sub-14", 20000, 10000)
              + cash("feminino", 40000, 20000))
    alloc = allocate(tables, prizes, names=NAMES)
    got = {(a.category, a.places[0]): a.start_no for a in alloc.awards if a.kind == "trophy"}
    assert got == {("absoluto", 1): 1, ("absoluto", 2): 2, ("absoluto", 3): 3,
                   ("sub-14", 1): 2, ("sub-14", 2): 3, ("feminino", 1): 2, ("feminino", 2): 4}
    assert paid(alloc) == {1: 100000, 2: 50000, 3: 30000, 4: 40000, 5: 20000, 6: 20000}
    assert [(a.category, a.places) for a in alloc.of(2) if a.kind == "cash"] == [("absoluto", (2,))]
    assert alloc.unawarded == (Prize("sub-14", 2, "cash", 10000),)
    text = "\n".join(alloc.text("pt"))
    assert "Júlia (nº 2) recebe 3 prêmios (CBJD 125" in text
    assert "Júlia (nº 2), 1º em Feminino, não recebe este prêmio em dinheiro: já recebe R$ 500,00" in text
    assert "Dinheiro — Sub-14, 1º lugar: R$ 200,00 para Lucas (nº 5) (3º na classificação)." in text
    assert "Dinheiro — Sub-14, 2º lugar (R$ 100,00): sem jogador elegível" in text
    en = "\n".join(alloc.text("en"))
    assert "Cash — Women, 1st place: R$ 400.00 to Beatriz (no. 4) (placed 2)." in en
    assert "Júlia (no. 2) receives 3 prizes (CBJD 125, they accumulate)" in en


def test_largest_cash_only_and_passing_down():
    # 3 is 3rd absolute (R$200) and 1st sub-14 (R$300): takes R$300; absolute 3rd passes to 4.
    tables = [(ABS, ranked(1, 2, 3, 4, 5)), (SUB14, ranked(3, 5))]
    alloc = allocate(tables, cash("absoluto", 1000, 500, 200) + cash("sub-14", 300))
    assert paid(alloc) == {1: 1000, 2: 500, 3: 300, 4: 200}
    assert [a.category for a in alloc.of(3)] == ["sub-14"]
    assert [line.start_no for line in alloc.lines if line.kind == "skip"] == [3]


def test_equal_amounts_absolute_first_whatever_the_list_order():
    # 3 is 3rd absolute and 1st sub-14, both R$200: absolute first; sub-14 1st -> 5, 2nd -> 6.
    tables = [(SUB14, ranked(3, 5, 6)), (ABS, ranked(1, 2, 3, 4))]
    alloc = allocate(tables, cash("absoluto", 1000, 500, 200) + cash("sub-14", 200, 100))
    assert paid(alloc) == {1: 1000, 2: 500, 3: 200, 5: 200, 6: 100}
    assert [a.category for a in alloc.of(3)] == ["absoluto"]
    assert alloc.unawarded == ()


def test_trophies_accumulate_cash_does_not():
    tables = [(ABS, ranked(1, 2)), (SUB14, ranked(1, 2))]
    prizes = trophies("absoluto", 1) + trophies("sub-14", 1) + [Prize("sub-14", 1, "medal")]
    prizes += cash("absoluto", 500) + cash("sub-14", 500)
    alloc = allocate(tables, prizes)
    assert sorted((a.category, a.kind) for a in alloc.of(1)) == [
        ("absoluto", "cash"), ("absoluto", "trophy"), ("sub-14", "medal"), ("sub-14", "trophy")]
    assert paid(alloc) == {1: 500, 2: 500}


def test_tie_shares_cash_with_remainder():
    # 2, 3, 4 tied "2-4": share R$300,00 + R$200,00 + R$100,01 = R$600,01 -> 200,01 / 200,00 / 200,00.
    tables = [(ABS, table(("1", 1), ("2-4", 2), ("2-4", 3), ("2-4", 4), ("5", 5)))]
    alloc = allocate(tables, cash("absoluto", 50000, 30000, 20000, 10001), names=NAMES)
    assert paid(alloc) == {1: 50000, 2: 20001, 3: 20000, 4: 20000}
    share = alloc.of(2)[0]
    assert share.places == (2, 3, 4) and share.shared_with == (3, 4)
    text = "\n".join(alloc.text("pt"))
    assert "R$ 300,00 + R$ 200,00 + R$ 100,01 = R$ 600,01" in text
    assert "R$ 200,01 para Júlia (nº 2); R$ 200,00 para Pedro (nº 3) e Beatriz (nº 4)" in text


def test_tie_beyond_the_prize_places_shares_what_is_at_stake():
    tables = [(ABS, table(("1", 1), ("2-3", 2), ("2-3", 3)))]
    alloc = allocate(tables, cash("absoluto", 1000, 501))
    assert paid(alloc) == {1: 1000, 2: 251, 3: 250}
    assert alloc.of(3)[0].places == (2,)


def test_option_by_tiebreak_order():
    tables = [(ABS, table(("1", 1), ("2-4", 2), ("2-4", 3), ("2-4", 4), ("5", 5)))]
    alloc = allocate(tables, cash("absoluto", 50000, 30000, 20000, 10001), cash_ties="order")
    assert paid(alloc) == {1: 50000, 2: 30000, 3: 20000, 4: 10001}


def test_option_share_on_points_ignores_tiebreaks():
    tables = [(ABS, table(("1", 1, 10), ("2", 2, 8), ("3", 3, 8), ("4", 4, 7)))]
    prizes = cash("absoluto", 1000, 600, 400)
    assert paid(allocate(tables, prizes)) == {1: 1000, 2: 600, 3: 400}
    assert paid(allocate(tables, prizes, cash_ties="points")) == {1: 1000, 2: 500, 3: 500}


def test_a_tied_player_takes_a_larger_prize_elsewhere():
    # 2 and 3 tied "2-3" absolute: their share would be (300 + 100) / 2 = 200; 2 is 1st sub-14 with
    # 250 > 200, so 2 takes sub-14; 3 is then alone at the 2nd absolute place (300); 3rd -> 4.
    tables = [(ABS, table(("1", 1), ("2-3", 2), ("2-3", 3), ("4", 4))), (SUB14, ranked(2, 5))]
    alloc = allocate(tables, cash("absoluto", 1000, 300, 100) + cash("sub-14", 250))
    assert paid(alloc) == {1: 1000, 2: 250, 3: 300, 4: 100}


def test_trophy_tie_goes_by_table_order_and_says_so():
    tables = [(ABS, table(("1", 1), ("2-3", 2), ("2-3", 3)))]
    alloc = allocate(tables, trophies("absoluto", 3))
    assert [(a.places[0], a.start_no) for a in alloc.awards] == [(1, 1), (2, 2), (3, 3)]
    assert sum(line.kind == "tie" for line in alloc.lines) == 2


def test_empty_category_and_missing_places():
    sub10 = age_category(10)
    tables = [(ABS, ranked(1)), (sub10, table())]
    prizes = trophies("absoluto", 2) + trophies("sub-10", 1) + cash("sub-10", 300)
    alloc = allocate(tables, prizes)
    assert [(a.category, a.start_no) for a in alloc.awards] == [("absoluto", 1)]
    assert set(alloc.unawarded) == {Prize("absoluto", 2, "trophy"), Prize("sub-10", 1, "trophy"),
                                    Prize("sub-10", 1, "cash", 300)}
    assert sum(line.kind == "unawarded" for line in alloc.lines) == 3


def test_ineligible_and_excluded_players_are_skipped():
    rows = ranked(1, 2, 3).rows + (StandingRow(0, "", 9, 0, (), excluded=True),)
    tables = [(ABS, Standings(rows, (), None, "cbjd", "seed"))]
    alloc = allocate(tables, trophies("absoluto", 3) + cash("absoluto", 300, 200),
                     ineligible={1: "ausente na premiação"})
    assert paid(alloc) == {2: 300, 3: 200}
    assert [a.start_no for a in alloc.awards if a.kind == "trophy"] == [2, 3]
    assert alloc.lines[0].pt == "nº 1 não concorre a prêmios: ausente na premiação."


@pytest.mark.parametrize("prizes, message", [
    ([Prize("absoluto", 1, "cash", 100), Prize("absoluto", 2, "cash", 200)], "increase"),
    ([Prize("absoluto", 1, "cash", 100), Prize("absoluto", 3, "cash", 50)], "increase"),
    ([Prize("sub-99", 1, "trophy")], "unknown category"),
    ([Prize("absoluto", 1, "trophy"), Prize("absoluto", 1, "trophy")], "two trophy"),
])
def test_bad_prize_lists(prizes, message):
    with pytest.raises(EngineError, match=message):
        allocate([(ABS, ranked(1, 2))], prizes)


def test_bad_prizes_and_options():
    with pytest.raises(EngineError, match="amount"):
        Prize("absoluto", 1, "cash")
    with pytest.raises(EngineError, match="no amount"):
        Prize("absoluto", 1, "trophy", 100)
    with pytest.raises(EngineError, match="kind"):
        Prize("absoluto", 1, "car")
    with pytest.raises(EngineError, match="place"):
        Prize("absoluto", 0, "medal")
    with pytest.raises(EngineError, match="cash_ties"):
        allocate([(ABS, ranked(1))], [], cash_ties="lot")


def test_format_money():
    assert format_money(123456789) == "R$ 1.234.567,89" and format_money(5, "en") == "R$ 0.05"


def test_event_awards_end_to_end():
    """Three players, one round each way: 1 beats 2, 2 beats 3, 1 beats 3 (cbjd: 4, 2, 0).

    3 is a sub-14 girl: last absolute, 1st sub-14 and 1st feminino.
    """
    entrants = (Entrant(1, "Ana", sex="f", birth_year=1990), Entrant(2, "Bruno", sex="m", birth_year=1985),
                Entrant(3, "Clara", sex="f", birth_year=2013))
    W, L = Outcome.WIN, Outcome.LOSS
    res = {1: (RoundResult(1, W, 2, Color.WHITE), RoundResult(2, W, 3, Color.BLACK)),
           2: (RoundResult(1, L, 1, Color.BLACK), RoundResult(2, W, 3, Color.WHITE)),
           3: (RoundResult(1, L, 2, Color.BLACK), RoundResult(2, L, 1, Color.WHITE))}
    state = TournamentState(entrants, res, 2)
    cats = [c for c in default_categories() if c.code in ("absoluto", "sub-14", "feminino")]
    prizes = trophies("absoluto", 3) + trophies("sub-14", 1) + trophies("feminino", 2)
    prizes += cash("absoluto", 300, 200) + cash("feminino", 150, 100) + cash("sub-14", 50)
    alloc = event_awards(state, "cbjd", cats, prizes, 2026)
    trophy = sorted((a.category, a.places[0], a.start_no) for a in alloc.awards if a.kind == "trophy")
    assert trophy == [("absoluto", 1, 1), ("absoluto", 2, 2), ("absoluto", 3, 3),
                      ("feminino", 1, 1), ("feminino", 2, 3), ("sub-14", 1, 3)]
    # Ana abs 1st 300; Bruno abs 2nd 200; feminino 1st passes Ana -> Clara (150 > sub-14 50).
    assert paid(alloc) == {1: 300, 2: 200, 3: 150}
    assert alloc.text()[0] == "Troféu — Absoluto, 1º lugar: Ana (nº 1)."


def test_playoff_places_then_prizes_fide_examples():
    """FIDE-GR "Playoff" (e) and (f), the source's own examples.

    (f) Four players tie for first; a knockout is arranged; the two knocked out in the semi-final
    share the 3rd and 4th prizes equally. (e) Three tie; 1 wins, 2 second, 3 third: 2 takes the
    2nd prize.
    """
    from damas.engine.playoffs import GameResult, apply_playoff, playoff_plan, playoff_status

    tied = table(("1-4", 1), ("1-4", 2), ("1-4", 3), ("1-4", 4), ("5", 5))
    plan = playoff_plan([1, 2, 3, 4], knockout_matches=False)  # Armageddon games: 1v4, 2v3, final
    res = {"ko.k1.1-4": GameResult(1, 4, "1-0"), "ko.k1.2-3": GameResult(3, 2, "1-0"),
           "ko.k2.1-3": GameResult(3, 1, "1/2-1/2")}  # drawn Armageddon: Black (1) wins
    final = apply_playoff(tied, playoff_status(plan, res))
    assert [(r.rank_label, r.start_no) for r in final.rows] == [
        ("1", 1), ("2", 3), ("3-4", 2), ("3-4", 4), ("5", 5)]
    alloc = allocate([(ABS, final)], cash("absoluto", 100000, 60000, 40000, 20001, 10000))
    assert paid(alloc) == {1: 100000, 3: 60000, 2: 30001, 4: 30000, 5: 10000}

    three = table(("1-3", 7), ("1-3", 8), ("1-3", 9))
    plan = playoff_plan([7, 8, 9])
    games = {g.id: g for g in playoff_status(plan, {}).pending}
    res = {gid: GameResult(g.a, g.b, "1-0") if g.white == g.a else GameResult(g.b, g.a, "0-1")
           for gid, g in games.items()}  # the better HT wins every game: 7, 8, 9
    final = apply_playoff(three, playoff_status(plan, res))
    assert paid(allocate([(ABS, final)], cash("absoluto", 300, 200, 100))) == {7: 300, 8: 200, 9: 100}
