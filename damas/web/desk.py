"""The arbiter's desk of an event: incidents, penalties, sanctions, CBJD 95 d, forfeits, appeals,
result corrections, undoing a rematch, the arbiter's report and the audit trail (CSV).

Every route is for the event's arbiters and staff (`event_editor_required`); the chief-arbiter
decisions are checked by the services (`damas.services.desk.is_chief`); naming the chief
arbiter is for staff.

This module holds the blueprint, the shared helpers and the incident, penalty, sanction and
CBJD 95 d routes; the other route groups register on the same `bp` from `desk_forfeits`,
`desk_corrections`, `desk_settings`, `desk_appeals` and `desk_report` (imported at the end);
the audit trail helpers are in `desk_audit` (`audit_page` is re-exported here).
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from sqlalchemy import select

from damas.engine.appeals import Decision
from damas.engine.penalties import Action, Consequence, IncidentKind, Sanction
from damas.extensions import db
from damas.models import (
    Entry,
    EntryStatus,
    Event,
    EventStatus,
    Game,
    GameResult,
    RoundStatus,
)
from damas.models.desk import DeskPenalty, DeskSanction
from damas.services import desk as desk_service
from damas.services import desk_appeals as appeal_service
from damas.services import desk_knockout, desk_teams
from damas.services.errors import ServiceError
from damas.formats.mapping import event_rounds
from damas.web.access import event_editor_required
from damas.web.desk_audit import audit_page  # noqa: F401 (re-exported: events.audit_log)
from damas.web.converters import db_id
from damas.web.desk_forms import ClaimForm, IncidentForm, ReversalForm, SanctionForm
from damas.web.forms_util import choices, run_service
from damas.web.presenters import event_summary, pick
from damas.web.results import result_label

bp = Blueprint("desk", __name__, url_prefix="/eventos/<int:event_id>/mesa")

KIND_NAMES = {
    IncidentKind.CLAIMED_IRREGULARITY.value: _l("Irregularidade reclamada (CBJD 60 a: arts. 52, 56, 65, 66)"),
    IncidentKind.IRREGULAR_MOVE.value: _l("Lance irregular não previsto (CBJD 60 b)"),
    IncidentKind.BREACH.value: _l("Infração repetida dos arts. 3/70 ou 38–50 (CBJD 60 c)"),
    IncidentKind.UNSPORTING.value: _l("Conduta antidesportiva repetida (CBJD 60 d)"),
    IncidentKind.DISCONNECTION.value: _l("Queda de conexão (evento online)"),
    IncidentKind.ILLEGAL_MOVE.value: _l("Lance ilegal (Leis do Xadrez: 1º +2 minutos ao adversário, 2º perde)"),
    IncidentKind.DEVICE_SOUND.value: _l("Celular ou aparelho eletrônico tocou (Leis do Xadrez: perde a partida)"),
}
_CBJD_60_KINDS = frozenset({IncidentKind.CLAIMED_IRREGULARITY.value, IncidentKind.IRREGULAR_MOVE.value,
                            IncidentKind.BREACH.value, IncidentKind.UNSPORTING.value})
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


def _fill_knockout_form(event: Event, form: Any) -> None:
    """Knockout: the rounds (fases) with ties of two players, latest first, and their players
    (labelled with their latest tie); see `damas.services.desk_knockout` for the mapping."""
    ties = desk_knockout.desk_ties(event)
    rounds: dict[int, str] = {}
    latest: dict[int, tuple[Entry, dict[str, Any]]] = {}
    for t in ties:
        if t["tie"] == 1 or t["round"] not in rounds:
            rounds[t["round"]] = _("%(label)s (fase %(n)s)", label=t["label"], n=t["round"])
        for _no, entry in t["players"]:
            latest.setdefault(entry.id, (entry, t))
    form.round_number.label.text = _("Fase da eliminatória")
    form.round_number.choices = choices(sorted(rounds.items(), reverse=True))
    form.entry_id.choices = choices(
        (entry.id, _("%(no)s. %(name)s — %(tie)s, confronto %(k)s%(state)s", no=entry.pairing_number,
                     name=entry.player.full_name, tie=t["label"], k=t["tie"],
                     state="" if t["open"] else _(" (decidido)")))
        for entry, t in sorted(latest.values(), key=lambda et: et[0].pairing_number or 0)
    )


def _fill_team_form(event: Event, form: Any) -> None:
    """Team micro-match: the published team rounds, latest first, and the players on a board of
    them (value: the player id; labelled with team, table and board of their latest round); see
    `damas.services.desk_teams` for the mapping."""
    rounds: dict[int, str] = {}
    latest: dict[int, tuple[str, str, dict[str, Any]]] = {}
    for b in desk_teams.team_boards(event):
        rounds.setdefault(b["round"], _("Rodada %(n)s", n=b["round"]))
        for pid, name, team in ((b["a"], b["a_name"], b["a_team"]), (b["b"], b["b_name"], b["b_team"])):
            latest.setdefault(pid, (name, team, b))
    form.round_number.choices = choices(sorted(rounds.items(), reverse=True))
    form.entry_id.choices = choices(
        (pid, _("%(name)s — %(team)s, mesa %(table)s, tabuleiro %(k)s (rodada %(r)s)", name=name, team=team,
                table=b["table"], k=b["k"], r=b["round"]))
        for pid, (name, team, b) in sorted(latest.items(), key=lambda kv: (kv[1][2]["board"], kv[1][0]))
    )


def _fill_board_form(event: Event, form: Any, registered_only: bool = False) -> None:
    if desk_knockout.is_knockout(event):
        _fill_knockout_form(event, form)
        return
    if desk_teams.is_team(event):
        _fill_team_form(event, form)
        return
    rounds = [r for r in event_rounds(event) if r.status == RoundStatus.PUBLISHED]
    form.round_number.choices = choices((r.number, _("Rodada %(n)s", n=r.number)) for r in reversed(rounds))
    entries = sorted(event.entries, key=lambda e: (e.pairing_number or 10**6, e.player.full_name))
    form.entry_id.choices = choices(
        (e.id, f"{e.pairing_number or '—'}. {e.player.full_name}") for e in entries
        if e.pairing_number is not None and (not registered_only or e.status == EntryStatus.REGISTERED)
    )


def _entry_or_none(event: Event, entry_id: Any) -> Entry | None:
    number = db_id(entry_id)
    entry = db.session.get(Entry, number) if number is not None else None
    return entry if entry is not None and entry.event_id == event.id else None


def _consequence_text(c: Consequence, kind: str, names: dict[int, str]) -> str:
    """The consequence in a sentence ("adversário +2 minutos" / game lost)."""
    offender = names.get(c.player, str(c.player))
    if kind == IncidentKind.DISCONNECTION.value:
        if c.action is Action.GAME_LOST:
            return _("%(n)sª queda de conexão: partida perdida por %(name)s", n=c.incidence, name=offender)
        return _("%(n)sª queda de conexão registrada", n=c.incidence)
    if kind not in _CBJD_60_KINDS:  # the FIDE Laws: the engine's own sentence
        return pick((c.message_pt, c.message_en))
    if c.action is Action.EXTRA_TIME:
        return _("%(n)sª incidência: adversário +%(m)s minutos (%(name)s)", n=c.incidence, m=c.extra_minutes,
                 name=names.get(c.beneficiary or 0, ""))
    if c.action is Action.GAME_LOST:
        return _("%(n)sª incidência: partida perdida por %(name)s", n=c.incidence, name=offender)
    return pick((c.message_pt, c.message_en))


def _names(event: Event) -> dict[int, str]:
    if desk_teams.is_team(event):
        return desk_teams.names(event)  # the engine numbers team players by player id
    return {e.pairing_number: e.player.full_name for e in event.entries if e.pairing_number is not None}


def _player_name(row: Any) -> str:
    """The player of an incident or sanction: his entry, or (team events) the player row."""
    if row.entry is not None:
        return row.entry.player.full_name
    return row.player.full_name if row.player is not None else "—"


def incident_rows(event: Event) -> list[dict[str, Any]]:
    names = _names(event)
    return [{
        "id": row.id, "round": row.round_number, "board": row.board, "player": _player_name(row),
        "kind": str(KIND_NAMES.get(row.kind, row.kind)), "article": c.article, "note": row.note,
        "arbiter": row.arbiter.name if row.arbiter else "—", "at": _fmt_dt(row.at),
        "incidence": c.incidence, "consequence": _consequence_text(c, row.kind, names),
        "action": c.action.value,
    } for row, c in desk_service.incident_log(event)]


def _penalty_result(event: Event, value: str, micro_game: int | None) -> str:
    """A penalty's result: the board's, or one game of a micro-match ("2ª partida: 0-2")."""
    if micro_game is None:
        return result_label(event.ruleset, GameResult(value))
    return _("%(k)sª partida: %(result)s", k=micro_game, result=value) if value else ""


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
            "before": _penalty_result(event, p.result_before, p.micro_game) or "—",
            "after": _penalty_result(event, p.result_after, p.micro_game),
            "applied_by": p.applied_by.name if p.applied_by else "—", "applied_at": _fmt_dt(p.applied_at),
            "reversed": p.reversed_at is not None, "reversed_at": _fmt_dt(p.reversed_at),
            "reversed_by": p.reversed_by.name if p.reversed_by else "", "reason": p.reversal_reason,
        })
    if desk_knockout.is_knockout(event):
        out.extend(_knockout_penalty_rows(event))
    if desk_teams.is_team(event):
        out.extend(_team_penalty_rows(event))
    return out


def _team_penalty_rows(event: Event) -> list[dict[str, Any]]:
    """Games the desk recorded on team boards (from the audit log: no `DeskPenalty` row); they are
    changed with the team results form of the round, not reversed here."""
    from damas.models.micromatch import TeamMatchRow

    names = desk_teams.names(event)
    out = []
    for a in desk_teams.penalty_entries(event):
        after = a.after or {}
        k, game_no = after.get("board"), after.get("micro_game") or 1
        match = db.session.get(TeamMatchRow, a.object_id)
        row = next((b for b in match.boards if b.board == k), None) if match is not None else None
        changed = row is None or getattr(row, f"game{game_no}") != after.get("result")
        out.append({
            "id": None, "team": True, "round": after.get("round"), "board": after.get("event_board"),
            "white": names.get(after.get("player_a"), ""), "black": names.get(after.get("player_b"), ""),
            "article": after.get("article", ""), "source": after.get("source", ""), "before": "—",
            "after": _("%(k)sª partida: %(result)s", k=game_no, result=after.get("result", "")),
            "applied_by": a.user.name if a.user else "—", "applied_at": _fmt_dt(a.at),
            "reversed": changed, "reversed_at": "", "reversed_by": "", "reason": "",
            "status_text": _("Alterada no formulário de resultados") if changed else _("Em vigor"),
        })
    return out


def _knockout_penalty_rows(event: Event) -> list[dict[str, Any]]:
    """Results the desk recorded on knockout games (from the audit log: no `DeskPenalty` row);
    they are changed with the knockout page's correction, not reversed here."""
    from damas.models import KnockoutGame
    from damas.reports.bracket import _OUTCOME_RESULT

    out = []
    for a in desk_knockout.penalty_entries(event):
        after = a.after or {}
        white, black = db.session.get(Entry, after.get("white_entry_id")), db.session.get(Entry, after.get("black_entry_id"))
        game = db.session.get(KnockoutGame, a.object_id)
        changed = game is None or game.outcome != after.get("outcome")
        out.append({
            "id": None, "knockout": True, "round": after.get("round"), "board": after.get("tie"),
            "white": white.player.full_name if white else "", "black": black.player.full_name if black else "",
            "article": after.get("article", ""), "source": after.get("source", ""), "before": "—",
            "after": result_label(event.ruleset, _OUTCOME_RESULT[after["outcome"]]) if after.get("outcome") else "",
            "applied_by": a.user.name if a.user else "—", "applied_at": _fmt_dt(a.at),
            "reversed": changed, "reversed_at": "", "reversed_by": "", "reason": "",
            "status_text": _("Alterada pela correção da eliminatória") if changed else _("Em vigor"),
        })
    return out


