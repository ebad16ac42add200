"""Rounds, results, standings and crosstable pages of an event.

Reading is public once a round is published; the event's arbiters and staff pair, publish,
enter results and record withdrawals and requests.
"""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import current_user
from sqlalchemy import select

from damas.engine.pairing import get_system
from damas.extensions import db
from damas.formats import get_format
from damas.models import (
    Entry,
    EntryStatus,
    Event,
    EventStatus,
    GameResult,
    RequestKind,
    Round,
    RoundRequest,
    RoundStatus,
)
from damas.formats.event_rules import bye_override, order_is_drawn, published_order, shown_tiebreak_order, unplayed_rule
from damas.reports.awards import tiebreak_draws
from damas.reports.round_points import with_points_before
from damas.reports.standings import crosstable_context, crosstable_kind, standings_context
from damas.services.rounds import absence as absence_service
from damas.services.results import player_reports as result_reports
from damas.services.rounds import round_robin as rr_service
from damas.services.results import recording as round_service
from damas.services.rounds import swiss as swiss_service
from damas.services.errors import ServiceError
from damas.services.locking import retrying
from damas.services.rounds.withdrawal_undo import undo_refusal, undo_withdrawal
from damas.formats.mapping import event_rounds, round_is_complete
from damas.web.access import event_editor_required, visible_event
from damas.web.rounds.forms import GenerateRoundRobinForm, RoundRequestForm, WithdrawalForm
from damas.web.rounds.absence_forms import ExplainAbsenceForm, MarkAbsentForm
from damas.web.forms_util import choices, run_service, show_service_error
from damas.web.rounds.blueprint import bp
from damas.web.rounds.rules import event_rules_context
from damas.web.rounds.withdrawal_notes import withdrawal_notes
from damas.views.fee_schedule import fee_box
from damas.views.summaries import event_summary
from damas.views.fee_marks import unpaid_names
from damas.views.rating_change import rating_rules_context
from damas.views.norms_rules import norms_rules_context
from damas.presentation.results import report_choices, result_choices, result_keys, result_keys_hint
from damas.presentation.labels import ENTRY_STATUS_NAMES, pick
from damas.views.round_rows import board_rows
from damas.engine.regulations import regulations
from damas.engine.rulesets import get_ruleset
from damas.engine.integers import parse_int




def _round_or_404(event: Event, number: int, editable: bool) -> Round:
    rnd = get_format(event).find_round(event, number, drafts=editable)
    if rnd is None:
        abort(404)
    return rnd


def _round_rows(event: Event, rnd: Round) -> list[dict]:
    """The round view of the event's format (`views.round_rows.board_rows`), each player with
    his points before the round (as the printed pairings sheet)."""
    return with_points_before(event, rnd.number, board_rows(event, rnd))


def _own_pages(event: Event, standings: bool) -> str | None:
    """Where a knockout or a team event keeps its rounds and standings, when it does.

    Their games are not rounds of individual boards: the knockout has the bracket, a team
    micro-match event its matches and team table; the generic tabs send the reader there.
    """
    pages = get_format(event).pages
    endpoint = pages.standings if standings else pages.rounds
    return url_for(endpoint, event_id=event.id) if endpoint is not None else None


