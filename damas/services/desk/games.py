"""Desk boards of round-based events: a `Game` of a published round (RULES.md §6).

Players are entries, numbered for the engine by their pairing number; a game loss sets the
game's result and is stored as a `DeskPenalty` the chief arbiter can reverse (the board gets
its earlier result back).
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.penalties import BoardResult, Sanction
from damas.engine.types import Outcome
from damas.extensions import db
from damas.models import Entry, Event, Game, GameResult, Round, RoundStatus, User
from damas.models.desk import DeskPenalty
from damas.services.audit import record
from damas.services.desk.boards import ROUND, Applied, DeskBoard, EngineBoards, Seat, register
from damas.services.errors import ServiceError
from damas.formats.mapping import event_rounds
from damas.services.rounds.state import game_snapshot


def number(entry: Entry | None) -> int:
    """The engine's number of an entry: its pairing number (0 when it has none)."""
    return entry.pairing_number or 0 if entry is not None else 0


def published_round(event: Event, round_number: int) -> Round:
    rnd = next((r for r in event_rounds(event) if r.number == round_number), None)
    if rnd is None or rnd.status != RoundStatus.PUBLISHED:
        raise ServiceError(_("Escolha uma rodada publicada."), "round_number")
    return rnd


def board_of(event: Event, round_number: int, entry: Entry) -> Game:
    """The board `entry` plays in round `round_number` (a real game: two players, not withdrawn)."""
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."), "entry_id")
    rnd = published_round(event, round_number)
    game = next((g for g in rnd.games if entry.id in (g.white_entry_id, g.black_entry_id)), None)
    if game is None or game.black_entry_id is None or game.result in (GameResult.BYE, GameResult.WITHDRAWN):
        raise ServiceError(_("Este jogador não tem partida nesta rodada."), "entry_id")
    return game


SIDES = ("white", "black")


def entry_at_board(event: Event, round_number: int, board: int, side: str) -> Entry:
    """The entry seated on `side` ("white"/"black") of board `board` in a published round: the
    arbiter names a player by his board, as he stands at it; a clear message when the round has
    no such board or that side has no player (a bye)."""
    rnd = published_round(event, round_number)
    game = next((g for g in rnd.games if g.board == board), None)
    if game is None:
        raise ServiceError(_("A rodada %(r)s não tem a mesa %(b)s.", r=round_number, b=board), "board")
    if side not in SIDES:
        raise ServiceError(_("Escolha o lado do jogador: brancas ou pretas."), "side")
    entry = game.white if side == "white" else game.black
    if entry is None:
        raise ServiceError(_("Este lado da mesa %(b)s não tem jogador.", b=board), "side")
    return entry


def round_boards(event: Event) -> dict[int, list[tuple[int, str, str]]]:
    """Published round -> its boards as (board, White's name, Black's name; "" for none): what
    the desk shows to pick a board by its number."""
    out: dict[int, list[tuple[int, str, str]]] = {}
    for rnd in event_rounds(event):
        if rnd.status == RoundStatus.PUBLISHED:
            out[rnd.number] = [(g.board, g.white.player.full_name if g.white else "",
                                g.black.player.full_name if g.black else "")
                               for g in sorted(rnd.games, key=lambda g: g.board)]
    return out


def board_result_to_game(result: BoardResult) -> GameResult:
    pair = (result.white, result.black)
    if pair == (Outcome.WIN, Outcome.LOSS):
        return GameResult.WHITE_WIN
    if pair == (Outcome.LOSS, Outcome.WIN):
        return GameResult.BLACK_WIN
    if pair == (Outcome.LOSS, Outcome.LOSS):
        return GameResult.DOUBLE_LOSS  # CBJD 51: the game lost by both, a played 0-0
    raise ServiceError(_("Resultado de penalidade inválido."))


class GameBoards:
    """The board adapter of round-based events (`damas.services.desk.boards.BoardKind`)."""

    code = ROUND
    per_game = False

    def seat(self, event: Event, player: Entry | int | None) -> Seat:
        if isinstance(player, int):  # a form's value: an entry of this event
            entry = db.session.get(Entry, player)
            if entry is None or entry.event_id != event.id:
                raise ServiceError(_("Jogador inexistente."), "entry_id")
        else:
            entry = player
        if entry is None:
            raise ServiceError(_("Jogador inexistente."), "entry_id")
        if entry.event_id != event.id:
            raise ServiceError(_("Inscrição de outro evento."), "entry_id")
        return Seat(number(entry), entry.player.full_name, entry=entry)

    def board_of(self, event: Event, round_number: int, seat: Seat, strict: bool = True) -> DeskBoard | None:
        assert seat.entry is not None
        if strict:
            game: Game | None = board_of(event, round_number, seat.entry)
        else:  # a warning or an exclusion: any game of the round, or none
            rnd = published_round(event, round_number)
            game = next((g for g in rnd.games if seat.entry.id in (g.white_entry_id, g.black_entry_id)), None)
        if game is None:
            return None
        return DeskBoard(round=round_number, number=game.board, white=number(game.white), black=number(game.black),
                         ref=game, game_id=game.id, where={"round": round_number, "board": game.board},
                         target=("game", game.id))

    def boards(self, event: Event) -> EngineBoards:
        return {(rnd.number, g.board): (number(g.white), number(g.black))
                for rnd in event_rounds(event) for g in rnd.games if g.black is not None}

    def names(self, event: Event) -> dict[int, str]:
        return {e.pairing_number: e.player.full_name for e in event.entries if e.pairing_number is not None}

    def sanction_refusal(self, sanction: Sanction) -> str | None:
        return None

    def check_decidable(self, event: Event, board: DeskBoard, micro_game: int | None) -> None:
        return None

    def apply_result(self, actor: User, event: Event, board: DeskBoard, result: BoardResult, source: str,
                     source_id: int | None, article: str, micro_game: int | None) -> Applied | None:
        game: Game = board.ref
        target = board_result_to_game(result)
        active = db.session.scalars(select(DeskPenalty).where(
            DeskPenalty.game_id == game.id, DeskPenalty.reversed_at.is_(None))).all()
        if game.result == target and active:
            return None  # already lost by an earlier penalty
        before = game_snapshot(game)
        penalty = DeskPenalty(event_id=event.id, game_id=game.id, source=source, source_id=source_id,
                              article=article, result_before=game.result.value, result_after=target.value,
                              applied_by_id=actor.id)
        game.result = target
        db.session.add(penalty)
        db.session.flush()
        record(actor, "penalty", "game", game.id, before,
               {**game_snapshot(game), "article": article, "source": source, "penalty_id": penalty.id}, event.id)
        # no note: the page names the penalty's result with the rule set's labels
        return Applied("", ("game", game.id), penalty)

    def reverse(self, actor: User, event: Event, penalty: DeskPenalty, reason: str) -> None:
        game = db.session.get(Game, penalty.game_id)
        if game is None or game.result.value != penalty.result_after:
            raise ServiceError(_("O resultado da mesa mudou depois da penalidade; use a correção de resultado."))
        before = game_snapshot(game)
        game.result = GameResult(penalty.result_before)
        penalty.reversed_by_id = actor.id
        penalty.reversed_at = datetime.now(timezone.utc)
        penalty.reversal_reason = reason.strip()
        db.session.flush()
        record(actor, "penalty_reversed", "game", game.id, before,
               {**game_snapshot(game), "penalty_id": penalty.id, "reason": penalty.reversal_reason}, event.id)

    def stale_message(self) -> str:
        return _("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e registre de novo.")


register(GameBoards())
