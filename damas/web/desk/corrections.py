"""Arbiter's desk routes: result corrections (C.04.2 #8) and undoing a rematch (#10).

Registered on the desk blueprint (`damas.web.desk.routes.bp`); the package imports this module.
"""
from __future__ import annotations

from flask import flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.models import GameResult, RoundStatus
from damas.services import desk as desk_service
from damas.services.desk.corrections import case_text, correction_case_for
from damas.services.errors import ServiceError
from damas.formats.mapping import event_rounds
from damas.web.access import event_editor_required
from damas.web.desk.common import back_to, desk_event, fmt_dt, CORRECTION_MODE_NAMES
from damas.web.desk.routes import bp
from damas.web.desk.forms import CorrectionForm, RoundActionForm
from damas.web.forms_util import choices
from damas.views.summaries import event_summary
from damas.presentation.results import result_choices

# ---------------------------------------------------------------- corrections and rematches

@bp.get("/correcoes")
@event_editor_required
def corrections(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = CorrectionForm()
    rounds = [r for r in event_rounds(event) if r.status == RoundStatus.PUBLISHED]
    form.round_number.choices = choices((r.number, _("Rodada %(n)s", n=r.number)) for r in reversed(rounds))
    form.result.choices = choices((v, label) for v, label in result_choices(event.ruleset) if v)
    s = desk_service.settings_for(event)
    last = event_rounds(event)[-1] if event_rounds(event) else None
    rows = []
    for r in rounds:
        open_, deadline = desk_service.correction_deadline(event, r)
        case = correction_case_for(event, r)  # C.04.2 #8 (Swiss events)
        rows.append({"number": r.number, "open": open_ if case is None else case.value != "late",
                     "deadline": fmt_dt(deadline), "case": case_text(case) if case is not None else "",
                     "rating_only": [{"board": g.board, "result": g.result.value, "rating_result": g.rating_result}
                                     for g in r.games if g.rating_result],
                     "later": any(x.number > r.number for x in event_rounds(event)),
                     "rematches": desk_service.rematch_boards(event, r),
                     "last": last is not None and last.id == r.id})
    return render_template("desk/corrections.html", event=event_summary(event), form=form, rows=rows,
                           mode=str(CORRECTION_MODE_NAMES[s.correction_mode]), hours=s.correction_hours,
                           mode_code=s.correction_mode, undo_form=RoundActionForm())


@bp.post("/correcoes")
@event_editor_required
def correct_result(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = CorrectionForm()
    form.round_number.choices = choices((r.number, str(r.number)) for r in event_rounds(event))
    form.result.choices = choices((v, label) for v, label in result_choices(event.ruleset) if v)
    if not form.validate_on_submit():
        flash(_("Escolha rodada, mesa e resultado, e informe o motivo."), "error")
        return back_to("desk.corrections", event_id)
    rnd = next(r for r in event_rounds(event) if r.number == form.round_number.data)
    game = next((g for g in rnd.games if g.board == form.board.data), None)
    if game is None:
        flash(_("Mesa inexistente nesta rodada."), "error")
        return back_to("desk.corrections", event_id)
    try:
        notes = desk_service.correct_result(current_user, event, game, GameResult(form.result.data), form.reason.data)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        if notes.get("adjourned"):
            flash(_("Resultado da partida adiada gravado (C.04.2 #1): conta na classificação."), "success")
        elif notes["rating_only"]:
            flash(_("Correção registrada só para o relatório de rating (C.04.2 #8): a classificação e os "
                    "emparceiramentos ficam com o resultado informado."), "success")
        else:
            flash(_("Resultado corrigido."), "success")
        if notes["later_rounds"]:
            flash(_("Rodadas seguintes já emparceiradas (%(rounds)s): os emparceiramentos publicados não mudam; "
                    "a correção vale para a classificação e as próximas rodadas (C.04.2 #8).",
                    rounds=", ".join(map(str, notes["later_rounds"]))), "info")
        for number, boards in notes["rematches"].items():
            flash(_("Reencontro na rodada %(n)s, mesa(s) %(boards)s: desfaça-o se a rodada ainda não começou "
                    "(C.04.2 #10).", n=number, boards=", ".join(map(str, boards))), "error")
    return back_to("desk.corrections", event_id)


@bp.post("/desfazer-reencontro")
@event_editor_required
def undo_rematch(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = RoundActionForm()
    number = str(form.round_number.data or "")
    rnd = next((r for r in event_rounds(event) if str(r.number) == number), None)
    if not form.validate_on_submit() or rnd is None:
        flash(_("Rodada inexistente."), "error")
        return back_to("desk.corrections", event_id)
    try:
        new = desk_service.undo_rematch(current_user, event, rnd)
    except ServiceError as error:
        flash(error.message, "error")
        return back_to("desk.corrections", event_id)
    if new is None:
        flash(_("Emparceiramento desfeito; emparceire a rodada de novo na página de rodadas."), "info")
        return redirect(url_for("rounds.list_rounds", event_id=event_id))
    flash(_("Reencontro desfeito: rodada %(n)s emparceirada de novo. Confira e publique.", n=new.number), "success")
    return redirect(url_for("rounds.view_round", event_id=event_id, number=new.number))
