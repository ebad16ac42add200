"""The arbiter's desk works from the board: the incident and sanction forms
name the player by round, board number and side, as the arbiter stands at the board, instead of
a list of every entrant; the desk lists the boards of the current round, each name a link that
opens the forms with round, board and side filled in.

The route resolves the board to the entry (`damas.services.desk.entry_at_board`) and calls the
unchanged services, which take the entry. Kinds of board without a number to type (knockout
ties, team boards: `DeskPage.from_board` False) keep the list of players.
"""
from __future__ import annotations

import json
from typing import Any, Mapping

from flask_babel import gettext as _

from damas.engine.integers import parse_int
from damas.models import Entry, Event
from damas.services import desk as desk_service
from damas.services.errors import ServiceError
from damas.web.desk.boards import desk_page
from damas.web.desk.forms import SIDE_CHOICES
from damas.web.forms_util import choices

Boards = dict[int, list[tuple[int, str, str]]]


def by_board(event: Event, form: Any) -> bool:
    """Whether the form names its player by board (the desk's own form), not by the list."""
    return desk_page(event).from_board and not form.entry_id.raw_data


def named_player(event: Event, form: Any) -> Entry | int | None:
    """The player a posted incident or sanction form names: by board and side when the form has
    either (both then required), else the entry of the list (knockout and team events, or an
    older client). Raises ServiceError with the message to show; nothing is recorded then."""
    if form.board.data is not None or form.side.data:
        if form.board.data is None or not form.side.data:
            raise ServiceError(_("Informe a mesa e o lado do jogador (brancas ou pretas)."), "board")
        return desk_service.entry_at_board(event, form.round_number.data, form.board.data, form.side.data)
    if form.entry_id.data is None:
        if desk_page(event).from_board:
            raise ServiceError(_("Informe a mesa e o lado do jogador (brancas ou pretas)."), "board")
        raise ServiceError(_("Escolha o jogador."), "entry_id")
    return form.entry_id.data


def _side_labels(names: tuple[str, str] | None) -> list[Any]:
    """The side choices, with the two players' names when the board is known."""
    if names is None:
        return choices(SIDE_CHOICES)
    return choices((("", "—"), ("white", _("Brancas — %(name)s", name=names[0] or "—")),
                    ("black", _("Pretas — %(name)s", name=names[1] or "—"))))


def prefill(boards: Boards, forms: list[Any], args: Mapping[str, str]) -> int | None:
    """Fill round, board and side of the forms from the desk's link (?rodada=&mesa=&lado=) and
    label the sides with the board's names; the round shown (the link's, else the form's default:
    the latest published) is returned."""
    form = forms[0]
    offered = [c.value for c in form.round_number.choices]
    wanted = parse_int(args.get("rodada"), minimum=1)
    current = wanted if wanted in offered else (offered[0] if offered else None)
    board = parse_int(args.get("mesa"), minimum=1)
    side = args.get("lado") if args.get("lado") in ("white", "black") else None
    seats = {b: (w, k) for b, w, k in boards.get(current or 0, [])}
    for f in forms:
        f.round_number.data = current
        if board is not None and board in seats:
            f.board.data = board
            f.side.data = side
        f.side.choices = _side_labels(seats.get(board) if board is not None else None)
    return current


def boards_json(boards: Boards) -> str:
    """The published rounds' boards for static/desk.js (the side labels follow the board typed)."""
    return json.dumps({str(r): {str(b): [w, k] for b, w, k in rows} for r, rows in boards.items()})
