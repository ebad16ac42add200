"""Result entry that survives the hall's network: the queue's endpoint, the service worker and
the web app manifest of the arbiter's round page (`templates/rounds/round.html`).

- `send_queued`: one entry the browser kept while offline, as JSON `{game, result, version}`;
  answers `{status: ok | conflict | refused, message, board, result, label, version}` with 200
  (403 for someone who does not edit the event), never an error page: the page's script reads
  every answer. CSRF as every POST of the app: the page's token in the X-CSRFToken header.
- `results_worker`: the service worker (static/venue/results_sw.js) served under the event's
  rounds, so its scope is `/eventos/<id>/rodadas/` and no wider (a worker's scope cannot go
  above the folder its script is served from).
- `results_manifest`: the manifest that lets the arbiter install the round page on a tablet.
"""
from __future__ import annotations

from pathlib import Path

from flask import Response, abort, current_app, jsonify, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required

from damas.extensions import db
from damas.models import Event
from damas.presentation.results import result_choices
from damas.services.venue.offline_results import REFUSED, send_queued_result
from damas.services.events.lifecycle import can_edit_event
from damas.web.access import visible_event
from damas.web.venue.blueprint import bp

WORKER_FILE = "venue/results_sw.js"


@bp.post("/eventos/<int:event_id>/rodadas/<int:number>/resultados/fila")
@login_required
def send_queued(event_id: int, number: int) -> tuple[Response, int]:
    """One queued result of round `number` (`services.venue.offline_results`)."""
    event = db.session.get(Event, event_id)
    if event is None:
        abort(404)
    if not can_edit_event(current_user, event):
        return jsonify(status=REFUSED, message=_("Só a equipe e os árbitros deste evento lançam os seus "
                                                  "resultados.")), 403
    data = request.get_json(silent=True)
    data = data if isinstance(data, dict) else {}
    outcome = send_queued_result(current_user, event, number, data.get("game"), data.get("result"),
                                 data.get("version"))
    labels = dict(result_choices(event.ruleset))
    return jsonify(status=outcome.status, message=outcome.message, board=outcome.board, result=outcome.result,
                   label=labels.get(outcome.result or "", outcome.result), version=outcome.version), 200


@bp.get("/eventos/<int:event_id>/rodadas/resultados-sw.js")
def results_worker(event_id: int) -> Response:
    """The service worker of the event's round pages; revalidated on every registration."""
    script = (Path(current_app.static_folder or "static") / WORKER_FILE).read_bytes()  # a few KB
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/eventos/<int:event_id>/rodadas/<int:number>/app.webmanifest")
def results_manifest(event_id: int, number: int) -> Response:
    """Name, icons and start page (this round) of the installed results page."""
    event, _editable = visible_event(event_id)
    manifest = {
        "name": _("Resultados · %(event)s", event=event.name),
        "short_name": _("Resultados"),
        "lang": "pt-BR",
        "start_url": url_for("rounds.view_round", event_id=event.id, number=number),
        "scope": url_for("rounds.list_rounds", event_id=event.id) + "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0b6e4f",
        "icons": [
            {"src": url_for("static", filename=f"venue/icon-{size}.png"), "sizes": f"{size}x{size}",
             "type": "image/png", "purpose": "any"} for size in (192, 512)
        ] + [{"src": url_for("static", filename="venue/icon-maskable-512.png"), "sizes": "512x512",
              "type": "image/png", "purpose": "maskable"}],
    }
    response = jsonify(manifest)
    response.mimetype = "application/manifest+json"
    return response
