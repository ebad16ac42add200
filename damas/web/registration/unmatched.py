"""Staff page of member sign-ups that matched no free player record (unknown number, or a number
or e-mail that already has an account): the sign-up page answers all applicants alike, so this
is where such requests are seen and resolved."""
from __future__ import annotations

from flask import flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.extensions import db
from damas.models.registration import UnmatchedReason, UnmatchedSignUp
from damas.services.accounts import unmatched_sign_ups
from damas.web.access import staff_required
from damas.web.forms_util import run_service
from damas.web.registration.forms import UnmatchedForm
from damas.web.registration.routes import bp


def _reasons() -> dict[str, str]:
    return {UnmatchedReason.UNKNOWN_NUMBER.value: _("Nenhum jogador com este número de cadastro."),
            UnmatchedReason.NUMBER_TAKEN.value: _("Este jogador já tem uma conta."),
            UnmatchedReason.EMAIL_TAKEN.value: _("Este e-mail já tem uma conta.")}


def _resolve(form: UnmatchedForm) -> None:
    row = db.session.get(UnmatchedSignUp, form.request_id.data) if form.validate() else None
    if row is None:
        flash(_("Pedido inexistente."), "error")
    elif form.action.data == "dismiss":
        run_service(lambda: unmatched_sign_ups.dismiss(current_user, row), _("Pedido descartado."))
    else:
        run_service(lambda: unmatched_sign_ups.link(current_user, row, form.federation_id.data or ""),
                    _("Pedido ligado ao jogador; a pessoa já pode entrar com o e-mail e a senha do pedido."))


@bp.route("/conta/pedidos-sem-cadastro", methods=["GET", "POST"])
@staff_required
def unmatched():  # type: ignore[no-untyped-def]
    form = UnmatchedForm()
    if form.is_submitted():
        _resolve(form)
        return redirect(url_for("registration.unmatched"))
    reasons = _reasons()
    rows = [{"id": r.id, "at": r.created_at, "name": r.name, "email": r.email, "federation_id": r.federation_id,
             "reason": reasons[r.reason.value], "has_password": bool(r.password_hash)}
            for r in unmatched_sign_ups.open_requests()]
    return render_template("registration/unmatched.html", rows=rows)
