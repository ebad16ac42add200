"""Team events in micro-matches (CBJD 120; RULES.md §3, §4): team entries, rounds paired by the
Brazilian system on teams, line-ups by the captain or the arbiter, board results, standings and
board prizes. The rules are the engine's (`damas.engine.teams`); rows are mapped in `mapping`.
"""
from __future__ import annotations

import random
import secrets
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.teams import (
    LineupError,
    board_colours,
    board_prizes,
    default_team_tiebreaks,
    pair_teams,
    team_standings,
    team_state,
    validate_lineup,
)
from damas.engine.tiebreaks import get_tiebreak
from damas.engine.types import Color, EngineError
from damas.extensions import db
from damas.models import Event, EventStatus, Player, Role, User
from damas.models.micromatch import Team, TeamBoardRow, TeamLineup, TeamMatchRow, TeamMemberRow, TeamRound
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.events import can_edit_event
from damas.services.mapping import team_entry, team_match_of
from damas.services.micromatch import GAME_CHOICES, get_settings

OPEN = (EventStatus.DRAFT, EventStatus.REGISTRATION)


def _settings(event: Event) -> Any:
    s = get_settings(event)
    if s is None or not s.team:
        raise ServiceError(_("Este evento não é um evento por equipes em micro match."))
    return s


def teams_of(event: Event) -> list[Team]:
    return list(db.session.scalars(select(Team).where(Team.event_id == event.id).order_by(Team.number)))


def team_rounds(event: Event) -> list[TeamRound]:
    return list(db.session.scalars(select(TeamRound).where(TeamRound.event_id == event.id).order_by(TeamRound.number)))


def _team_snapshot(team: Team) -> dict[str, Any]:
    return {"number": team.number, "name": team.name, "club": team.club, "city": team.city,
            "captain_user_id": team.captain_user_id, "captain_name": team.captain_name,
            "players": [m.player_id for m in team.members]}


# -- team entries -------------------------------------------------------------------------------

def add_team(actor: User, event: Event, data: dict[str, Any]) -> Team:
    """Register a team: name, club/city, players in board order (regulars, then reserves), captain."""
    s = _settings(event)
    if event.status not in OPEN:
        raise ServiceError(_("As inscrições deste evento estão fechadas."))
    name = (data.get("name") or "").strip()
    if not name:
        raise ServiceError(_("Informe o nome da equipe."), "name")
    if any(t.name.casefold() == name.casefold() for t in teams_of(event)):
        raise ServiceError(_("Já há uma equipe com este nome."), "name")
    ids = [int(i) for i in data.get("player_ids") or []]
    if len(set(ids)) != len(ids):
        raise ServiceError(_("Um jogador aparece duas vezes na equipe."), "players")
    if len(ids) < s.boards:
        raise ServiceError(_("A equipe precisa de pelo menos %(n)s jogadores (um por tabuleiro).", n=s.boards), "players")
    players = {p.id: p for p in db.session.scalars(select(Player).where(Player.id.in_(ids)))}
    if len(players) != len(ids):
        raise ServiceError(_("Jogador inexistente."), "players")
    taken = {m.player_id for t in teams_of(event) for m in t.members}
    if taken & set(ids):
        raise ServiceError(_("%(name)s já joga por outra equipe deste evento.",
                             name=players[next(iter(taken & set(ids)))].full_name), "players")
    captain_id = data.get("captain_user_id") or None
    captain_name = (data.get("captain_name") or "").strip()
    if captain_id:
        captain = db.session.get(User, int(captain_id))
        if captain is None or captain.role != Role.PLAYER:
            raise ServiceError(_("O capitão deve ser um usuário jogador."), "captain_user_id")
        captain_name = captain_name or captain.name
    with transaction():
        number = max((t.number for t in teams_of(event)), default=0) + 1
        team = Team(event_id=event.id, number=number, name=name, club=(data.get("club") or "").strip(),
                    city=(data.get("city") or "").strip(), captain_user_id=int(captain_id) if captain_id else None,
                    captain_name=captain_name)
        for k, pid in enumerate(ids, start=1):
            team.members.append(TeamMemberRow(player_id=pid, position=k))
        db.session.add(team)
        db.session.flush()
        record(actor, "create", "team", team.id, None, _team_snapshot(team), event.id)
    return team


