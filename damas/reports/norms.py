"""The FIDE title-norm documents of a chess event, as plain data and A4 PDFs (WeasyPrint):

* the norms page's print version (`norms_pdf`; a draughts event's national-title norms:
  `national_norms_pdf`);
* the IT1 "Certificate of title result" per achieved norm (`it1_context`, `it1_pdf`): the event
  (name, place, dates, host federation, rounds, players, federations, rate of play, arbiters),
  the player, his games round by round (opponent, title, federation, FIDE ID, rating, result;
  rounds not counted marked with their article) and the totals (games, points, Ra, Rp, titled
  opponents), with blank signature lines for the chief arbiter and the host federation;
* the IT3 "Tournament report" (`it3_context`, `it3_pdf`): the same event data, the norms achieved
  and the final list of players, ready to sign.

The fields follow FIDE's IT1 / IT3 forms as far as the event's rows hold them; what the rows do
not hold (the arbiters' FIDE IDs, the players' dates of birth on IT3) is left as a line to fill
by hand [ours].
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.norms import GameKind, NormGame
from damas.extensions import db
from damas.models import Event, EventArbiter, Player, User
from damas.presentation.dates import round_times_rows
from damas.presentation.numbers import points_text
from damas.reports.event_reports import base_context
from damas.reports.pdf import render_pdf
from damas.reports.standings import standings_context
from damas.services.norms import EventNationalNorms, EventNorms, PlayerNorms, eligibility
from damas.views.norms import norms_context, title_name
from damas.views.norms_national import FMJD_SOURCES, national_context

__all__ = ["it1_context", "it1_pdf", "it3_context", "it3_pdf", "national_norms_pdf", "norms_pdf", "event_facts"]


def _arbiters(event: Event) -> list[str]:
    return list(db.session.scalars(select(User.name).join(EventArbiter, EventArbiter.user_id == User.id)
                                   .where(EventArbiter.event_id == event.id).order_by(User.name)))


def event_facts(event: Event, norms: EventNorms) -> dict[str, Any]:
    """What IT1 and IT3 print about the event."""
    settings = norms.inputs.settings
    chief = event.chief_arbiter or ""
    return {
        "name": event.name, "venue": event.venue, "start": event.start_date.strftime("%d/%m/%Y"),
        "end": event.end_date.strftime("%d/%m/%Y"), "host_federation": settings.host_federation,
        "organiser": event.organiser, "chief_arbiter": chief,
        "chief_arbiter_title": settings.chief_arbiter_title,
        "deputies": [a for a in _arbiters(event) if a != chief],
        "rate": f"{event.time_minutes} min + {event.time_increment} s",
        "rounds": event.planned_rounds, "players": len(norms.inputs.seekers),
        "federations": len(norms.inputs.federations), "federation_codes": ", ".join(norms.inputs.federations),
        "system": {"round_robin": _("Todos contra todos"), "double_round_robin": _("Todos contra todos em dois turnos"),
                   "swiss": _("Suíço")}.get(norms.inputs.event.system.value, norms.inputs.event.system.value),
        "kind": norms.inputs.settings.kind.value, "edition": norms.edition,
    }


def _mark(game: NormGame, ruleset: str) -> str:
    if game.kind is GameKind.PLAYED:
        return points_text(ruleset, game.half_points or 0)
    return {GameKind.FORFEIT_WIN: "+", GameKind.FORFEIT_LOSS: "−", GameKind.PAIRING_BYE: "bye",
            GameKind.ADJUDICATED: _("adj."), GameKind.PENDING: ""}.get(game.kind, "—")


def _games(event: Event, player: PlayerNorms, counted: set[int], excluded: dict[int, str]) -> list[dict[str, Any]]:
    ids = [g.opponent_id for g in player.seeker.games if g.opponent_id is not None]
    fide_ids = dict(db.session.execute(select(Player.id, Player.fide_id).where(Player.id.in_(ids))).all()) if ids else {}
    dates = {r["round"]: r["date"] for r in round_times_rows(event.round_times)}
    return [{
        "round": g.round, "date": dates.get(g.round, ""), "opponent": g.opponent_name or "—",
        "title": g.opponent_title or "", "federation": g.opponent_federation or "",
        "fide_id": fide_ids.get(g.opponent_id) or "" if g.opponent_id is not None else "",
        "rating": g.opponent_rating if g.opponent_rating is not None else (_("sem rating") if g.opponent_id else ""),
        "result": _mark(g, event.ruleset), "counted": g.round in counted, "note": excluded.get(g.round, ""),
    } for g in sorted(player.seeker.games, key=lambda x: x.round)]


def it1_context(event: Event, norms: EventNorms, player_id: int, title: str) -> dict[str, Any] | None:
    """The IT1 of `player_id`'s `title` norm, or None when he did not achieve it."""
    player = next((p for p in norms.players if p.seeker.player_id == player_id), None)
    line = norms.line(player_id, title)
    if player is None or line is None or not (norms.finished and line.check.met):
        return None
    c = line.check
    excluded = {e.round: e.article for e in c.excluded}
    s = player.seeker
    return {
        **base_context(event), "facts": event_facts(event, norms), "title": title, "title_name": title_name(title),
        "player": {"name": s.name, "fide_id": s.fide_id, "federation": s.player.federation,
                   "title": s.player.title or "", "rating": s.player.rating or ""},
        "games": _games(event, player, set(c.counted_rounds), excluded),
        "totals": {"games": c.games, "counts_as": c.counts_as_games, "points": points_text(event.ruleset, c.points_half),
                   "average": c.average_rating, "performance": c.performance, "percentage": c.percentage,
                   "dp": c.dp, "title_holders": c.title_holders, "title_sought": c.title_sought,
                   "foreign_federations": c.foreign_federations, "exemption": c.exemption or "",
                   "unrated": c.unrated,
                   "floor": None if c.floor is None else f"{c.floor.opponent_name}: {c.floor.from_rating} → {c.floor.to_rating}"},
    }


