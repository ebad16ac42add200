"""Plain rows of the desk's tables (incidents, penalties, sanctions, appeals), for the desk page,
the arbiter's report and its PDF."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.penalties import Action, Consequence, IncidentKind
from damas.extensions import db
from damas.models import Event, Game, GameResult
from damas.models.desk import DeskPenalty, DeskSanction
from damas.services import desk as desk_service
from damas.services.desk import appeals as appeal_service
from damas.web.desk.boards import desk_page
from damas.web.desk.common import CBJD_60_KINDS, DECISION_NAMES, KIND_NAMES, SANCTION_NAMES, article_text, fmt_dt, with_names
from damas.presentation.numbers import money
from damas.presentation.labels import pick
from damas.presentation.results import result_label


def consequence_text(c: Consequence, kind: str, names: dict[int, str]) -> str:
    """The consequence in a sentence ("adversário +2 minutos" / game lost)."""
    offender = names.get(c.player, str(c.player))
    if kind == IncidentKind.DISCONNECTION.value:
        if c.action is Action.GAME_LOST:
            return _("%(n)sª queda de conexão: partida perdida por %(name)s", n=c.incidence, name=offender)
        return _("%(n)sª queda de conexão registrada", n=c.incidence)
    if kind not in CBJD_60_KINDS:  # the FIDE Laws: the engine's own sentence, with names
        return with_names(pick((c.message_pt, c.message_en)), names)
    if c.action is Action.EXTRA_TIME:
        return _("%(n)sª incidência: adversário +%(m)s minutos (%(name)s)", n=c.incidence, m=c.extra_minutes,
                 name=names.get(c.beneficiary or 0, ""))
    if c.action is Action.GAME_LOST:
        return _("%(n)sª incidência: partida perdida por %(name)s", n=c.incidence, name=offender)
    return pick((c.message_pt, c.message_en))


def names(event: Event) -> dict[int, str]:
    """Engine number -> player name (pairing numbers; player ids in team events)."""
    return desk_service.board_kind(event).names(event)


def _player_name(row: Any) -> str:
    """The player of an incident or sanction: his entry, or (team events) the player row."""
    if row.entry is not None:
        return row.entry.player.full_name
    return row.player.full_name if row.player is not None else "—"


def incident_rows(event: Event) -> list[dict[str, Any]]:
    numbers = names(event)
    return [{
        "id": row.id, "round": row.round_number, "board": row.board, "player": _player_name(row),
        "kind": str(KIND_NAMES.get(row.kind, row.kind)), "article": article_text(c.article), "note": row.note,
        "arbiter": row.arbiter.name if row.arbiter else "—", "at": fmt_dt(row.at),
        "incidence": c.incidence, "consequence": consequence_text(c, row.kind, numbers),
        "action": c.action.value,
    } for row, c in desk_service.incident_log(event)]


def penalty_result(event: Event, value: str, micro_game: int | None) -> str:
    """A penalty's result: the board's, or one game of a micro-match ("2ª partida: 0-2")."""
    if micro_game is None:
        return result_label(event.ruleset, GameResult(value))
    return _("%(k)sª partida: %(result)s", k=micro_game, result=value) if value else ""


def penalty_rows(event: Event) -> list[dict[str, Any]]:
    """The results the desk recorded: its `DeskPenalty` rows (reversible), then what the event's
    kind of board records elsewhere (team boards, knockout games)."""
    rows = db.session.scalars(select(DeskPenalty).where(DeskPenalty.event_id == event.id)
                              .order_by(DeskPenalty.applied_at, DeskPenalty.id)).all()
    out = []
    for p in rows:
        game = db.session.get(Game, p.game_id)
        if game is None:
            continue
        out.append({
            "id": p.id, "round": game.round.number, "board": game.board,
            "white": game.white.player.full_name, "black": game.black.player.full_name if game.black else "",
            "article": article_text(p.article), "source": p.source,
            "before": penalty_result(event, p.result_before, p.micro_game) or "—",
            "after": penalty_result(event, p.result_after, p.micro_game),
            "applied_by": p.applied_by.name if p.applied_by else "—", "applied_at": fmt_dt(p.applied_at),
            "reversed": p.reversed_at is not None, "reversed_at": fmt_dt(p.reversed_at),
            "reversed_by": p.reversed_by.name if p.reversed_by else "", "reason": p.reversal_reason,
        })
    out.extend(desk_page(event).recorded_rows(event))
    return out


def sanction_rows(event: Event) -> list[dict[str, Any]]:
    rows = db.session.scalars(select(DeskSanction).where(DeskSanction.event_id == event.id)
                              .order_by(DeskSanction.at, DeskSanction.id)).all()
    return [{"round": s.round_number, "board": s.board or "—", "player": _player_name(s),
             "kind": str(SANCTION_NAMES.get(s.kind, s.kind)), "note": s.note,
             "arbiter": s.arbiter.name if s.arbiter else "—", "at": fmt_dt(s.at)} for s in rows]


def appeal_rows(event: Event) -> list[dict[str, Any]]:
    rules = appeal_service.appeal_rules(event)
    out = []
    for a in appeal_service.event_appeals(event):
        out.append({
            "id": a.id, "appellant": a.appellant_name, "subject": a.subject, "decision_at": fmt_dt(a.decision_at),
            "filed_at": fmt_dt(a.filed_at), "deadline": fmt_dt(a.decision_at + timedelta(minutes=rules.deadline_minutes)),
            "fee": money(a.fee_paid_cents), "decided": bool(a.decision),
            "decision": str(DECISION_NAMES.get(a.decision, "")) if a.decision else "",
            "decision_text": a.decision_text, "panel": ", ".join(a.panel or []), "refund": money(a.refund_cents),
            "decided_at": fmt_dt(a.decided_at),
        })
    return out