def remove_team(actor: User, event: Event, team: Team) -> None:
    if team.event_id != event.id:
        raise ServiceError(_("Equipe de outro evento."))
    if team_rounds(event):
        raise ServiceError(_("O evento já tem rodadas: a equipe não pode mais ser removida."))
    with transaction():
        record(actor, "delete", "team", team.id, _team_snapshot(team), None, event.id)
        db.session.delete(team)


def _renumber(event: Event, boards: int) -> None:
    """Starting ranks before round 1: average rating of the first `boards` players, then name."""
    teams = teams_of(event)

    def strength(t: Team) -> int:
        ratings = [m.player.rating_regular or 0 for m in t.members[:boards]]
        return sum(ratings) // max(1, len(ratings))

    ordered = sorted(teams, key=lambda t: (-strength(t), t.name.casefold()))
    for k, t in enumerate(ordered, start=1):
        t.number = k


# -- the engine's view --------------------------------------------------------------------------

def _lineups(event: Event) -> dict[tuple[int, int], dict[int, int | None]]:
    rows = db.session.scalars(select(TeamLineup).join(TeamRound, TeamLineup.round_id == TeamRound.id)
                              .where(TeamRound.event_id == event.id))
    out: dict[tuple[int, int], dict[int, int | None]] = {}
    for r in rows:
        out.setdefault((r.round_id, r.team_id), {})[r.board] = r.player_id
    return out


def team_snapshot(event: Event) -> dict[str, Any]:
    """Teams, scored matches of the complete rounds, byes and the engine state."""
    s = _settings(event)
    teams = teams_of(event)
    by_id = {t.id: t for t in teams}
    entries = {t.id: team_entry(t) for t in teams}
    lineups = _lineups(event)
    matches, byes, complete = [], [], 0
    for rnd in team_rounds(event):
        scored = []
        done = True
        for m in rnd.matches:
            if m.team_b_id is None:
                continue
            tm = team_match_of(m, lineups, by_id, s.boards, rnd.number, event.ruleset)
            if tm is None:
                done = False
                break
            scored.append(tm)
        if not done or not rnd.published:
            break
        complete = rnd.number
        matches.extend(scored)
        byes.extend((rnd.number, by_id[m.team_a_id].number) for m in rnd.matches if m.team_b_id is None)
    state = team_state(list(entries.values()), matches, boards=s.boards, total_rounds=event.planned_rounds,
                       byes=byes, ruleset=event.ruleset, name=event.name)
    return {"settings": s, "teams": teams, "entries": entries, "matches": matches, "byes": byes,
            "state": state, "complete": complete}


def round_complete(event: Event, rnd: TeamRound) -> bool:
    s = _settings(event)
    by_id = {t.id: t for t in teams_of(event)}
    lineups = _lineups(event)
    return all(m.team_b_id is None or team_match_of(m, lineups, by_id, s.boards, rnd.number, event.ruleset)
               is not None for m in rnd.matches)


# -- rounds ---------------------------------------------------------------------------------------

def pair_team_round(actor: User, event: Event) -> TeamRound:
    """Pair the next round of teams (CBJD 120) and draw its opening(s)."""
    from damas.services import openings as opening_service

    s = _settings(event)
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise ServiceError(_("O evento não está em andamento."))
    rounds = team_rounds(event)
    if rounds and not rounds[-1].published:
        raise ServiceError(_("Publique a rodada %(n)s antes de emparceirar a próxima.", n=rounds[-1].number))
    if rounds and not round_complete(event, rounds[-1]):
        raise ServiceError(_("Faltam escalações ou resultados da rodada %(n)s.", n=rounds[-1].number))
    number = len(rounds) + 1
    if number > event.planned_rounds:
        raise ServiceError(_("Todas as %(n)s rodadas previstas já foram emparceiradas.", n=event.planned_rounds))
    if len(teams_of(event)) < 2:
        raise ServiceError(_("São necessárias pelo menos 2 equipes para iniciar."))
    if s.openings != "none":
        opening_service.check_allowed(event)
        if opening_service.current_list() is None:
            raise ServiceError(_("A federação ainda não carregou a lista de aberturas."), "openings")
    with transaction():
        if event.status == EventStatus.REGISTRATION:
            event.status = EventStatus.RUNNING
        if number == 1:
            _renumber(event, s.boards)
            db.session.flush()
        if not event.first_color:
            event.first_color_seed = secrets.randbelow(2**31)
            event.first_color = random.Random(event.first_color_seed).choice("wb")
        snap = team_snapshot(event)
        try:
            pairings = pair_teams(snap["state"], ruleset=event.ruleset, scoring=s.scoring,
                                  first_color=Color(event.first_color))
        except EngineError as error:
            raise ServiceError(_("Emparceiramento impossível: %(why)s", why=str(error))) from None
        by_no = {t.number: t for t in snap["teams"]}
        rnd = TeamRound(event_id=event.id, number=number)
        for p in pairings:
            rnd.matches.append(TeamMatchRow(table=p.board, team_a_id=by_no[p.white].id,
                                            team_b_id=by_no[p.black].id if p.black is not None else None))
        db.session.add(rnd)
        db.session.flush()
        record(actor, "pair", "team_round", rnd.id, None, {
            "number": number, "system": "micromatch-teams", "first_color": event.first_color,
            "first_color_seed": event.first_color_seed,
            "matches": [[p.board, p.white, p.black] for p in pairings]}, event.id)
        if s.openings != "none" and not opening_service.round_draws(event, number):
            opening_service.draw_for_round(actor, event, number, s.boards, commit=False)
    return rnd


