"""The arbiter's desk in a team micro-match event (CBJD 120 with CBJD 51, 60, 95 d; RULES.md §6).

A team event has no `Round`/`Game` rows and no `Entry` rows for its players: its boards are
`TeamBoardRow` rows of `TeamMatchRow` team matches, who sits on a board comes from the line-ups
(`TeamLineup`), and the two games of a board are stored from team A's player's side. The desk's
rows are mapped onto the team rounds like this **[ours]**:

* `round_number` = the team round (only published rounds are offered);
* `board` = the board's number over the whole round, ``(table - 1) x boards per team + board``
  (`damas.engine.teams.event_board`, the numbering of the game-by-game rating export): with 4
  boards per team, table 2 board 1 is board 5 (`table_and_board` gives it back);
* `entry_id` stays empty and `player_id` names the player (migration 0008); `game_id` stays empty;
* the engine numbers the players by their player id (a player plays for one team only) and sees
  each board as (team A's player, team B's player): an engine "White" win is a ``2-0`` game
  from team A's side. Incidences are counted per player per team round under the "per game"
  scope (both games of the micro-match together, as on individual micro-match boards), over the
  whole event under the "per event" scope, as for the other systems.

The flows are the desk's own (`incidents`, `sanctions`); this module is the team boards' adapter
(`TeamBoards`) they act through.

A consequence that decides a game (game lost by incidence or disconnections, CBJD 51 c, CBJD 95 d)
decides ONE game of the board's micro-match: the arbiter names game 1 or 2 and the result is
written into that game through the team service's own entry (`teams.record_board_game`), so the
team match score and the standings follow once the board's other game has a result; the same
transaction writes an audit row ``penalty`` on the ``team_match``. When that game already has a
different result the penalty is refused and nothing is written (the team results form corrects
it); when it already has the same result (an earlier penalty) nothing more is written. Such a
penalty is not a `DeskPenalty` row (that table points at `Game` rows), so it has no reversal on
the desk: the team results form of the round is the way back (the desk page says so). A loss for
both players and exclusion (CBJD 51 d) are refused: the team services have no rule for them.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.penalties import BoardResult, Sanction
from damas.engine.teams import event_board
from damas.engine.types import Outcome
from damas.extensions import db
from damas.models import AuditEntry, Entry, Event, User
from damas.models.desk import DeskPenalty
from damas.models.micromatch import TeamBoardRow
from damas.services.micromatch import team_events as team_service
from damas.services.audit import record
from damas.services.desk.boards import MICRO_TEAMS, Applied, DeskBoard, Seat, register
from damas.services.errors import ServiceError
from damas.services.teams.entries import team_settings, team_rounds, teams_of
from damas.formats.team_state import event_lineups

MICRO_GAMES = (1, 2)


def team_boards(event: Event) -> list[dict[str, Any]]:
    """Every board with two players in the published team rounds, latest round first: round,
    event board number, table, board within the match, the match row, the two players (ids) and
    their names and teams."""
    boards = team_settings(event).boards
    lineups = event_lineups(event)
    names = {m.player_id: m.player.full_name for t in teams_of(event) for m in t.members}
    out = []
    for rnd in reversed(team_rounds(event)):
        if not rnd.published:
            continue
        for m in rnd.matches:
            if m.team_b_id is None or m.team_b is None:
                continue
            la, lb = lineups.get((rnd.id, m.team_a_id), {}), lineups.get((rnd.id, m.team_b_id), {})
            games = {b.board: (b.game1, b.game2) for b in m.boards}
            for k in range(1, boards + 1):
                pa, pb = la.get(k), lb.get(k)
                if pa is None or pb is None:
                    continue
                out.append({"round": rnd.number, "board": event_board(m.table, k, boards), "table": m.table, "k": k,
                            "match": m, "a": pa, "b": pb, "a_name": names.get(pa, "?"), "b_name": names.get(pb, "?"),
                            "a_team": m.team_a.name, "b_team": m.team_b.name, "games": games.get(k, ("", ""))})
    return out


def boards(event: Event) -> dict[tuple[int, int], tuple[int, int]]:
    """(team round, event board number) -> (team A's player id, team B's player id), for the engine."""
    return {(b["round"], b["board"]): (b["a"], b["b"]) for b in team_boards(event)}


def names(event: Event) -> dict[int, str]:
    """Player id -> name, for the engine's numbers in a team event."""
    return {m.player_id: m.player.full_name for t in teams_of(event) for m in t.members}


def _board_of(event: Event, round_number: int, player_id: int | None) -> dict[str, Any]:
    if not any(r.number == round_number and r.published for r in team_rounds(event)):
        raise ServiceError(_("Escolha uma rodada publicada."), "round_number")
    found = next((b for b in team_boards(event) if b["round"] == round_number and player_id in (b["a"], b["b"])),
                 None)
    if found is None:
        raise ServiceError(_("Este jogador não está escalado em um tabuleiro desta rodada."), "entry_id")
    return found


