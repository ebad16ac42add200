"""Players: public list with search and pagination; staff create and edit."""
from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user
from sqlalchemy import func, or_, select
from sqlalchemy.orm import selectinload

from damas.engine.folding import fold
from damas.extensions import db
from damas.models import Club, Entry, Event, EventStatus, Player
from damas.services.errors import ServiceError
from damas.services.events.lifecycle import can_edit_event
from damas.engine.titles import FIDE_TITLES
from damas.services.players.records import create_player, update_player
from damas.services.players.titles import draughts_titles, national_title_name
from damas.web.access import staff_required
from damas.web.players.forms import PlayerForm
from damas.web.forms_util import choices, show_service_error
from damas.presentation.labels import STATUS_NAMES, pick
from damas.views.summaries import player_summary
from damas.web.players.norms import titles_and_norms
from damas.web.players.rating_records import rating_records
from damas.views.career import career_rows, rating_charts
from damas.engine.integers import parse_int

bp = Blueprint("players", __name__, url_prefix="/jogadores")


def _club_choices() -> list:
    clubs = db.session.scalars(select(Club).order_by(Club.name)).all()
    return choices([(None, "—")] + [(c.id, c.name) for c in clubs])


def _form(player: Player | None = None) -> PlayerForm:
    """The player form with its select lists: clubs, FIDE titles (B.01 0.1), draughts titles
    (FMJD's, 100 and 64 boards, and the federation's national titles)."""
    form = PlayerForm(obj=player)
    form.club_id.choices = _club_choices()
    form.fide_title.choices = choices([("", _("nenhum"))] + [(t, t) for t in FIDE_TITLES])
    form.draughts_title.choices = choices([("", _("nenhum"))] + draughts_titles())
    return form


@bp.get("/")
def list_players():  # type: ignore[no-untyped-def]
    query = (request.args.get("q") or "").strip()
    stmt = select(Player).order_by(Player.full_name, Player.id)
    if query:
        folded = fold(query)
        clubs = [c.id for c in db.session.scalars(select(Club)) if folded in fold(c.name)]
        stmt = stmt.where(
            or_(
                Player.name_contains(query),
                func.lower(func.coalesce(Player.federation_id, "")).contains(query.lower(), autoescape=True),
                Player.club_id.in_(clubs),
                func.lower(Player.state) == query.lower(),
            )
        )
    page = db.paginate(stmt, page=parse_int(request.args.get("page"), minimum=1, maximum=100_000) or 1,
                       per_page=current_app.config["PER_PAGE"], error_out=False)
    return render_template(
        "players/list.html",
        players=[player_summary(p) for p in page.items],
        page=page.page,
        pages=page.pages,
        total=page.total,
        q=query,
    )


@bp.get("/<int:player_id>")
def view_player(player_id: int):  # type: ignore[no-untyped-def]
    player = db.session.get(Player, player_id) or abort(404)
    rows = db.session.scalars(
        select(Event).join(Entry, Entry.event_id == Event.id).where(Entry.player_id == player.id)
        .options(selectinload(Event.arbiters)).order_by(Event.start_date.desc())).unique().all()
    # A draft exists only for its editors (same rule as the event pages).
    shown = [e for e in rows if e.is_public or can_edit_event(current_user, e)]
    events = [{"id": e.id, "name": e.name, "status": e.status.value, "status_name": pick(STATUS_NAMES[e.status.value])}
              for e in shown]
    career = career_rows(player, [e for e in shown if e.status in (EventStatus.RUNNING, EventStatus.FINISHED)])
    return render_template("players/view.html", player=player_summary(player), events=events, career=career,
                           charts=rating_charts(player), rating_records=rating_records(player),
                           draughts_title_name=national_title_name(player.draughts_title),
                           titles=titles_and_norms(player, shown))


@bp.route("/novo", methods=["GET", "POST"])
@staff_required
def new_player():  # type: ignore[no-untyped-def]
    form = _form()
    if form.validate_on_submit():
        try:
            player = create_player(current_user, form.data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Jogador cadastrado."), "success")
            return redirect(url_for("players.view_player", player_id=player.id))
    return render_template("players/form.html", form=form, title=_("Novo jogador"))


@bp.route("/<int:player_id>/editar", methods=["GET", "POST"])
@staff_required
def edit_player(player_id: int):  # type: ignore[no-untyped-def]
    player = db.session.get(Player, player_id) or abort(404)
    form = _form(player)
    if form.validate_on_submit():
        try:
            update_player(current_user, player, form.data)
        except ServiceError as error:
            db.session.rollback()
            show_service_error(form, error)
        else:
            flash(_("Jogador atualizado."), "success")
            return redirect(url_for("players.view_player", player_id=player.id))
    return render_template("players/form.html", form=form, title=_("Editar jogador"))
