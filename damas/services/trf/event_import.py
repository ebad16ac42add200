"""An event from another program's TRF file, step 2: write it, in one transaction, audited; then
the event continues here (pair the next round, results, standings).

What the rows become (`trf_preview` reads the file and matches the players):

- the event, created by `events.create_event` with the form's settings, then running, with
  the file's first-round colour; a player is an entry numbered by his TRF starting number,
  with the file's rating as rating at entry; a new player gets that rating on the event's
  rating list (CBJD 115) [ours: a registered player's own ratings are not changed];
- each completed round is a published round: a board per game (played, forfeit, double
  forfeit; a forfeit written without colours puts the lower starting number as White [ours]),
  a pairing-allocated bye (``U``, ``+``, and ``F``, which we cannot record apart [ours]) as a
  bye board, a half-point or zero-point bye (``H``, ``Z``) as that round's request; an empty
  field is a round not paired. Boards are ordered by the players' score before the round, the
  higher first [ours: the file has no board numbers];
- byes already standing in the column of the round to pair (``H``, ``Z``, TRF-2026 240) are
  requests for the next round.

A team file (TRF-2026 310 / 013) is a team event instead: `trf_team_import`.

Anything refused (a field of the form, a clash) rolls the whole import back.
"""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from typing import Any

from flask_babel import gettext as _

from damas.engine.types import Color, Outcome, RoundResult
from damas.extensions import db
from damas.formats.mapping import RESULT_OUTCOMES
from damas.models import (
    Entry,
    EntryStatus,
    Event,
    EventStatus,
    Game,
    GameResult,
    RequestKind,
    Round,
    RoundRequest,
    RoundStatus,
    User,
)
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.trf.preview import IMPORT_SYSTEMS, TrfPreview
from damas.services.trf.players import given_surname, player_id_of
from damas.services.trf.team_import import import_team_trf
from damas.services.events.lifecycle import create_event

__all__ = ["import_trf", "GAME_RESULTS"]

# (White's outcome, Black's outcome) -> the board's result (a game lost by both: CBJD 51).
GAME_RESULTS = {outcomes: result for result, outcomes in RESULT_OUTCOMES.items()}
_REQUESTS = {Outcome.HALF_BYE: RequestKind.HALF_BYE, Outcome.ZERO_BYE: RequestKind.ZERO_BYE}
_BYES = (Outcome.PAIRING_BYE, Outcome.FULL_BYE)


def _boards(results: dict[int, tuple[RoundResult, ...]], number: int) -> list[tuple[int, int | None, GameResult]]:
    """(white, black, result) of round `number`, ordered as the module docstring says."""
    before = {no: sum(_score(r) for r in rs[:number - 1]) for no, rs in results.items()}
    games, byes, seen = [], [], set()
    for no in sorted(results):
        res = results[no][number - 1]
        if res.outcome in _BYES:
            byes.append((no, None, GameResult.BYE))
        elif res.outcome.has_opponent and res.opponent is not None and frozenset((no, res.opponent)) not in seen:
            seen.add(frozenset((no, res.opponent)))
            other = results[res.opponent][number - 1].color
            white = no if res.color is Color.WHITE or (res.color is Color.NONE and other is not Color.WHITE) else res.opponent
            black = res.opponent if white == no else no
            games.append((white, black, GAME_RESULTS[(results[white][number - 1].outcome,
                                                      results[black][number - 1].outcome)]))
    games.sort(key=lambda g: (-max(before[g[0]], before[g[1]]), -(before[g[0]] + before[g[1]]), min(g[0], g[1])))
    return games + byes


def _score(r: RoundResult) -> int:
    return {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.FORFEIT_WIN: 2, Outcome.PAIRING_BYE: 2, Outcome.FULL_BYE: 2,
            Outcome.HALF_BYE: 1}.get(r.outcome, 0)


def _event_data(preview: TrfPreview, form: dict[str, Any]) -> dict[str, Any]:
    if form.get("pairing_system") not in IMPORT_SYSTEMS:
        raise ServiceError(_("Escolha um sistema suíço: o evento continua rodada a rodada."), "pairing_system")
    planned = form.get("planned_rounds") or 0
    if planned < preview.rounds_played + (1 if preview.trf.in_progress else 0):
        raise ServiceError(_("O arquivo tem %(n)s rodadas jogadas: são previstas pelo menos essas.",
                             n=preview.rounds_played + (1 if preview.trf.in_progress else 0)), "planned_rounds")
    keys = ("name", "discipline", "ruleset", "pairing_system", "planned_rounds", "time_minutes", "time_increment",
            "start_date", "end_date", "venue", "chief_arbiter", "tiebreak_order", "acceleration", "unplayed_rule")
    data = {key: form.get(key) for key in keys}
    data["notes"] = ""  # the import line is written from the audit record, in the reader's language
    return data


