"""The public pages of the events, found by following the links an anonymous visitor sees.

Starting from each event's page, every same-event HTML link is followed (PDF, CSV and TRF
downloads and pages behind a login are left out); pages whose address differs only by a number
(round 1, round 2, player 7, ...) are sampled, a few per kind, so a new page linked from any
public page is covered without listing it here.
"""
from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser
from typing import Callable
from urllib.parse import urldefrag, urlsplit

DOWNLOADS = (".pdf", ".csv", ".trf", ".svg", ".png", ".xlsx")
PER_KIND = 2


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.hrefs.append(href)


def kind_of(path: str) -> str:
    """The page's kind: its address with the numbers after the event id replaced."""
    match = re.match(r"(/eventos/\d+)(.*)", path)
    if not match:
        return path
    return re.sub(r"\d+", "N", match.group(2)) or "/"


def event_pages(get: Callable[[str], tuple[int, str, str]], event_id: int) -> list[str]:
    """Every public HTML page of the event reachable from its page (`get(path)` answers
    status, content type and body as an anonymous visitor sees them)."""
    root = f"/eventos/{event_id}"
    queue, seen, pages = [root], {root}, []
    per_kind: dict[str, int] = defaultdict(int)
    while queue:
        path = queue.pop(0)
        status, content_type, body = get(path)
        if status != 200 or not content_type.startswith("text/html"):
            continue
        pages.append(path)
        parser = _Links()
        parser.feed(body)
        for href in parser.hrefs:
            target = urldefrag(href)[0]
            parts = urlsplit(target)
            if parts.netloc or not parts.path.startswith(root):
                continue
            if parts.path != root and not parts.path.startswith(root + "/"):
                continue
            if parts.path.lower().endswith(DOWNLOADS):
                continue
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if target in seen:
                continue
            seen.add(target)
            kind = kind_of(parts.path) + ("?" if parts.query else "")
            if per_kind[kind] >= PER_KIND:
                continue
            per_kind[kind] += 1
            queue.append(target)
    return pages
