"""The arbiter's desk of an event: incidents, penalties, sanctions, CBJD 95 d, forfeits, appeals,
result corrections, undoing a rematch, the arbiter's report and the audit trail (CSV).

Every route is for the event's arbiters and staff (`event_editor_required`); the chief-arbiter
decisions are checked by the services (`damas.services.desk.is_chief`); naming the chief
arbiter is for staff.
"""
from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from sqlalchemy import select

from damas.engine.appeals import Decision
from damas.engine.penalties import Action, Consequence, IncidentKind, Sanction
from damas.extensions import db
from damas.models import (
    AuditEntry,
    Entry,
    EntryStatus,
    Event,
    EventStatus,
    Game,
    GameResult,
    Role,
    RoundStatus,
)
from damas.models.desk import DeskPenalty, DeskSanction
from damas.services import desk as desk_service
from damas.services import desk_appeals as appeal_service
from damas.services.errors import ServiceError
from damas.services.mapping import event_rounds
from damas.web.access import event_editor_required, staff_required
from damas.web.desk_forms import (
    AppealForm,
    ChiefForm,
    ClaimForm,
    CorrectionForm,
    DecisionForm,
    ExcuseForm,
    ExpulsionForm,
    IncidentForm,
    MemberForm,
    RemoveMemberForm,
    ReversalForm,
    RoundActionForm,
    SanctionForm,
    SettingsForm,
)
from damas.web.forms_util import choices, run_service, show_service_error
from damas.web.presenters import event_summary, pick
from damas.web.results import result_choices, result_label

bp = Blueprint("desk", __name__, url_prefix="/eventos/<int:event_id>/mesa")

KIND_NAMES = {
    IncidentKind.CLAIMED_IRREGULARITY.value: _l("Irregularidade reclamada (CBJD 60 a: arts. 52, 56, 65, 66)"),
    IncidentKind.IRREGULAR_MOVE.value: _l("Lance irregular não previsto (CBJD 60 b)"),
    IncidentKind.BREACH.value: _l("Infração repetida dos arts. 3/70 ou 38–50 (CBJD 60 c)"),
    IncidentKind.UNSPORTING.value: _l("Conduta antidesportiva repetida (CBJD 60 d)"),
    IncidentKind.DISCONNECTION.value: _l("Queda de conexão (evento online)"),
}
SANCTION_NAMES = {
    Sanction.VERBAL_WARNING.value: _l("Advertência verbal (CBJD 51 a)"),
    Sanction.WRITTEN_WARNING.value: _l("Advertência verbal e por escrito (CBJD 51 b)"),
    Sanction.GAME_LOST.value: _l("Perda da partida (CBJD 51 c)"),
    Sanction.GAME_LOST_BOTH.value: _l("Perda da partida pelos dois jogadores (CBJD 51 c)"),
    Sanction.EXCLUSION.value: _l("Afastamento da competição (CBJD 51 d)"),
}
DECISION_NAMES = {
    Decision.UPHELD.value: _l("Aceita"),
    Decision.REJECTED_REASONABLE.value: _l("Rejeitada, mas considerada razoável"),
    Decision.REJECTED.value: _l("Rejeitada"),
}
CORRECTION_MODE_NAMES = {
    "hours": _l("Até N horas após a publicação da rodada"),
    "next_pairing": _l("Até o emparceiramento da rodada seguinte"),
    "event_end": _l("Enquanto o evento estiver em andamento"),
}
SCOPE_NAMES = {"game": _l("Por jogador, em cada partida"), "event": _l("Por jogador, no evento todo")}


def _event(event_id: int) -> Event:
    return db.session.get(Event, event_id) or abort(404)


def _fmt_dt(value: datetime | None) -> str:
    return value.strftime("%d/%m/%Y %H:%M") if value else ""


def _money(cents: int) -> str:
    return f"R$ {cents // 100},{cents % 100:02d}"


