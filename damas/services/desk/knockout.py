"""The arbiter's desk in a knockout event (RULES.md §6, §3 Knockout): incidents (CBJD 60, CLUB
disconnections), sanctions (CBJD 51) and CBJD 95 d claims on the ties of the bracket.

A knockout has no `Round`/`Game` rows: its games are `KnockoutGame` rows, written only once a
game has a result, and who plays whom is derived from the bracket (`services.knockout`).
The desk's rows are mapped onto the bracket like this **[ours]**:

* `round_number` = the knockout round (fase) of the tie: 1 = first round, ..., the last =
  the final (a third-place or 5-8 tie is in the same round as the final / semi-final);
* `board` = the tie number within that round, 1-based (tie index + 1, as in `TieId`);
* `DeskIncident.game_id` stays empty (it points at `Game` rows only);
* incidences are counted per player per knockout round under the "per game" scope (the
  engine counts per player and round), so the games of one tie (mini-match, replay, play-off)
  count together; the "per event" scope counts the whole event, as for the other systems;
* the engine sees each tie as a board (White, Black) = the colours of the tie's current
  game (the next one it needs), or of its last game once it is decided.

The flows are the desk's own (`incidents`, `sanctions`); this module is the knockout's board
adapter (`KnockoutBoards`) they act through, plus the ties' data for the desk page.

A consequence that decides a game (game lost by incidence or disconnections, CBJD 51 c, CBJD
95 d) is recorded on the tie's current game through `knockout.record_tie_game`, exactly as
when the arbiter enters the result, so the bracket advances; the same transaction writes an
audit row ``penalty`` on the new ``knockout_game``. When the tie needs no game (it is decided:
its current game already has a result) the penalty is refused and nothing is written: a
finished game is changed with the knockout page's correction. Such a penalty is not a
`DeskPenalty` row (that table points at `Game` rows), so it has no reversal on the desk: the
knockout correction is the way back. A loss for both players cannot decide a tie and is
refused; exclusion (CBJD 51 d) is refused too, as the knockout has no withdrawal rule: the
arbiter applies the loss of the game instead.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.pairing.knockout import NOBODY, Bracket, Tie, all_ties
from damas.engine.penalties import BoardResult, Sanction
from damas.engine.types import Outcome
from damas.extensions import db
from damas.models import AuditEntry, Entry, Event, User
from damas.models.desk import DeskPenalty
from damas.services.rounds import knockout as ko
from damas.services.audit import record
from damas.services.desk.boards import KNOCKOUT, Applied, DeskBoard, Seat, register
from damas.services.desk.games import GameBoards
from damas.services.errors import ServiceError

def _loaded(event: Event) -> ko.LoadedBracket:
    loaded = ko.load_bracket(event)
    if loaded is None:
        raise ServiceError(_("A eliminatória ainda não foi iniciada."), "round_number")
    return loaded


def _played(tie: Tie) -> bool:
    """A tie with two players (not a bye, not waiting for players)."""
    return bool(tie.top) and bool(tie.bottom) and NOBODY not in (tie.top, tie.bottom)


def _colours(event: Event, loaded: ko.LoadedBracket, tie: Tie) -> tuple[int, int]:
    """(White, Black) of the tie's current game, or of its last game once it is decided."""
    nxt = ko.proposed_game(event, loaded, tie)
    if nxt is not None:
        return nxt[0], nxt[1]
    if tie.games:
        return tie.games[-1].white, tie.games[-1].black
    return tie.top or 0, tie.bottom or 0


def boards(event: Event) -> dict[tuple[int, int], tuple[int, int]]:
    """(knockout round, tie number) -> (White, Black) pairing numbers, for the engine."""
    loaded = ko.load_bracket(event)
    if loaded is None:
        return {}
    return {(r, j + 1): _colours(event, loaded, tie) for (r, j), tie in all_ties(loaded.bracket).items()
            if _played(tie)}


def desk_ties(event: Event) -> tuple[Bracket | None, list[dict[str, Any]]]:
    """The bracket and the ties the desk can name, latest round first: round, tie number, tie id,
    the two players (pairing number, entry), the current game (names, stage, game number) and
    whether the tie is still open. The page adds the labels (`damas.reports.bracket`)."""
    loaded = ko.load_bracket(event)
    if loaded is None:
        return None, []
    out = []
    for (r, j), tie in sorted(all_ties(loaded.bracket).items(), key=lambda kv: (-kv[0][0], kv[0][1])):
        if not _played(tie):
            continue
        nxt = ko.proposed_game(event, loaded, tie)
        current = None
        if nxt is not None:
            white, black, stage = nxt
            current = {"white": loaded.entry_by_no[white].player.full_name,
                       "black": loaded.entry_by_no[black].player.full_name,
                       "stage": stage.value, "seq": len(tie.games) + 1}
        out.append({
            "round": r, "tie": j + 1, "id": (r, j),
            "players": [(no, loaded.entry_by_no[no]) for no in (tie.top, tie.bottom) if no],
            "open": nxt is not None, "current": current,
            "winner": loaded.entry_by_no[tie.winner].player.full_name if tie.winner else "",
        })
    return loaded.bracket, out


