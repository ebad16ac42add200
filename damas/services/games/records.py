"""A game's record: typed or pasted moves, checked by the rules of the event's game, saved with
its audit entry.

Nothing is saved while a move is illegal, ambiguous or unreadable, unless the arbiter saves the
sheet as written: then the record keeps every move as written and is marked irregular at the
first refused move (CBJD 56, 59: the score sheet is evidence; CBJD 53: the game went on). A
record is one game of the format's games (`damas.formats.game_slots`), bound to its two players.
A draughts record on 64 squares may be written by file and rank or by numbers (the numbering in
`damas.engine.games.notation`), not both; it keeps the moves as written and its plies in the
notation of CBJD 4º d (``c3-d4``), which the pages and the files show.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.games import CheckedGame, GameRules, Verdict, ending_contradictions, results_of, rules_for
from damas.engine.games.notation import (
    LAST_SQUARE,
    NUMERIC,
    mixed_notation,
    parse_draughts_move,
    read_movetext,
    square_out_of_range,
)
from damas.engine.games.draughts_rules import BRAZILIAN, INTERNATIONAL
from damas.engine.games.types import move_number, side_of
from damas.extensions import db
from damas.formats.game_slots import GameSlot, round_slots
from damas.models import Event, User
from damas.models.gamerecord import GameRecord
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.games.pasted import has_tags, read_pasted

_BOARD_SIZES = {BRAZILIAN.code: BRAZILIAN.board_size, INTERNATIONAL.code: INTERNATIONAL.board_size}
MAX_MOVES = 600  # plies; a longer text is not a score sheet
MAX_TEXT = 20_000
_FIELDS = ("round_number", "board", "game_no", "white_player_id", "black_player_id", "moves", "result_token",
           "start_fen", "final", "irregular_ply", "note", "source")


def simultaneous_message() -> str:  # noqa: N802  (a message, translated when raised)
    return _("Outro árbitro gravou esta partida ao mesmo tempo. Confira e grave de novo.")


class RecordRefused(ServiceError):
    """The moves break the rules: the page shows the check (`game`) and offers to save as written."""

    def __init__(self, message: str, game: CheckedGame) -> None:
        super().__init__(message, "moves")
        self.game = game


@dataclass(frozen=True)
class SheetText:
    """A typed or pasted record: its moves as written and the result token at its end."""

    moves: tuple[str, ...]
    result: str


def event_rules(event: Event) -> GameRules:
    return rules_for(event.discipline)


def read_sheet(event: Event, text: str) -> SheetText:
    """The moves of a typed record (move numbers, comments and a final result allowed)."""
    if len(text) > MAX_TEXT:
        raise ServiceError(_("Texto longo demais para uma partida."), "moves")
    movetext = read_movetext(text, results_of(event_rules(event)))
    if len(movetext.moves) > MAX_MOVES:
        raise ServiceError(_("Lances demais para uma partida (máximo %(n)s).", n=MAX_MOVES), "moves")
    return SheetText(movetext.moves, movetext.result)


def _side_name(side: str) -> str:
    return _("brancas") if side == "white" else _("pretas")


def check_notation(rules: GameRules, moves: tuple[str, ...], start_fen: str = "") -> None:
    """A draughts record by numbers or by file and rank, not both (CBJD 4º; the numbering of the
    64-square board in `damas.engine.games.notation`): refused whole with the first move that
    changes notation."""
    if rules.file_kind != "pdn":
        return
    index = mixed_notation(moves, rules.board_size)
    if index is None:
        return
    black_starts = start_fen.strip()[:1].upper() == "B"
    move = moves[index - 1]
    parsed = parse_draughts_move(move, rules.board_size)
    numeric = parsed is not None and parsed.notation == NUMERIC
    raise ServiceError(_("Lance %(n)s das %(side)s (%(move)s) está em notação %(this)s, e os anteriores em "
                         "notação %(other)s: escreva a partida toda numa só notação.",
                         n=move_number(index, black_starts), side=_side_name(side_of(index, black_starts)),
                         move=move, this=_("numérica") if numeric else _("algébrica"),
                         other=_("algébrica") if numeric else _("numérica")), "moves")


def check_moves(event: Event, moves: tuple[str, ...], start_fen: str = "") -> CheckedGame:
    rules = event_rules(event)
    check_notation(rules, moves, start_fen)
    try:
        return rules.check(moves, start_fen or None)
    except ValueError:  # a FEN the library cannot set up
        raise ServiceError(_("Posição inicial (FEN) inválida."), "moves") from None


def find_slot(event: Event, round_number: int, board: int, game: int, *, drafts: bool = False) -> GameSlot:
    slots = round_slots(event, round_number, drafts=drafts) or []
    slot = next((s for s in slots if s.key == (round_number, board, game)), None)
    if slot is None:
        raise ServiceError(_("Esta partida não existe nesta rodada."))
    return slot


def stored(event: Event, round_number: int | None = None) -> dict[tuple[int, int, int], GameRecord]:
    """The event's records by (round, board, game)."""
    stmt = select(GameRecord).where(GameRecord.event_id == event.id)
    if round_number is not None:
        stmt = stmt.where(GameRecord.round_number == round_number)
    return {(r.round_number, r.board, r.game_no): r for r in db.session.scalars(stmt)}


def belongs(rec: GameRecord | None, slot: GameSlot) -> bool:
    """The record was made for the players the game has now (a re-paired game has none)."""
    return rec is not None and (rec.white_player_id, rec.black_player_id) == (slot.white.player_id,
                                                                               slot.black.player_id)