def delete_team_round(actor: User, event: Event, rnd: TeamRound) -> None:
    rounds = team_rounds(event)
    if not rounds or rounds[-1].id != rnd.id:
        raise ServiceError(_("Só a última rodada pode ser desfeita."))
    if any(b.game1 for m in rnd.matches for b in m.boards):
        raise ServiceError(_("Já há resultados lançados nesta rodada; ela não pode mais ser refeita."))
    with transaction():
        record(actor, "unpair", "team_round", rnd.id, {"number": rnd.number,
               "matches": [[m.table, m.team_a_id, m.team_b_id] for m in rnd.matches]}, None, event.id)
        db.session.delete(rnd)


def publish_team_round(actor: User, event: Event, rnd: TeamRound) -> None:
    if rnd.event_id != event.id:
        raise ServiceError(_("Rodada de outro evento."))
    if rnd.published:
        raise ServiceError(_("Esta rodada já foi publicada."))
    with transaction():
        rnd.published = True
        record(actor, "publish", "team_round", rnd.id, {"published": False},
               {"published": True, "number": rnd.number}, event.id)


def can_submit_lineup(user: Any, event: Event, team: Team) -> bool:
    """The event's arbiters and staff, or the team's captain."""
    if can_edit_event(user, event):
        return True
    return bool(getattr(user, "is_authenticated", False) and team.captain_user_id == user.id)


def _match_of(rnd: TeamRound, team: Team) -> TeamMatchRow | None:
    return next((m for m in rnd.matches if team.id in (m.team_a_id, m.team_b_id)), None)


def submit_lineup(actor: User, event: Event, rnd: TeamRound, team: Team, player_ids: list[int | None]) -> None:
    """The team's players board by board for the round (`validate_lineup`); until results are in."""
    s = _settings(event)
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


def lineup_of(rnd: TeamRound, team_id: int) -> dict[int, int | None]:
    rows = db.session.scalars(select(TeamLineup).where(TeamLineup.round_id == rnd.id, TeamLineup.team_id == team_id))
    return {r.board: r.player_id for r in rows}


def record_team_results(actor: User, event: Event, match: TeamMatchRow,
                        games: dict[int, tuple[str, str]]) -> int:
    """One team match (see `record_round_results`)."""
    return record_round_results(actor, event, match.round, {match.id: games})


def _plan_match(event: Event, boards: int, match: TeamMatchRow,
                games: dict[int, tuple[str, str]]) -> list[tuple[int, str, str]]:
    from damas.engine.micromatch_scoring import micro_match

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
    s = _settings(event)
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
        plans.append((match, _plan_match(event, s.boards, match, board_games)))
    saved = 0
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
                row.game1, row.game2 = g1, g2
                db.session.flush()
                record(actor, "team_result", "team_match", match.id, {"board": board, "games": before},
                       {"board": board, "games": [g1, g2], "round": rnd.number, "table": match.table}, event.id)
                saved += 1
    return saved


# -- plain data for pages -------------------------------------------------------------------------

def team_summary(team: Team, boards: int) -> dict[str, Any]:
    return {"id": team.id, "number": team.number, "name": team.name, "club": team.club, "city": team.city,
            "captain": team.captain_name, "captain_user_id": team.captain_user_id,
            "players": [{"id": m.player_id, "name": m.player.full_name, "position": m.position,
                         "reserve": m.position > boards, "rating": m.player.rating_regular or 0}
                        for m in team.members]}


