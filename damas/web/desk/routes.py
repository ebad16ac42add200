"""The arbiter's desk of an event: the blueprint and the incident, penalty, sanction and CBJD 95 d
routes (the desk's other route groups register on the same `bp` from their modules, imported by
the package).

Every route is for the event's arbiters and staff (`event_editor_required`); the chief-arbiter
decisions are checked by the services (`damas.services.desk.is_chief`). The forms name a board
the same way for every kind of event (a round and a player); what differs is the board adapter's
(`damas.services.desk.boards`, `damas.web.desk.boards`).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, render_template, request
from flask_babel import gettext as _
from flask_login import current_user

from damas.engine.penalties import IncidentKind, Sanction
from damas.extensions import db
from damas.models import Event, EventStatus
from damas.models.desk import DeskPenalty
from damas.services import desk as desk_service
from damas.services.desk import move_refs
from damas.services.desk.boards import Applied
from damas.services.errors import ServiceError
from damas.web.access import event_editor_required
from damas.web.guards.converters import db_id
from damas.web.desk.at_board import boards_json, by_board, named_player, prefill
from damas.web.desk.boards import desk_page
from damas.web.desk.common import (
    CBJD_60_KINDS,
    KIND_NAMES,
    SANCTION_NAMES,
    SCOPE_NAMES,
    article_text,
    back_to,
    desk_event,
    with_names,
)
from damas.web.desk.forms import ClaimForm, IncidentForm, MoveCountForm, ReversalForm, SanctionForm
from damas.web.desk.moves import flagged_records, move_from, move_ref_rows, opening_flags
from damas.web.desk.rows import consequence_text, incident_rows, names, penalty_result, penalty_rows, sanction_rows
from damas.web.forms_util import choices, run_service
from damas.views.summaries import event_summary
from damas.presentation.labels import pick

bp = Blueprint("desk", __name__, url_prefix="/eventos/<int:event_id>/mesa")


def _flash_applied(event: Event, applied: Applied | None, board: int | None) -> None:
    """What the system recorded on the board: a penalty's result, or the adapter's sentence."""
    if applied is None:
        return
    if applied.penalty is not None:
        flash(_("Resultado registrado pelo sistema: %(result)s (mesa %(board)s).",
                result=penalty_result(event, applied.penalty.result_after, applied.penalty.micro_game),
                board=board), "info")
    elif applied.note:
        flash(applied.note, "info")


def _board_form(event: Event, form: Any) -> Any:
    desk_page(event).fill_form(event, form)
    return form


# ---------------------------------------------------------------- incidents, sanctions, claims

@bp.get("/")
@event_editor_required
def index(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    s = desk_service.settings_for(event)
    boards = desk_service.board_kind(event)
    incident_form = _board_form(event, IncidentForm(prefix="i"))
    sanction_form = _board_form(event, SanctionForm(prefix="s"))
    claim_form = _board_form(event, ClaimForm(prefix="c"))
    move_form = _board_form(event, MoveCountForm(prefix="q"))
    rules = desk_service.penalty_rules(event)
    online = desk_service.is_online(event, s)
    kinds = rules.offered_kinds(online)
    incident_form.kind.choices = choices((k.value, str(KIND_NAMES[k.value])) for k in kinds)
    # the rule set's sanctions (CBJD 51, or the Laws' 12.9 in chess); a tie needs a winner; teams: no rule
    offered = [k for k in rules.sanctions if boards.sanction_refusal(k) is None]
    sanction_form.kind.choices = choices((k.value, str(SANCTION_NAMES[k.value])) for k in offered)
    laws = Sanction.LAWS_WARNING in rules.sanctions  # a chess event: the Laws of Chess, not CBJD 51
    sanction_form.kind.label.text = _("Sanção (Leis do Xadrez 12.9)") if laws else _("Sanção (CBJD 51)")
    board_note, board_data = desk_page(event).note(event)
    from_board = desk_page(event).from_board
    round_boards = desk_service.round_boards(event) if from_board else {}
    current = prefill(round_boards, [incident_form, sanction_form], request.args) if from_board else None
    return render_template(
        "desk/index.html", event=event_summary(event), incidents=incident_rows(event), penalties=penalty_rows(event),
        sanctions=sanction_rows(event), incident_form=incident_form, sanction_form=sanction_form,
        claim_form=claim_form, reversal_form=ReversalForm(), fast=desk_service.fast_enough_for_95d(event),
        claims_95d=desk_service.claims_95d(event), incident_title=pick(rules.title),
        incident_summary=pick(rules.summary(desk_service.penalty_settings(s), online)),
        sanctions_title=_("Sanções (Leis do Xadrez 12.9)") if laws else _("Sanções (CBJD 51)"),
        cbjd_60=any(k.value in CBJD_60_KINDS for k in kinds),
        running=event.status == EventStatus.RUNNING, chief=desk_service.is_chief(current_user, event),
        scope=str(SCOPE_NAMES[s.incident_scope]), loss_from=s.loss_from, extra_minutes=s.extra_minutes,
        online=online, disconnection_limit=s.disconnection_limit, per_game=boards.per_game,
        board_note=board_note, board_data=board_data, move_form=move_form, move_refs=move_ref_rows(event),
        record_flags=flagged_records(event), opening_flags=opening_flags(event), from_board=from_board,
        current_round=current,
        current_boards=round_boards.get(current or 0, []), boards_json=boards_json(round_boards),
    )


@bp.post("/incidentes")
@event_editor_required
def add_incident(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = _board_form(event, IncidentForm(prefix="i"))
    form.kind.choices = choices((k.value, k.value) for k in IncidentKind)
    if not form.validate_on_submit():
        flash(_("Escolha rodada, mesa, lado e tipo do incidente.") if by_board(event, form)
              else _("Escolha rodada, jogador e tipo do incidente."), "error")
        return back_to("desk.index", event_id)
    try:
        row, found, applied = desk_service.add_incident(current_user, event, form.round_number.data,
                                                        named_player(event, form), form.kind.data, form.article.data or "",
                                                        form.note.data or "", form.micro_game.data, move_from(form))
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(consequence_text(found, row.kind, names(event)), "success")
        _flash_applied(event, applied, row.board)
    return back_to("desk.index", event_id)


@bp.post("/penalidades/reverter")
@event_editor_required
def reverse_penalty(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = ReversalForm()
    if not form.validate_on_submit() or db_id(form.penalty_id.data) is None:
        flash(_("Informe o motivo da reversão."), "error")
        return back_to("desk.index", event_id)
    penalty = db.session.get(DeskPenalty, int(form.penalty_id.data))
    if penalty is None or penalty.event_id != event.id:
        flash(_("Penalidade inexistente."), "error")
        return back_to("desk.index", event_id)
    run_service(lambda: desk_service.reverse_penalty(current_user, event, penalty, form.reason.data or ""),
                _("Penalidade revertida; a mesa voltou ao resultado anterior."))
    return back_to("desk.index", event_id)


@bp.post("/sancoes")
@event_editor_required
def add_sanction(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = _board_form(event, SanctionForm(prefix="s"))
    form.kind.choices = choices((k.value, k.value) for k in Sanction)
    if not form.validate_on_submit():
        flash(_("Escolha rodada, mesa, lado e sanção.") if by_board(event, form)
              else _("Escolha rodada, jogador e sanção."), "error")
        return back_to("desk.index", event_id)
    try:
        row, found, applied = desk_service.add_sanction(current_user, event, form.round_number.data,
                                                        named_player(event, form), form.kind.data, form.note.data or "",
                                                        form.micro_game.data)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(with_names(pick((found.message_pt, found.message_en)), names(event)) + f" ({article_text(found.article)})",
              "success")
        if applied is not None and applied.penalty is None:  # a board penalty: on the desk's penalty table
            _flash_applied(event, applied, row.board)
    return back_to("desk.index", event_id)


@bp.post("/lance-irregular")
@event_editor_required
def claim_irregular_move(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = _board_form(event, ClaimForm(prefix="c"))
    if not form.validate_on_submit():
        flash(_("Escolha rodada e jogador."), "error")
        return back_to("desk.index", event_id)
    try:
        found, _applied = desk_service.claim_irregular_move(current_user, event, form.round_number.data,
                                                            form.entry_id.data, bool(form.before_own_move.data),
                                                            form.note.data or "", form.micro_game.data,
                                                            move_from(form))
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Lance irregular reclamado (CBJD 95 d): vitória de %(name)s.",
                name=names(event).get(found.beneficiary or 0, "")), "success")
    return back_to("desk.index", event_id)


@bp.post("/contagem-de-lances")
@event_editor_required
def move_count(event_id: int):  # type: ignore[no-untyped-def]
    """CBJD 5º: the number of moves played, read from the board's record at a move."""
    event = desk_event(event_id)
    form = _board_form(event, MoveCountForm(prefix="q"))
    if not form.validate_on_submit():
        flash(_("Escolha rodada, jogador e o lance."), "error")
        return back_to("desk.index", event_id)
    try:
        move_refs.move_count_question(current_user, event, form.round_number.data, form.entry_id.data,
                                      move_from(form), form.note.data or "", form.micro_game.data)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Lance apontado; a contagem está em \"Lances apontados\"."), "success")
    return back_to("desk.index", event_id)
