"""Players report their own results.

When an event allows it (`Event.player_reports`, off by default), each player of a board of a
published round reports the board's result from his phone. Our decisions, also written on the
event's regulations page:

* Only a played result is reported (white wins, draw, black wins); a forfeit, an absence or a
  penalty is the arbiter's to enter.
* Both players report the same result: it is entered as the arbiter's entry would be (the
  event's format records it; the audit entry names the two reporters), within the same checks
  (round published, board without a result, no desk penalty on it).
* A one-sided or conflicting report waits on the arbiter's page of the round, marked, for one
  click to confirm (any result either player reported) or for the arbiter to enter another.
* The arbiter's entry always wins: once the board has a result a report is refused, and an
  arbiter's entry or correction drops the board's reports (`damas.services.results.recording`).
* Publishing a round stays the arbiter's (nothing here changes a round's status).
* A report is sent only after the player confirms it (a second step on its own page, so one tap by
  mistake sends nothing), and he may withdraw it until someone acts on it: until the board has a
  result (the arbiter's entry or the two players' agreement) or the opponent reports after him.
  A withdrawal is audit-logged like the report (`withdraw_report`).

Reports are serialised by the event's lock, so two players reporting at once never both wait.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.formats import get_format
from damas.models import Entry, Event, Game, GameResult, ResultReport, Round, RoundStatus, User
from damas.services.audit import after_commit, record, transaction
from damas.services.mail.sending import later
from damas.services.errors import ServiceError
from damas.services.locking import lock_event
from damas.services.mail.result_notices import notify_report, notify_report_withdrawn
from damas.services.results.recording import check_enterable, game_snapshot, require_running

REPORTABLE = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)
ENTERED, WAITING, CONFLICT = "entered", "waiting", "conflict"


@dataclass(frozen=True)
class BoardToReport:
    """A board of the user's that takes a report now, with what each side reported so far."""

    game_id: int
    round_number: int
    board: int
    side: str  # "w" | "b": the user's colour
    own: str  # the user's report ("" none)
    other: str  # the opponent's report ("" none)
    withdrawable: bool = False  # his report may still be withdrawn (`can_withdraw`)
    opponent: str = ""  # the opponent's name


def reports_enabled(event: Event) -> bool:
    """Only events of individual boards take reports (a micro-match board, a knockout tie or a
    team match has several games; their forms stay the arbiter's) [ours]."""
    return bool(event.player_reports) and get_format(event).pages.results_form == "rounds.save_results"


def _side_of(user: User, game: Game) -> str | None:
    player_id = user.player_id
    if player_id is None or game.black_entry_id is None:
        return None
    entries = {e.id: e.player_id for e in db.session.scalars(
        select(Entry).where(Entry.id.in_([game.white_entry_id, game.black_entry_id])))}
    if entries.get(game.white_entry_id) == player_id:
        return "w"
    if entries.get(game.black_entry_id) == player_id:
        return "b"
    return None


def _utc(value: datetime) -> datetime:
    """SQLite gives the stored time back without its zone (it was stored in UTC)."""
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def can_withdraw(own: ResultReport | None, other: ResultReport | None) -> bool:
    """A player's report may be withdrawn until the opponent reports after it (he acted on it) [ours];
    the board's result, which ends every report, is checked by the callers."""
    return own is not None and (other is None or _utc(other.reported_at) <= _utc(own.reported_at))


def boards_to_report(event: Event, user: User) -> list[BoardToReport]:
    """The user's boards of published rounds still without a result (usually one: this round)."""
    if not user.is_authenticated or user.player_id is None or not reports_enabled(event):
        return []
    entry_id = db.session.scalar(select(Entry.id).where(Entry.event_id == event.id,
                                                        Entry.player_id == user.player_id))
    if entry_id is None:
        return []
    games = db.session.scalars(
        select(Game).join(Round, Round.id == Game.round_id)
        .where(Round.event_id == event.id, Round.status == RoundStatus.PUBLISHED,
               Game.result == GameResult.PENDING, Game.black_entry_id.is_not(None),
               (Game.white_entry_id == entry_id) | (Game.black_entry_id == entry_id))
        .order_by(Round.number, Game.board)).all()
    out = []
    for game in games:
        side = "w" if game.white_entry_id == entry_id else "b"
        by_side = {r.side: r for r in game.reports}
        own, other = by_side.get(side), by_side.get("b" if side == "w" else "w")
        opponent = game.black if side == "w" else game.white
        out.append(BoardToReport(game.id, game.round.number, game.board, side, own.result if own else "",
                                 other.result if other else "", can_withdraw(own, other),
                                 opponent.player.full_name if opponent is not None else ""))
    return out


def board_to_report(event: Event, user: User, game_id: int, round_number: int) -> BoardToReport | None:
    """The user's board `game_id` of round `round_number` if it takes his report now."""
    return next((b for b in boards_to_report(event, user)
                 if b.game_id == game_id and b.round_number == round_number), None)


