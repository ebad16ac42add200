"""`python -m damas.engine generate --players N --rounds R [--seed S] ... -o OUT.trf`: a random
tournament paired by our engine (`damas.engine.generator`), written as TRF-16 or TRF-2026.

The same options and seed give the same file. Feed it to ``check`` (ours or another program's).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from damas.engine.generator import GeneratorSettings, generate_trf
from damas.engine.trf.records import TRF16, TRF26
from damas.engine.types import EngineError


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError("a rate is between 0 and 1")
    return value


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m damas.engine generate",
                                description="Generate a random tournament paired by the engine.")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--seed", type=int, default=0, help="seed of the random draw (default 0)")
    p.add_argument("--draw-rate", type=_rate, default=0.3, help="draw probability of a balanced game (0.3)")
    p.add_argument("--forfeit-rate", type=_rate, default=0.02, help="per board (0.02)")
    p.add_argument("--half-bye-rate", type=_rate, default=0.02, help="per player and round (0.02)")
    p.add_argument("--zero-bye-rate", type=_rate, default=0.02, help="per player and round (0.02)")
    p.add_argument("--withdraw-rate", type=_rate, default=0.01, help="per player and round from round 2 (0.01)")
    p.add_argument("--acceleration", choices=("baku",), default=None)
    p.add_argument("--system", default="dutch", help="pairing system code (dutch, dutch-2025, ...)")
    p.add_argument("--tiebreaks", default=None,
                   help="comma-separated tie-break codes, ours or FIDE spellings (BH/C1, WON); default: the fide Swiss order")
    p.add_argument("--format", choices=("trf16", "trf26"), default="trf16", help="TRF-16 (default) or TRF-2026")
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.players is None or args.rounds is None:
        raise EngineError("--players and --rounds are required")
    settings = GeneratorSettings(
        players=args.players, rounds=args.rounds, seed=args.seed, draw_rate=args.draw_rate,
        forfeit_rate=args.forfeit_rate, half_bye_rate=args.half_bye_rate, zero_bye_rate=args.zero_bye_rate,
        withdraw_rate=args.withdraw_rate, acceleration=args.acceleration or "", system=args.system,
        tiebreaks=[c.strip() for c in args.tiebreaks.split(",") if c.strip()] if args.tiebreaks else None,
    )
    text = generate_trf(settings, TRF26 if args.format == "trf26" else TRF16)
    if args.output:
        Path(args.output).write_bytes(text.encode("utf-8"))
    else:
        sys.stdout.write(text)
    return 0
