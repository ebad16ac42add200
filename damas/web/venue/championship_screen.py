"""A championship's wall screen: `/campeonatos/<id>/telao` shows the pages of each of its
sections one after the other, in the championship's order, each page titled with its section
(the event screen's pages, `screen_pages.wall_pages`, and its script), and follows every
section's revision: when any moves, the fragment `/telao/paginas` is fetched and swapped in.

Public for a published championship; an unpublished one exists only for staff (404 for everyone
else), as its page. Rules [ours]:
- the sections shown are those out of draft and played board by board (a knockout bracket or a
  team tournament has pages of its own): a draft stays off the screen even for staff, since the
  screen is for the hall;
- each section's pages follow its own screen settings (its standings' top N);
- seconds per page are those of the first section shown (the championship's main section comes
  first in its order; its arbiter sets the screen for the hall);
- before any section can be shown, one waiting page with the championship's name.
A section added or removed after the screen was opened shows after a reload (the screen follows
revisions of the sections it started with).
"""
from __future__ import annotations

from typing import Any

from flask import render_template, url_for
from flask_babel import gettext as _

from damas.models import Event
from damas.models.championships import Championship
from damas.services.championships.championships import section_events
from damas.services.venue.screen import DEFAULT_SECONDS, ScreenSettings, screen_settings
from damas.web.championships.pages import visible_championship
from damas.web.venue.blueprint import bp
from damas.web.venue.screen_pages import WallPage, played_by_boards, wall_pages
from damas.web.venue.wall_screen import screen_context


def screen_sections(championship: Championship) -> list[Event]:
    """The sections the screen shows, in the championship's order (see the module's rules)."""
    return [e for e in section_events(championship) if e.is_public and played_by_boards(e)]


def _pages_context(championship_id: int) -> dict[str, Any]:
    championship = visible_championship(championship_id)
    sections = screen_sections(championship)
    settings: list[ScreenSettings] = [screen_settings(e) for e in sections]
    pages: list[WallPage] = [page for event, own in zip(sections, settings) for page in wall_pages(event, own)]
    if not pages:
        pages = [WallPage("waiting", f"c{championship.id}-waiting", championship.name,
                          _("O emparceiramento aparece aqui assim que a rodada for publicada."))]
    seconds = settings[0].seconds if settings else DEFAULT_SECONDS
    return screen_context(championship.name, sections,
                          url_for("venue.championship_pages_fragment", championship_id=championship.id),
                          seconds, pages)


@bp.get("/campeonatos/<int:championship_id>/telao")
def championship_screen(championship_id: int):  # type: ignore[no-untyped-def]
    return render_template("venue/wall_screen.html", **_pages_context(championship_id))


@bp.get("/campeonatos/<int:championship_id>/telao/paginas")
def championship_pages_fragment(championship_id: int):  # type: ignore[no-untyped-def]
    """The screen's pages alone, for the script's swap (the same markup the page starts with)."""
    return render_template("venue/_wall_pages.html", **_pages_context(championship_id))
