"""Plain data for the printed reports of an event: pairings and results of a round, the
arbiter's report and the brochure (FIDE-GR "Invitation"). Pages and PDFs render the same dicts.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from damas.services.federation.settings import federation_name
from flask import has_request_context
from flask_babel import get_locale, to_user_timezone
from sqlalchemy import select

from damas.extensions import db
from damas.formats import get_format
from damas.models import EntryStatus, Event, GameResult, RoundRequest
from damas.formats.event_rules import event_ruleset
from damas.formats.mapping import event_rounds, preload_entries, round_is_complete
from damas.presentation.labels import ENTRY_STATUS_NAMES, pick
from damas.views.fee_schedule import fee_box
from damas.views.summaries import event_summary, planned_round_times
from damas.presentation.results import result_label
from damas.views.round_rows import result_text, side
from damas.presentation.site_url import absolute_url
from damas.models.micromatch import OpeningDrawRow
from damas.reports.arbiter_desk import absences_and_expulsions
from damas.reports.awards import category_summary, category_tables, prize_list
from damas.reports.standings import standings_context
from damas.services.standings.playoffs import playoffs_of
from damas.reports.bracket import unplayed_rows
from damas.services.entries.self_service import aware, settings_of

FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)
REQUEST_NAMES = {"half_bye": ("Bye de meio ponto", "Half-point bye"), "zero_bye": ("Bye de zero ponto", "Zero-point bye"),
                 "absent": ("Fora da rodada (não emparceirado)", "Out of the round (not paired)")}


def _en() -> bool:
    return str(get_locale()) == "en"


def base_context(event: Event) -> dict[str, Any]:
    """What every report page prints in its header."""
    return {"federation_name": federation_name(), "event": event_summary(event),
            "printed_at": datetime.now().strftime("%d/%m/%Y %H:%M"), "live_url": live_url(event.id)}


def live_url(event_id: int) -> str:
    """The address of the event's live page that the printed sheets' QR codes and the
    "share / print QR" page carry: `DAMAS_PUBLIC_URL` (the site's public address) when set,
    else `SERVER_NAME`, else the address the request came to ("" outside a request: no QR;
    `damas.presentation.site_url`)."""
    if not has_request_context():
        return ""
    return absolute_url("public.live", event_id=event_id)


def round_url(event_id: int, number: int) -> str:
    """The address of a round's page (its pairings, then its results as they are entered), for
    the QR code of its pairing sheet; "" outside a request, as `live_url`."""
    if not has_request_context():
        return ""
    return absolute_url("rounds.view_round", event_id=event_id, number=number)


def _openings(event: Event, number: int) -> dict[int, dict[str, str]]:
    """Openings drawn for micro-match rounds (board 0 = every board), if that module exists."""
    rows = db.session.scalars(select(OpeningDrawRow).where(OpeningDrawRow.event_id == event.id,
                                                           OpeningDrawRow.round_number == number))
    return {r.board: {"code": r.code, "moves": r.moves, "name": r.name, "seed": str(r.seed)} for r in rows}


def points_before(event: Event, number: int) -> dict[int, str]:
    """Each entry's points before round `number` (entry id -> the rule set's text, "4½"): the
    score the round was paired on, from the rounds before it (as
    Swiss-Manager's and chess-results' pairing lists print it). {} for a knockout, whose
    rounds are ties of a bracket, not scores, and while a round before it is still open (a round
    robin publishes rounds ahead): its total is not known yet."""
    fmt = get_format(event)
    if fmt.has_bracket:
        return {}
    snap = fmt.snapshot(event)  # the complete rounds: a round robin's later rounds may be open
    if number - 1 > snap.complete_rounds:
        return {}
    rules = event_ruleset(event)
    return {row.id: rules.format_points(rules.total(snap.state.results[no][:number - 1]))
            for no, row in snap.rows_by_no.items()}


def _with_points(player: dict[str, Any] | None, entry: Any, points: dict[int, str]) -> dict[str, Any] | None:
    if player is not None and entry is not None:
        player["points"] = points.get(entry.id, "")
    return player


def round_context(event: Event, rnd: Any) -> dict[str, Any]:
    """Pairings / results of one round in board order (C.04.2 #9), with colours: the format's
    round view (a micro-match prints its game score), the openings drawn for it and each
    player's points before the round."""
    openings = _openings(event, rnd.number)
    points = points_before(event, rnd.number)
    # held while the boards are built (the session keeps rows weakly): their players and clubs
    # come from the session, not two queries a board (2 s of a 1,000-player sheet)
    loaded = preload_entries(event)  # noqa: F841
    boards = [{"board": v.board, "white": _with_points(side(v.white, club=True), v.white, points),
               "black": _with_points(side(v.black, club=True), v.black, points),
               "result": result_text(event.ruleset, v, pending=""),
               "opening": openings.get(v.board) or openings.get(0)}
              for v in get_format(event).round_view(event, rnd)]
    return {**base_context(event), "number": rnd.number, "status": rnd.status.value, "boards": boards,
            "round_url": round_url(event.id, rnd.number),
            "show_points": bool(points),
            "complete": round_is_complete(rnd), "round_opening": openings.get(0),
            "published": rnd.published_at.strftime("%d/%m/%Y %H:%M") if rnd.published_at else ""}


def _protocol(event: Event) -> list[str]:
    protocol = list(event.numbering_protocol or [])
    if "" in protocol:  # pt-BR lines, an empty line, English lines (see rounds.draw_protocol)
        split = protocol.index("")
        protocol = protocol[split + 1:] if _en() else protocol[:split]
    return protocol


def arbiter_context(event: Event) -> dict[str, Any]:
    """The arbiter's report: withdrawals, forfeits, requests, lot draws with seeds, tiebreaks used,
    and the desk's penalties, sanctions and appeals when that area is installed."""

    withdrawals = [{"name": f"{e.pairing_number or '—'}. {e.player.full_name}",
                    "status": pick(ENTRY_STATUS_NAMES[e.status.value]), "after": e.withdrawn_after_round,
                    "note": e.withdrawal_note}
                   for e in sorted(event.entries, key=lambda e: e.pairing_number or 0)
                   if e.status != EntryStatus.REGISTERED]
    forfeits = []
    for rnd in event_rounds(event):
        for g in rnd.games:
            if g.result in FORFEITS:
                forfeits.append({"round": rnd.number, "board": g.board, "white": side(g.white, club=True),
                                 "black": side(g.black, club=True), "result": result_label(event.ruleset, g.result)})
    if get_format(event).has_bracket:  # its games are the bracket's, not rounds of boards

        forfeits += unplayed_rows(event)
    requests = [{"round": r.round_number, "name": r.entry.player.full_name,
                 "kind": pick(REQUEST_NAMES[r.kind.value]), "note": r.note}
                for r in db.session.scalars(select(RoundRequest).where(RoundRequest.event_id == event.id)
                                            .order_by(RoundRequest.round_number, RoundRequest.id))]
    standing = standings_context(event)
    tables = category_tables(event)
    categories = [{**category_summary(t["category"]), "order": ", ".join(t["standings"].tiebreak_order)}
                  for t in tables]
    draws = []
    draws.append({"what": "numbering", "method": event.numbering_method, "seed": event.numbering_seed,
                  "protocol": _protocol(event)})
    playoffs = [{"category": p.category_code, "tied": ", ".join(map(str, p.tied)), "seed": p.lot_seed}
                for p in playoffs_of(event)]
    return {
        **base_context(event), "withdrawals": withdrawals, "forfeits": forfeits, "requests": requests,
        "numbering_method": event.numbering_method, "numbering_seed": event.numbering_seed,
        "protocol": _protocol(event), "first_color": event.first_color, "first_color_seed": event.first_color_seed,
        "tiebreak_by_lot": event.tiebreak_by_lot, "tiebreak_lot_seed": event.tiebreak_lot_seed,
        "columns": standing["columns"], "drawn_order": standing["drawn_order"], "categories": categories,
        "playoffs": playoffs, "openings": _all_openings(event),
        **absences_and_expulsions(event),
        "after_round": standing["after_round"],
    }


def _all_openings(event: Event) -> list[dict[str, Any]]:
    rows = db.session.scalars(select(OpeningDrawRow).where(OpeningDrawRow.event_id == event.id)
                              .order_by(OpeningDrawRow.round_number, OpeningDrawRow.board))
    return [{"round": r.round_number, "board": r.board or "", "code": r.code, "name": r.name, "moves": r.moves, "seed": r.seed}
            for r in rows]


def _invitation(event: Event) -> dict[str, Any]:
    """The registration settings' invitation texts and deadline (local time, as printed)."""

    s = settings_of(event)

    def when(value: datetime | None) -> str:
        value = aware(value)
        return to_user_timezone(value).strftime("%d/%m/%Y %H:%M") if value is not None else ""

    return {"programme": s.schedule, "prizes": s.prizes, "contacts": s.contacts, "self_registration": s.self_registration,
            "opens_at": when(s.opens_at), "closes_at": when(s.closes_at)}


def brochure_context(event: Event) -> dict[str, Any]:
    """FIDE-GR "Invitation": dates, venue, schedule, rate of play, pairing and tiebreak systems,
    categories and prizes, organiser, chief arbiter, contacts and deadlines."""
    tables = category_tables(event)
    summary = event_summary(event)
    schedule = [{"number": r.number, "published": r.published_at.strftime("%d/%m/%Y %H:%M") if r.published_at else ""}
                for r in event_rounds(event)]
    published = {r["number"]: r["published"] for r in schedule}
    return {
        **base_context(event), "schedule": schedule, "invitation": _invitation(event),
        "planned": [{**t, "published": published.get(t["round"], "")} for t in planned_round_times(event)],
        "categories": [{**category_summary(t["category"]), "order": ", ".join(t["standings"].tiebreak_order)}
                       for t in tables],
        "prizes": [c for c in prize_list(event) if c["prizes"]],
        "time_control": f"{event.time_minutes} min" + (f" + {event.time_increment} s" if event.time_increment else ""),
        "double_round_robin": event.double_round_robin, "summary": summary, "fee": fee_box(event),
    }
