"""`python -m damas.engine check FILE.trf [--system dutch|dutch-2025]`: the pairing and tie-break
checker (`damas.engine.check`).

Prints one line per round (``round 3: ok, 12 boards`` or the boards only the file has and
those only our engine makes, ``white-black``, a pairing-allocated bye as ``N-bye``), then the
standings: players whose rank (or points) in the file is not ours under the tie-break list
(TRF-2026 202 record, or ``--tiebreaks`` - needed for TRF-16, which has no such record).
Exit code 0 when everything agrees, 1 otherwise (and on a file or engine error).
"""
from __future__ import annotations

import argparse
import sys

from damas.engine.check import Board, CheckReport, check_tournament
from damas.engine.points import format_decimal, to_points
from damas.engine.rulesets import UNPLAYED_RULES
from damas.engine.trf import read_trf


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m damas.engine check",
                                description="Re-pair every round of a TRF-16 / TRF-2026 file and check its standings.")
    p.add_argument("file", help="TRF file ('-' for standard input)")
    p.add_argument("--system", default=None,
                   help="pairing system code (dutch, dutch-2025, ...; default: the file's 192 record, else dutch)")
    p.add_argument("--acceleration", default=None,
                   help="acceleration method when the file has no XXA / 250 records (baku)")
    p.add_argument("--tiebreaks", default=None,
                   help="comma-separated tie-break list (our codes or FIDE acronyms; default: the 202 record)")
    p.add_argument("--unplayed", choices=UNPLAYED_RULES, default=None,
                   help="unplayed-games rule of the tie-breaks (default: the fide rule set's)")
    return p


def _board(board: Board) -> str:
    return f"{board[0]}-{board[1] if board[1] is not None else 'bye'}"


def report_lines(report: CheckReport) -> list[str]:
    """The printed report (also what tests read)."""
    lines = [f"system: {report.system}"]
    for r in report.rounds:
        if r.error:
            lines.append(f"round {r.round}: the engine cannot pair it: {r.error}")
        elif r.ok:
            lines.append(f"round {r.round}: ok, {r.boards} boards")
        else:
            lines.append(f"round {r.round}: {len(r.only_file)} boards differ")
            lines.append("  file:   " + " ".join(_board(b) for b in r.only_file))
            lines.append("  engine: " + " ".join(_board(b) for b in r.only_engine))
    if not report.ranks_checked:
        lines.append(f"standings: {report.note}")
    elif not report.ranks:
        lines.append(f"standings: ok ({','.join(report.tiebreaks)}; unplayed {report.unplayed})")
    else:
        lines.append(f"standings: {len(report.ranks)} positions differ ({','.join(report.tiebreaks)}; "
                     f"unplayed {report.unplayed})")
        for w in report.ranks:
            file_points = format_decimal(to_points(w.file_points, 2)) if w.file_points is not None else "-"
            lines.append(f"  player {w.start_no}: file rank {w.file_rank if w.file_rank is not None else '-'} "
                         f"points {file_points}, engine rank {w.engine_rank} "
                         f"points {format_decimal(to_points(w.engine_points, 2))}")
    lines.append("result: " + ("all agree" if report.ok else "differences found"))
    return lines


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.file == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(args.file, encoding="utf-8", errors="replace", newline="") as fh:
                text = fh.read()
        except OSError as exc:
            print(f"error: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
            return 1
    tiebreaks = [c.strip() for c in args.tiebreaks.split(",") if c.strip()] if args.tiebreaks else None
    report = check_tournament(read_trf(text), system=args.system, acceleration=args.acceleration,
                              tiebreaks=tiebreaks, unplayed=args.unplayed)
    sys.stdout.write("".join(line + "\n" for line in report_lines(report)))
    return 0 if report.ok else 1
