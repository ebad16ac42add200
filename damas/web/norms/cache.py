"""An event's norm checks, computed once per revision of the event and shared by the norms page,
its PDF, the API and the players' pages (`damas.web.public.routes.cached`). The national checks
are keyed also by the federation's titles' settings, which an event's revision does not follow.
A finished event's revision no longer moves, so its checks are computed once per process."""
from __future__ import annotations

from damas.engine.norms import NationalTitle
from damas.models import Event
from damas.services.norms import (
    EventNationalNorms,
    EventNorms,
    event_national_norms,
    event_norms,
    federation_titles,
    titles_signature,
)
from damas.web.public.routes import cached

__all__ = ["fide_norms", "national_norms"]


def fide_norms(event: Event) -> EventNorms | None:
    """The event's FIDE norms (chess), None where they do not apply."""
    return cached("norms", event, "", lambda: event_norms(event))  # type: ignore[no-any-return]


def national_norms(event: Event, titles: tuple[NationalTitle, ...] | None = None) -> EventNationalNorms | None:
    """The event's national-title norms (draughts), None where they do not apply; `titles` when
    the caller already read them (one query per page, not per event)."""
    titles = federation_titles() if titles is None else titles
    return cached("norms-national", event, titles_signature(titles),  # type: ignore[no-any-return]
                  lambda: event_national_norms(event, titles))
