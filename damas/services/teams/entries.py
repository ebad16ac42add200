"""Team entries of micro-match team events (CBJD 120): the event's teams and rounds, registering and
removing a team, the starting ranks and a team's plain data for pages. Re-exported by `damas.services.micromatch.team_events`.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.models import Event, EventStatus, Player, Role, User
from damas.models.micromatch import Team, TeamMemberRow, TeamRound
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.teams.micro_state import get_settings

OPEN = (EventStatus.DRAFT, EventStatus.REGISTRATION)


def team_settings(event: Event) -> Any:
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
    s = team_settings(event)
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
        ratings = [m.player.rating_for(event.list_key) for m in t.members[:boards]]
        return sum(ratings) // max(1, len(ratings))

    ordered = sorted(teams, key=lambda t: (-strength(t), t.name.casefold()))
    for k, t in enumerate(ordered, start=1):
        t.number = k


# -- plain data for pages -------------------------------------------------------------------------

def team_summary(team: Team, boards: int) -> dict[str, Any]:
    return {"id": team.id, "number": team.number, "name": team.name, "club": team.club, "city": team.city,
            "captain": team.captain_name, "captain_user_id": team.captain_user_id,
            "players": [{"id": m.player_id, "name": m.player.full_name, "position": m.position,
                         "reserve": m.position > boards, "rating": m.player.rating_for(team.event.list_key)}
                        for m in team.members]}
