"""The pages the wall screen shows in turn, in this order [ours]: the current round's pairings
(the last published round, board by board, its results as they come in), the standings' top N
(after the last complete round, as the standings page) and the latest results (newest first).

One page holds `ROWS_PER_PAGE` rows: ten rows of 8 % of the screen's height with names at 4.4 %
(48 px on a 1080-px screen, read from five metres) fill a 16:9 screen under its title bar
(static/venue/wall_screen.css). Each page carries its event's name and its own key, so a screen
of several events (a championship's) is the pages of each event one after the other, and the
script keeps the page on screen across a refresh by its key; its footer names its own event's
live page (a player of any section finds his board on the phone).

"Latest" is the order the results came in as the audit log keeps it (entered, corrected, an
adjourned game finished); the boards keep no time of their own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from damas.extensions import db
from damas.formats import get_format
from damas.models import AuditEntry, Entry, Event, Game, GameResult, Player, Round, RoundStatus
from damas.presentation.results import result_label
from damas.reports.event_reports import live_url
from damas.reports.standings import standings_context
from damas.services.venue.screen import ScreenSettings
from damas.views.round_rows import board_rows, side

__all__ = ["LATEST_RESULTS", "ROWS_PER_PAGE", "WallPage", "played_by_boards", "wall_pages"]

ROWS_PER_PAGE = 10
LATEST_RESULTS = 10  # one page
# audit actions that set a board's result (damas/services/results/recording.py, desk/corrections.py, micromatch.py)
RESULT_ACTIONS = ("result", "correction", "adjourned_result", "micro_result")
_AUDIT_LOOKBACK = 60  # audit rows read to find the latest LATEST_RESULTS boards (a board may repeat)


@dataclass
class WallPage:
    """One screenful: `kind` pairings / standings / results / waiting / elsewhere."""

    kind: str
    key: str
    event_name: str
    title: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    part: int = 1
    parts: int = 1
    live_url: str = ""


def _chunks(rows: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    return [rows[i:i + ROWS_PER_PAGE] for i in range(0, len(rows), ROWS_PER_PAGE)] or [[]]


def _paged(kind: str, event: Event, title: str, rows: list[dict[str, Any]]) -> list[WallPage]:
    chunks = _chunks(rows)
    return [WallPage(kind, f"{event.id}-{kind}-{n}", event.name, title, chunk, n, len(chunks))
            for n, chunk in enumerate(chunks, start=1)]


def current_round(event: Event) -> Round | None:
    """The last published round (the one the players are sitting at, or have just finished)."""
    return db.session.scalar(select(Round).where(Round.event_id == event.id, Round.status == RoundStatus.PUBLISHED)
                             .order_by(Round.number.desc()).limit(1))


def _pairing_rows(event: Event, rnd: Round) -> list[dict[str, Any]]:
    return [{"board": r["board"], "white": r["white"], "black": r["black"], "label": r["label"],
             "done": r["result"] != GameResult.PENDING.value} for r in board_rows(event, rnd)]


def _standing_rows(context: dict[str, Any], top_n: int) -> list[dict[str, Any]]:
    ranked = [r for r in context["rows"] if not r["excluded"]]
    return [{"rank": r["rank"], "name": r["name"], "title": r["title"], "club": r["club"], "points": r["points"]}
            for r in ranked[:top_n]]


def latest_results(event: Event, limit: int = LATEST_RESULTS) -> list[dict[str, Any]]:
    """The boards of published rounds whose result came in last, newest first (see the module)."""
    game_ids: list[int] = []
    for game_id in db.session.scalars(
            select(AuditEntry.object_id).where(AuditEntry.event_id == event.id, AuditEntry.object_type == "game",
                                               AuditEntry.action.in_(RESULT_ACTIONS))
            .order_by(AuditEntry.id.desc()).limit(_AUDIT_LOOKBACK)):
        if game_id is not None and game_id not in game_ids:
            game_ids.append(game_id)
    if not game_ids:
        return []
    games = {g.id: g for g in db.session.scalars(
        select(Game).join(Round).where(Game.id.in_(game_ids), Round.event_id == event.id,
                                       Round.status == RoundStatus.PUBLISHED, Game.result != GameResult.PENDING)
        .options(selectinload(Game.round), selectinload(Game.white).selectinload(Entry.player).selectinload(Player.club),
                 selectinload(Game.black).selectinload(Entry.player).selectinload(Player.club)))}
    rows = []
    for game_id in game_ids:
        game = games.get(game_id)
        if game is None:
            continue
        rows.append({"round": game.round.number, "board": game.board, "white": side(game.white),
                     "black": side(game.black), "label": result_label(event.ruleset, game.result)})
        if len(rows) == limit:
            break
    return rows


def played_by_boards(event: Event) -> bool:
    """Whether the screen can show the event: an individual tournament played board by board (not
    a bracket nor team matches, which have pages of their own)."""
    return get_format(event).pages.rounds is None


def wall_pages(event: Event, settings: ScreenSettings) -> list[WallPage]:
    """The event's pages in the order they are shown, each with the event's live address; never
    empty (a waiting page at least)."""
    pages = _event_pages(event, settings)
    address = live_url(event.id)
    for page in pages:
        page.live_url = address
    return pages


def _event_pages(event: Event, settings: ScreenSettings) -> list[WallPage]:
    if not played_by_boards(event):
        return [WallPage("elsewhere", f"{event.id}-elsewhere", event.name,
                         _("O telão mostra torneios individuais jogados por mesas."))]
    pages: list[WallPage] = []
    rnd = current_round(event)
    if rnd is not None:
        pages += _paged("pairings", event, _("Rodada %(n)s — emparceiramento", n=rnd.number),
                        _pairing_rows(event, rnd))
    context = standings_context(event) if rnd is not None else None
    if context is not None and context["after_round"]:
        pages += _paged("standings", event, _("Classificação após a rodada %(n)s", n=context["after_round"]),
                        _standing_rows(context, settings.top_n))
    latest = latest_results(event)
    if latest:
        pages += _paged("results", event, _("Últimos resultados"), latest)
    if not pages:
        pages.append(WallPage("waiting", f"{event.id}-waiting", event.name,
                              _("O emparceiramento aparece aqui assim que a rodada for publicada.")))
    return pages