def import_trf(actor: User, preview: TrfPreview, form: dict[str, Any], filename: str = "") -> Event:
    """Create the event of `preview` with the form's settings (see the module docstring); a
    team file is a team event (`trf_team_import`)."""
    if preview.team:
        return import_team_trf(actor, preview, form, filename)
    data = _event_data(preview, form)
    state = preview.trf.state
    with transaction():
        event = create_event(actor, data)
        event.first_color = preview.first_color
        event.status = EventStatus.RUNNING
        record(actor, "status", "event", event.id, {"status": EventStatus.DRAFT.value},
               {"status": EventStatus.RUNNING.value, "first_color": event.first_color}, event.id)
        entry_of: dict[int, Entry] = {}
        rating_list = event.list_key
        for p in preview.players:
            # a new player named as the registry writes names, "Given Surname"
            player_id = player_id_of(actor, p, rating_list, name=given_surname(p.name)[:120])
            entry = Entry(event_id=event.id, player_id=player_id, pairing_number=p.start_no,
                          rating_at_entry=p.rating, status=EntryStatus.REGISTERED)
            db.session.add(entry)
            db.session.flush()
            entry_of[p.start_no] = entry
            record(actor, "create", "entry", entry.id, None, {"player_id": entry.player_id,
                   "rating_at_entry": entry.rating_at_entry, "pairing_number": entry.pairing_number}, event.id)
        results = {no: state.rounds_of(no) for no in entry_of}
        now = datetime.now(timezone.utc)
        for number in range(1, preview.rounds_played + 1):
            boards = _boards(results, number)
            if not boards:
                raise ServiceError(_("A rodada %(n)s do arquivo não tem nenhuma partida nem isenção.", n=number), "file")
            rnd = Round(event_id=event.id, number=number, status=RoundStatus.PUBLISHED, published_at=now)
            rnd.games = [Game(board=k, white_entry_id=entry_of[w].id,
                              black_entry_id=entry_of[b].id if b is not None else None, result=result)
                         for k, (w, b, result) in enumerate(boards, start=1)]
            db.session.add(rnd)
            db.session.flush()
            requests = [(no, rs[number - 1].outcome) for no, rs in results.items() if rs[number - 1].outcome in _REQUESTS]
            _add_requests(event, entry_of, number, requests)
            record(actor, "import_trf", "round", rnd.id, None, {
                "number": number, "boards": [[k, w, b, result.value] for k, (w, b, result) in enumerate(boards, 1)],
                "requests": [[no, outcome.value] for no, outcome in requests]}, event.id)
        if preview.trf.in_progress:
            _round_in_progress(actor, event, preview, entry_of, results, now)
        pending = [(no, o) for no, o in preview.pending.items() if o in _REQUESTS and no in entry_of]
        _add_requests(event, entry_of, preview.rounds_played + 1, pending)
        record(actor, "import_trf", "event", event.id, None, {
            "filename": filename[:200], "version": preview.version, "sha1": hashlib.sha1(preview.text.encode()).hexdigest(),
            "players": len(preview.players), "new_players": preview.new_players, "rounds": preview.rounds_played,
            "requests": [[no, o.value] for no, o in pending]}, event.id)
    return event


def _add_requests(event: Event, entry_of: dict[int, Entry], number: int, requests: list[tuple[int, Outcome]]) -> None:
    if number > event.planned_rounds:
        return
    for no, outcome in requests:
        db.session.add(RoundRequest(event_id=event.id, entry_id=entry_of[no].id, round_number=number,
                                    kind=_REQUESTS[outcome], note=_("TRF importado")))


def _round_in_progress(actor: User, event: Event, preview: TrfPreview, entry_of: dict[int, Entry],
                       results: dict[int, tuple[RoundResult, ...]], now: datetime) -> None:
    """The file's round in progress: a published round with its boards, the finished ones with
    their result, the others pending (results are entered here); a pairing-allocated bye is a
    bye board. Boards ordered as `_boards` orders a completed round."""
    number = preview.rounds_played + 1
    cells = preview.trf.in_progress
    before = {no: sum(_score(r) for r in rs) for no, rs in results.items()}
    games, byes, seen = [], [], set()
    for no in sorted(cells):
        cell = cells[no]
        if cell.opponent is None:
            if cell.outcome in _BYES:
                byes.append((no, None, GameResult.BYE))
            continue
        if frozenset((no, cell.opponent)) in seen:
            continue
        seen.add(frozenset((no, cell.opponent)))
        white, black = (no, cell.opponent) if cell.color is Color.WHITE else (cell.opponent, no)
        w, b = cells[white].outcome, cells[black].outcome
        games.append((white, black, GAME_RESULTS[(w, b)] if w is not None and b is not None else GameResult.PENDING))
    games.sort(key=lambda g: (-max(before[g[0]], before[g[1]]), -(before[g[0]] + before[g[1]]), min(g[0], g[1])))
    boards = games + byes
    rnd = Round(event_id=event.id, number=number, status=RoundStatus.PUBLISHED, published_at=now)
    rnd.games = [Game(board=k, white_entry_id=entry_of[w].id, black_entry_id=entry_of[b].id if b is not None else None,
                      result=result) for k, (w, b, result) in enumerate(boards, start=1)]
    db.session.add(rnd)
    db.session.flush()
    record(actor, "import_trf", "round", rnd.id, None, {
        "number": number, "in_progress": True,
        "boards": [[k, w, b, result.value] for k, (w, b, result) in enumerate(boards, 1)]}, event.id)
