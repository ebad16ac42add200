"""Games on record: public pages (a game replayed, its diagrams, a round's games, the
PDN / PGN files) and the editors' pages (a game's record, a round's file import with preview).

Reading follows the round: a published round's games are public, an unpublished one's only for
the event's editors. Writing is for the event's arbiters and staff (`event_editor_required`);
every change goes through `damas.services.games` (checked by the rules, audit-logged).
"""
from __future__ import annotations

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.engine.games import diagram as board_svg
from damas.exports.game_files import file_name, games_file
from damas.formats.game_slots import GameSlot, round_slots
from damas.models import Event
from damas.models.gamerecord import GameRecord
from damas.views.summaries import event_summary
from damas.services.errors import ServiceError
from damas.services.games import imports as game_imports
from damas.services.games.records import (
    RecordRefused,
    belongs,
    delete_record,
    event_rules,
    record_of,
    save_record,
    stored,
)
from damas.services.imports import carry
from damas.services.imports.tabular import Row
from damas.web.access import event_editor_required, visible_event
from damas.web.downloads import attachment
from damas.web.forms_util import show_service_error
from damas.web.games.forms import ConfirmImportForm, ImportForm, RecordForm
from damas.web.games.views import (
    VERDICT_TEXT,
    flags,
    game_args,
    game_label,
    moves_by_number,
    opening_view,
    opening_warning,
)

bp = Blueprint("games", __name__, url_prefix="/eventos/<int:event_id>")
GAME = "/partidas/<int:round_number>/<int:board>/<int:game_no>"
MIMETYPES = {"pdn": "application/x-chess-pdn", "pgn": "application/x-chess-pgn"}
_IMPORT = "games"


def _slot(event: Event, round_number: int, board: int, game_no: int, editable: bool) -> GameSlot:
    slots = round_slots(event, round_number, drafts=editable) or []
    return next((s for s in slots if s.key == (round_number, board, game_no)), None) or abort(404)


def _recorded(event: Event, slot: GameSlot) -> GameRecord:
    return record_of(event, slot) or abort(404)


def _position(event: Event, rec: GameRecord, ply: int) -> tuple[str, tuple[str, ...]]:
    if ply == 0:
        return rec.start_fen or event_rules(event).start(), ()
    p = rec.plies[ply - 1]
    return p["f"], tuple(p["s"])


