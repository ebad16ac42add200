"""Line-ups and board results of team matches (CBJD 120): the captain's or arbiter's line-up, board
results round by round, and the round's matches for pages. Re-exported by `damas.services.micromatch.team_events`.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.teams import LineupError, validate_lineup
from damas.engine.types import EngineError
from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, User
from damas.models.micromatch import Team, TeamBoardRow, TeamLineup, TeamMatchRow, TeamRound
from damas.services.audit import after_commit, record, transaction
from damas.services.mail.sending import later
from damas.services.errors import ServiceError
from damas.services.events.lifecycle import can_edit_event
from damas.formats.mapping import team_entry
from damas.services.mail.team_notices import notify_team_pairings, notify_team_results
from damas.services.teams.micro_state import GAME_CHOICES
from damas.services.teams.entries import team_settings
from damas.engine.micromatch_scoring import micro_match

# -- line-ups --------------------------------------------------------------------------------------

def can_submit_lineup(user: Any, event: Event, team: Team) -> bool:
    """The event's arbiters and staff, or the team's captain."""
    if can_edit_event(user, event):
        return True
    return bool(getattr(user, "is_authenticated", False) and team.captain_user_id == user.id)


def _match_of(rnd: TeamRound, team: Team) -> TeamMatchRow | None:
    return next((m for m in rnd.matches if team.id in (m.team_a_id, m.team_b_id)), None)


def submit_lineup(actor: User, event: Event, rnd: TeamRound, team: Team, player_ids: list[int | None]) -> None:
    """The team's players board by board for the round (`validate_lineup`); until results are in."""
    s = team_settings(event)
    if rnd.event_id != event.id or team.event_id != event.id:
        raise ServiceError(_("Rodada ou equipe de outro evento."))
    if not can_submit_lineup(actor, event, team):
        raise ServiceError(_("Só o capitão da equipe ou o árbitro pode escalar a equipe."))
    if not can_edit_event(actor, event) and not rnd.published:
        raise ServiceError(_("A rodada ainda não foi publicada."))
    match = _match_of(rnd, team)
    if match is None or match.team_b_id is None:
        raise ServiceError(_("A equipe não joga nesta rodada."))
    if any(b.game1 for b in match.boards):
        raise ServiceError(_("Já há resultados deste match: a escalação não pode mais mudar."))
    try:
        lineup = validate_lineup(team_entry(team), player_ids, s.boards)  # type: ignore[arg-type]
    except (LineupError, EngineError) as error:
        raise ServiceError(_("Escalação inválida: %(why)s", why=str(error)), "lineup") from None
    existing = list(db.session.scalars(select(TeamLineup).where(TeamLineup.round_id == rnd.id,
                                                                  TeamLineup.team_id == team.id)))
    with transaction():
        before = [r.player_id for r in sorted(existing, key=lambda r: r.board)] or None
        for r in existing:
            db.session.delete(r)
        db.session.flush()
        for board, pid in enumerate(lineup, start=1):
            db.session.add(TeamLineup(round_id=rnd.id, team_id=team.id, board=board, player_id=pid))
        record(actor, "lineup", "team", team.id, {"round": rnd.number, "players": before} if before else None,
               {"round": rnd.number, "players": list(lineup)}, event.id)
        other = match.team_b_id if team.id == match.team_a_id else match.team_a_id
        if rnd.published and other is not None and lineup_of(rnd, other):
            # a line-up entered after the publication: the match's players learn their boards and opponents
            after_commit(later(notify_team_pairings, event.id, rnd.id, (match.id,)))


def lineup_of(rnd: TeamRound, team_id: int) -> dict[int, int | None]:
    rows = db.session.scalars(select(TeamLineup).where(TeamLineup.round_id == rnd.id, TeamLineup.team_id == team_id))
    return {r.board: r.player_id for r in rows}


# -- board results --------------------------------------------------------------------------------

def record_team_results(actor: User, event: Event, match: TeamMatchRow,
                        games: dict[int, tuple[str, str]]) -> int:
    """One team match (see `record_round_results`)."""
    return record_round_results(actor, event, match.round, {match.id: games})


def _plan_match(event: Event, boards: int, match: TeamMatchRow,
                games: dict[int, tuple[str, str]], per_board: int = 2) -> list[tuple[int, str, str]]:
    """The boards to write; `per_board` 1 (one game per board): game 1 only, game 2 stays empty."""
    rnd = match.round
    if match.team_b_id is None:
        raise ServiceError(_("Esta mesa não tem partida a lançar."))
    la, lb = lineup_of(rnd, match.team_a_id), lineup_of(rnd, match.team_b_id)
    if not la or not lb:
        raise ServiceError(_("Mesa %(table)s: as duas equipes precisam estar escaladas antes dos resultados.",
                             table=match.table))
    plan = []
    for board, (g1, g2) in sorted(games.items()):
        if not 1 <= board <= boards:
            raise ServiceError(_("Tabuleiro inválido."))
        if not g1 and not g2:
            continue
        if la.get(board) is None or lb.get(board) is None:
            continue  # an empty board is a forfeit: nothing to enter
        if per_board == 1:
            if g1 not in GAME_CHOICES or g2:
                raise ServiceError(_("Mesa %(table)s, tabuleiro %(board)s: informe o resultado da partida (uma por "
                                     "tabuleiro).", table=match.table, board=board))
            plan.append((board, g1, ""))
            continue
        if g1 not in GAME_CHOICES or g2 not in GAME_CHOICES:
            raise ServiceError(_("Mesa %(table)s, tabuleiro %(board)s: informe o resultado das duas partidas.",
                                 table=match.table, board=board))
        try:
            micro_match(g1, g2, event.ruleset)
        except EngineError:
            raise ServiceError(_("Mesa %(table)s, tabuleiro %(board)s: cada jogador perdeu uma partida por W.O.",
                                 table=match.table, board=board)) from None
        plan.append((board, g1, g2))
    return plan


