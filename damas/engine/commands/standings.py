"""`python -m damas.engine standings FILE.trf --rules fide --tiebreaks BH-C1,BH,SB,PS`.

Prints one line per player in rank order: ``rank startno points tb1 tb2 ...`` with exact
decimals in real points (chess half points divided by two: ``12.5``, ``10.75``); counts and
ratings as whole numbers. Players sharing a place print the same rank. TRF-16 or TRF-2026
(detected); without ``--tiebreaks`` a TRF-2026 file's 202 record gives the order.
"""
from __future__ import annotations

import argparse
import sys

from damas.engine.points import format_decimal
from damas.engine.rulesets import UNPLAYED_RULES, get_ruleset, ruleset_codes
from damas.engine.standings import compute_standings
from damas.engine.tiebreaks import shown_value
from damas.engine.tiebreaks.fide_codes import normalise, parse_fide_list
from damas.engine.trf import read_trf
from damas.engine.trf.records import tiebreak_codes_of


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m damas.engine standings",
                                description="Standings and tiebreaks of a TRF-16 or TRF-2026 file.")
    p.add_argument("file", help="TRF-16 or TRF-2026 file ('-' for standard input)")
    p.add_argument("--rules", default="fide", choices=ruleset_codes(), help="rule set (default fide)")
    p.add_argument("--tiebreaks", default=None,
                   help="comma-separated tiebreak codes, ours or FIDE's (BH/C1, WON, BPG, BWG, GE); "
                        "default: the file's 202 record, else the rule set's Swiss order")
    p.add_argument("--fide-codes", action="store_true",
                   help="read --tiebreaks as FIDE acronyms only (WIN = rounds won, C.07 7.1)")
    p.add_argument("--unplayed", choices=UNPLAYED_RULES, default=None,
                   help="unplayed-games rule (default: the rule set's)")
    p.add_argument("--lot-seed", type=int, default=None, help="recorded seed for LOT / --draw-order")
    p.add_argument("--draw-order", action="store_true", help="draw the tiebreak order by lot (CBJD 123)")
    p.add_argument("--win-forfeits", action="store_true", help="WIN counts forfeit wins too")
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.file == "-":
        text = sys.stdin.read()
    else:
        with open(args.file, encoding="utf-8", errors="replace", newline="") as fh:
            text = fh.read()
    trf = read_trf(text)
    ruleset = get_ruleset(args.rules)
    if args.tiebreaks is None:
        codes = tiebreak_codes_of(trf.tiebreaks) if trf.tiebreaks else ruleset.default_tiebreaks("swiss")
    else:
        codes = (parse_fide_list(args.tiebreaks) if args.fide_codes else
                 tuple(normalise(c) for c in args.tiebreaks.split(",") if c.strip() and c.strip().upper() != "PTS"))
    options = {"draw_order": args.draw_order, "win_forfeits": args.win_forfeits}
    table = compute_standings(trf.state, ruleset, codes, unplayed=args.unplayed,
                              lot_seed=args.lot_seed, options=options)
    upp = ruleset.units_per_point
    lines = []
    if args.draw_order:
        lines.append("# order: " + ",".join(table.tiebreak_order))
    for row in table.rows:
        cells = [str(row.rank) if row.rank else "-", str(row.start_no),
                 ruleset.format_points(row.points, decimal=True)]
        for code, value in zip(table.tiebreak_order, row.tiebreaks):
            cells.append(format_decimal(shown_value(code, value, upp)))
        lines.append(" ".join(cells))
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0
