"""The championships in the JSON API v1 (read only, no login; the event API's conventions):

- `GET /api/v1/championships` -> `{"championships": [CHAMPIONSHIP]}`, the published ones;
  CHAMPIONSHIP = `id, name, start_date, end_date` (ISO dates), `venue, organiser, sections`
  (how many public sections), `url` (its page).
- `GET /api/v1/championships/<id>` -> CHAMPIONSHIP plus `regulations_url, brochure_url` and
  `sections` in the championship's order, each `event_id, name, state` (the event's status:
  registration / running / finished / cancelled), `qualifies_from` (the ids of the events whose
  top players feed it by its stages, [] when none) and `url` (the event's API). A section in
  draft is left out. An unknown or unpublished championship: 404, as an unknown event.
"""
from __future__ import annotations

from typing import Any

from flask import abort, jsonify

from damas.extensions import db
from damas.models.championships import Championship
from damas.presentation.site_url import external_url
from damas.services.championships.championships import published_championships
from damas.views.championship_page import feeders, visible_sections
from damas.web.championships.blueprint import bp


def _summary(c: Championship, sections: int) -> dict[str, Any]:
    return {"id": c.id, "name": c.name, "start_date": c.start_date.isoformat(), "end_date": c.end_date.isoformat(),
            "venue": c.venue, "organiser": c.organiser, "sections": sections,
            "url": external_url("championships.page", championship_id=c.id)}


@bp.get("/api/v1/championships")
def api_championships():  # type: ignore[no-untyped-def]
    return jsonify({"championships": [_summary(c, len(visible_sections(c, False))) for c in published_championships()]})


@bp.get("/api/v1/championships/<int:championship_id>")
def api_championship(championship_id: int):  # type: ignore[no-untyped-def]
    championship = db.session.get(Championship, championship_id)
    if championship is None or not championship.published:
        abort(404)
    events = visible_sections(championship, False)
    fed = feeders([e.id for e in events])
    return jsonify({
        **_summary(championship, len(events)),
        "regulations_url": external_url("championships.regulations", championship_id=championship.id),
        "brochure_url": external_url("championships.brochure", championship_id=championship.id),
        "sections": [{"event_id": e.id, "name": e.name, "state": e.status.value, "qualifies_from": fed[e.id],
                      "url": external_url("api.event", event_id=e.id)} for e in events],
    })