def _tie_of(event: Event, loaded: ko.LoadedBracket, round_number: int, entry: Entry) -> Tie:
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."), "entry_id")
    if not 1 <= (round_number or 0) <= loaded.bracket.rounds:
        raise ServiceError(_("Escolha uma fase da eliminatória."), "round_number")
    no = entry.pairing_number
    for (r, _j), tie in all_ties(loaded.bracket).items():
        if r == round_number and _played(tie) and no in (tie.top, tie.bottom):
            return tie
    raise ServiceError(_("Este jogador não tem confronto nesta fase da eliminatória."), "entry_id")


def _refuse_decided(event: Event, loaded: ko.LoadedBracket, tie: Tie) -> tuple[int, int]:
    """(White, Black) of the tie's current (pending) game; refused when the tie needs no game."""
    nxt = ko.proposed_game(event, loaded, tie)
    if nxt is None:
        raise ServiceError(_("A partida atual deste confronto já tem resultado (o confronto está decidido). "
                             "Para mudar uma partida encerrada use a correção na página da eliminatória."))
    return nxt[0], nxt[1]


def _no_winner() -> str:
    return _("Na eliminatória o confronto precisa de um vencedor: a perda da partida pelos dois "
             "jogadores não se aplica.")


def _result_text(result: BoardResult) -> str:
    pair = (result.white, result.black)
    if pair == (Outcome.WIN, Outcome.LOSS):
        return "1-0"
    if pair == (Outcome.LOSS, Outcome.WIN):
        return "0-1"
    raise ServiceError(_no_winner(), "kind")


class KnockoutBoards(GameBoards):
    """The board adapter of knockout events: a tie of the bracket, whose penalty decides the tie's
    current game (`damas.services.desk.boards.BoardKind`). Players are entries, as in round events."""

    code = KNOCKOUT
    per_game = False

    def board_of(self, event: Event, round_number: int, seat: Seat, strict: bool = True) -> DeskBoard | None:
        assert seat.entry is not None
        loaded = _loaded(event)
        tie = _tie_of(event, loaded, round_number, seat.entry)
        white, black = _colours(event, loaded, tie)
        return DeskBoard(round=round_number, number=tie.id[1] + 1, white=white, black=black, ref=(loaded, tie),
                         where={"round": round_number, "board": tie.id[1] + 1})

    def boards(self, event: Event) -> dict[tuple[int, int], tuple[int, int]]:
        return boards(event)

    def sanction_refusal(self, sanction: Sanction) -> str | None:
        if sanction in (Sanction.EXCLUSION, Sanction.LAWS_EXPULSION):  # no withdrawal rule here
            return _("A eliminatória não tem regra de desistência: o afastamento (CBJD 51 d) não pode ser "
                     "aplicado aqui. Aplique a perda da partida (CBJD 51 c) para decidir o confronto.")
        if sanction is Sanction.GAME_LOST_BOTH:
            return _no_winner()
        return None

    def check_decidable(self, event: Event, board: DeskBoard, micro_game: int | None) -> None:
        loaded, tie = board.ref
        _refuse_decided(event, loaded, tie)

    def apply_result(self, actor: User, event: Event, board: DeskBoard, result: BoardResult, source: str,
                     source_id: int | None, article: str, micro_game: int | None) -> Applied | None:
        """Record the tie's current game as the penalty decides, through the knockout service, and
        audit it as a penalty."""
        _loaded_bracket, tie = board.ref
        text = _result_text(result)
        row = ko.record_tie_game(actor, event, tie.id, len(tie.games), text)
        record(actor, "penalty", "knockout_game", row.id, None, {
            "round": row.round, "tie": row.tie_index + 1, "seq": row.seq, "stage": row.stage,
            "white_entry_id": row.white_entry_id, "black_entry_id": row.black_entry_id, "outcome": row.outcome,
            "result": text, "article": article, "source": source, "source_id": source_id}, event.id)
        return Applied(_("Resultado registrado pelo sistema na partida atual do confronto (fase %(r)s, confronto "
                         "%(t)s); a chave avançou.", r=board.round, t=board.number), ("knockout_game", row.id))

    def reverse(self, actor: User, event: Event, penalty: DeskPenalty, reason: str) -> None:
        raise ServiceError(_("Na eliminatória um resultado da mesa é mudado pela correção na página da "
                             "eliminatória."))

    def stale_message(self) -> str:
        return _("Outro árbitro alterou a chave ao mesmo tempo. Confira e registre de novo.")


register(KnockoutBoards())


# ---------------------------------------------------------------- penalties shown on the desk

def penalty_entries(event: Event) -> list[AuditEntry]:
    """The audit rows of the results the desk recorded on knockout games, oldest first."""
    return list(db.session.scalars(
        select(AuditEntry).where(AuditEntry.event_id == event.id, AuditEntry.action == "penalty",
                                 AuditEntry.object_type == "knockout_game")
        .order_by(AuditEntry.id)))
