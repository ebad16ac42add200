"""The player page's titles and norms: the norm checks of his finished events, read from the
events' cached checks (`damas.web.norms.cache`: computed once per event revision per process and
shared with the events' norms pages). A finished event's revision no longer moves, so after its
first reading an event costs no query here; the page itself adds one query (the federation's
national titles). Only events where norms can apply are read: chess events under FIDE rules
(Swiss or Berger) and individual draughts events while the federation has national titles."""
from __future__ import annotations

from typing import Any

from damas.models import Event, EventStatus, Player
from damas.services.norms import federation_titles, fide_norms_apply, national_norms_apply
from damas.views.player_norms import EventChecks, player_titles_and_norms
from damas.web.norms.cache import fide_norms, national_norms

__all__ = ["titles_and_norms"]


def titles_and_norms(player: Player, events: list[Event]) -> dict[str, Any]:
    """`events`: the events of the player his page shows; only the finished ones are checked."""
    titles = federation_titles()
    checks = []
    for event in events:
        if event.status != EventStatus.FINISHED:
            continue
        fide = fide_norms(event) if fide_norms_apply(event) else None
        national = national_norms(event, titles) if national_norms_apply(event, titles) else None
        if fide is not None or national is not None:
            checks.append(EventChecks(event, fide, national))
    return player_titles_and_norms(player, checks, titles)
