"""The event's wall screen for a TV or a projector in the hall: `/eventos/<id>/telao` shows its
pages in turn (`screen_pages.wall_pages`), full screen, readable from five metres; public like
the event's other pages (a draft only for its editors).

The page asks the event's revision (`public.live_revision`, the live pages' poll: a 304 while
nothing changed) and, when it moves, fetches only its pages (`/telao/paginas`, an HTML fragment)
and swaps them in (static/venue/wall_screen.js): no reload, so a screen left on all day keeps
its place. Both answers are cached by the event's revision like every public page of an event
(damas/web/serving/caching.py); the screen settings are a row of the event, so saving them moves it too.

`screen_context` is what any screen's templates need, for one event or several (a
championship's: damas/web/venue/championship_screen.py).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import render_template, url_for

from damas.models import Event
from damas.services.venue.screen import screen_settings
from damas.web.access import visible_event
from damas.web.venue.blueprint import bp
from damas.web.venue.screen_pages import WallPage, wall_pages


def screen_context(title: str, events: Sequence[Event], pages_url: str, seconds: int,
                   pages: list[WallPage]) -> dict[str, Any]:
    """The templates' context of a screen showing `events`: its title, the revision address of
    each event and their revisions joined by "." in the same order (the script compares the two
    lists), the fragment's address, seconds per page, and the pages one after the other."""
    return {"screen": {"title": title, "revision": ".".join(str(e.revision) for e in events),
                       "revision_urls": [url_for("public.live_revision", event_id=e.id) for e in events],
                       "pages_url": pages_url, "seconds": seconds},
            "pages": pages}


def _pages_context(event_id: int) -> dict[str, Any]:
    event, _editable = visible_event(event_id)
    settings = screen_settings(event)
    return screen_context(event.name, [event], url_for("venue.wall_pages_fragment", event_id=event.id),
                          settings.seconds, wall_pages(event, settings))


@bp.get("/eventos/<int:event_id>/telao")
def wall_screen(event_id: int):  # type: ignore[no-untyped-def]
    return render_template("venue/wall_screen.html", **_pages_context(event_id))


@bp.get("/eventos/<int:event_id>/telao/paginas")
def wall_pages_fragment(event_id: int):  # type: ignore[no-untyped-def]
    """The screen's pages alone, for the script's swap (the same markup the page starts with)."""
    return render_template("venue/_wall_pages.html", **_pages_context(event_id))