def sanction_rows(event: Event) -> list[dict[str, Any]]:
    rows = db.session.scalars(select(DeskSanction).where(DeskSanction.event_id == event.id)
                              .order_by(DeskSanction.at, DeskSanction.id)).all()
    return [{"round": s.round_number, "board": s.board or "—", "player": _player_name(s),
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


def _flash_team_result(board: int) -> None:
    flash(_("Resultado registrado pelo sistema na partida escolhida do tabuleiro (mesa %(board)s da rodada); o "
            "placar do match por equipes foi atualizado.", board=board), "info")


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
    rules = desk_service.penalty_rules(event)
    kinds = rules.offered_kinds(desk_service.is_online(event, s))
    incident_form.kind.choices = choices((k.value, str(KIND_NAMES[k.value])) for k in kinds)
    no_rule = desk_knockout.is_knockout(event) or desk_teams.is_team(event)  # a tie needs a winner; teams: no rule
    offered = [k for k in Sanction if not no_rule or k not in (Sanction.EXCLUSION, Sanction.GAME_LOST_BOTH)]
    sanction_form.kind.choices = choices((k.value, str(SANCTION_NAMES[k.value])) for k in offered)
    return render_template(
        "desk/index.html", event=event_summary(event), incidents=incident_rows(event), penalties=penalty_rows(event),
        sanctions=sanction_rows(event), incident_form=incident_form, sanction_form=sanction_form,
        claim_form=claim_form, reversal_form=ReversalForm(), fast=desk_service.fast_enough_for_95d(event),
        claims_95d=desk_service.claims_95d(event), incident_title=pick(rules.title),
        incident_summary=pick(rules.summary(desk_service.penalty_settings(s), desk_service.is_online(event, s))),
        cbjd_60=any(k.value in _CBJD_60_KINDS for k in kinds),
        running=event.status == EventStatus.RUNNING, chief=desk_service.is_chief(current_user, event),
        scope=str(SCOPE_NAMES[s.incident_scope]), loss_from=s.loss_from, extra_minutes=s.extra_minutes,
        online=desk_service.is_online(event, s), disconnection_limit=s.disconnection_limit,
        micro=event.pairing_system == "micromatch",
        knockout_ties=_knockout_tie_rows(event) if desk_knockout.is_knockout(event) else None,
        team_event=desk_teams.is_team(event),
    )


def _knockout_tie_rows(event: Event) -> list[dict[str, Any]]:
    """The knockout's ties with two players, as plain data (players as "no. name")."""
    return [{**t, "players": [f"{no}. {e.player.full_name}" for no, e in t["players"]]}
            for t in desk_knockout.desk_ties(event)]


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
    if desk_teams.is_team(event):  # team boards: the select holds player ids (desk_teams)
        try:
            row, found, applied = desk_teams.add_incident(current_user, event, form.round_number.data,
                                                          form.entry_id.data, form.kind.data, form.article.data or "",
                                                          form.note.data or "", form.micro_game.data)
        except ServiceError as error:
            flash(error.message, "error")
        else:
            _flash_consequence(found, row.kind, event)
            if applied is not None:
                _flash_team_result(row.board)
        return _back("desk.index", event_id)
    entry = _board_form_entry(event, form)
    if entry is not None:
        try:
            row, found, penalty = desk_service.add_incident(current_user, event, form.round_number.data, entry,
                                                            form.kind.data, form.article.data or "",
                                                            form.note.data or "", form.micro_game.data)
        except ServiceError as error:
            flash(error.message, "error")
        else:
            _flash_consequence(found, row.kind, event)
            if desk_knockout.is_knockout(event) and found.action is Action.GAME_LOST:
                flash(_("Resultado registrado pelo sistema na partida atual do confronto (fase %(r)s, confronto "
                        "%(t)s); a chave avançou.", r=row.round_number, t=row.board), "info")
            if penalty is not None:
                flash(_("Resultado registrado pelo sistema: %(result)s (mesa %(board)s).",
                        result=_penalty_result(event, penalty.result_after, penalty.micro_game), board=row.board), "info")
    return _back("desk.index", event_id)


@bp.post("/penalidades/reverter")
@event_editor_required
def reverse_penalty(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    form = ReversalForm()
    if not form.validate_on_submit() or db_id(form.penalty_id.data) is None:
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
    if desk_teams.is_team(event):
        try:
            row, found = desk_teams.add_sanction(current_user, event, form.round_number.data, form.entry_id.data,
                                                 form.kind.data, form.note.data or "", form.micro_game.data)
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(pick((found.message_pt, found.message_en)) + f" ({found.article})", "success")
            if found.result is not None:
                _flash_team_result(row.board)
        return _back("desk.index", event_id)
    entry = _board_form_entry(event, form)
    if entry is not None:
        try:
            _row, found = desk_service.add_sanction(current_user, event, form.round_number.data, entry,
                                                    form.kind.data, form.note.data or "", form.micro_game.data)
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
    if desk_teams.is_team(event):
        try:
            found = desk_teams.claim_irregular_move(current_user, event, form.round_number.data, form.entry_id.data,
                                                    bool(form.before_own_move.data), form.note.data or "",
                                                    form.micro_game.data)
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("Lance irregular reclamado (CBJD 95 d): vitória de %(name)s.",
                    name=_names(event).get(found.beneficiary or 0, "")), "success")
        return _back("desk.index", event_id)
    entry = _board_form_entry(event, form)
    if entry is not None:
        try:
            found, _penalty = desk_service.claim_irregular_move(current_user, event, form.round_number.data, entry,
                                                                bool(form.before_own_move.data), form.note.data or "",
                                                                form.micro_game.data)
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("Lance irregular reclamado (CBJD 95 d): vitória de %(name)s.",
                    name=_names(event).get(found.beneficiary or 0, "")), "success")
    return _back("desk.index", event_id)


# ---------------------------------------------------------------- the desk's other route groups
# Imported at the end: they register their routes on `bp` (endpoints stay "desk.<function>").

from damas.web import (  # noqa: E402, F401
    desk_appeals,
    desk_corrections,
    desk_forfeits,
    desk_report,
    desk_settings,
)