def _players_board(user: User, event: Event, game_id: int, round_number: int) -> tuple[Game, str]:
    """The game and the user's side on it, for a report or its withdrawal (inside the lock)."""
    game = db.session.get(Game, game_id)
    if game is None or game.round.event_id != event.id:
        raise ServiceError(_("Partida inexistente."))
    if game.round.number != round_number:
        raise ServiceError(_("Esta partida não é da rodada %(number)s; informe o resultado na página "
                             "da rodada %(actual)s.", number=round_number, actual=game.round.number))
    side = _side_of(user, game)
    if side is None:
        raise ServiceError(_("Só os jogadores da mesa informam o resultado dela."))
    if game.result != GameResult.PENDING:
        raise ServiceError(_("O resultado desta mesa já foi lançado; fale com o árbitro."))
    return game, side


def report_result(user: User, event: Event, game_id: int, value: str, round_number: int) -> str:
    """Store the user's report of his board; enter the result when both sides agree.

    `round_number` is the round the player reports on (the page's address): a game of another
    round is refused, so a report never lands on a board the player did not see [ours].
    Returns ENTERED, WAITING (no report of the opponent yet) or CONFLICT (he reported another).
    After the commit the players concerned, and the arbiters while a report waits, are mailed.
    """
    if not reports_enabled(event):
        raise ServiceError(_("Este evento não recebe resultados informados pelos jogadores."))
    try:
        result = GameResult(value)
    except ValueError:
        result = None
    if result not in REPORTABLE:
        raise ServiceError(_("Informe vitória das brancas, empate ou vitória das pretas."), "result")
    with transaction():
        lock_event(event)
        require_running(event)
        game, side = _players_board(user, event, game_id, round_number)
        check_enterable(event, game, result)
        reports = {r.side: r for r in game.reports}
        own = reports.get(side)
        before = {"round": game.round.number, "board": game.board, "side": side,
                  "result": own.result if own else ""}
        if own is None:
            own = ResultReport(game=game, side=side, result=result.value, user_id=user.id)
            db.session.add(own)
        else:
            own.result, own.user_id, own.reported_at = result.value, user.id, datetime.now(timezone.utc)
        record(user, "report_result", "game", game.id, before, {**before, "result": result.value}, event.id)
        other = reports.get("b" if side == "w" else "w")
        if other is None or other.result != result.value:
            outcome = WAITING if other is None else CONFLICT
            after_commit(later(notify_report, event.id, game.id, side, outcome))
            return outcome
        snapshot = game_snapshot(game)
        get_format(event).record_result(game, result)
        game.reports.clear()
        db.session.flush()
        reporters = ", ".join(sorted(u.name for u in db.session.scalars(
            select(User).where(User.id.in_([own.user_id, other.user_id])))))
        record(user, "result", "game", game.id, snapshot,
               {**game_snapshot(game), "reported_by": reporters}, event.id)
        after_commit(later(notify_report, event.id, game.id, side, ENTERED))
        return ENTERED


def withdraw_report(user: User, event: Event, game_id: int, round_number: int) -> None:
    """Withdraw the user's own report of his board while nobody acted on it (`can_withdraw`):
    a report sent by mistake is taken back by the player, not left for the arbiter [ours]."""
    if not reports_enabled(event):
        raise ServiceError(_("Este evento não recebe resultados informados pelos jogadores."))
    with transaction():
        lock_event(event)
        require_running(event)
        game, side = _players_board(user, event, game_id, round_number)
        reports = {r.side: r for r in game.reports}
        own = reports.get(side)
        if own is None:
            raise ServiceError(_("Você não tem resultado informado nesta mesa."))
        if not can_withdraw(own, reports.get("b" if side == "w" else "w")):
            raise ServiceError(_("Seu adversário já informou o resultado depois de você: o relato não pode mais "
                                 "ser retirado; fale com o árbitro."))
        before = {"round": game.round.number, "board": game.board, "side": side, "result": own.result}
        game.reports.remove(own)
        db.session.flush()
        record(user, "withdraw_report", "game", game.id, before, {**before, "result": ""}, event.id)
        after_commit(later(notify_report_withdrawn, event.id, game.id, side, own.result))  # the opponent was told of it


def pending_reports(event: Event, rnd: Round) -> dict[int, dict[str, str]]:
    """The round's boards still without a result that have a report: {game id: {side: result}}."""
    rows = db.session.execute(
        select(ResultReport.game_id, ResultReport.side, ResultReport.result)
        .join(Game, Game.id == ResultReport.game_id)
        .where(Game.round_id == rnd.id, Game.result == GameResult.PENDING)).all()
    out: dict[int, dict[str, str]] = {}
    for game_id, side, result in rows:
        out.setdefault(game_id, {})[side] = result
    return out


def pending_counts(event: Event) -> dict[int, int]:
    """Per round number: boards whose players' reports wait for the arbiter."""
    rows = db.session.execute(
        select(Round.number, ResultReport.game_id).join(Game, Game.round_id == Round.id)
        .join(ResultReport, ResultReport.game_id == Game.id)
        .where(Round.event_id == event.id, Game.result == GameResult.PENDING)).all()
    counts: dict[int, set[int]] = {}
    for number, game_id in rows:
        counts.setdefault(number, set()).add(game_id)
    return {n: len(g) for n, g in counts.items()}
