"""`python -m damas.engine pair|standings|check|generate ...`: the engine on TRF files, for cross-checks."""
from __future__ import annotations

import sys

from damas.engine.commands import check, generate, pair, standings
from damas.engine.types import EngineError

_COMMANDS = {"pair": pair.main, "standings": standings.main, "check": check.main, "generate": generate.main}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: python -m damas.engine {pair,standings,check,generate} ... (use -h on each)"
    if not argv or argv[0] in {"-h", "--help"}:
        print(usage)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    try:
        run = _COMMANDS.get(command)
        if run is None:
            print(usage, file=sys.stderr)
            return 2
        return run(rest)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
