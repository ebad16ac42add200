"""The page timing the in-process page benchmarks share (public_pages.py, ratings.py): each page
asked `repeat` times through the Flask test client, the session emptied before each request;
prints the median server time and the SQL statement count of the last request."""
from __future__ import annotations

import statistics
import time
from typing import Any, Sequence

from sqlalchemy import event as sa_event


def time_pages(db: Any, client: Any, pages: Sequence[tuple[str, str]], repeat: int, **url_args: Any) -> None:
    """Print one line per (name, URL template) of `pages`, the template filled with `url_args`."""
    for name, template in pages:
        url = template.format(**url_args)
        times, status, count = [], 0, [0]

        def tick(*_a: Any, **_k: Any) -> None:
            count[0] += 1

        for _ in range(repeat):
            db.session.expunge_all()
            count[0] = 0
            sa_event.listen(db.engine, "before_cursor_execute", tick)
            start = time.perf_counter()
            status = client.get(url).status_code
            times.append(time.perf_counter() - start)
            sa_event.remove(db.engine, "before_cursor_execute", tick)
        print(f"{name:28} {status}  {statistics.median(times) * 1000:8.1f} ms  {count[0]:4d} queries")
