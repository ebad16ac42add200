"""Micro-match team events (CBJD 120): team entries, team rounds, line-ups and team results.

Routes of the "micromatch" blueprint (`damas.web.micromatch` imports this module so they
register there); a team's captain submits its line-ups, the event's arbiters (and staff) run the rest.
"""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from sqlalchemy import select

from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, EventStatus, Role, User
from damas.models.micromatch import Team
from damas.services.micromatch import matches as micro_service
from damas.services.micromatch import openings as opening_service
from damas.services.micromatch import team_events as team_service
from damas.services.errors import ServiceError
from damas.web.access import event_editor_required, visible_event
from damas.web.guards.converters import db_id
from damas.web.forms_util import choices, run_service, show_service_error
from damas.presentation.labels import GAME_LABELS
from damas.web.micromatch.routes import back_to_overview, bp
from damas.web.micromatch.forms import TeamForm
from damas.views.summaries import event_summary
from damas.reports.teams import find_team_round
from damas.engine.integers import parse_int


def _team_event(event_id: int) -> tuple[Event, bool] | None:
    event, editable = visible_event(event_id)
    if not micro_service.is_team_event(event):
        flash(_("Este evento não é um evento por equipes em micro match."), "error")
        return None
    return event, editable


@bp.get("/eventos/<int:event_id>/equipes")
def teams(event_id: int):  # type: ignore[no-untyped-def]
    found = _team_event(event_id)
    if found is None:
        return back_to_overview(event_id)
    event, editable = found
    boards = micro_service.settings_of(event)["boards"]
    rows = [team_service.team_summary(t, boards) for t in team_service.teams_of(event)]
    return render_template("micromatch/teams.html", event=event_summary(event), teams=rows, editable=editable,
                           boards=boards, open=event.status in team_service.OPEN,
                           started=bool(team_service.team_rounds(event)))


