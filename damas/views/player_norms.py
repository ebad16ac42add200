"""A player's titles and norms for his page, as plain data: the titles he carries (FIDE's, the
draughts title with its name - FMJD's or the federation's national one), every finished event in
which he met a norm (FIDE or national) and, for the national titles he seeks, whether he now
meets the title itself (rating threshold and norms needed, the federation's own rules).

The norms come from the events' own checks (`EventNorms`, `EventNationalNorms`), the same the
events' norms pages show; which events are read is the caller's (`damas.web.players.norms`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from damas.engine.norms import NationalTitle
from damas.engine.norms.fmjd import FMJD_TITLES, parse_abbreviation
from damas.models import Event, Player
from damas.services.norms import (
    EventNationalNorms,
    EventNorms,
    national_titles_sought,
    player_draughts_rating,
    title_status,
)
from damas.views.norms import title_name
from damas.views.norms_national import national_shortfall_text

__all__ = ["EventChecks", "player_titles_and_norms"]


@dataclass(frozen=True)
class EventChecks:
    """One finished event of the player and its checks (None where they do not apply)."""

    event: Event
    fide: EventNorms | None
    national: EventNationalNorms | None


def _fmjd_name(code: str) -> str:
    try:
        title, board = parse_abbreviation(code)
    except ValueError:
        return ""
    name = FMJD_TITLES[title].name
    return f"{name} (FMJD)" if board == 100 else _("%(name)s, tabuleiro de 64 casas (FMJD)", name=name)


def _fide_norms(player_id: int, checks: EventChecks) -> list[dict[str, Any]]:
    norms = checks.fide
    if norms is None or not norms.finished:
        return []
    return [{"title": ln.title.value, "title_name": title_name(ln.title.value), "kind": "FIDE"}
            for p in norms.players if p.seeker.player_id == player_id for ln in p.lines if ln.check.met]


def _national_norms(player_id: int, checks: EventChecks) -> list[dict[str, Any]]:
    if checks.national is None:
        return []
    return [{"title": ln.title.code, "title_name": ln.title.name, "kind": "national"}
            for ln in checks.national.met(player_id)]


def player_titles_and_norms(player: Player, events: list[EventChecks], titles: tuple[NationalTitle, ...],
                            ruleset: str = "cbjd") -> dict[str, Any]:
    """The page's "Títulos e normas": his titles, his norms newest event first, and the national
    titles he seeks with at least one norm (or already met) [ours: a title with nothing towards it
    is not listed]. `ruleset` only words the shortfalls (no points are printed there)."""
    national = {t.code: t for t in titles}
    draughts = player.draughts_title or ""
    rows = []
    for checks in sorted(events, key=lambda c: c.event.end_date, reverse=True):
        for norm in _fide_norms(player.id, checks) + _national_norms(player.id, checks):
            rows.append({**norm, "event_id": checks.event.id, "event_name": checks.event.name,
                         "date": checks.event.end_date})
    status = []
    for title in national_titles_sought(draughts, player.sex, titles):
        count = sum(1 for r in rows if r["kind"] == "national" and r["title"] == title.code)
        check = title_status(player, title, count)
        if count or check.met:
            status.append({"code": title.code, "name": title.name, "norms": count, "norms_needed": title.norms_needed,
                           "rating": check.rating, "rating_threshold": title.rating_threshold, "met": check.met,
                           "missing": [national_shortfall_text(s, ruleset) for s in check.missing]})
    return {
        "fide_title": player.fide_title or "",
        "fide_title_name": title_name(player.fide_title) if player.fide_title in ("GM", "IM", "WGM", "WIM") else "",
        "draughts_title": draughts,
        "draughts_title_name": national[draughts].name if draughts in national else _fmjd_name(draughts),
        "draughts_title_national": draughts in national,
        "norms": rows,
        "national_status": status,
        "draughts_rating": player_draughts_rating(player),
    }
