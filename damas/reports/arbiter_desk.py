"""The arbiter's report's absences and expulsions (the desk's own tables come
from the desk pages' rows, `web.desk.report_section`). The report lists the players absent without notice (FIDE-GR; CBJD 105) and the
expulsions the system proposes and the chief arbiter has not decided yet.
"""
from __future__ import annotations

from typing import Any


from damas.engine.penalties import Action
from damas.models import Event
from damas.presentation.articles import article_text
from damas.presentation.labels import pick
from damas.services.rounds.absence import absence_rows
from damas.services.desk.forfeits import forfeit_review

def absences_and_expulsions(event: Event) -> dict[str, list[dict[str, Any]]]:
    """Players absent without notice now, and proposed expulsions not yet decided (the desk's
    W.O. page computation: `desk_forfeits.forfeit_review`)."""
    current, explained = absence_rows(event)
    proposals = [{"name": f"{r.entry.pairing_number or '—'}. {r.entry.player.full_name}",
                      "rounds": ", ".join(map(str, r.forfeit_rounds)), "article": article_text(r.consequence.article),
                      "message": pick((r.consequence.message_pt, r.consequence.message_en))}
                     for r in forfeit_review(event)
                 if r.consequence.action in (Action.PROPOSE_EXPULSION, Action.EXPULSION) and not r.decided]
    return {"absent_without_notice": [{"name": f"{a['no'] or '—'}. {a['name']}", "from": a["from"], "note": a["note"]}
                                      for a in current],
            "absences_explained": explained, "proposed_expulsions": proposals}
