"""``Server-Timing`` on every response Flask computes, when ``DAMAS_SERVER_TIMING`` is set (the
load benchmark, or an operator measuring a slow page): ``app;dur=`` the wall-clock milliseconds
inside the application, ``cpu;dur=`` the CPU milliseconds of the worker's thread. The CPU figure
is what a page costs whatever else the machine runs; the wall figure is what a reader waits for.
Off by default: it tells the public how long pages take.
"""
from __future__ import annotations

import time

from flask import Flask, Response, g

__all__ = ["install_server_timing"]


def install_server_timing(app: Flask) -> None:
    if not app.config.get("SERVER_TIMING"):
        return

    @app.before_request
    def _start() -> None:
        g.timing_started = (time.perf_counter(), time.thread_time())

    @app.after_request
    def _report(response: Response) -> Response:
        started = g.get("timing_started")
        if started is not None:
            wall, cpu = time.perf_counter() - started[0], time.thread_time() - started[1]
            response.headers["Server-Timing"] = f"app;dur={wall * 1000:.1f}, cpu;dur={cpu * 1000:.1f}"
        return response