def round_view(event: Event, rnd: TeamRound) -> list[dict[str, Any]]:
    """The round's matches: teams, line-ups board by board with colours, games and totals."""
    from damas.engine.micromatch_scoring import micro_match

    s = _settings(event)
    names = {m.player_id: m.player.full_name for t in teams_of(event) for m in t.members}
    out = []
    for m in rnd.matches:
        row: dict[str, Any] = {"id": m.id, "table": m.table, "team_a": {"id": m.team_a_id, "name": m.team_a.name,
                               "number": m.team_a.number}, "bye": m.team_b_id is None}
        if m.team_b_id is None:
            out.append(row)
            continue
        row["team_b"] = {"id": m.team_b_id, "name": m.team_b.name, "number": m.team_b.number}
        la, lb = lineup_of(rnd, m.team_a_id), lineup_of(rnd, m.team_b_id)
        row["lineups"] = bool(la) and bool(lb)
        games = {b.board: (b.game1, b.game2) for b in m.boards}
        boards, ta, tb = [], 0, 0
        for k in range(1, s.boards + 1):
            pa, pb = la.get(k), lb.get(k)
            g1, g2 = games.get(k, ("", ""))
            total = ""
            if la and lb and (pa is None or pb is None):
                fa, fb = (0, 0) if pa is None and pb is None else ((0, 4) if pa is None else (4, 0))
                total = f"{fa}-{fb} (W.O.)"
                ta, tb = ta + fa, tb + fb
            elif g1 and g2:
                mm = micro_match(g1, g2, event.ruleset)
                total = mm.text
                ta, tb = ta + mm.points_a, tb + mm.points_b
            a_white, _b = board_colours(k)
            boards.append({"board": k, "a": names.get(pa, "—") if la else "", "b": names.get(pb, "—") if lb else "",
                           "a_white": a_white, "game1": g1, "game2": g2, "total": total,
                           "enterable": bool(la and lb and pa is not None and pb is not None)})
        row["boards"] = boards
        row["total"] = f"{ta}-{tb}" if row["lineups"] else ""
        out.append(row)
    return out


def standings_context(event: Event, english: bool = False) -> dict[str, Any]:
    """Team standings (team game points or match points, then team tiebreaks) and board prizes."""
    snap = team_snapshot(event)
    s = snap["settings"]
    order = (tuple(c.strip().upper() for c in event.tiebreak_order.split(",") if c.strip())
             if event.tiebreak_order.strip() else default_team_tiebreaks(s.scoring))
    table = team_standings(snap["state"], ruleset=event.ruleset, scoring=s.scoring, tiebreaks=order)
    from damas.engine.micromatch_scoring import micro_ruleset
    from damas.reports.standings import format_value

    rs = micro_ruleset(event.ruleset, s.scoring)
    by_no = {t.number: t for t in snap["teams"]}
    rows = []
    for row in table.rows:
        results = snap["state"].rounds_of(row.start_no)
        t = by_no[row.start_no]
        rows.append({"rank": row.rank_label, "number": row.start_no, "name": t.name, "club": t.club or t.city,
                     "points": row.points, "gp": sum(rs.game_points_for(r) for r in results),
                     "mp": sum(rs.match_points_for(r) for r in results),
                     "tiebreaks": [format_value(v) for v in row.tiebreaks]})
    columns = [{"code": c, "name": get_tiebreak(c).name_en if english else get_tiebreak(c).name_pt}
               for c in table.tiebreak_order]
    names = {m.player_id: m.player.full_name for t in snap["teams"] for m in t.members}
    team_names = {t.number: t.name for t in snap["teams"]}
    prizes = []
    for board, prize_rows in board_prizes(list(snap["entries"].values()), snap["matches"],
                                          rounds=max(1, snap["complete"]), ruleset=event.ruleset).items():
        prizes.append({"board": board, "rows": [
            {"name": names.get(r.member, "?"), "team": team_names.get(r.team, ""), "matches": r.matches,
             "game_points": r.game_points, "percent": format_value(r.percentage * 100), "eligible": r.eligible}
            for r in prize_rows]})
    return {"rows": rows, "columns": columns, "after_round": snap["complete"], "scoring": s.scoring,
            "prizes": prizes}
