"""The public pages of an event, found by following the links an anonymous visitor sees.

Starting from the event's page, every same-event HTML link is followed (PDF, CSV and TRF
downloads and pages behind a login are left out). Pages of the same kind (the same endpoint:
round 1 and round 2, one player card and another) are visited once per event, so a new page
linked from any public page is covered without listing it here, and the run stays short.
"""
from __future__ import annotations

from typing import Callable
from urllib.parse import urldefrag, urlsplit

DOWNLOADS = (".pdf", ".csv", ".trf", ".svg", ".png", ".xlsx", ".json", ".pdn", ".pgn")


def crawl(fetch: Callable[[str], list[str] | None], root: str, kind: Callable[[str], str | None]) -> list[str]:
    """The paths under `root` reachable from it. `fetch(path)` visits a page and answers its
    links, or None when it is not a public HTML page; `kind(path)` names the page's endpoint."""
    queue, seen, kinds, pages = [root], {root}, set(), []
    while queue:
        path = queue.pop(0)
        links = fetch(path)
        if links is None:
            continue
        pages.append(path)
        for href in links:
            parts = urlsplit(urldefrag(href)[0])
            if parts.netloc or not (parts.path == root or parts.path.startswith(root + "/")):
                continue
            if parts.path.lower().endswith(DOWNLOADS) or parts.query:
                continue
            name = kind(parts.path)
            if parts.path in seen or name is None or name in kinds:
                continue
            seen.add(parts.path)
            kinds.add(name)
            queue.append(parts.path)
    return pages