@bp.get("/rodadas")
def list_rounds(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    if (elsewhere := _own_pages(event, standings=False)) is not None:
        return redirect(elsewhere)
    reported = result_reports.pending_counts(event) if editable else {}
    rounds = [
        {"number": r.number, "status": r.status.value, "complete": round_is_complete(r),
         "boards": len(r.games), "pending": sum(1 for g in r.games if g.result == GameResult.PENDING),
         "reported": reported.get(r.number, 0)}
        for r in event_rounds(event) if editable or r.status == RoundStatus.PUBLISHED
    ]
    active = [e for e in event.entries if e.status == EntryStatus.REGISTERED]
    return render_template(
        "rounds/list.html", event=event_summary(event), rounds=rounds, editable=editable,
        round_robin=get_format(event).round_robin, round_by_round=swiss_service.round_by_round(event),
        generate_form=GenerateRoundRobinForm() if editable else None,  # a form writes a CSRF token: editors only numbering_method=event.numbering_method,
        numbering_seed=event.numbering_seed, has_protocol=bool(event.numbering_protocol),
        first_color=event.first_color, first_color_seed=event.first_color_seed, active_entries=len(active),
        min_entries=3 if get_format(event).round_robin else 2, publish_on_pair=event.publish_on_pair,
        unpaid=unpaid_names(event) if editable and event.status in (EventStatus.REGISTRATION, EventStatus.RUNNING)
        else [],
    )


@bp.post("/rodadas/gerar")
@event_editor_required
def generate(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = GenerateRoundRobinForm()
    if not form.validate_on_submit():
        flash(_("Escolha como numerar os jogadores."), "error")
    else:
        try:
            rounds = retrying(lambda: rr_service.generate_round_robin(current_user, event, form.method.data,
                                                                      bool(form.double.data)))
        except ServiceError as error:
            flash(error.message, "error")
        else:
            if rounds[0].status == RoundStatus.PUBLISHED:  # the event publishes with its pairing
                flash(_("%(n)s rodadas geradas; a rodada 1 está publicada: lance os resultados.", n=len(rounds)),
                      "success")
                return redirect(url_for("rounds.view_round", event_id=event_id, number=1))
            flash(_("%(n)s rodadas geradas. Publique cada rodada para lançar os resultados.", n=len(rounds)), "success")
    return redirect(url_for("rounds.list_rounds", event_id=event_id))


@bp.post("/rodadas/emparceirar")
@event_editor_required
def pair_next(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    try:
        rnd = retrying(lambda: swiss_service.pair_next_round(current_user, event))
    except ServiceError as error:
        flash(error.message, "error")
        return redirect(url_for("rounds.list_rounds", event_id=event_id))
    if rnd.status == RoundStatus.PUBLISHED:  # the event publishes with its pairing
        flash(_("Rodada %(n)s emparceirada e publicada: lance os resultados aqui.", n=rnd.number), "success")
    else:
        flash(_("Rodada %(n)s emparceirada. Confira e publique.", n=rnd.number), "success")
    if getattr(rnd, "restriction_relaxed", False):
        flash(_("Não há emparceiramento que evite jogadores do mesmo clube/federação nesta rodada: "
                "emparceirada sem a restrição (FIDE-GR Emparceiramentos g)."), "warning")
    return redirect(url_for("rounds.view_round", event_id=event_id, number=rnd.number))


@bp.get("/rodadas/<int:number>")
def view_round(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    # the rounds without their games, then this round's boards only (not every round's)
    rounds = list(db.session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))
    rnd = _round_or_404(event, number, editable)
    mine = [b for b in result_reports.boards_to_report(event, current_user) if b.round_number == rnd.number] \
        if current_user.is_authenticated else []
    running = editable and event.status == EventStatus.RUNNING
    next_step = _next_step(event, rnd, rounds) if running else None
    return render_template(
        "rounds/round.html", event=event_summary(event), number=rnd.number, status=rnd.status.value,
        my_boards=mine, report_choices=report_choices(event.ruleset),
        reported=result_reports.pending_reports(event, rnd) if editable else {},
        rows=_round_rows(event, rnd), editable=running, next_step=next_step,
        unpaid=unpaid_names(event) if next_step and next_step["kind"] == "pair" else [],
        choices=result_choices(event.ruleset), last=rounds[-1].number == rnd.number,
        keys=result_keys(event.ruleset), keys_hint=result_keys_hint(event.ruleset),
        can_delete=editable and swiss_service.round_by_round(event) and rounds[-1].id == rnd.id,
        later_paired=rounds[-1].number > rnd.number and get_system(event.pairing_system).pairs_from_results,
    )


def _next_step(event: Event, rnd: Round, rounds: list[Round]) -> dict | None:
    """What the arbiter does once every result of this round is in: pair the next round, publish
    the next round of a round robin, or read the final standings. None while results are missing."""
    if rnd.status != RoundStatus.PUBLISHED or not round_is_complete(rnd):
        return None
    later = [r for r in rounds if r.number > rnd.number]
    if later:
        following = later[0]
        return {"kind": "publish", "number": following.number} if following.status == RoundStatus.PAIRED else None
    if rnd.number < event.planned_rounds and swiss_service.round_by_round(event):
        return {"kind": "pair", "number": rnd.number + 1}
    return {"kind": "done", "number": rnd.number} if rnd.number >= event.planned_rounds else None


@bp.post("/rodadas/<int:number>/publicar")
@event_editor_required
def publish(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    rnd = _round_or_404(event, number, True)
    run_service(lambda: round_service.publish_round(current_user, event, rnd), _("Rodada %(n)s publicada.", n=number))
    return redirect(url_for("rounds.view_round", event_id=event_id, number=number))


@bp.post("/rodadas/<int:number>/apagar")
@event_editor_required
def delete(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    rnd = _round_or_404(event, number, True)
    try:
        swiss_service.delete_round(current_user, event, rnd, request.form.get("reason", ""))
    except ServiceError as error:
        flash(error.message, "error")
        return redirect(url_for("rounds.view_round", event_id=event_id, number=number))
    flash(_("Emparceiramento da rodada %(n)s desfeito.", n=number), "success")
    return redirect(url_for("rounds.list_rounds", event_id=event_id))


@bp.post("/rodadas/<int:number>/resultados")
@event_editor_required
def save_results(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    rnd = _round_or_404(event, number, True)
    if get_format(event).pages.results_form != "rounds.save_results":  # a micro-match's two games: its own form
        flash(_("Em micro matches, lance as duas partidas de cada mesa no formulário de micro matches."), "error")
        return redirect(url_for("rounds.view_round", event_id=event_id, number=number))
    valid = {c for c, _label in result_choices(event.ruleset)}
    changes: dict[int, tuple[GameResult, int]] = {}
    for game in rnd.games:
        value = request.form.get(f"result-{game.id}")
        version = request.form.get(f"version-{game.id}", "")
        if value is None:
            continue
        seen = parse_int(version)
        if value not in valid or seen is None:
            flash(_("Resultado inválido na mesa %(board)s.", board=game.board), "error")
            return redirect(url_for("rounds.view_round", event_id=event_id, number=number))
        if GameResult(value) != game.result or seen != game.version:
            changes[game.id] = (GameResult(value), seen)
    if not changes:
        flash(_("Nenhum resultado alterado."), "info")
        return redirect(url_for("rounds.view_round", event_id=event_id, number=number))
    try:
        saved, conflicts = round_service.record_results(current_user, event, changes)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        if saved:
            flash(_("%(n)s resultado(s) gravado(s).", n=saved), "success")
        if conflicts:
            flash(_("Outro árbitro alterou antes as mesas %(boards)s; os resultados dele foram mantidos. Confira.",
                    boards=", ".join(map(str, conflicts))), "error")
    return redirect(url_for("rounds.view_round", event_id=event_id, number=number))


@bp.get("/classificacao")
def standings(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    if (elsewhere := _own_pages(event, standings=True)) is not None:
        return redirect(elsewhere)
    context = standings_context(event)
    return render_template("rounds/standings.html", event=event_summary(event), **context)


@bp.get("/tabela")
def crosstable(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    if crosstable_kind(event) is None:  # knockout, team event: the bracket, the team table
        return redirect(_own_pages(event, standings=True) or url_for("rounds.standings", event_id=event_id))
    return render_template("rounds/crosstable.html", event=event_summary(event), **crosstable_context(event))


@bp.get("/sorteio")
def draw_protocol(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    protocol = event.numbering_protocol or []
    if "" in protocol:  # stored as the pt-BR lines, an empty line, then the English lines
        split = protocol.index("")
        protocol = protocol[split + 1:] if str(get_locale()) == "en" else protocol[:split]
    return render_template(
        "rounds/draw.html", event=event_summary(event), method=event.numbering_method, seed=event.numbering_seed,
        protocol=protocol, first_color=event.first_color, first_color_seed=event.first_color_seed,
        tiebreak_draws=tiebreak_draws(event),
    )


@bp.route("/jogadores", methods=["GET", "POST"])
@event_editor_required
def manage_players(event_id: int):  # type: ignore[no-untyped-def]
    """Withdrawals and round requests (byes, absences) of the event's players."""
    event = db.session.get(Event, event_id)
    entries = sorted(event.entries, key=lambda e: (e.pairing_number or 10**6, e.player.full_name))
    withdraw_form = WithdrawalForm(prefix="w")
    withdraw_form.entry_id.choices = choices(
        (e.id, f"{e.pairing_number or '—'}. {e.player.full_name}") for e in entries if e.status == EntryStatus.REGISTERED
    )
    request_form = RoundRequestForm(prefix="r")
    request_form.entry_id.choices = withdraw_form.entry_id.choices
    absent_form = MarkAbsentForm(prefix="a")
    absent_form.entry_id.choices = withdraw_form.entry_id.choices
    explain_form = ExplainAbsenceForm(prefix="x")
    withdrawn_word = _("retirado")
    explain_form.entry_id.choices = choices(  # withdrawn for want of an explanation too (C.04.2 #2: refused)
        (e.id, f"{e.pairing_number or '—'}. {e.player.full_name}"
               + ("" if e.status == EntryStatus.REGISTERED else f" ({withdrawn_word})")) for e in entries
        if e.status in (EntryStatus.REGISTERED, EntryStatus.WITHDRAWN) and e.absent_from_round is not None
    )
    if request.method == "GET":
        absent_form.from_round.data = len(event_rounds(event)) + 1
    if request.method == "POST":
        if "w-submit" in request.form and withdraw_form.validate():
            entry = db.session.get(Entry, withdraw_form.entry_id.data)
            try:
                done = round_service.withdraw_entry(current_user, event, entry, withdraw_form.after_round.data,
                                                    withdraw_form.note.data or "")
            except ServiceError as error:
                flash(error.message, "error")
            else:
                flash(_("Desistência registrada."), "success")
                for message in withdrawal_notes(done):
                    flash(message, "warning")
                return redirect(url_for("rounds.manage_players", event_id=event_id))
        elif "r-submit" in request.form and request_form.validate():
            entry = db.session.get(Entry, request_form.entry_id.data)
            kind = RequestKind(request_form.kind.data) if request_form.kind.data else None
            try:
                swiss_service.set_round_request(current_user, event, entry, request_form.round_number.data, kind,
                                                request_form.note.data or "")
            except ServiceError as error:
                flash(error.message, "error")
            else:
                flash(_("Pedido registrado."), "success")
                return redirect(url_for("rounds.manage_players", event_id=event_id))
        elif "a-submit" in request.form and absent_form.validate():
            entry = db.session.get(Entry, absent_form.entry_id.data)
            try:
                absence_service.mark_absent(current_user, event, entry, absent_form.from_round.data,
                                            absent_form.note.data or "")
            except ServiceError as error:
                show_service_error(absent_form, error)
            else:
                flash(_("Jogador marcado como ausente sem aviso: não será emparceirado até a justificativa."),
                      "success")
                return redirect(url_for("rounds.manage_players", event_id=event_id))
        elif "x-submit" in request.form and explain_form.validate():
            entry = db.session.get(Entry, explain_form.entry_id.data)
            try:
                absence_service.explain_absence(current_user, event, entry, explain_form.note.data or "")
            except ServiceError as error:
                show_service_error(explain_form, error)
            else:
                flash(_("Ausência justificada: o jogador volta a ser emparceirado."), "success")
                return redirect(url_for("rounds.manage_players", event_id=event_id))
        else:
            flash(_("Corrija os campos indicados."), "error")
    absent_now, absences_explained = absence_service.absence_rows(event)
    requests = [
        {"name": r.entry.player.full_name, "round": r.round_number, "kind": r.kind.value, "note": r.note}
        for r in db.session.scalars(select(RoundRequest).where(RoundRequest.event_id == event.id)
                                    .order_by(RoundRequest.round_number))
    ]
    withdrawn = [
        {"name": e.player.full_name, "after": e.withdrawn_after_round, "note": e.withdrawal_note, "status": e.status.value,
         "status_name": pick(ENTRY_STATUS_NAMES[e.status.value]), "entry_id": e.id,
         "undo_refusal": undo_refusal(event, e) if e.status == EntryStatus.WITHDRAWN else None}
        for e in entries if e.status != EntryStatus.REGISTERED
    ]
    return render_template(
        "rounds/players.html", event=event_summary(event), withdraw_form=withdraw_form, request_form=request_form,
        requests=requests, withdrawn=withdrawn, round_by_round=swiss_service.round_by_round(event),
        absent_form=absent_form, explain_form=explain_form, absent_now=absent_now,
        absences_explained=absences_explained,
    )


@bp.post("/jogadores/<int:entry_id>/desfazer-desistencia")
@event_editor_required
def undo_withdrawal_route(event_id: int, entry_id: int):  # type: ignore[no-untyped-def]
    """Undo a withdrawal entered by mistake, with a reason (`services.withdrawal_undo`)."""
    event = db.session.get(Event, event_id)
    entry = db.session.get(Entry, entry_id)
    if entry is None or entry.event_id != event_id:
        abort(404)
    run_service(lambda: undo_withdrawal(current_user, event, entry, request.form.get("reason", "")),
                _("Desistência desfeita: o jogador volta a ser emparceirado."))
    return redirect(url_for("rounds.manage_players", event_id=event_id))


@bp.get("/regulamento")
def regulations_page(event_id: int):  # type: ignore[no-untyped-def]
    """What the system does for this event: pairing rules, scoring, tiebreaks, our decisions."""
    event, editable = visible_event(event_id)
    lang = "en" if str(get_locale()) == "en" else "pt"
    options = event.tiebreak_options or {}

    scored = get_ruleset(event.ruleset, **bye_override(event))  # the event's pairing-bye score
    reg = regulations(scored, event.pairing_system, published_order(event, shown_tiebreak_order(event)), lang,
                      unplayed=unplayed_rule(event))
    return render_template("rounds/regulations.html", event=event_summary(event), reg=reg,
                           by_lot=event.tiebreak_by_lot, drawn=order_is_drawn(event), lot_seed=event.tiebreak_lot_seed,
                           tb_options=options, rating_rules=rating_rules_context(event), fee=fee_box(event),
                           **event_rules_context(event, lang), **norms_rules_context(event))

