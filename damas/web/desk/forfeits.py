"""Arbiter's desk routes: games lost by default and expulsion (FIDE-GR).

Registered on the desk blueprint (`damas.web.desk.routes.bp`); the package imports this module.
"""
from __future__ import annotations

from flask import flash, render_template
from flask_babel import gettext as _
from flask_login import current_user

from damas.engine.penalties import Action
from damas.services.rounds import absence as absence_service
from damas.services import desk as desk_service
from damas.web.access import event_editor_required
from damas.web.desk.common import article_text, back_to, entry_or_none, desk_event
from damas.web.desk.routes import bp
from damas.web.desk.forms import ConfirmNoShowForm, ExcuseForm, ExpulsionForm
from damas.web.forms_util import run_service
from damas.views.summaries import event_summary
from damas.presentation.labels import pick

# ---------------------------------------------------------------- forfeits and expulsion

@bp.get("/wo")
@event_editor_required
def forfeits(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    rows = [{
        "entry_id": r.entry.id, "name": r.entry.player.full_name, "no": r.entry.pairing_number,
        "rounds": ", ".join(map(str, r.forfeit_rounds)), "excused": ", ".join(map(str, r.excused_rounds)),
        "action": r.consequence.action.value,
        "message": pick((r.consequence.message_pt, r.consequence.message_en)).replace(
            f" {r.entry.pairing_number} ", f" {r.entry.player.full_name} "),  # named, not numbered
        "article": article_text(r.consequence.article), "decided": r.decided,
        "open": r.consequence.action in (Action.PROPOSE_EXPULSION, Action.EXPULSION) and not r.decided,
    } for r in desk_service.forfeit_review(event)]
    s = desk_service.settings_for(event)
    return render_template("desk/forfeits.html", event=event_summary(event), rows=rows, excuse_form=ExcuseForm(),
                           no_show_proposals=absence_service.no_show_proposals(event),
                           expulsion_form=ExpulsionForm(), chief=desk_service.is_chief(current_user, event),
                           propose_after=s.forfeit_propose_after, expel_after=s.forfeit_expel_after)


@bp.post("/wo/ausente")
@event_editor_required
def confirm_no_show(event_id: int):  # type: ignore[no-untyped-def]
    """C.04.2 #2: the arbiter confirms the desk's proposal to mark a no-show absent without notice."""
    event = desk_event(event_id)
    form = ConfirmNoShowForm()
    entry = entry_or_none(event, form.entry_id.data)
    if not form.validate_on_submit() or entry is None:
        flash(_("Escolha o jogador."), "error")
    else:
        run_service(lambda: absence_service.confirm_no_show(current_user, event, entry),
                    _("%(name)s marcado como ausente sem aviso.", name=entry.player.full_name))
    return back_to("desk.forfeits", event_id)


@bp.post("/wo/justificar")
@event_editor_required
def excuse_forfeit(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = ExcuseForm()
    entry = entry_or_none(event, form.entry_id.data)
    if not form.validate_on_submit() or entry is None:
        flash(_("Informe a rodada e o motivo aceito."), "error")
    else:
        run_service(lambda: desk_service.excuse_forfeit(current_user, event, entry, form.round_number.data, form.reason.data or ""), _("W.O. justificado."))
    return back_to("desk.forfeits", event_id)


@bp.post("/wo/decidir")
@event_editor_required
def decide_expulsion(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = ExpulsionForm()
    entry = entry_or_none(event, form.entry_id.data)
    if not form.validate_on_submit() or entry is None:
        flash(_("Escolha a decisão."), "error")
    else:
        expel = form.decision.data == "expel"
        run_service(lambda: desk_service.decide_expulsion(current_user, event, entry, expel, form.reason.data or ""), _("Jogador eliminado do torneio.") if expel else _("Jogador mantido no torneio."))
    return back_to("desk.forfeits", event_id)
