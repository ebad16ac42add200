"""Spreadsheet bombs against the tabular import (issue 25 point 4): CPU time and peak memory of
`read_table` on files under the 1 MB upload limit that are huge once opened.

    .venv/bin/python benchmarks/xlsx_bombs.py [--megabytes 400]

Each case runs in a child process (its peak RSS is the case's); prints the file's size, the
answer (refused: the message) and the CPU seconds and peak MB.
"""
from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from damas import create_app  # noqa: E402
from damas.config import TestConfig  # noqa: E402
from damas.services.imports import registry  # noqa: E402
from damas.services.imports.tabular import ImportRefused, read_table  # noqa: E402
from tests.xlsx_bombs import declared_dimension_bomb, long_cell_rows, shared_string_bomb  # noqa: E402


def _case(name: str, data: bytes, out: "multiprocessing.Queue[str]") -> None:
    app = create_app(TestConfig)
    with app.test_request_context():
        start = time.process_time()
        try:
            rows = read_table(data, "bomb.xlsx", registry.COLUMNS)
            answer = f"read {len(rows)} rows"
        except ImportRefused as error:
            answer = f"refused: {error}"
        cpu = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out.put(f"{name:28} {len(data) / 1024:8.0f} KB  {cpu:7.2f} s CPU  {peak:7.0f} MB peak  {answer[:90]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=int, default=400)
    args = parser.parse_args()
    cases = {f"shared string {args.megabytes} MB": shared_string_bomb(args.megabytes),
             "dimension A1:XFD2001": declared_dimension_bomb("A1:XFD2001"),
             "5,000 over-long cells": long_cell_rows(5000, 300)}
    context = multiprocessing.get_context("fork")
    for name, data in cases.items():
        queue = context.Queue()
        child = context.Process(target=_case, args=(name, data, queue))
        child.start()
        print(queue.get(), flush=True)
        child.join()


if __name__ == "__main__":
    main()