def record_round_results(actor: User, event: Event, rnd: TeamRound,
                         games: dict[int, dict[int, tuple[str, str]]]) -> int:
    """Enter board results of a round's team matches, `games[match_id][board] = (game 1, game 2)`
    from team A's player's side; both line-ups must be in. Refused whole on any bad board; one
    transaction with an audit entry per board changed."""
    s = team_settings(event)
    if rnd.event_id != event.id:
        raise ServiceError(_("Rodada de outro evento."))
    if not rnd.published:
        raise ServiceError(_("Publique a rodada antes de lançar resultados."))
    matches = {m.id: m for m in rnd.matches}
    plans = []
    for match_id, board_games in games.items():
        match = matches.get(match_id)
        if match is None:
            raise ServiceError(_("Match de outro evento."))
        plans.append((match, _plan_match(event, s.boards, match, board_games, s.games_per_board)))
    saved = 0
    changed: set[int] = set()
    with transaction():
        for match, plan in plans:
            rows = {b.board: b for b in match.boards}
            for board, g1, g2 in plan:
                row = rows.get(board)
                before = [row.game1, row.game2] if row else None
                if before == [g1, g2]:
                    continue
                if row is None:
                    row = TeamBoardRow(board=board)
                    match.boards.append(row)
                get_format(event).record_result(row, (g1, g2))
                db.session.flush()
                record(actor, "team_result", "team_match", match.id, {"board": board, "games": before},
                       {"board": board, "games": [g1, g2], "round": rnd.number, "table": match.table}, event.id)
                saved += 1
                changed.add(match.id)
        if changed:
            after_commit(later(notify_team_results, event.id, rnd.id, frozenset(changed)))
    return saved


def record_board_game(actor: User, event: Event, match: TeamMatchRow, board: int, game_no: int,
                      text: str) -> TeamBoardRow:
    """Enter ONE game (1 or 2) of a board, from team A's player's side: the arbiter's desk
    records a game lost by penalty this way (`desk_teams`); the board counts for the team match
    once its other game has a result too. Refused when that game already has another result
    (the results form corrects it). Joins the caller's transaction; one audit entry."""
    s = team_settings(event)
    rnd = match.round
    if rnd.event_id != event.id:
        raise ServiceError(_("Rodada de outro evento."))
    if not rnd.published:
        raise ServiceError(_("Publique a rodada antes de lançar resultados."))
    if match.team_b_id is None or not 1 <= board <= s.boards or not 1 <= game_no <= s.games_per_board:
        raise ServiceError(_("Tabuleiro inválido."))
    if lineup_of(rnd, match.team_a_id).get(board) is None or lineup_of(rnd, match.team_b_id).get(board) is None:
        raise ServiceError(_("Mesa %(table)s: as duas equipes precisam estar escaladas antes dos resultados.",
                             table=match.table))
    if text not in GAME_CHOICES:
        raise ServiceError(_("Resultado de penalidade inválido."))
    row = next((b for b in match.boards if b.board == board), None)
    before = [row.game1, row.game2] if row else None
    current = getattr(row, f"game{game_no}") if row else ""
    if current and current != text:
        raise ServiceError(_("A %(k)sª partida deste tabuleiro já tem o resultado %(result)s. Para mudá-lo use a "
                             "correção no formulário de resultados da rodada por equipes.", k=game_no, result=current))
    other = getattr(row, f"game{3 - game_no}") if row and s.games_per_board == 2 else ""
    if other:
        try:
            micro_match(*((text, other) if game_no == 1 else (other, text)), event.ruleset)
        except EngineError:
            raise ServiceError(_("Mesa %(table)s, tabuleiro %(board)s: cada jogador perdeu uma partida por W.O.",
                                 table=match.table, board=board)) from None
    with transaction():
        if row is None:
            row = TeamBoardRow(board=board, game1="", game2="")
            match.boards.append(row)
        setattr(row, f"game{game_no}", text)
        db.session.flush()
        record(actor, "team_result", "team_match", match.id, {"board": board, "games": before},
               {"board": board, "games": [row.game1, row.game2], "round": rnd.number, "table": match.table},
               event.id)
        after_commit(later(notify_team_results, event.id, rnd.id, frozenset({match.id})))  # a desk penalty's game
    return row
