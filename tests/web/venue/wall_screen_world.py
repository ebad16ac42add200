"""A running event for the wall screen tests: 24 players, round 1 complete (12 results entered
through the results service, so the audit log orders them), round 2 published with boards 1-12
and the results of boards 3 and 1 entered, in that order."""
from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from damas.extensions import db
from damas.models import EventStatus, Game, GameResult, Role, Round, RoundStatus
from damas.services.results.recording import record_results

PLAYERS = 24


def enter(staff: Any, event: Any, game: Game, result: GameResult) -> None:
    db.session.refresh(game)
    saved, conflicts = record_results(staff, event, {game.id: (result, game.version)})
    assert (saved, conflicts) == (1, [])


def build_world(make_user: Any, make_player: Any, make_event: Any, **event_kw: Any) -> dict[str, Any]:
    staff = make_user(Role.STAFF)
    arbiter = make_user(Role.ARBITER)
    players = [make_player(full_name=f"Telão Jogador {n:02d}", rating_regular=2400 - 10 * n)
               for n in range(1, PLAYERS + 1)]
    event = make_event(arbiters=(arbiter,), players=tuple(players), status=EventStatus.RUNNING,
                       pairing_system="dutch", planned_rounds=5, **event_kw)
    entries = sorted(event.entries, key=lambda e: e.pairing_number)
    half = PLAYERS // 2
    rounds = []
    for number in (1, 2):
        rnd = Round(event_id=event.id, number=number, status=RoundStatus.PUBLISHED)
        shift = 0 if number == 1 else 1
        rnd.games = [Game(board=b + 1, white_entry_id=entries[b].id,
                          black_entry_id=entries[half + (b + shift) % half].id) for b in range(half)]
        db.session.add(rnd)
        rounds.append(rnd)
    db.session.commit()
    for game in sorted(rounds[0].games, key=lambda g: g.board):
        enter(staff, event, game, GameResult.WHITE_WIN if game.board % 3 else GameResult.DRAW)
    second = {g.board: g for g in rounds[1].games}
    enter(staff, event, second[3], GameResult.BLACK_WIN)
    enter(staff, event, second[1], GameResult.WHITE_WIN)
    return {"event": event, "staff": staff, "arbiter": arbiter, "players": players, "rounds": rounds,
            "second": second}


class WallMarkup(HTMLParser):
    """The screen's markup read back: the [data-wall] and [data-wall-region] attributes, the
    scripts, and each page (its key, whether hidden, its text, its body rows' cell texts)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.root: dict[str, str | None] = {}
        self.region: dict[str, str | None] = {}
        self.scripts: list[dict[str, str | None]] = []
        self.pages: list[dict[str, Any]] = []
        self._section = self._tbody = False
        self._cell: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-wall" in a:
            self.root = a
        if "data-wall-region" in a:
            self.region = a
        if tag == "script":
            self.scripts.append(a)
        if "data-wall-page" in a:
            self._section = True
            self.pages.append({"key": a["data-wall-page"], "kind": str(a["data-wall-page"]).split("-", 1)[1],
                               "hidden": "hidden" in a, "text": "", "rows": []})
        elif tag == "tbody":
            self._tbody = True
        elif tag == "tr" and self._tbody:
            self.pages[-1]["rows"].append([])
        elif tag == "td" and self._tbody:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self._section = False
        elif tag == "tbody":
            self._tbody = False
        elif tag == "td" and self._cell is not None:
            self.pages[-1]["rows"][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._section:
            self.pages[-1]["text"] += data
        if self._cell is not None:
            self._cell.append(data)
