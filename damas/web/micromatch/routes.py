"""Micro-match events (CBJD 119-122): settings, the federation's openings, micro-match results,
team events (entries, line-ups, results), standings and board prizes.

Thin routes: form -> one service call -> redirect with a message. Reading is public once
published; staff upload openings; the event's arbiters (and staff) run the event; a team's
captain submits its line-ups.
"""
from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.presentation.labels import english as in_english
from damas.engine.micromatch_scoring import DOUBLE_LOSS
from damas.engine.openings import CODE_MAX, MOVES_MAX, NAME_MAX
from damas.engine.pairing import get_system
from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, EventStatus, Role, RoundStatus
from damas.services.micromatch import matches as micro_service
from damas.services.micromatch import openings as opening_service
from damas.services.micromatch import team_events as team_service
from damas.services.errors import ServiceError
from damas.formats.mapping import event_rounds
from damas.web.access import event_editor_required, staff_required, visible_event
from damas.web.forms_util import choices, show_service_error, tiebreak_picker
from damas.web.micromatch.forms import MicroEventForm, MicroSettingsForm, OpeningsUploadForm
from damas.presentation.labels import GAME_LABELS
from damas.views.summaries import event_summary
from damas.presentation.labels import pick
from damas.engine.integers import parse_int

bp = Blueprint("micromatch", __name__)


@bp.app_template_global("micro_round_draws")
def micro_round_draws(event_id: int, number: int) -> list[dict]:
    """The openings drawn for a round, for the pairing sheet (plain dicts)."""
    event = db.session.get(Event, event_id)
    return opening_service.round_draws(event, number) if event is not None else []




def back_to_overview(event_id: int):  # type: ignore[no-untyped-def]
    return redirect(url_for("micromatch.overview", event_id=event_id))


def _draws_by_round(event: Event) -> list[dict]:
    out: dict[int, list[dict]] = {}
    for d in opening_service.event_draws(event):
        out.setdefault(d.round_number, []).append(
            {"board": d.board, "code": d.code, "moves": d.moves, "name": d.name, "seed": d.seed,
             "new_cycle": d.new_cycle})
    return [{"round": n, "draws": ds} for n, ds in sorted(out.items())]


# -- the federation's openings ----------------------------------------------------------------------

@bp.get("/aberturas")
def openings():  # type: ignore[no-untyped-def]
    page = parse_int(request.args.get("page"), minimum=1) or 1
    lst = opening_service.list_page(opening_service.current_list(), min(max(page, 1), 10**6),
                                    current_app.config["OPENINGS_PER_PAGE"])
    is_staff = current_user.is_authenticated and current_user.role == Role.STAFF
    return render_template("micromatch/openings.html", lst=lst, is_staff=is_staff)


