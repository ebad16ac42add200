"""Event revision: a counter bumped in the same transaction as every change that can alter what
an event's pages show (pairings, results, entries, withdrawals, penalties, settings, prizes,
categories, the names of its players, clubs and arbiters).

One listener on the ORM's flush finds, for each new, changed or deleted row, the events it
belongs to and adds one to their `revision` with ``revision = revision + 1`` in SQL, so two
transactions changing one event never both write the same number. Nobody has to remember to
call it: a service that writes a row of an event moves the event's revision with it, and the
public pages, PDFs and API answers cached by revision (damas/web/serving/caching.py) can never be stale.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from sqlalchemy import event as sa_event
from sqlalchemy import inspect, select, update
from sqlalchemy.orm import Session

from damas.models import Club, Entry, Event, EventArbiter, Game, Player, Round, Season, SeasonEvent, User
from damas.models.championships import Championship, ChampionshipSection
from damas.models.micromatch import MicroGame, Team, TeamLineup, TeamMatchRow, TeamMemberRow, TeamRound

__all__ = ["install", "events_of"]

# Rows that name no event themselves: how to reach it (the ids of the row's parents).
_PARENTS: dict[type, Callable[[Session, Any], Iterable[int]]] = {}


def _parent(model: type) -> Callable[[Callable[[Session, Any], Iterable[int]]], Any]:
    def register(func: Callable[[Session, Any], Iterable[int]]) -> Any:
        _PARENTS[model] = func
        return func
    return register


def _scalars(session: Session, stmt: Any) -> list[int]:
    return [i for i in session.execute(stmt).scalars() if i is not None]


@_parent(Game)
def _game(session: Session, game: Game) -> Iterable[int]:
    # the board's round already in the session answers without a query (a round's 500 boards
    # saved in one flush would otherwise ask it 500 times)
    rnd = session.identity_map.get(inspect(Round).identity_key_from_primary_key((game.round_id,)))
    if rnd is not None and isinstance(rnd.__dict__.get("event_id"), int):
        return (rnd.__dict__["event_id"],)
    return _scalars(session, select(Round.event_id).where(Round.id == game.round_id))


@_parent(MicroGame)
def _micro_game(session: Session, micro: MicroGame) -> Iterable[int]:
    return _scalars(session, select(Round.event_id).join(Game, Game.round_id == Round.id)
                    .where(Game.id == micro.game_id))


@_parent(TeamMatchRow)
@_parent(TeamLineup)
def _team_round_row(session: Session, row: Any) -> Iterable[int]:
    return _scalars(session, select(TeamRound.event_id).where(TeamRound.id == row.round_id))


@_parent(TeamMemberRow)
def _team_member(session: Session, row: TeamMemberRow) -> Iterable[int]:
    return _scalars(session, select(Team.event_id).where(Team.id == row.team_id))


@_parent(Player)
def _player(session: Session, player: Player) -> Iterable[int]:
    return _scalars(session, select(Entry.event_id).where(Entry.player_id == player.id))


@_parent(Season)
def _season(session: Session, season: Season) -> Iterable[int]:
    """A season's name is on its events' pages ("Conta para")."""
    return _scalars(session, select(SeasonEvent.event_id).where(SeasonEvent.season_id == season.id))


@_parent(Championship)
def _championship(session: Session, championship: Championship) -> Iterable[int]:
    """A championship's name (and whether it is published) is on its sections' headers."""
    return _scalars(session, select(ChampionshipSection.event_id)
                    .where(ChampionshipSection.championship_id == championship.id))


@_parent(Club)
def _club(session: Session, club: Club) -> Iterable[int]:
    return _scalars(session, select(Entry.event_id).join(Player, Player.id == Entry.player_id)
                    .where(Player.club_id == club.id))


@_parent(User)
def _user(session: Session, user: User) -> Iterable[int]:
    """An arbiter's name is on his events' pages; nothing else of a user account is."""
    if not inspect(user).attrs.name.history.has_changes():
        return ()
    return _scalars(session, select(EventArbiter.event_id).where(EventArbiter.user_id == user.id))


def events_of(session: Session, obj: Any) -> set[int]:
    """The ids of the events whose pages the row `obj` is part of (empty for a new event)."""
    if isinstance(obj, Event):
        return {obj.id} if obj.id is not None else set()
    if hasattr(obj, "event_id"):
        return _through_relationship(obj)
    finder = _PARENTS.get(type(obj))
    if finder is None:
        return set()
    if any(getattr(obj, key, 0) is None for key in ("round_id", "game_id", "team_id", "id")):
        return _new_parent_ids(obj)  # a new row attached through a relationship: no key yet
    return set(finder(session, obj))


def _through_relationship(row: Any) -> set[int]:
    """`row.event_id`, or the event it was attached to before the flush set that column."""
    if isinstance(row.event_id, int):
        return {row.event_id}
    event = row.__dict__.get("event")
    return {event.id} if isinstance(event, Event) and event.id is not None else set()


def _new_parent_ids(obj: Any) -> set[int]:
    parent = None
    if isinstance(obj, Game):
        parent = obj.__dict__.get("round")
    elif isinstance(obj, MicroGame) and obj.__dict__.get("game") is not None:
        parent = obj.game.__dict__.get("round")
    return _through_relationship(parent) if parent is not None else set()


def _before_flush(session: Session, _context: Any, _instances: Any) -> None:
    touched: set[int] = set()
    with session.no_autoflush:
        for obj in list(session.new) + list(session.deleted):
            touched |= events_of(session, obj)
        for obj in list(session.dirty):
            if not session.is_modified(obj, include_collections=False):
                continue
            if isinstance(obj, Event) and _only_revision_changed(obj):
                continue
            touched |= events_of(session, obj)
        if not touched:
            return
        loaded = {}
        for event_id in touched:
            obj = session.identity_map.get(inspect(Event).identity_key_from_primary_key((event_id,)))
            if obj is not None and obj not in session.deleted:
                loaded[event_id] = obj
        for obj in loaded.values():
            obj.revision = Event.revision + 1  # rendered as SQL: concurrent bumps both count
        rest = sorted(touched - set(loaded))
        if rest:
            session.execute(update(Event).where(Event.id.in_(rest)).values(revision=Event.revision + 1)
                            .execution_options(synchronize_session=False))


def _only_revision_changed(event: Event) -> bool:
    state = inspect(event)
    changed = {attr.key for attr in state.attrs if attr.history.has_changes()}
    return changed <= {"revision"}


_installed = False


def install() -> None:
    """Listen on every ORM session once (idempotent: the factory calls it per app)."""
    global _installed
    if not _installed:
        sa_event.listen(Session, "before_flush", _before_flush)
        _installed = True