def it3_context(event: Event, norms: EventNorms) -> dict[str, Any]:
    """The IT3 tournament report: the event, the norms achieved, the players."""
    achieved = []
    for p in norms.players:
        for ln in p.lines:
            if norms.finished and ln.check.met:
                c = ln.check
                achieved.append({"name": p.seeker.name, "fide_id": p.seeker.fide_id, "federation": p.seeker.player.federation,
                                 "title": ln.title.value, "games": c.games,
                                 "points": points_text(event.ruleset, c.points_half), "average": c.average_rating,
                                 "performance": c.performance})
    points = {r.get("player_id"): r.get("points") for r in standings_context(event)["rows"]}
    players = [{"no": p.seeker.start_no, "name": p.seeker.name, "fide_id": p.seeker.fide_id,
                "title": p.seeker.player.title or "", "federation": p.seeker.player.federation,
                "rating": p.seeker.player.rating or "", "points": points.get(p.seeker.player_id, "")}
               for p in norms.players]
    return {**base_context(event), "facts": event_facts(event, norms), "achieved": achieved, "players": players,
            "finished": norms.finished,
            "eligibility": [{"article": n.article, "text": n.text, "kind": n.kind} for n in eligibility(event)]}


def norms_pdf(event: Event, norms: EventNorms) -> bytes:
    return render_pdf("reports/print.html", partial="norms/_norms.html", report_title=_("Normas FIDE"),
                      **base_context(event), **norms_context(event, norms), printing=True)


def national_norms_pdf(event: Event, norms: EventNationalNorms) -> bytes:
    """The print version of a draughts event's national-title norms (the federation's own rules)."""
    return render_pdf("reports/print.html", partial="norms/_national.html", report_title=_("Normas de títulos nacionais"),
                      **base_context(event), **national_context(event, norms), fmjd_sources=FMJD_SOURCES,
                      printing=True)


def it1_pdf(context: dict[str, Any]) -> bytes:
    return render_pdf("norms/it1.html", **context)


def it3_pdf(context: dict[str, Any]) -> bytes:
    return render_pdf("norms/it3.html", **context)
