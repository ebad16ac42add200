"""The arbiter's desk in the printed arbiter's report (issue 17, point 8): in words, not codes.

The rows are the desk pages' own (`web.desk.incident_rows` ...), so the page and the report
print the same names ("Irregularidade reclamada (CBJD 60 a ...)", not ``claimed_irregularity``)
and the same results in the event's rule set's notation (draughts 2 – 0 / 0 – 2, chess 1 – 0).
The report also lists the players absent without notice (FIDE-GR; CBJD 105) and the
expulsions the system proposes and the chief arbiter has not decided yet.
"""
from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from damas.engine.penalties import Action
from damas.models import Event
from damas.presentation.summaries import pick

SOURCE_NAMES = {"incident": _l("incidente"), "sanction": _l("sanção"), "claim": _l("reclamação"),
                "appeal": _l("recurso")}


def desk_section(event: Event) -> dict[str, list[dict[str, Any]]] | None:
    """Incidents, penalties, sanctions, forfeit decisions and appeals, as the desk pages show them."""
    try:
        from damas.web.desk import appeal_rows, incident_rows, penalty_rows, sanction_rows
        from damas.web.desk_report import forfeit_decision_rows
    except ImportError:  # pragma: no cover - the desk area is optional
        return None
    penalties = [{"game": p["id"], "article": p["article"], "source": str(SOURCE_NAMES.get(p["source"], p["source"])),
                  "change": f"{p['before']} → {p['after']}", "round": p.get("round"), "board": p.get("board"),
                  "reversed": (p["reason"] or "✓") if p["reversed"] else ""} for p in penalty_rows(event)]
    return {
        "incidents": incident_rows(event), "penalties": penalties, "sanctions": sanction_rows(event),
        "forfeit_decisions": forfeit_decision_rows(event),
        "appeals": [{**a, "text": a["decision_text"], "decision": a["decision"] or "—"} for a in appeal_rows(event)],
    }


def absences_and_expulsions(event: Event) -> dict[str, list[dict[str, Any]]]:
    """Players absent without notice now, and proposed expulsions not yet decided (the desk's
    W.O. page computation: `desk_forfeits.forfeit_review`)."""
    from damas.services.absence import absence_rows

    current, explained = absence_rows(event)
    proposals: list[dict[str, Any]] = []
    try:
        from damas.services.desk_forfeits import forfeit_review
    except ImportError:  # pragma: no cover
        forfeit_review = None  # type: ignore[assignment]
    if forfeit_review is not None:
        proposals = [{"name": f"{r.entry.pairing_number or '—'}. {r.entry.player.full_name}",
                      "rounds": ", ".join(map(str, r.forfeit_rounds)), "article": r.consequence.article,
                      "message": pick((r.consequence.message_pt, r.consequence.message_en))}
                     for r in forfeit_review(event)
                     if r.consequence.action in (Action.PROPOSE_EXPULSION, Action.EXPULSION) and not r.decided]
    return {"absent_without_notice": [{"name": f"{a['no'] or '—'}. {a['name']}", "from": a["from"], "note": a["note"]}
                                      for a in current],
            "absences_explained": explained, "proposed_expulsions": proposals}