def _fill_board_form(event: Event, form: Any, registered_only: bool = False) -> None:
    rounds = [r for r in event_rounds(event) if r.status == RoundStatus.PUBLISHED]
    form.round_number.choices = choices((r.number, _("Rodada %(n)s", n=r.number)) for r in reversed(rounds))
    entries = sorted(event.entries, key=lambda e: (e.pairing_number or 10**6, e.player.full_name))
    form.entry_id.choices = choices(
        (e.id, f"{e.pairing_number or '—'}. {e.player.full_name}") for e in entries
        if e.pairing_number is not None and (not registered_only or e.status == EntryStatus.REGISTERED)
    )


def _entry_or_none(event: Event, entry_id: Any) -> Entry | None:
    try:
        entry = db.session.get(Entry, int(entry_id))
    except (TypeError, ValueError):
        return None
    return entry if entry is not None and entry.event_id == event.id else None


def _consequence_text(c: Consequence, kind: str, names: dict[int, str]) -> str:
    """The consequence in a sentence ("adversário +2 minutos" / game lost)."""
    offender = names.get(c.player, str(c.player))
    if kind == IncidentKind.DISCONNECTION.value:
        if c.action is Action.GAME_LOST:
            return _("%(n)sª queda de conexão: partida perdida por %(name)s", n=c.incidence, name=offender)
        return _("%(n)sª queda de conexão registrada", n=c.incidence)
    if c.action is Action.EXTRA_TIME:
        return _("%(n)sª incidência: adversário +%(m)s minutos (%(name)s)", n=c.incidence, m=c.extra_minutes,
                 name=names.get(c.beneficiary or 0, ""))
    if c.action is Action.GAME_LOST:
        return _("%(n)sª incidência: partida perdida por %(name)s", n=c.incidence, name=offender)
    return pick((c.message_pt, c.message_en))


def _names(event: Event) -> dict[int, str]:
    return {e.pairing_number: e.player.full_name for e in event.entries if e.pairing_number is not None}


def incident_rows(event: Event) -> list[dict[str, Any]]:
    names = _names(event)
    return [{
        "id": row.id, "round": row.round_number, "board": row.board, "player": row.entry.player.full_name,
        "kind": str(KIND_NAMES.get(row.kind, row.kind)), "article": c.article, "note": row.note,
        "arbiter": row.arbiter.name if row.arbiter else "—", "at": _fmt_dt(row.at),
        "incidence": c.incidence, "consequence": _consequence_text(c, row.kind, names),
        "action": c.action.value,
    } for row, c in desk_service.incident_log(event)]


def penalty_rows(event: Event) -> list[dict[str, Any]]:
    rows = db.session.scalars(select(DeskPenalty).where(DeskPenalty.event_id == event.id)
                              .order_by(DeskPenalty.applied_at, DeskPenalty.id)).all()
    out = []
    for p in rows:
        game = db.session.get(Game, p.game_id)
        if game is None:
            continue
        out.append({
            "id": p.id, "round": game.round.number, "board": game.board,
            "white": game.white.player.full_name, "black": game.black.player.full_name if game.black else "",
            "article": p.article, "source": p.source,
            "before": result_label(event.ruleset, GameResult(p.result_before)) or "—",
            "after": result_label(event.ruleset, GameResult(p.result_after)),
            "applied_by": p.applied_by.name if p.applied_by else "—", "applied_at": _fmt_dt(p.applied_at),
            "reversed": p.reversed_at is not None, "reversed_at": _fmt_dt(p.reversed_at),
            "reversed_by": p.reversed_by.name if p.reversed_by else "", "reason": p.reversal_reason,
        })
    return out


def sanction_rows(event: Event) -> list[dict[str, Any]]:
    rows = db.session.scalars(select(DeskSanction).where(DeskSanction.event_id == event.id)
                              .order_by(DeskSanction.at, DeskSanction.id)).all()
    return [{"round": s.round_number, "board": s.board or "—", "player": s.entry.player.full_name,
             "kind": str(SANCTION_NAMES.get(s.kind, s.kind)), "note": s.note,
             "arbiter": s.arbiter.name if s.arbiter else "—", "at": _fmt_dt(s.at)} for s in rows]


