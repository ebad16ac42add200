"""The desk's matters that point at a recorded move: a CBJD 95 d irregular-move claim, an
incident (CBJD 60 b) and a question on the number of moves (CBJD 5º: "pela anotação deve ser
sempre possível ao árbitro tomar conhecimento do número de lances jogados").

A move is named as the score sheet names it: its number and its side. The game is the board's
record (`damas.services.games.records`; a micro-match board or a team board: the game named, 1
or 2; a knockout tie: the game named, else its latest record). The reference keeps the ply, so
the desk shows the position before and after it and the counts the arbiter needs: the moves
played and, since the last capture or man (pawn) move, the plies of CBJD 97 b (FIDE Laws 9.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.games.types import BLACK, WHITE, quiet_run
from damas.extensions import db
from damas.models import Event, User
from damas.models.gamerecord import DeskMoveReference, GameRecord
from damas.services.audit import record, transaction
from damas.services.desk.boards import DeskBoard, board_kind
from damas.services.errors import ServiceError
from damas.services.games.records import stored
from damas.services.rounds.state import require_running

SUBJECTS = ("claim_95d", "incident", "move_count")


@dataclass(frozen=True)
class MoveAt:
    """A move as the sheet names it: its number and side ("white" / "black")."""

    number: int
    side: str


@dataclass(frozen=True)
class Pointed:
    record: GameRecord
    ply: int


def move_at(number: int | None, side: str | None) -> MoveAt | None:
    """The form's move (None: no move named); a number without a side is refused."""
    if not number:
        return None
    if side not in (WHITE, BLACK) or number < 1:
        raise ServiceError(_("Informe o número do lance e a cor."), "move_number")
    return MoveAt(number, side)


def _black_starts(event: Event, rec: GameRecord) -> bool:
    fen = rec.start_fen.strip()
    if not fen:
        return False
    return fen[:1].upper() == "B" if event.discipline != "xadrez" else fen.split()[1:2] == ["b"]


def ply_of(event: Event, rec: GameRecord, move: MoveAt) -> int:
    shift = 1 if _black_starts(event, rec) else 0
    return 2 * move.number - (1 if move.side == WHITE else 0) - shift


def resolve(event: Event, board: DeskBoard, micro_game: int | None, move: MoveAt) -> Pointed:
    """The record of the desk's board and the ply of `move`; a clear refusal otherwise."""
    records = [r for key, r in sorted(stored(event, board.round).items()) if key[1] == board.number]
    if micro_game is not None:
        records = [r for r in records if r.game_no == micro_game]
    if not records:
        raise ServiceError(_("Esta mesa não tem partida registrada: registre os lances antes de apontar um."),
                           "move_number")
    rec = records[-1]
    ply = ply_of(event, rec, move)
    known = len(rec.plies) + (1 if rec.irregular_ply is not None else 0)  # the irregular move itself
    if ply < 1 or ply > known:
        raise ServiceError(_("A partida registrada não tem o lance %(n)s das %(side)s (posições conhecidas até o "
                             "lance %(last)s).", n=move.number,
                             side=_("brancas") if move.side == WHITE else _("pretas"),
                             last=(known + 1 + (1 if _black_starts(event, rec) else 0)) // 2), "move_number")
    return Pointed(rec, ply)


def store(actor: User, event: Event, pointed: Pointed, subject: str, note: str,
          incident_id: int | None = None) -> DeskMoveReference:
    """Add the reference inside the caller's transaction, with its audit entry."""
    ref = DeskMoveReference(event_id=event.id, record_id=pointed.record.id, ply=pointed.ply, subject=subject,
                            incident_id=incident_id, note=note.strip()[:500], arbiter_user_id=actor.id,
                            at=datetime.now(timezone.utc))
    db.session.add(ref)
    db.session.flush()
    record(actor, "move_reference", "desk_move_ref", ref.id, None, {
        "subject": subject, "round": pointed.record.round_number, "board": pointed.record.board,
        "game": pointed.record.game_no, "ply": pointed.ply, "incident_id": incident_id, "note": ref.note}, event.id)
    return ref


def move_count_question(actor: User, event: Event, round_number: int, player: Any, move: MoveAt | None,
                        note: str, micro_game: int | None = None) -> DeskMoveReference:
    """CBJD 5º: the arbiter looks up the number of moves played on a board's record at a move."""
    require_running(event)
    if move is None:
        raise ServiceError(_("Informe o número do lance e a cor."), "move_number")
    boards = board_kind(event)
    board = boards.board_of(event, round_number, boards.seat(event, player))
    assert board is not None
    pointed = resolve(event, board, micro_game, move)
    with transaction():
        return store(actor, event, pointed, "move_count", note)


def counts(rec: GameRecord, ply: int) -> dict[str, int]:
    """What the sheet tells at `ply`: moves played by each side and the plies since the last
    capture or man / pawn move (CBJD 97 b; FIDE Laws 9.3)."""
    legal = rec.plies[:ply]
    return {"plies": ply, "white": (ply + 1) // 2, "black": ply // 2,
            "quiet": quiet_run([(bool(p["c"]), bool(p["m"])) for p in legal])}


def references(event: Event) -> list[DeskMoveReference]:
    return list(db.session.scalars(select(DeskMoveReference).where(DeskMoveReference.event_id == event.id)
                                   .order_by(DeskMoveReference.at, DeskMoveReference.id)))
