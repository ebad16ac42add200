"""The boards the arbiter's desk acts on, one adapter per kind of event (RULES.md §6).

The desk's flows (an incident and its consequence, a CBJD 51 sanction, a CBJD 95 d claim, the
reversal of a penalty) are written once, in `incidents` and `sanctions`; what differs between
the kinds of event is behind `BoardKind`:

* ``round``: a `Game` of a published round (round robin, Dutch, SB Swiss); players are entries
  numbered by pairing number; a game loss is a `DeskPenalty` the chief arbiter can reverse;
* ``micro``: a micro-match board (also a `Game`), whose penalty decides game 1 or 2 of the
  micro-match (`micro`);
* ``micro-teams``: a board of a team match; players are named by player id and a game loss is
  written through the team service (`teams`);
* ``knockout``: a tie of the bracket, whose penalty decides the tie's current game through the
  knockout service (`knockout`).

`board_kind_of` is the one place that tells the kinds apart; `board_kind` is the one dispatch.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from damas.engine.penalties import BoardResult, Sanction
from damas.formats import get_format
from damas.models import Entry, Event, User
from damas.models.desk import DeskPenalty

ROUND, MICRO, MICRO_TEAMS, KNOCKOUT = "round", "micro", "micro-teams", "knockout"

#: (round, board) -> (White, Black) engine numbers, as `damas.engine.penalties.consequences` wants
EngineBoards = dict[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True)
class Seat:
    """A player as the desk names him: the engine's number for him, his name, and what the desk's
    rows point at (his entry; in team events, where players have no entry, his player id)."""

    number: int
    name: str
    entry: Entry | None = None
    player_id: int | None = None


@dataclass(frozen=True)
class DeskBoard:
    """One board of a round as the desk sees it.

    `round` and `number` are the desk's own numbering (a knockout: fase and tie; a team event:
    the board counted over the round); `white`/`black` the engine numbers of the two sides; `ref`
    the adapter's own board (a `Game`, a knockout tie, a team board); `where` the audit fields
    naming the board; `target` the audit object of the board (None: a knockout tie, whose game
    row exists once a result is recorded)."""

    round: int
    number: int | None
    white: int
    black: int
    ref: Any
    game_id: int | None = None
    where: dict[str, Any] = field(default_factory=dict)
    target: tuple[str, int] | None = None


@dataclass(frozen=True)
class Applied:
    """A result the desk recorded on a board: a sentence for the arbiter, the reversible penalty
    row (round and micro-match boards only) and the audit object the result was written on."""

    note: str
    target: tuple[str, int]
    penalty: DeskPenalty | None = None


class BoardKind(Protocol):
    """What the desk needs from the boards of one kind of event."""

    code: str
    #: a penalty decides one game (1 or 2) of a micro-match: the arbiter names it
    per_game: bool

    def seat(self, event: Event, player: Entry | int | None) -> Seat:
        """The player the arbiter named (an entry, or its id; a player id in team events)."""

    def board_of(self, event: Event, round_number: int, seat: Seat, strict: bool = True) -> DeskBoard | None:
        """The board `seat` plays in that round; with ``strict=False`` (a warning or an exclusion)
        None when he has no game in a published round, where the kind allows it."""

    def boards(self, event: Event) -> EngineBoards:
        """Every board with two players, for the engine's incidence count."""

    def names(self, event: Event) -> dict[int, str]:
        """Engine number -> player name."""

    def sanction_refusal(self, sanction: Sanction) -> str | None:
        """Why this kind has no rule for `sanction` (None: it applies)."""

    def check_decidable(self, event: Event, board: DeskBoard, micro_game: int | None) -> None:
        """Refuse (ServiceError) a game result this board cannot take (a decided tie, no game named)."""

    def apply_result(self, actor: User, event: Event, board: DeskBoard, result: BoardResult, source: str,
                     source_id: int | None, article: str, micro_game: int | None) -> Applied | None:
        """Write the result a penalty decides, inside the caller's transaction (None: it already stood)."""

    def reverse(self, actor: User, event: Event, penalty: DeskPenalty, reason: str) -> None:
        """Put back the board's result before `penalty`, inside the caller's transaction."""

    def stale_message(self) -> str:
        """The message when another arbiter changed the board meanwhile."""


_KINDS: dict[str, BoardKind] = {}


def register(kind: BoardKind) -> BoardKind:
    """Add an adapter to the registry (each adapter module registers its own on import)."""
    _KINDS[kind.code] = kind
    return kind


def board_kind_of(event: Event) -> str:
    """The code of the event's kind of board: the event's format's (`damas.formats`), so the
    desk never asks which pairing system an event has."""
    return get_format(event).code


def board_kind(event: Event) -> BoardKind:
    """The board adapter of the event."""
    return _KINDS[board_kind_of(event)]
