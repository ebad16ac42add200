"""The page the check-in QR code opens on a player's phone: he confirms he is in the hall
(logged in: the login page brings him back here), or reads why his check-in is refused: a code
of another event or of a round already paired, not entered, left out of the round. Reading it
opens a page with one button, never a change by itself (a GET changes nothing) [ours]."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required

from damas.models import EntryStatus
from damas.services.errors import ServiceError
from damas.services.registration.limits import own_entry
from damas.services.venue import checkin as checkin_service
from damas.views.current_board import current_board
from damas.views.summaries import event_summary
from damas.web.access import visible_event
from damas.web.venue.blueprint import bp


def _state(event, token: str) -> dict:  # type: ignore[no-untyped-def]
    """What the page shows: the refusal, or the round, his check-in and his board."""
    player = current_user.player
    entry = own_entry(event, player) if player is not None else None
    board = current_board(event, entry) if entry is not None else None
    try:
        number = checkin_service.qr_round(event, token)
        if entry is None or entry.status != EntryStatus.REGISTERED:
            raise ServiceError(_("Você não está inscrito neste evento."))
    except ServiceError as error:
        return {"error": error.message, "board": board}
    done = checkin_service.checkin_of(entry, number)
    return {"error": "", "number": number, "done": done, "board": board,
            "name": entry.player.full_name, "no": entry.pairing_number}


@bp.route("/eventos/<int:event_id>/presenca/<token>", methods=["GET", "POST"])
@login_required
def player_checkin(event_id: int, token: str):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    if request.method == "POST":
        try:
            _row, new = checkin_service.check_in_by_qr(current_user, event, token[:200])
        except ServiceError as error:
            flash(error.message, "error")
        else:
            if new:
                flash(_("Presença confirmada."), "success")
        return redirect(url_for("venue.player_checkin", event_id=event_id, token=token[:200]))
    return render_template("venue/player_checkin.html", event=event_summary(event), state=_state(event, token[:200]),
                           token=token[:200])