def record_of(event: Event, slot: GameSlot) -> GameRecord | None:
    rec = stored(event, slot.round).get(slot.key)
    return rec if belongs(rec, slot) else None


def plies_json(game: CheckedGame) -> list[dict[str, Any]]:
    return [{"n": p.notation, "f": p.position, "s": list(p.squares), "c": p.capture, "m": p.piece_move}
            for p in game.plies]


def snapshot(rec: GameRecord) -> dict[str, Any]:
    return {name: getattr(rec, name) for name in _FIELDS}


def problem_message(game: CheckedGame) -> str:
    """The refused move by number and side, with the legal moves."""
    p = game.problem
    assert p is not None
    side = _side_name(p.side)
    size = _BOARD_SIZES.get(game.variant)
    outside = square_out_of_range(p.written, size) if size else None
    if p.kind.value == "ambiguous":
        text = _("Lance %(n)s das %(side)s (%(move)s) é ambíguo: pode ser %(moves)s.", n=p.number, side=side,
                 move=p.written, moves=", ".join(p.alternatives))
    elif p.kind.value == "unreadable" and outside is not None and size is not None:
        text = _("Lance %(n)s das %(side)s (%(move)s): a casa %(square)s não existe; na notação numérica as "
                 "casas vão de 1 a %(last)s.", n=p.number, side=side, move=p.written, square=outside,
                 last=LAST_SQUARE[size])
    elif p.kind.value == "unreadable":
        text = _("Lance %(n)s das %(side)s (%(move)s) não está na notação do jogo. Lances legais: %(moves)s.",
                 n=p.number, side=side, move=p.written, moves=", ".join(p.alternatives) or "—")
    else:
        text = _("Lance %(n)s das %(side)s (%(move)s) é irregular. Lances legais: %(moves)s.", n=p.number,
                 side=side, move=p.written, moves=", ".join(p.alternatives) or "—")
    return text


def apply_record(actor: User, event: Event, slot: GameSlot, sheet: SheetText, game: CheckedGame, *,
                 as_written: bool, note: str = "", source: str = "typed", start_fen: str = "") -> GameRecord:
    """Write the record inside the caller's transaction (with its audit entry)."""
    if not sheet.moves:
        raise ServiceError(_("Digite os lances da partida."), "moves")
    if game.problem is not None and not as_written:
        raise RecordRefused(problem_message(game), game)
    rec = stored(event, slot.round).get(slot.key)
    before = snapshot(rec) if rec is not None else None
    if rec is None:
        rec = GameRecord(event_id=event.id, round_number=slot.round, board=slot.board, game_no=slot.game)
        db.session.add(rec)
    rec.white_player_id, rec.black_player_id = slot.white.player_id, slot.black.player_id
    rec.moves = " ".join(sheet.moves)
    rec.result_token = sheet.result
    rec.start_fen = start_fen
    rec.plies = plies_json(game)
    rec.irregular_ply = game.problem.index if game.problem is not None else None
    rec.final = game.final.value
    rec.note = note.strip()[:300]
    rec.source = source
    rec.recorded_by_id = actor.id
    rec.recorded_at = datetime.now(timezone.utc)
    db.session.flush()
    record(actor, "game_record_saved", "game_record", rec.id, before, snapshot(rec), event.id)
    return rec


def save_record(actor: User, event: Event, round_number: int, board: int, game_no: int, text: str, *,
                as_written: bool = False, note: str = "") -> tuple[GameRecord, CheckedGame, tuple[str, ...]]:
    """Check and save a typed or pasted record of one game (one transaction); also what a pasted
    game's tags say against the board (`pasted`: warnings, the record is saved all the same)."""
    slot = find_slot(event, round_number, board, game_no, drafts=True)
    if len(text) > MAX_TEXT:
        raise ServiceError(_("Texto longo demais para uma partida."), "moves")
    if has_tags(text):
        pasted = read_pasted(event_rules(event), slot, text, MAX_MOVES)
        sheet, start_fen, warnings = SheetText(pasted.moves, pasted.result), pasted.start_fen, pasted.warnings
    else:
        sheet, start_fen, warnings = read_sheet(event, text), "", ()
    game = check_moves(event, sheet.moves, start_fen)
    try:
        with transaction():
            rec = apply_record(actor, event, slot, sheet, game, as_written=as_written, note=note,
                               start_fen=start_fen)
    except (StaleDataError, IntegrityError):  # a change, or a first record, saved meanwhile by another arbiter
        raise ServiceError(simultaneous_message()) from None
    return rec, game, warnings


def delete_record(actor: User, event: Event, rec: GameRecord) -> None:
    if rec.event_id != event.id:
        raise ServiceError(_("Partida de outro evento."))
    with transaction():
        record(actor, "game_record_deleted", "game_record", rec.id, snapshot(rec), None, event.id)
        db.session.delete(rec)


def checked(event: Event, rec: GameRecord) -> CheckedGame:
    """A stored record replayed (the desk and the editing form; pages read `rec.plies`)."""
    return check_moves(event, tuple(rec.moves.split()), rec.start_fen)


def disagreements(slot: GameSlot, rec: GameRecord) -> list[str]:
    """What the record's end says against the board's result (codes of `Contradiction`), from
    what the record keeps (no replay)."""
    found = ending_contradictions(Verdict(rec.final or "open"), rec.irregular_ply is None, bool(rec.moves),
                                  rec.result_token, slot.outcome)
    return [c.value for c in found]