@bp.get(GAME)
def game_page(event_id: int, round_number: int, board: int, game_no: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    slot = _slot(event, round_number, board, game_no, editable)
    rec = _recorded(event, slot)
    last = len(rec.plies)
    ply = request.args.get("lance", type=int)
    ply = last if ply is None or not 0 <= ply <= last else ply
    args = game_args(event, slot)
    return render_template(
        "games/game.html", event=event_summary(event), slot=slot, label=game_label(slot), ply=ply, last=last,
        rows=moves_by_number(event, slot, rec), args=args, editable=editable,
        svg=url_for("games.diagram", **args, ply=ply), start_url=url_for("games.game_page", **args, lance=0),
        start_svg=url_for("games.diagram", **args, ply=0),
        final=str(VERDICT_TEXT.get(rec.final, "")), result_token=rec.result_token, note=rec.note,
        irregular=rec.irregular_ply, flags=flags(slot, rec) if editable else [],
        file_url=url_for("games.round_file", event_id=event.id, round_number=slot.round,
                         kind=event_rules(event).file_kind),
    )


@bp.get(GAME + "/diagrama/<int:ply>.svg")
def diagram(event_id: int, round_number: int, board: int, game_no: int, ply: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    rec = _recorded(event, _slot(event, round_number, board, game_no, editable))
    if ply > len(rec.plies):
        abort(404)
    fen, last = _position(event, rec, ply)
    title = _("Posição após o meio-lance %(n)s", n=ply) if ply else _("Posição inicial")
    return Response(board_svg(event_rules(event), fen, last, 360, title), mimetype="image/svg+xml")


@bp.get("/rodadas/<int:round_number>/partidas")
def round_games(event_id: int, round_number: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    slots = round_slots(event, round_number, drafts=editable)
    if slots is None:
        abort(404)
    records = stored(event, round_number)
    rows = []
    for s in slots:
        rec = records.get(s.key)
        rec = rec if belongs(rec, s) else None
        rows.append({"label": game_label(s), "white": s.white.name, "black": s.black.name, "args": game_args(event, s),
                     "recorded": rec is not None, "moves": len(rec.moves.split()) if rec else 0,
                     "irregular": rec.irregular_ply if rec else None,
                     "flags": flags(s, rec) if rec is not None and editable else []})
    return render_template("games/round.html", event=event_summary(event), number=round_number, rows=rows,
                           editable=editable, kind=event_rules(event).file_kind,
                           form=ImportForm() if editable else None)  # a form writes a CSRF token: editors only


@bp.route(GAME + "/editar", methods=["GET", "POST"])
@event_editor_required
def edit(event_id: int, round_number: int, board: int, game_no: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    slot = _slot(event, round_number, board, game_no, True)
    rec = record_of(event, slot)
    form = RecordForm()
    refused = None
    if request.method == "GET" and rec is not None:
        form.moves.data = rec.moves + (f" {rec.result_token}" if rec.result_token else "")
        form.note.data = rec.note
    if form.validate_on_submit():
        try:
            saved, _game, warnings = save_record(current_user, event, round_number, board, game_no,
                                                form.moves.data or "", as_written=bool(form.as_written.data),
                                                note=form.note.data or "")
        except RecordRefused as error:
            refused = {"message": error.message, "plies": [p.notation for p in error.game.plies]}
        except ServiceError as error:
            show_service_error(form, error)
        else:
            for warning in (*warnings, opening_warning(event, slot, saved)):
                if warning:
                    flash(warning, "warning")
            flash(_("Partida gravada."), "success")
            return redirect(url_for("games.game_page", **game_args(event, slot)))
    return render_template("games/edit.html", event=event_summary(event), slot=slot, label=game_label(slot),
                           form=form, refused=refused, recorded=rec is not None, args=game_args(event, slot),
                           irregular=problem_message_of(event, rec), kind=event_rules(event).file_kind,
                           discipline=event.discipline, opening=opening_view(event, slot))


def problem_message_of(event: Event, rec: GameRecord | None) -> str:
    """The irregular move of a record saved as written, named again on its form."""
    if rec is None or rec.irregular_ply is None:
        return ""
    from_ply = rec.irregular_ply
    return _("Gravada como escrita: o meio-lance %(n)s (%(move)s) é irregular.", n=from_ply,
             move=(rec.moves.split() + [""])[from_ply - 1])


@bp.post(GAME + "/apagar")
@event_editor_required
def remove(event_id: int, round_number: int, board: int, game_no: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    rec = _recorded(event, _slot(event, round_number, board, game_no, True))
    delete_record(current_user, event, rec)
    flash(_("Registro da partida apagado."), "success")
    return redirect(url_for("games.round_games", event_id=event_id, round_number=round_number))


@bp.post("/rodadas/<int:round_number>/partidas/importar")
@event_editor_required
def import_preview(event_id: int, round_number: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    form = ImportForm()
    storage = request.files.get("file")
    back = redirect(url_for("games.round_games", event_id=event_id, round_number=round_number))
    if not form.validate_on_submit() or storage is None or not storage.filename:
        flash(_("Escolha o arquivo da rodada."), "error")
        return back
    try:
        text = game_imports.decode(storage.read())
        plan = game_imports.plan_import(event, round_number, text)
    except ServiceError as error:
        flash(error.message, "error")
        return back
    token = carry.seal(_IMPORT, current_user.id, [Row(1, {"text": text})], storage.filename, event.id,
                       {"round": round_number})
    confirm = ConfirmImportForm(token=token)
    rows = [{"index": r.index, "line": r.line, "white": r.white, "black": r.black, "moves": r.moves,
             "status": r.status, "message": r.message, "game": game_label(r.slot) if r.slot else "—"}
            for r in plan.rows]
    return render_template("games/import_preview.html", event=event_summary(event), number=round_number, rows=rows,
                           errors=plan.errors, irregular=plan.irregular, form=confirm, filename=storage.filename)


@bp.post("/rodadas/<int:round_number>/partidas/importar/confirmar")
@event_editor_required
def import_confirm(event_id: int, round_number: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    form = ConfirmImportForm()
    back = redirect(url_for("games.round_games", event_id=event_id, round_number=round_number))
    if not form.validate_on_submit():
        flash(_("A prévia expirou ou foi alterada; envie o arquivo de novo."), "error")
        return back
    try:
        rows, _name, extra = carry.unseal(form.token.data or "", _IMPORT, current_user.id, event.id)
        if extra.get("round") != round_number or not rows:
            raise ServiceError(_("A prévia expirou ou foi alterada; envie o arquivo de novo."))
        saved = game_imports.confirm_import(current_user, event, round_number, rows[0].cells["text"],
                                            bool(form.as_written.data))
    except ServiceError as error:
        flash(error.message, "error")
        return back
    flash(_("%(n)s partidas gravadas.", n=saved), "success")
    return back


def _file(event: Event, number: int | None, asked: str) -> Response:
    """The games as one file; its extension in the URL (``partidas.pdn`` / ``partidas.pgn``) names
    the file kind like every other download's (``classificacao.pdf``), so the other kind is a 404."""
    kind = event_rules(event).file_kind
    if asked != kind:
        abort(404)
    return attachment(games_file(event, number), f"{MIMETYPES[kind]}; charset=utf-8", file_name(event, number))


@bp.get("/rodadas/<int:round_number>/partidas.<any(pdn, pgn):kind>")
def round_file(event_id: int, round_number: int, kind: str):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    if round_slots(event, round_number, drafts=editable) is None:
        abort(404)
    return _file(event, round_number, kind)


@bp.get("/partidas.<any(pdn, pgn):kind>")
def event_file(event_id: int, kind: str):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    return _file(event, None, kind)

