"""A round's boards as plain rows for the round page, the round sheets and the API: the sides and
the result text of the format's round view (`EventFormat.round_view`) and of a knockout game,
written once (the labels are `damas.presentation.results`'s)."""
from __future__ import annotations

from typing import Any

from damas.formats import get_format
from damas.formats.mapping import preload_entries
from damas.formats.rows import player_title
from damas.formats.round_view import KNOCKOUT_RESULTS, BoardView
from damas.models import Entry, Event, GameResult, Round
from damas.presentation.results import result_label


def side(entry: Entry | None, *, club: bool = False) -> dict[str, Any] | None:
    """A board's player: pairing number, name, title (the event's discipline's), the rating of his entry (and his club on sheets)."""
    if entry is None:
        return None
    out: dict[str, Any] = {"no": entry.pairing_number, "name": entry.player.full_name,
                           "title": player_title(entry.event, entry.player),
                           "player_id": entry.player_id, "rating": entry.rating_at_entry}
    if club:
        c = entry.player.club
        out["club"] = (c.short_name or c.name) if c else ""
    return out


def result_text(ruleset: str, view: BoardView, *, pending: str | None = None) -> str:
    """A micro-match's game score once both games are in ("3-1", as its results page shows),
    else the rule set's result label; `pending` replaces an open board's (empty) label."""
    if view.score:
        return view.score
    if pending is not None and view.result == GameResult.PENDING:
        return pending
    return result_label(ruleset, view.result)


def api_board(ruleset: str, view: BoardView) -> dict[str, Any]:
    """A board as the API gives it: the result label, the adjourned flag, a micro-match's two
    games and game score, a knockout game's tie and its game of the tie."""
    row: dict[str, Any] = {"board": view.board, "white": side(view.white), "black": side(view.black),
                           "result": result_label(ruleset, view.result),
                           "adjourned": view.result == GameResult.ADJOURNED}
    if view.games is not None:
        row.update(games=list(view.games), game_score=view.score or "")
    if view.tie is not None:
        row.update(tie=view.tie, game_of_tie=view.game_of_tie)
    return row


def knockout_result_label(ruleset: str, outcome: str) -> str:
    """A knockout game's label from its stored outcome (``win``, ``draw``, ``forfeit_loss``, ...)."""
    return result_label(ruleset, KNOCKOUT_RESULTS[outcome])


def board_rows(event: Event, rnd: Round) -> list[dict[str, Any]]:
    """The round page's rows from the format's round view (a micro-match shows its game score,
    e.g. 3-1): the round page and the event page's current round read the same rows."""
    # the boards' players come from the session; held here: the identity map keeps weak references
    entries = preload_entries(event)  # noqa: F841
    return [{"id": v.id, "board": v.board, "white": side(v.white), "black": side(v.black),
             "result": v.result.value, "label": result_text(event.ruleset, v), "version": v.version,
             "enterable": v.enterable} for v in get_format(event).round_view(event, rnd)]
