"""The desk's part of games on record: the move a claim, an incident or
a CBJD 5º question points at (with the position before and after it and the counts the arbiter
needs), and the records whose end contradicts the board's result (flagged, never changed)."""
from __future__ import annotations

from typing import Any

from flask import url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from damas.formats.game_slots import event_slots
from damas.models import Event
from damas.models.gamerecord import DeskMoveReference
from damas.services.desk.move_refs import MoveAt, counts, move_at, references
from damas.services.games.openings import departure, drawn_openings, opening_of
from damas.services.games.records import belongs, stored
from damas.web.desk.common import fmt_dt
from damas.web.games.views import departure_text, flags, game_label

SUBJECT_NAMES = {"claim_95d": _l("Lance irregular reclamado (CBJD 95 d)"), "incident": _l("Incidente"),
                 "move_count": _l("Contagem de lances (CBJD 5º)")}


def move_from(form: Any) -> MoveAt | None:
    """The move a desk form names (None: none); refused (ServiceError) without its side."""
    return move_at(form.move_number.data, form.move_side.data or None)


def _game_args(ref: DeskMoveReference) -> dict[str, int]:
    rec = ref.record
    return {"event_id": rec.event_id, "round_number": rec.round_number, "board": rec.board, "game_no": rec.game_no}


def move_ref_rows(event: Event) -> list[dict[str, Any]]:
    """Each reference with the move as written, the diagrams before and after it, the counts."""
    out = []
    for ref in references(event):
        rec, ply = ref.record, ref.ply
        written = (rec.moves.split() + [""])[ply - 1]
        known = ply <= len(rec.plies)
        c = counts(rec, ply if known else ply - 1)
        args = _game_args(ref)
        black = ply % 2 == 0
        out.append({
            "subject": str(SUBJECT_NAMES.get(ref.subject, ref.subject)), "round": rec.round_number,
            "board": rec.board, "game": rec.game_no,
            "move": _("%(n)s. %(side)s %(move)s", n=(ply + 1) // 2, side=_("pretas") if black else _("brancas"),
                      move=rec.plies[ply - 1]["n"] if known else written),
            "irregular": rec.irregular_ply == ply,
            "before": url_for("games.diagram", **args, ply=ply - 1),
            "after": url_for("games.diagram", **args, ply=ply) if known else None,
            "url": url_for("games.game_page", lance=ply if known else ply - 1, **args),
            "count": _("%(w)s lances das brancas e %(b)s das pretas; %(q)s meios-lances desde a última captura ou "
                       "movimento de pedra (CBJD 97 b: 40 = 20 lances de cada lado)", w=c["white"], b=c["black"],
                       q=c["quiet"]) if event.discipline != "xadrez" else
                     _("%(w)s lances das brancas e %(b)s das pretas; %(q)s meios-lances desde a última captura ou "
                       "lance de peão (Leis do Xadrez 9.3: 100 = 50 lances)", w=c["white"], b=c["black"], q=c["quiet"]),
            "note": ref.note, "arbiter": ref.arbiter.name if ref.arbiter else "—", "at": fmt_dt(ref.at),
        })
    return out


def flagged_records(event: Event) -> list[dict[str, Any]]:
    """The records whose end contradicts the board's result."""
    records = stored(event)
    if not records:
        return []
    out = []
    for slot in event_slots(event, drafts=True):
        rec = records.get(slot.key)
        if not belongs(rec, slot):
            continue
        assert rec is not None
        found = flags(slot, rec)
        if found:
            out.append({"round": slot.round, "label": game_label(slot), "white": slot.white.name,
                        "black": slot.black.name, "flags": found,
                        "url": url_for("games.game_page", event_id=event.id, round_number=slot.round,
                                       board=slot.board, game_no=slot.game)})
    return out


def opening_flags(event: Event) -> list[dict[str, Any]]:
    """The records whose first moves are not the opening drawn for their micro-match (CBJD 119):
    a warning for the arbiter, the record stays as written."""
    draws = drawn_openings(event)
    records = stored(event) if draws else {}
    if not records:
        return []
    out = []
    for slot in event_slots(event, drafts=True):
        rec = records.get(slot.key)
        opening = opening_of(event, slot, draws) if belongs(rec, slot) else None
        found = departure(event, rec, opening) if rec is not None and opening is not None else None
        if opening is not None and found is not None:
            out.append({"round": slot.round, "label": game_label(slot), "white": slot.white.name,
                        "black": slot.black.name, "flag": departure_text(opening, found),
                        "url": url_for("games.game_page", event_id=event.id, round_number=slot.round,
                                       board=slot.board, game_no=slot.game)})
    return out
