"""The arbiter's desk in the printed arbiter's report: in words, not codes.

The rows are the desk pages' own (`rows.incident_rows` ...), so the page and the report print the
same names ("Irregularidade reclamada (CBJD 60 a ...)", not ``claimed_irregularity``) and the same
results in the event's rule set's notation (draughts 2 – 0 / 0 – 2, chess 1 – 0). It lives in the
web layer because those rows are the desk pages'; the reports route adds it to `arbiter_context`.
"""
from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from damas.models import Event
from damas.web.desk.report import forfeit_decision_rows
from damas.web.desk.rows import appeal_rows, incident_rows, penalty_rows, sanction_rows

SOURCE_NAMES = {"incident": _l("incidente"), "sanction": _l("sanção"), "claim": _l("reclamação"),
                "appeal": _l("recurso")}


def desk_section(event: Event) -> dict[str, list[dict[str, Any]]]:
    """Incidents, penalties, sanctions, forfeit decisions and appeals, as the desk pages show them."""
    penalties = [{"game": p["id"], "article": p["article"], "source": str(SOURCE_NAMES.get(p["source"], p["source"])),
                  "change": f"{p['before']} → {p['after']}", "round": p.get("round"), "board": p.get("board"),
                  "reversed": (p["reason"] or "✓") if p["reversed"] else ""} for p in penalty_rows(event)]
    return {
        "incidents": incident_rows(event), "penalties": penalties, "sanctions": sanction_rows(event),
        "forfeit_decisions": forfeit_decision_rows(event),
        "appeals": [{**a, "text": a["decision_text"], "decision": a["decision"] or "—"} for a in appeal_rows(event)],
    }
