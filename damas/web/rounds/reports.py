"""Players' own results: a player reports his board's result; the arbiter
confirms a waiting report with one click on the round's page.

A report goes in two steps: the report box's buttons open a page that shows the chosen result
in words (`report_check`), and only its "send" button posts it (a post without that step is
sent back to it), so one tap by mistake sends nothing. The player may withdraw his report
while nobody acted on it (`withdraw_report`).

The rules of agreement are `damas.services.results.player_reports`; these routes only read the form,
check who is asking and say what happened. Reports are throttled per account and address
(`LIMIT_RESULT_REPORT_ACCOUNT`) and, like every form, carry the CSRF token.
"""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from flask_wtf import FlaskForm
from wtforms import HiddenField, SelectField
from wtforms.validators import DataRequired

from damas.extensions import db
from damas.models import Event, Game, GameResult
from damas.services.results import player_reports as reports
from damas.services.results import recording as round_service
from damas.services.errors import ServiceError
from damas.services.locking import retrying
from damas.presentation.results import report_choices
from damas.views.summaries import event_summary
from damas.web.access import event_editor_required
from damas.web.forms_util import IntegerField, REQUIRED, choices
from damas.web.guards.limits import throttle_result_report
from damas.web.rounds.blueprint import bp
from damas.engine.integers import parse_int

REPORT_VALUES = [r.value for r in reports.REPORTABLE]


class ReportForm(FlaskForm):
    game_id = IntegerField(validators=[DataRequired(REQUIRED)])
    result = SelectField(choices=choices((v, v) for v in REPORT_VALUES), validate_choice=True)
    back = HiddenField()  # "area": Minha área; otherwise the round's page
    confirmed = HiddenField()  # "1": sent from the confirmation step (`report_check`)


class WithdrawForm(FlaskForm):
    game_id = IntegerField(validators=[DataRequired(REQUIRED)])
    back = HiddenField()


class ConfirmForm(FlaskForm):
    confirm = HiddenField(validators=[DataRequired(REQUIRED)])  # "<game id>:<result>:<version>"


def _back(event_id: int, number: int, back: str | None = None) -> str:
    if (back if back is not None else request.form.get("back")) == "area":
        return url_for("registration.my_page")
    return url_for("rounds.view_round", event_id=event_id, number=number)


@bp.get("/rodadas/<int:number>/informar/conferir")
@login_required
def report_check(event_id: int, number: int):  # type: ignore[no-untyped-def]
    """The step before a report is sent: the chosen result in words, with the button that sends it."""
    event = db.session.get(Event, event_id) or abort(404)
    back = request.args.get("back", "")
    game_id = parse_int(request.args.get("game_id", ""))
    value = request.args.get("result", "")
    board = reports.board_to_report(event, current_user, game_id, number) if game_id is not None else None
    if board is None or value not in REPORT_VALUES:
        flash(_("Esta mesa não recebe seu resultado agora."), "error")
        return redirect(_back(event_id, number, back))
    return render_template("rounds/report_check.html", event=event_summary(event), number=number, board=board,
                           result=value, label=dict(report_choices(event.ruleset))[value],
                           back=back, back_url=_back(event_id, number, back))


@bp.post("/rodadas/<int:number>/informar")
@login_required
@throttle_result_report
def report(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id) or abort(404)
    form = ReportForm()
    if not form.validate():
        flash(_("Informe vitória das brancas, empate ou vitória das pretas."), "error")
        return redirect(_back(event_id, number))
    if form.confirmed.data != "1":  # an old page's one-tap button: show the confirmation step
        return redirect(url_for("rounds.report_check", event_id=event_id, number=number, game_id=form.game_id.data,
                                result=form.result.data, back=form.back.data or ""))
    try:
        outcome = retrying(lambda: reports.report_result(current_user, event, form.game_id.data,
                                                                 form.result.data, number))
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash({
            reports.ENTERED: _("Os dois jogadores informaram o mesmo resultado: resultado lançado."),
            reports.WAITING: _("Resultado informado. Aguarda o do adversário ou a confirmação do árbitro."),
            reports.CONFLICT: _("Seu adversário informou outro resultado: o árbitro vai decidir."),
        }[outcome], "success" if outcome == reports.ENTERED else "info")
    return redirect(_back(event_id, number))


@bp.post("/rodadas/<int:number>/retirar-informado")
@login_required
@throttle_result_report
def withdraw_report(event_id: int, number: int):  # type: ignore[no-untyped-def]
    """The player takes back his own report (the service says until when)."""
    event = db.session.get(Event, event_id) or abort(404)
    form = WithdrawForm()
    if not form.validate():
        flash(_("Partida inexistente."), "error")
        return redirect(_back(event_id, number))
    try:
        retrying(lambda: reports.withdraw_report(current_user, event, form.game_id.data, number))
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Relato retirado: a mesa aguarda de novo o resultado."), "success")
    return redirect(_back(event_id, number))


@bp.post("/rodadas/<int:number>/confirmar-informado")
@event_editor_required
def confirm_report(event_id: int, number: int):  # type: ignore[no-untyped-def]
    """The arbiter's one click: enter a result one of the players reported (as his own entry)."""
    event = db.session.get(Event, event_id)
    target = url_for("rounds.view_round", event_id=event_id, number=number)
    form = ConfirmForm()
    parts = (form.confirm.data or "").split(":") if form.validate() else []
    game_id = parse_int(parts[0]) if len(parts) == 3 else None
    game = db.session.get(Game, game_id) if game_id is not None else None
    if game is None or parts[1] not in REPORT_VALUES or parse_int(parts[2]) is None \
            or game.round.event_id != event.id or game.round.number != number:
        flash(_("Confirmação inválida."), "error")
        return redirect(target)
    if game.result != GameResult.PENDING:  # another arbiter (or the players' agreement) came first
        flash(_("A mesa %(board)s já tem resultado; confira antes de corrigir.", board=game.board), "error")
        return redirect(target)
    if parts[1] not in {r.result for r in game.reports}:
        flash(_("Nenhum jogador informou este resultado na mesa %(board)s.", board=game.board), "error")
        return redirect(target)
    try:
        round_service.record_result(current_user, event, game, GameResult(parts[1]), int(parts[2]))
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Resultado da mesa %(board)s confirmado.", board=game.board), "success")
    return redirect(target)