@bp.route("/aberturas/carregar", methods=["GET", "POST"])
@staff_required
def upload_openings():  # type: ignore[no-untyped-def]
    form = OpeningsUploadForm()
    if form.validate_on_submit():
        data = form.file.data.read()
        try:
            lst = opening_service.upload_openings(current_user, data, form.file.data.filename or "")
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Lista de aberturas carregada: %(n)s aberturas.", n=len(lst.openings)), "success")
            return redirect(url_for("micromatch.openings"))
    limits = {"code": CODE_MAX, "moves": MOVES_MAX, "name": NAME_MAX,
              "size_kb": (current_app.config.get("MAX_CONTENT_LENGTH") or 0) // 1024}
    return render_template("micromatch/upload.html", form=form, limits=limits)


# -- event creation and settings ---------------------------------------------------------------------

@bp.route("/eventos/micro/novo", methods=["GET", "POST"])
@staff_required
def new_event():  # type: ignore[no-untyped-def]
    form = MicroEventForm()
    system = get_system("micromatch")
    form.pairing_system.choices = choices([("micromatch", pick((system.name_pt, system.name_en)))])
    if request.method == "POST":
        form.pairing_system.data = "micromatch"
    if form.validate_on_submit():
        try:
            event = micro_service.create_micromatch_event(current_user, form.data)
        except ServiceError as error:
            db.session.rollback()
            show_service_error(form, error)
        else:
            flash(_("Evento em micro match criado."), "success")
            return redirect(url_for("micromatch.overview", event_id=event.id))
    tiebreak_picker(form.tiebreak_order)
    return render_template("micromatch/new_event.html", form=form)


@bp.get("/eventos/<int:event_id>/micro")
def overview(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    fmt = get_format(event)
    is_micro = fmt.micro_match
    settings = micro_service.settings_of(event)
    rounds = []
    if is_micro and not fmt.team_based:
        rounds = [{"number": r.number, "status": r.status.value} for r in event_rounds(event)
                  if editable or r.status == RoundStatus.PUBLISHED]
    elif is_micro:
        rounds = [{"number": r.number, "status": "published" if r.published else "paired"}
                  for r in team_service.team_rounds(event) if editable or r.published]
    published = {r["number"] for r in rounds}
    draws = [d for d in _draws_by_round(event) if d["round"] in published]
    return render_template("micromatch/overview.html", event=event_summary(event), is_micro=is_micro,
                           settings=settings, editable=editable, rounds=rounds, draws=draws,
                           has_list=opening_service.current_list() is not None,
                           running=event.status in (EventStatus.REGISTRATION, EventStatus.RUNNING))


@bp.route("/eventos/<int:event_id>/micro/configurar", methods=["GET", "POST"])
@event_editor_required
def settings(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    if not get_format(event).micro_match:
        flash(_("CBJD 119: o sorteio de aberturas (Sistema Loteria) só é permitido em competições disputadas em "
                "micro match."), "error")
        return redirect(url_for("events.view_event", event_id=event_id))
    current = micro_service.settings_of(event)
    form = MicroSettingsForm(data=None if request.method == "POST" else current)
    if form.validate_on_submit():
        try:
            micro_service.save_settings(current_user, event, form.data)
        except ServiceError as error:
            db.session.rollback()
            show_service_error(form, error)
        else:
            flash(_("Configuração do micro match gravada."), "success")
            return back_to_overview(event_id)
    return render_template("micromatch/settings.html", event=event_summary(event), form=form)


@bp.post("/eventos/<int:event_id>/micro/emparceirar")
@event_editor_required
def pair(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    if not get_format(event).micro_match:
        flash(_("Este evento não é disputado em micro match."), "error")
        return redirect(url_for("rounds.list_rounds", event_id=event_id))
    try:
        if micro_service.is_team_event(event):
            rnd = team_service.pair_team_round(current_user, event)
            target = url_for("micromatch.team_round", event_id=event_id, number=rnd.number)
        else:
            rnd = micro_service.pair_individual_round(current_user, event)
            target = url_for("rounds.view_round", event_id=event_id, number=rnd.number)
    except ServiceError as error:
        flash(error.message, "error")
        return back_to_overview(event_id)
    flash(_("Rodada %(n)s emparceirada. Confira e publique.", n=rnd.number), "success")
    return redirect(target)


@bp.post("/eventos/<int:event_id>/micro/rodadas/<int:number>/abertura")
@event_editor_required
def draw_opening(event_id: int, number: int):  # type: ignore[no-untyped-def]
    """Draw the opening of a round paired without one (e.g. from the rounds page)."""
    event = db.session.get(Event, event_id)
    try:
        opening_service.check_allowed(event)
        if micro_service.is_team_event(event):
            rnd = next((r for r in team_service.team_rounds(event) if r.number == number), None)
            boards = micro_service.settings_of(event)["boards"]
        else:
            rnd = next((r for r in event_rounds(event) if r.number == number), None)
            boards = sum(1 for g in rnd.games if g.black_entry_id is not None) if rnd else 0
        if rnd is None:
            raise ServiceError(_("Rodada inexistente."))
        opening_service.draw_for_round(current_user, event, number, boards)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Abertura da rodada %(n)s sorteada.", n=number), "success")
    return back_to_overview(event_id)


# -- individual micro-matches: both games on one form ---------------------------------------------------

@bp.route("/eventos/<int:event_id>/micro/rodadas/<int:number>/resultados", methods=["GET", "POST"])
@event_editor_required
def micro_results(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    rnd = next((r for r in event_rounds(event) if r.number == number), None)
    if not get_format(event).micro_match or rnd is None:
        flash(_("Rodada inexistente."), "error")
        return back_to_overview(event_id)
    if request.method == "POST":
        changes: dict[int, tuple[str, str, int]] = {}
        for g in rnd.games:
            g1 = request.form.get(f"g1-{g.id}")
            g2 = request.form.get(f"g2-{g.id}")
            version = request.form.get(f"version-{g.id}", "")
            if g1 is None or g2 is None:
                continue
            if parse_int(version) is None or (g1 and g1 not in GAME_LABELS and g1 != DOUBLE_LOSS) \
                    or (g2 and g2 not in GAME_LABELS and g2 != DOUBLE_LOSS):
                flash(_("Mesa %(board)s: informe o resultado das duas partidas.", board=g.board), "error")
                return redirect(url_for("micromatch.micro_results", event_id=event_id, number=number))
            changes[g.id] = (g1, g2, parse_int(version) or 0)
        try:
            saved, conflicts = micro_service.record_micro_results(current_user, event, rnd, changes)
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("%(n)s micro match(es) gravado(s).", n=saved), "success" if saved else "info")
            if conflicts:
                flash(_("Outro árbitro alterou antes as mesas %(boards)s; os resultados dele foram mantidos. Confira.",
                        boards=", ".join(map(str, conflicts))), "error")
        return redirect(url_for("micromatch.micro_results", event_id=event_id, number=number))
    return render_template("micromatch/results.html", event=event_summary(event), number=number,
                           rows=micro_service.micro_rows(event, rnd), labels=GAME_LABELS,
                           published=rnd.status == RoundStatus.PUBLISHED,
                           running=event.status == EventStatus.RUNNING,
                           draws=opening_service.round_draws(event, number))


@bp.get("/eventos/<int:event_id>/micro/classificacao")
def standings(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    fmt = get_format(event)
    if not fmt.micro_match:
        return redirect(url_for("rounds.standings", event_id=event_id))
    if fmt.team_based:
        context = team_service.standings_context(event, in_english())
        return render_template("micromatch/team_standings.html", event=event_summary(event), **context)
    context = micro_service.individual_standings(event, in_english())
    return render_template("micromatch/standings.html", event=event_summary(event), **context)