@bp.route("/eventos/<int:event_id>/equipes/nova", methods=["GET", "POST"])
@event_editor_required
def new_team(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    if not micro_service.is_team_event(event):
        flash(_("Este evento não é um evento por equipes em micro match."), "error")
        return back_to_overview(event_id)
    form = TeamForm()
    form.captain_user_id.choices = choices(
        [("", "—")] + [(str(u.id), u.name) for u in db.session.scalars(
            select(User).where(User.role == Role.PLAYER, User.active.is_(True)).order_by(User.name))])
    if form.validate_on_submit():
        raw = [x.strip() for x in (form.players.data or "").replace(";", ",").split(",") if x.strip()]
        ids = [parse_int(x, minimum=1) for x in raw]
        if not all(i is not None for i in ids):
            form.players.errors = [*form.players.errors, _("Use os números de cadastro dos jogadores.")]
        else:
            data = dict(form.data, player_ids=ids)
            try:
                team_service.add_team(current_user, event, data)
            except ServiceError as error:
                db.session.rollback()
                if error.field == "players":
                    form.players.errors = [*form.players.errors, error.message]
                else:
                    show_service_error(form, error)
            else:
                flash(_("Equipe inscrita."), "success")
                return redirect(url_for("micromatch.teams", event_id=event_id))
    return render_template("micromatch/team_form.html", event=event_summary(event), form=form,
                           boards=micro_service.settings_of(event)["boards"])


@bp.post("/eventos/<int:event_id>/equipes/remover")
@event_editor_required
def remove_team(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    team_id = request.form.get("team_id", "")
    team = db.session.get(Team, db_id(team_id)) if db_id(team_id) else None
    if team is None or team.event_id != event.id:
        flash(_("Equipe inexistente."), "error")
    else:
        run_service(lambda: team_service.remove_team(current_user, event, team), _("Equipe removida."))
    return redirect(url_for("micromatch.teams", event_id=event_id))


@bp.get("/eventos/<int:event_id>/equipes/rodadas/<int:number>")
def team_round(event_id: int, number: int):  # type: ignore[no-untyped-def]
    found = _team_event(event_id)
    if found is None:
        return back_to_overview(event_id)
    event, editable = found
    rnd = find_team_round(event, number, editable)
    if rnd is None:
        flash(_("Rodada inexistente."), "error")
        return back_to_overview(event_id)
    rounds = team_service.team_rounds(event)
    matches = get_format(event).round_view(event, rnd)
    captain_of = set()
    if current_user.is_authenticated:
        captain_of = {t.id for t in team_service.teams_of(event) if t.captain_user_id == current_user.id}
    return render_template("micromatch/team_round.html", event=event_summary(event), number=number,
                           published=rnd.published, matches=matches, editable=editable,
                           running=event.status == EventStatus.RUNNING, labels=GAME_LABELS,
                           last=rounds[-1].number == number, captain_of=captain_of,
                           draws=opening_service.round_draws(event, number))


@bp.post("/eventos/<int:event_id>/equipes/rodadas/<int:number>/publicar")
@event_editor_required
def publish_team_round(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    rnd = find_team_round(event, number, True) if micro_service.is_team_event(event) else None
    if rnd is None:
        flash(_("Rodada inexistente."), "error")
        return back_to_overview(event_id)
    run_service(lambda: team_service.publish_team_round(current_user, event, rnd), _("Rodada %(n)s publicada.", n=number))
    return redirect(url_for("micromatch.team_round", event_id=event_id, number=number))


@bp.post("/eventos/<int:event_id>/equipes/rodadas/<int:number>/desfazer")
@event_editor_required
def delete_team_round(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    rnd = find_team_round(event, number, True) if micro_service.is_team_event(event) else None
    if rnd is None:
        flash(_("Rodada inexistente."), "error")
        return back_to_overview(event_id)
    try:
        team_service.delete_team_round(current_user, event, rnd)
    except ServiceError as error:
        flash(error.message, "error")
        return redirect(url_for("micromatch.team_round", event_id=event_id, number=number))
    flash(_("Emparceiramento da rodada %(n)s desfeito.", n=number), "success")
    return back_to_overview(event_id)


@bp.route("/eventos/<int:event_id>/equipes/rodadas/<int:number>/escalacao", methods=["GET", "POST"])
@login_required
def lineup(event_id: int, number: int):  # type: ignore[no-untyped-def]
    """A team's line-up for the round: its captain or the event's arbiters (`?equipe=<id>`)."""
    found = _team_event(event_id)
    if found is None:
        return back_to_overview(event_id)
    event, editable = found
    rnd = find_team_round(event, number, editable)
    team_id = request.values.get("equipe", "")
    team = db.session.get(Team, db_id(team_id)) if db_id(team_id) else None
    if rnd is None or team is None or team.event_id != event.id:
        flash(_("Escolha uma rodada e uma equipe deste evento."), "error")
        return redirect(url_for("micromatch.teams", event_id=event_id))
    if not team_service.can_submit_lineup(current_user, event, team):
        abort(403)
    boards = micro_service.settings_of(event)["boards"]
    if request.method == "POST":
        picks: list[int | None] = []
        valid_ids = {m.player_id for m in team.members}
        for k in range(1, boards + 1):
            value = request.form.get(f"board-{k}", "")
            if value and parse_int(value) not in valid_ids:
                flash(_("Tabuleiro %(board)s: jogador inválido.", board=k), "error")
                break
            picks.append(parse_int(value) if value else None)
        else:
            try:
                team_service.submit_lineup(current_user, event, rnd, team, picks)
            except ServiceError as error:
                flash(error.message, "error")
            else:
                flash(_("Escalação da equipe %(team)s gravada.", team=team.name), "success")
                return redirect(url_for("micromatch.team_round", event_id=event_id, number=number))
    current = team_service.lineup_of(rnd, team.id)
    if not current:
        current = {k: m.player_id for k, m in enumerate(team.members[:boards], start=1)}
    return render_template("micromatch/lineup.html", event=event_summary(event), number=number,
                           team=team_service.team_summary(team, boards), boards=boards, current=current)


@bp.post("/eventos/<int:event_id>/equipes/rodadas/<int:number>/resultados")
@event_editor_required
def team_results(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    rnd = find_team_round(event, number, True) if micro_service.is_team_event(event) else None
    if rnd is None:
        flash(_("Rodada inexistente."), "error")
        return back_to_overview(event_id)
    boards = micro_service.settings_of(event)["boards"]
    one_game = micro_service.settings_of(event)["games_per_board"] == 1  # the service checks the game
    games: dict[int, dict[int, tuple[str, str]]] = {}
    for match in rnd.matches:
        stored = {b.board: (b.game1, b.game2) for b in match.boards}
        for k in range(1, boards + 1):
            g1 = request.form.get(f"g1-{match.id}-{k}", "")
            g2 = request.form.get(f"g2-{match.id}-{k}", "")
            if one_game:
                if g1 or g2:
                    games.setdefault(match.id, {})[k] = (g1, g2)
                continue
            if bool(g1) != bool(g2) and stored.get(k) == (g1, g2):
                continue  # one game lost by penalty at the arbiter's desk, the other still to play
            if g1 or g2:
                if bool(g1) != bool(g2) or g1 not in GAME_LABELS or g2 not in GAME_LABELS:
                    flash(_("Mesa %(table)s, tabuleiro %(board)s: informe o resultado das duas partidas.",
                            table=match.table, board=k), "error")
                    return redirect(url_for("micromatch.team_round", event_id=event_id, number=number))
                games.setdefault(match.id, {})[k] = (g1, g2)
    try:
        saved = team_service.record_round_results(current_user, event, rnd, games)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("%(n)s micro match(es) gravado(s).", n=saved), "success" if saved else "info")
    return redirect(url_for("micromatch.team_round", event_id=event_id, number=number))