def appeal_rows(event: Event) -> list[dict[str, Any]]:
    rules = appeal_service.appeal_rules(event)
    out = []
    for a in appeal_service.event_appeals(event):
        out.append({
            "id": a.id, "appellant": a.appellant_name, "subject": a.subject, "decision_at": _fmt_dt(a.decision_at),
            "filed_at": _fmt_dt(a.filed_at), "deadline": _fmt_dt(a.decision_at + timedelta(minutes=rules.deadline_minutes)),
            "fee": _money(a.fee_paid_cents), "decided": bool(a.decision),
            "decision": str(DECISION_NAMES.get(a.decision, "")) if a.decision else "",
            "decision_text": a.decision_text, "panel": ", ".join(a.panel or []), "refund": _money(a.refund_cents),
            "decided_at": _fmt_dt(a.decided_at),
        })
    return out


def _flash_consequence(c: Consequence, kind: str, event: Event) -> None:
    flash(_consequence_text(c, kind, _names(event)), "success")


def _back(endpoint: str, event_id: int) -> Any:
    return redirect(url_for(endpoint, event_id=event_id))


# ---------------------------------------------------------------- incidents, sanctions, claims

@bp.get("/")
@event_editor_required
def index(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    s = desk_service.settings_for(event)
    incident_form, sanction_form, claim_form = IncidentForm(prefix="i"), SanctionForm(prefix="s"), ClaimForm(prefix="c")
    for form in (incident_form, sanction_form, claim_form):
        _fill_board_form(event, form)
    kinds = [k for k in IncidentKind if k is not IncidentKind.DISCONNECTION or desk_service.is_online(event, s)]
    incident_form.kind.choices = choices((k.value, str(KIND_NAMES[k.value])) for k in kinds)
    sanction_form.kind.choices = choices((k.value, str(SANCTION_NAMES[k.value])) for k in Sanction)
    return render_template(
        "desk/index.html", event=event_summary(event), incidents=incident_rows(event), penalties=penalty_rows(event),
        sanctions=sanction_rows(event), incident_form=incident_form, sanction_form=sanction_form,
        claim_form=claim_form, reversal_form=ReversalForm(), fast=desk_service.fast_enough_for_95d(event),
        running=event.status == EventStatus.RUNNING, chief=desk_service.is_chief(current_user, event),
        scope=str(SCOPE_NAMES[s.incident_scope]), loss_from=s.loss_from, extra_minutes=s.extra_minutes,
        online=desk_service.is_online(event, s), disconnection_limit=s.disconnection_limit,
    )


def _board_form_entry(event: Event, form: Any) -> Entry | None:
    entry = _entry_or_none(event, form.entry_id.data)
    if entry is None:
        flash(_("Jogador inexistente."), "error")
    return entry


@bp.post("/incidentes")
@event_editor_required
def add_incident(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = IncidentForm(prefix="i")
    _fill_board_form(event, form)
    form.kind.choices = choices((k.value, k.value) for k in IncidentKind)
    if not form.validate_on_submit():
        flash(_("Escolha rodada, jogador e tipo do incidente."), "error")
        return _back("desk.index", event_id)
    entry = _board_form_entry(event, form)
    if entry is not None:
        try:
            row, found, penalty = desk_service.add_incident(current_user, event, form.round_number.data, entry,
                                                            form.kind.data, form.article.data or "",
                                                            form.note.data or "")
        except ServiceError as error:
            flash(error.message, "error")
        else:
            _flash_consequence(found, row.kind, event)
            if penalty is not None:
                flash(_("Resultado registrado pelo sistema: %(result)s (mesa %(board)s).",
                        result=result_label(event.ruleset, GameResult(penalty.result_after)), board=row.board), "info")
    return _back("desk.index", event_id)


@bp.post("/penalidades/reverter")
@event_editor_required
def reverse_penalty(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = ReversalForm()
    if not form.validate_on_submit() or not str(form.penalty_id.data).isdigit():
        flash(_("Informe o motivo da reversão."), "error")
        return _back("desk.index", event_id)
    penalty = db.session.get(DeskPenalty, int(form.penalty_id.data))
    if penalty is None or penalty.event_id != event.id:
        flash(_("Penalidade inexistente."), "error")
        return _back("desk.index", event_id)
    run_service(lambda: desk_service.reverse_penalty(current_user, event, penalty, form.reason.data or ""), _("Penalidade revertida; a mesa voltou ao resultado anterior."))
    return _back("desk.index", event_id)


@bp.post("/sancoes")
@event_editor_required
def add_sanction(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = SanctionForm(prefix="s")
    _fill_board_form(event, form)
    form.kind.choices = choices((k.value, k.value) for k in Sanction)
    if not form.validate_on_submit():
        flash(_("Escolha rodada, jogador e sanção."), "error")
        return _back("desk.index", event_id)
    entry = _board_form_entry(event, form)
    if entry is not None:
        try:
            _row, found = desk_service.add_sanction(current_user, event, form.round_number.data, entry,
                                                    form.kind.data, form.note.data or "")
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(pick((found.message_pt, found.message_en)) + f" ({found.article})", "success")
    return _back("desk.index", event_id)


@bp.post("/lance-irregular")
@event_editor_required
def claim_irregular_move(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = ClaimForm(prefix="c")
    _fill_board_form(event, form)
    if not form.validate_on_submit():
        flash(_("Escolha rodada e jogador."), "error")
        return _back("desk.index", event_id)
    entry = _board_form_entry(event, form)
    if entry is not None:
        try:
            found, _penalty = desk_service.claim_irregular_move(current_user, event, form.round_number.data, entry,
                                                                bool(form.before_own_move.data), form.note.data or "")
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("Lance irregular reclamado (CBJD 95 d): vitória de %(name)s.",
                    name=_names(event).get(found.beneficiary or 0, "")), "success")
    return _back("desk.index", event_id)


# ---------------------------------------------------------------- forfeits and expulsion

@bp.get("/wo")
@event_editor_required
def forfeits(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    rows = [{
        "entry_id": r.entry.id, "name": r.entry.player.full_name, "no": r.entry.pairing_number,
        "rounds": ", ".join(map(str, r.forfeit_rounds)), "excused": ", ".join(map(str, r.excused_rounds)),
        "action": r.consequence.action.value, "message": pick((r.consequence.message_pt, r.consequence.message_en)),
        "article": r.consequence.article, "decided": r.decided,
        "open": r.consequence.action in (Action.PROPOSE_EXPULSION, Action.EXPULSION) and not r.decided,
    } for r in desk_service.forfeit_review(event)]
    s = desk_service.settings_for(event)
    return render_template("desk/forfeits.html", event=event_summary(event), rows=rows, excuse_form=ExcuseForm(),
                           expulsion_form=ExpulsionForm(), chief=desk_service.is_chief(current_user, event),
                           propose_after=s.forfeit_propose_after, expel_after=s.forfeit_expel_after)


@bp.post("/wo/justificar")
@event_editor_required
def excuse_forfeit(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = ExcuseForm()
    entry = _entry_or_none(event, form.entry_id.data)
    if not form.validate_on_submit() or entry is None:
        flash(_("Informe a rodada e o motivo aceito."), "error")
    else:
        run_service(lambda: desk_service.excuse_forfeit(current_user, event, entry, form.round_number.data, form.reason.data or ""), _("W.O. justificado."))
    return _back("desk.forfeits", event_id)


@bp.post("/wo/decidir")
@event_editor_required
def decide_expulsion(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = ExpulsionForm()
    entry = _entry_or_none(event, form.entry_id.data)
    if not form.validate_on_submit() or entry is None:
        flash(_("Escolha a decisão."), "error")
    else:
        expel = form.decision.data == "expel"
        run_service(lambda: desk_service.decide_expulsion(current_user, event, entry, expel, form.reason.data or ""), _("Jogador eliminado do torneio.") if expel else _("Jogador mantido no torneio."))
    return _back("desk.forfeits", event_id)


# ---------------------------------------------------------------- corrections and rematches

@bp.get("/correcoes")
@event_editor_required
def corrections(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = CorrectionForm()
    rounds = [r for r in event_rounds(event) if r.status == RoundStatus.PUBLISHED]
    form.round_number.choices = choices((r.number, _("Rodada %(n)s", n=r.number)) for r in reversed(rounds))
    form.result.choices = choices((v, label) for v, label in result_choices(event.ruleset) if v)
    s = desk_service.settings_for(event)
    last = event_rounds(event)[-1] if event_rounds(event) else None
    rows = []
    for r in rounds:
        open_, deadline = desk_service.correction_deadline(event, r)
        rows.append({"number": r.number, "open": open_, "deadline": _fmt_dt(deadline),
                     "later": any(x.number > r.number for x in event_rounds(event)),
                     "rematches": desk_service.rematch_boards(event, r),
                     "last": last is not None and last.id == r.id})
    return render_template("desk/corrections.html", event=event_summary(event), form=form, rows=rows,
                           mode=str(CORRECTION_MODE_NAMES[s.correction_mode]), hours=s.correction_hours,
                           mode_code=s.correction_mode, undo_form=RoundActionForm())


@bp.post("/correcoes")
@event_editor_required
def correct_result(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = CorrectionForm()
    form.round_number.choices = choices((r.number, str(r.number)) for r in event_rounds(event))
    form.result.choices = choices((v, label) for v, label in result_choices(event.ruleset) if v)
    if not form.validate_on_submit():
        flash(_("Escolha rodada, mesa e resultado, e informe o motivo."), "error")
        return _back("desk.corrections", event_id)
    rnd = next(r for r in event_rounds(event) if r.number == form.round_number.data)
    game = next((g for g in rnd.games if g.board == form.board.data), None)
    if game is None:
        flash(_("Mesa inexistente nesta rodada."), "error")
        return _back("desk.corrections", event_id)
    try:
        notes = desk_service.correct_result(current_user, event, game, GameResult(form.result.data), form.reason.data)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Resultado corrigido."), "success")
        if notes["later_rounds"]:
            flash(_("Rodadas seguintes já emparceiradas (%(rounds)s): os emparceiramentos publicados não mudam; "
                    "a correção vale para a classificação e as próximas rodadas (C.04.2 #8).",
                    rounds=", ".join(map(str, notes["later_rounds"]))), "info")
        for number, boards in notes["rematches"].items():
            flash(_("Reencontro na rodada %(n)s, mesa(s) %(boards)s: desfaça-o se a rodada ainda não começou "
                    "(C.04.2 #10).", n=number, boards=", ".join(map(str, boards))), "error")
    return _back("desk.corrections", event_id)


@bp.post("/desfazer-reencontro")
@event_editor_required
def undo_rematch(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = RoundActionForm()
    number = str(form.round_number.data or "")
    rnd = next((r for r in event_rounds(event) if str(r.number) == number), None)
    if not form.validate_on_submit() or rnd is None:
        flash(_("Rodada inexistente."), "error")
        return _back("desk.corrections", event_id)
    try:
        new = desk_service.undo_rematch(current_user, event, rnd)
    except ServiceError as error:
        flash(error.message, "error")
        return _back("desk.corrections", event_id)
    if new is None:
        flash(_("Emparceiramento desfeito; emparceire a rodada de novo na página de rodadas."), "info")
        return redirect(url_for("rounds.list_rounds", event_id=event_id))
    flash(_("Reencontro desfeito: rodada %(n)s emparceirada de novo. Confira e publique.", n=new.number), "success")
    return redirect(url_for("rounds.view_round", event_id=event_id, number=new.number))


# ---------------------------------------------------------------- settings and chief arbiter

def _fill_settings(form: SettingsForm) -> None:
    form.incident_scope.choices = choices((k, str(v)) for k, v in SCOPE_NAMES.items())
    form.disconnection_scope.choices = choices((k, str(v)) for k, v in SCOPE_NAMES.items())
    form.correction_mode.choices = choices((k, str(v)) for k, v in CORRECTION_MODE_NAMES.items())


@bp.route("/configuracoes", methods=["GET", "POST"])
@event_editor_required
def settings(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    s = desk_service.settings_for(event)
    form = SettingsForm(obj=s) if request.method == "GET" else SettingsForm()
    if request.method == "GET":
        form.appeal_fee.data = Decimal(s.appeal_fee_cents) / 100
        form.forfeit_propose_after.data = s.forfeit_propose_after or None
        form.forfeit_expel_after.data = s.forfeit_expel_after or None
    _fill_settings(form)
    if form.validate_on_submit():
        data = dict(form.data)
        data["appeal_fee_cents"] = int((form.appeal_fee.data or 0) * 100)
        data["appeal_currency"] = "BRL"
        try:
            desk_service.update_settings(current_user, event, data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Configurações da mesa gravadas."), "success")
            return _back("desk.settings", event_id)
    elif request.method == "POST":
        flash(_("Corrija os campos indicados."), "error")
    chief_form = ChiefForm()
    chief_form.user_id.choices = choices([("", "—")] + [(a.user.id, a.user.name) for a in event.arbiters])
    chief_form.user_id.data = s.chief_arbiter_user_id
    return render_template("desk/settings.html", event=event_summary(event), form=form, chief_form=chief_form,
                           chief=s.chief_arbiter.name if s.chief_arbiter else "",
                           is_staff=current_user.role == Role.STAFF)


@bp.post("/arbitro-principal")
@staff_required
def set_chief(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = ChiefForm()
    form.user_id.choices = choices([("", "—")] + [(a.user.id, a.user.name) for a in event.arbiters])
    if not form.validate_on_submit():
        flash(_("Escolha um dos árbitros do evento."), "error")
    else:
        run_service(lambda: desk_service.set_chief_arbiter(current_user, event, form.user_id.data), _("Árbitro principal designado."))
    return _back("desk.settings", event_id)


# ---------------------------------------------------------------- appeals

@bp.get("/apelacoes")
@event_editor_required
def appeals(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    return _appeals_page(event, MemberForm(prefix="m"), _appeal_form(event))


def _appeal_form(event: Event, formdata: bool = False) -> AppealForm:
    form = AppealForm(prefix="a") if formdata else AppealForm(prefix="a", formdata=None)
    entries = sorted(event.entries, key=lambda e: (e.pairing_number or 10**6, e.player.full_name))
    form.entry_id.choices = choices([("", "—")] + [(e.id, e.player.full_name) for e in entries])
    if not formdata:
        now = datetime.now().replace(second=0, microsecond=0)
        form.decision_at.data = form.filed_at.data = now
        form.fee_paid.data = Decimal(desk_service.settings_for(event).appeal_fee_cents) / 100
        form.in_writing.data = form.copy_to_chief_arbiter.data = True
    return form


def _appeals_page(event: Event, member_form: MemberForm, appeal_form: AppealForm) -> str:
    members = [{"id": m.id, "name": m.name, "birth_date": m.birth_date.strftime("%d/%m/%Y"), "voting": m.voting}
               for m in appeal_service.committee_rows(event)]
    decision_form = DecisionForm(prefix="d", formdata=None)
    decision_form.decision.choices = choices((k, str(v)) for k, v in DECISION_NAMES.items())
    decision_form.involved.choices = choices((m["id"], m["name"]) for m in members)
    rules = appeal_service.appeal_rules(event)
    return render_template(
        "desk/appeals.html", event=event_summary(event), members=members,
        problems=appeal_service.committee_status(event), member_form=member_form, remove_form=RemoveMemberForm(),
        appeal_form=appeal_form, decision_form=decision_form, appeals=appeal_rows(event),
        fee=_money(rules.fee_cents), deadline_minutes=rules.deadline_minutes,
    )


@bp.post("/apelacoes/comite")
@event_editor_required
def add_member(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = MemberForm(prefix="m")
    if form.validate_on_submit():
        try:
            appeal_service.add_member(current_user, event, form.name.data, form.birth_date.data, bool(form.voting.data))
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Membro incluído no comitê de apelação."), "success")
            return _back("desk.appeals", event_id)
    if request.form:
        flash(_("Corrija os campos indicados."), "error")
        return _appeals_page(event, form, _appeal_form(event)), 400
    flash(_("Informe nome e data de nascimento."), "error")
    return _back("desk.appeals", event_id)


@bp.post("/apelacoes/comite/remover")
@event_editor_required
def remove_member(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = RemoveMemberForm()
    if not form.validate_on_submit() or not str(form.member_id.data).isdigit():
        flash(_("Membro inexistente."), "error")
    else:
        run_service(lambda: appeal_service.remove_member(current_user, event, int(form.member_id.data)), _("Membro removido do comitê."))
    return _back("desk.appeals", event_id)


@bp.post("/apelacoes/nova")
@event_editor_required
def file_appeal(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = _appeal_form(event, formdata=True)
    if form.validate_on_submit():
        data = dict(form.data)
        data["fee_paid_cents"] = int((form.fee_paid.data or 0) * 100)
        try:
            appeal_service.file_appeal(current_user, event, data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Apelação recebida."), "success")
            return _back("desk.appeals", event_id)
    if not request.form:
        flash(_("Preencha a apelação."), "error")
        return _back("desk.appeals", event_id)
    flash(_("A apelação não foi recebida: corrija os campos indicados."), "error")
    return _appeals_page(event, MemberForm(prefix="m", formdata=None), form), 400


@bp.post("/apelacoes/decidir")
@event_editor_required
def decide_appeal(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = DecisionForm(prefix="d")
    form.decision.choices = choices((k, str(v)) for k, v in DECISION_NAMES.items())
    form.involved.choices = choices((m.id, m.name) for m in appeal_service.committee_rows(event))
    if not form.validate_on_submit() or not str(form.appeal_id.data).isdigit():
        flash(_("Escolha a decisão e escreva o texto."), "error")
    else:
        try:
            row = appeal_service.decide_appeal(current_user, event, int(form.appeal_id.data), form.decision.data,
                                               form.text.data or "", list(form.involved.data or []))
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("Decisão registrada; taxa devolvida: %(fee)s.", fee=_money(row.refund_cents)), "success")
    return _back("desk.appeals", event_id)


# ---------------------------------------------------------------- arbiter's report

@bp.get("/relatorio")
@event_editor_required
def report(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    return render_template("desk/report.html", event=event_summary(event), **report_context(event))


def report_context(event: Event) -> dict[str, Any]:
    """Plain data of the arbiter's report (for the web page and the PDF reports)."""
    return {"incidents": incident_rows(event), "penalties": penalty_rows(event), "sanctions": sanction_rows(event),
            "appeals": appeal_rows(event), "decisions": forfeit_decision_rows(event),
            "committee": [{"name": m.name, "voting": m.voting} for m in appeal_service.committee_rows(event)]}


def forfeit_decision_rows(event: Event) -> list[dict[str, Any]]:
    from damas.models.desk import DeskForfeitDecision

    rows = db.session.scalars(select(DeskForfeitDecision).where(DeskForfeitDecision.event_id == event.id)
                              .order_by(DeskForfeitDecision.at)).all()
    names = {"excused": _("W.O. justificado"), "kept": _("Mantido no torneio"), "expelled": _("Eliminado")}
    return [{"player": d.entry.player.full_name, "kind": names.get(d.kind, d.kind), "round": d.round_number or "",
             "reason": d.reason, "by": d.user.name if d.user else "—", "at": _fmt_dt(d.at)} for d in rows]


# ---------------------------------------------------------------- audit trail (events.audit_log + CSV)

ACTION_NAMES = {
    "result": _l("Resultado"), "correction": _l("Correção de resultado"), "penalty": _l("Penalidade aplicada"),
    "penalty_reversed": _l("Penalidade revertida"), "incident": _l("Incidente"), "sanction": _l("Sanção"),
    "irregular_move_claim": _l("Lance irregular reclamado"), "withdraw": _l("Desistência"),
    "withdrawal": _l("Partida não jogada (desistência)"), "pair": _l("Emparceiramento"),
    "unpair": _l("Emparceiramento desfeito"), "undo_rematch": _l("Reencontro desfeito"),
    "publish": _l("Publicação"), "expulsion": _l("Eliminação"), "expulsion_declined": _l("Eliminação recusada"),
    "forfeit_excused": _l("W.O. justificado"), "desk_settings": _l("Configurações da mesa"),
    "chief_arbiter": _l("Árbitro principal"), "committee_add": _l("Comitê de apelação: inclusão"),
    "committee_remove": _l("Comitê de apelação: remoção"), "request": _l("Pedido de bye ou ausência"),
    "status": _l("Situação do evento"), "update": _l("Edição do evento"), "create": _l("Criação"),
    "assign": _l("Árbitro designado"), "unassign": _l("Árbitro removido"), "appeal_filed": _l("Apelação"), "appeal_decided": _l("Decisão de apelação"),
}


def _audit_round(a: AuditEntry) -> int | None:
    for data in (a.after or {}, a.before or {}):
        value = data.get("round")
        if value is None and a.object_type == "round":
            value = data.get("number")
        if isinstance(value, int):
            return value
    return None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if value else ""


def audit_filters() -> dict[str, Any]:
    args = request.args
    rnd = args.get("round", "")
    obj = args.get("object_id", "")
    user = args.get("user", "")
    return {"action": args.get("action", ""), "object_type": args.get("object_type", ""),
            "object_id": int(obj) if obj.isdigit() else None, "user": int(user) if user.isdigit() else None,
            "round": int(rnd) if rnd.isdigit() else None}


def audit_rows(event: Event, filters: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, list]]:
    """The event's audit entries, newest first, filtered; plus the filter choices."""
    rows = db.session.scalars(select(AuditEntry).where(AuditEntry.event_id == event.id)
                              .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())).all()
    options = {"actions": sorted({r.action for r in rows}), "object_types": sorted({r.object_type for r in rows}),
               "users": sorted({(r.user.id, r.user.name) for r in rows if r.user}, key=lambda u: u[1]),
               "rounds": sorted({n for r in rows if (n := _audit_round(r)) is not None})}
    out = []
    for r in rows:
        n = _audit_round(r)
        if filters["action"] and r.action != filters["action"]:
            continue
        if filters["object_type"] and r.object_type != filters["object_type"]:
            continue
        if filters["object_id"] is not None and r.object_id != filters["object_id"]:
            continue
        if filters["user"] is not None and r.user_id != filters["user"]:
            continue
        if filters["round"] is not None and n != filters["round"]:
            continue
        out.append({"at": r.at, "user": r.user.name if r.user else "—", "action": r.action,
                    "action_name": str(ACTION_NAMES.get(r.action, r.action)), "object_type": r.object_type,
                    "object_id": r.object_id, "round": n, "before": r.before, "after": r.after,
                    "before_text": _json(r.before), "after_text": _json(r.after)})
    return out, options


def audit_page(event: Event) -> str:
    """The body of `events.audit_log` (the endpoint stays in the events blueprint)."""
    filters = audit_filters()
    entries, options = audit_rows(event, filters)
    options["action_names"] = {a: str(ACTION_NAMES.get(a, a)) for a in options["actions"]}
    return render_template("events/audit.html", event=event_summary(event), entries=entries, filters=filters,
                           options=options, csv_args={k: v for k, v in request.args.items() if v})


@bp.get("/auditoria.csv")
@event_editor_required
def audit_csv(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    entries, _options = audit_rows(event, audit_filters())
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["quando_utc", "quem", "acao", "objeto", "id", "rodada", "antes", "depois"])
    for a in entries:
        writer.writerow([a["at"].isoformat(), a["user"], a["action"], a["object_type"], a["object_id"] or "",
                         a["round"] or "", a["before_text"], a["after_text"]])
    return Response("\ufeff" + out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="auditoria-evento-{event.id}.csv"'})