def _game_text(result: BoardResult) -> str:
    pair = (result.white, result.black)
    if pair == (Outcome.WIN, Outcome.LOSS):
        return "2-0"
    if pair == (Outcome.LOSS, Outcome.WIN):
        return "0-2"
    raise ServiceError(_no_rule_for_both(), "kind")


def _no_rule_for_both() -> str:
    return _("No evento por equipes a perda da partida pelos dois jogadores não tem regra: aplique a "
             "perda a um dos jogadores ou lance o resultado no formulário da rodada.")


def _require_game(micro_game: int | None) -> int:
    if micro_game not in MICRO_GAMES:
        raise ServiceError(_("Micro match: escolha a partida (1ª ou 2ª) em que a penalidade foi aplicada."),
                           "micro_game")
    return int(micro_game)  # type: ignore[arg-type]


def _apply_result(actor: User, event: Event, board: dict[str, Any], result: BoardResult, source: str,
                  source_id: int | None, article: str, micro_game: int | None) -> TeamBoardRow | None:
    """Record the game the penalty decides (inside the caller's transaction) through the team
    service, and audit it as a penalty; None when that game already has this result."""
    k = _require_game(micro_game)
    text = _game_text(result)
    match = board["match"]
    current = board["games"][k - 1]
    if current == text:
        return None  # already lost (an earlier penalty, or entered so)
    row = team_service.record_board_game(actor, event, match, board["k"], k, text)
    record(actor, "penalty", "team_match", match.id, {"board": board["k"], "games": list(board["games"])}, {
        "round": board["round"], "table": board["table"], "board": board["k"], "event_board": board["board"],
        "micro_game": k, "games": [row.game1, row.game2], "result": text, "player_a": board["a"],
        "player_b": board["b"], "article": article, "source": source, "source_id": source_id}, event.id)
    return row


def _where(board: dict[str, Any]) -> dict[str, Any]:
    return {"round": board["round"], "board": board["board"], "table": board["table"], "team_board": board["k"]}


class TeamBoards:
    """The board adapter of team micro-match events (`damas.services.desk.boards.BoardKind`):
    players are named by player id; a penalty decides game 1 or 2 of the board's micro-match."""

    code = MICRO_TEAMS
    per_game = True

    def seat(self, event: Event, player: Entry | int | None) -> Seat:
        player_id = player.player_id if isinstance(player, Entry) else player
        return Seat(player_id or 0, names(event).get(player_id or 0, "?"), player_id=player_id)

    def board_of(self, event: Event, round_number: int, seat: Seat, strict: bool = True) -> DeskBoard | None:
        b = _board_of(event, round_number, seat.player_id)
        return DeskBoard(round=round_number, number=b["board"], white=b["a"], black=b["b"], ref=b,
                         where=_where(b), target=("team_match", b["match"].id))

    def boards(self, event: Event) -> dict[tuple[int, int], tuple[int, int]]:
        return boards(event)

    def names(self, event: Event) -> dict[int, str]:
        return names(event)

    def sanction_refusal(self, sanction: Sanction) -> str | None:
        if sanction in (Sanction.EXCLUSION, Sanction.LAWS_EXPULSION):  # no withdrawal rule here
            return _("O evento por equipes não tem regra de desistência de um jogador: o afastamento "
                     "(CBJD 51 d) não pode ser aplicado aqui. Aplique a perda da partida (CBJD 51 c).")
        if sanction is Sanction.GAME_LOST_BOTH:
            return _no_rule_for_both()
        return None

    def check_decidable(self, event: Event, board: DeskBoard, micro_game: int | None) -> None:
        _require_game(micro_game)

    def apply_result(self, actor: User, event: Event, board: DeskBoard, result: BoardResult, source: str,
                     source_id: int | None, article: str, micro_game: int | None) -> Applied | None:
        if _apply_result(actor, event, board.ref, result, source, source_id, article, micro_game) is None:
            return None
        return Applied(_("Resultado registrado pelo sistema na partida escolhida do tabuleiro (mesa %(board)s da "
                         "rodada); o placar do match por equipes foi atualizado.", board=board.number),
                       ("team_match", board.ref["match"].id))

    def reverse(self, actor: User, event: Event, penalty: DeskPenalty, reason: str) -> None:
        raise ServiceError(_("No evento por equipes um resultado da mesa é mudado no formulário de resultados "
                             "da rodada."))

    def stale_message(self) -> str:
        return _("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e registre de novo.")


register(TeamBoards())


# ---------------------------------------------------------------- penalties shown on the desk

def penalty_entries(event: Event) -> list[AuditEntry]:
    """The audit rows of the games the desk recorded on team boards, oldest first."""
    return list(db.session.scalars(
        select(AuditEntry).where(AuditEntry.event_id == event.id, AuditEntry.action == "penalty",
                                 AuditEntry.object_type == "team_match")
        .order_by(AuditEntry.id)))
