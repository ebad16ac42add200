"""The player's side of entry fees: the payment page of his own entry (how the fee is made, its
state, the Pix QR code and "copia e cola" text, the payments booked), linked from Minha área."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required

from damas.extensions import db
from damas.models import Event, EventStatus
from damas.views.fee_payment import NO_FEE, payment_page
from damas.web.fees.blueprint import bp


@bp.get("/conta/inscricoes/<int:event_id>/pagamento")
@login_required
def payment(event_id: int):  # type: ignore[no-untyped-def]
    """Only the signed-in player's own entry: the URL names no player, so nobody sees another's."""
    event = db.session.get(Event, event_id)
    if event is None or event.status == EventStatus.DRAFT:
        abort(404)
    player = current_user.player
    if player is None:
        flash(_("Sua conta não está ligada a um jogador."), "info")
        return redirect(url_for("registration.my_page"))
    page = payment_page(event, player)
    if page == NO_FEE:
        flash(_("O evento %(event)s não cobra taxa de inscrição.", event=event.name), "info")
        return redirect(url_for("registration.my_page"))
    if isinstance(page, str):
        flash(_("Você não está inscrito no evento %(event)s.", event=event.name), "info")
        return redirect(url_for("registration.my_page"))
    return render_template("fees/payment.html", page=page, event=event)
