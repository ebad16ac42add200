"""Public pages for players and visitors that the other blueprints do not already give: the
player card of an event (his games, colours, opponents, running score, category places), and
the JSON API over the same public data for clubs and broadcast sites.

JSON API v1 (read only, no login; drafts are never listed; points are strings as the rule set
prints them, e.g. "1½" or "7"):

- `GET /api/v1/events` -> `{"events": [EVENT]}`; EVENT = `id, name, status` (registration /
  running / finished / cancelled), `discipline, ruleset, pairing_system` (the code, e.g.
  `dutch-2025`), `pairing_family` (`dutch` for every Dutch edition), `pairing_rules` (e.g.
  "FIDE C.04.3 (2025)"), `planned_rounds, start_date, end_date` (ISO dates), `venue, organiser, chief_arbiter, rate_of_play` (e.g.
  "45x45"), `rating_list` (the list its games are rated on, CBJD 115: regular / rapid),
  `seed_rating_list` (the list of its starting order, chosen on the event form: regular / rapid /
  blitz), `entries` (registered players), `url`.
- `GET /api/v1/events/<id>` -> EVENT plus `tiebreaks` (codes in order), `categories`
  (`code, name`), `rounds` (`number, boards, complete`), `round_times` (the invitation's planned
  start of each round: `round, starts_at`, local time at the venue "YYYY-MM-DDTHH:MM"; may list
  fewer rounds than planned), `organiser_contacts` (`email, phone, website`, "" when not given),
  `registration` (`open, opens_at, closes_at` (the registration deadline), `capacity,
  places_left, online, schedule` (the programme as free text), `prizes, contacts`) and
  `start_list` (`no, player_id, name, title, club, state, rating, status`; `title` the one the
  event's game shows: the FIDE title in chess, the draughts title in draughts, "" for none).
- `GET /api/v1/events/<id>/standings?category=<code>` -> `after_round, category, columns`
  (`code, name` of each tiebreak), `rows` (`rank, start_no, player_id, name, title, club, state, rating,
  points, tiebreaks` (strings, in column order), `excluded`)`. No `category`: the absolute table.
  A team event adds `teams`, its team table: `after_round, scoring` (game / match), `columns`
  and `rows` (`rank, start_no` (the team's number), `name, club, points, mp, gp, tiebreaks`,
  strings; match points 2/1/0).
- `GET /api/v1/events/<id>/rounds/<n>` -> `number, boards` (`board, white, black, result,
  adjourned`; a player is `no, player_id, name, title, rating`; `black` is null for a bye; `result` as
  printed, "" while the game is on; micro-match boards with a game entered add `games` [game 1,
  game 2] from White-in-game-1's side and `game_score`, e.g. "3-1", "" until both are in).
  Only published rounds. A knockout: round n of the bracket, each game with `tie` and
  `game_of_tie`. A team micro-match event: `number, matches` (`table, team_a, team_b` (`id, name,
  number`; no `team_b` for the bye), `bye, games_per_board` (2 micro-matches, 1 a FIDE team
  match: `game2` stays ""), `lineups, total`, `boards` (`board, a, b, a_white, game1, game2,
  total`) once both line-ups are in).
- `GET /api/v1/events/<id>/players/<player_id>` -> the player card: `player, games`
  (`round, board, colour` w/b/"", `opponent, result, points, running`), `categories`
  (`code, name, rank, of`).
- `GET /api/v1/championships` and `GET /api/v1/championships/<id>`: the published championships
  and their sections (`event_id, name, state, qualifies_from`), documented in
  damas/web/championships/api.py.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

from flask import Blueprint, abort, current_app, jsonify, render_template, request, url_for
from flask_babel import get_locale
from flask_login import current_user
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventArbiter, EventStatus, Game, Player, Round, RoundRequest, RoundStatus
from damas.formats import get_format
from damas.formats.event_rules import event_ruleset, shown_tiebreak_order as tiebreak_order
from damas.reports.standings import standings_context
from damas.services.events.lifecycle import can_edit_event
from damas.services.micromatch import team_events as team_service
from damas.formats.mapping import entry_results, event_rounds, round_is_complete
from damas.views.summaries import event_summary, start_list
from damas.presentation.labels import OUTCOME_NAMES
from damas.views.current_board import current_board
from damas.views.rating_change import player_rating_change
from damas.views.score_chart import progress_of, rating_summary, score_chart
from damas.presentation.results import result_label
from damas.views.round_rows import api_board, side
from damas.presentation.site_url import external_url
from damas.reports.awards import category_standings_context, category_tables
from damas.reports.bracket import player_bracket_rows
from damas.services.entries import self_service as reg
from damas.services.standings.categories import event_categories

bp = Blueprint("public", __name__, url_prefix="/eventos/<int:event_id>")
api = Blueprint("api", __name__, url_prefix="/api/v1")
CACHE_SIZE = 64


def _en() -> bool:
    return str(get_locale()) == "en"


def load_event(event_id: int, *, entries: bool = True) -> Event | None:
    """The event with its arbiters and, with `entries`, its entries, players and clubs, in a
    few queries (no N+1 in the pages: the presenters then find every row in the session). A
    page about one player or a table from `standings_of` (which reads its own rows) does without."""
    options = [selectinload(Event.arbiters).selectinload(EventArbiter.user)]
    if entries:
        options.append(selectinload(Event.entries).selectinload(Entry.player).selectinload(Player.club))
    return db.session.scalar(select(Event).where(Event.id == event_id).options(*options))


def _visible(event_id: int, *, entries: bool = True) -> tuple[Event, bool]:
    event = load_event(event_id, entries=entries) or abort(404)
    editable = can_edit_event(current_user, event)
    if not event.is_public and not editable:
        abort(404)
    return event, editable


# ------------------------------------------------------------------ categories (switchable source)

def cached(kind: str, event: Event, extra: str, build: Callable[[], Any]) -> Any:
    """Tables computed once per revision of the event (damas/services/events/revision.py: every change
    to its results, entries, categories or players moves it), so a cached value is never stale;
    the store lives on the app (one per process), at most CACHE_SIZE values."""
    store: OrderedDict = current_app.extensions.setdefault("damas_public_cache", OrderedDict())
    key = (kind, event.id, event.revision, event.status.value, extra, str(get_locale()))
    if key in store:
        store.move_to_end(key)
        return store[key]
    value = build()
    store[key] = value
    while len(store) > CACHE_SIZE:
        store.popitem(last=False)
    return value


def _all_category_places(event: Event) -> dict[int, list[dict[str, Any]]]:
    en = _en()
    out: dict[int, list[dict[str, Any]]] = {}
    for table in category_tables(event):
        cat = table["category"]
        counted = sum(1 for r in table["standings"].rows if not r.excluded)
        complete = table["snap"].complete_rounds
        for row in table["standings"].rows:
            out.setdefault(row.start_no, []).append({
                "code": cat.code, "name": cat.name_en if en else cat.name_pt,
                "rank": row.rank_label if complete and not row.excluded else "", "of": counted})
    return out


def category_places(event: Event, start_no: int | None) -> list[dict[str, Any]]:
    """The player's place in every category he belongs to (CBJD 124-125), after complete rounds.

    Uses the event's own categories (damas.reports.awards, playoffs applied).
    """
    if start_no is None:
        return []
    places = cached("places", event, "", lambda: _all_category_places(event))
    return [dict(p) for p in places.get(start_no, [])]


def _category_link(event_id: int, code: str) -> str | None:
    try:
        return url_for("awards.category_standings", event_id=event_id, category=code)
    except Exception:  # the categories blueprint not registered
        return None


# ------------------------------------------------------------------ player card

def player_card(event: Event, player_id: int, editable: bool) -> dict[str, Any] | None:
    entry = db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == player_id))
    if entry is None:
        return None
    rs = event_ruleset(event)
    en = _en()
    rounds = [r for r in db.session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number))
              if editable or r.status == RoundStatus.PUBLISHED]  # his boards only, below
    games = {g.round_id: g for g in db.session.scalars(
        select(Game).options(selectinload(Game.white).selectinload(Entry.player),
                             selectinload(Game.black).selectinload(Entry.player))
        .where(Game.round_id.in_([r.id for r in rounds]) if rounds else Game.id.is_(None),
               (Game.white_entry_id == entry.id) | (Game.black_entry_id == entry.id)))}
    requests = {r.round_number: r.kind for r in db.session.scalars(
        select(RoundRequest).where(RoundRequest.entry_id == entry.id))}
    results = entry_results(event, entry, rounds, games, requests)
    running = 0
    rows = []
    for rnd in rounds:
        game = games.get(rnd.id)
        row: dict[str, Any] = {"round": rnd.number, "board": None, "colour": "", "opponent": None,
                               "result": "", "points": "", "running": "", "label": ""}
        if game is not None:
            white = game.white_entry_id == entry.id
            row.update(board=game.board, colour="w" if white else "b" if game.black_entry_id else "",
                       opponent=side(game.black if white else game.white), label=result_label(event.ruleset, game.result))
        rr = results[rnd.number]
        if rr is not None:
            points = rs.points_for(rr)
            running += points
            row.update(points=rs.format_points(points), running=rs.format_points(running))
            if rr.outcome in OUTCOME_NAMES:
                row["result"] = OUTCOME_NAMES[rr.outcome][en]
        rows.append(row)
    if get_format(event).has_bracket:  # no rounds of boards: his ties and games from the bracket
        rows, running = player_bracket_rows(event, entry)
    announced = [{"round": n, "kind": k.value} for n, k in sorted(requests.items()) if n > len(rounds)]
    p = entry.player
    places = category_places(event, entry.pairing_number)
    for place in places:
        place["url"] = _category_link(event.id, place["code"])
    return {
        "player": {"id": p.id, "name": p.full_name, "no": entry.pairing_number, "rating": entry.rating_at_entry,
                   "club": (p.club.short_name or p.club.name) if p.club else "", "state": p.state,
                   "birth_year": p.birth_date.year if p.birth_date else None, "sex": p.sex,
                   "status": entry.status.value,
                   "absent_from": entry.absent_from_round if entry.status == EntryStatus.REGISTERED else None},
        "games": rows, "total": rs.format_points(running), "announced": announced, "categories": places,
        "rating": player_rating_change(event, p.id),
    }


@bp.get("/jogadores/<int:player_id>")
def player_card_page(event_id: int, player_id: int):  # type: ignore[no-untyped-def]
    event, editable = _visible(event_id, entries=False)
    card = player_card(event, player_id, editable)
    if card is None:
        abort(404)
    # the tables after each round (the page only, not the API), once per revision
    progress = cached("progress", event, "", lambda: progress_of(event))
    pictures = {"chart": score_chart(event, progress, player_id, card["player"]["name"]),
                "rating_summary": rating_summary(card["rating"])}
    entry = db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == player_id))
    board = current_board(event, entry) if entry is not None and entry.status == EntryStatus.REGISTERED else None
    return render_template("public/player_card.html", event=event_summary(event), card={**card, **pictures},
                           board=board)


@bp.get("/revisao")
def live_revision(event_id: int):  # type: ignore[no-untyped-def]
    """The event's revision, asked every few seconds by the live pages (static/app.js).

    A visitor's poll carries the ETag of the previous answer and costs a 304 (answered before
    Flask runs: `damas.web.serving.fast_path`) until something of the event changes."""
    event = load_event(event_id, entries=False)
    if event is None or (not event.is_public and not can_edit_event(current_user, event)):
        abort(404)
    return jsonify({"revision": event.revision})


# ------------------------------------------------------------------ JSON API

def _event_json(e: Event) -> dict[str, Any]:
    s = event_summary(e)
    return {
        "id": e.id, "name": e.name, "status": e.status.value, "discipline": e.discipline, "ruleset": e.ruleset,
        "pairing_system": e.pairing_system, "pairing_family": s["pairing_family"],  # "dutch": any edition
        "pairing_rules": s["pairing_article"], "planned_rounds": e.planned_rounds,
        "start_date": e.start_date.isoformat(), "end_date": e.end_date.isoformat(), "venue": e.venue,
        "organiser": e.organiser, "chief_arbiter": e.chief_arbiter, "rate_of_play": s["rate"]["label"],
        "rating_list": s["rate"]["rating_list"], "seed_rating_list": s["rate"]["seed_list"], "entries": s["entries"],
        "url": external_url("events.view_event", event_id=e.id),
    }


def _api_event(event_id: int, *, entries: bool = True) -> Event:
    """The event of an API answer (`load_event`: without `entries` for a table or a card)."""
    event = load_event(event_id, entries=entries)
    if event is None or not event.is_public:
        abort(404)
    return event


@api.get("/")
def index():  # type: ignore[no-untyped-def]
    return jsonify({"version": 1, "documentation": (__doc__ or "").split("JSON API v1", 1)[-1].strip(),
                    "events": external_url("api.events")})


@api.get("/events")
def events():  # type: ignore[no-untyped-def]
    rows = db.session.scalars(
        select(Event).options(selectinload(Event.entries), selectinload(Event.arbiters).selectinload(EventArbiter.user))
        .where(Event.is_public)
        .order_by(Event.start_date.desc(), Event.id)
    ).all()
    return jsonify({"events": [_event_json(e) for e in rows]})


@api.get("/events/<int:event_id>")
def event(event_id: int):  # type: ignore[no-untyped-def]
    e = _api_event(event_id)
    s = reg.settings_of(e)
    cats = event_categories(e)
    rounds = [{"number": r.number, "boards": len(r.games), "complete": round_is_complete(r)}
              for r in event_rounds(e) if r.status == RoundStatus.PUBLISHED]
    active = reg.active_count(e)
    return jsonify({
        **_event_json(e), "tiebreaks": list(tiebreak_order(e)),
        "categories": [{"code": c.code, "name": c.name_en if _en() else c.name_pt} for c in cats],
        "rounds": rounds,
        "round_times": [{"round": n, "starts_at": t} for n, t in enumerate(e.round_times or [], start=1)],
        "organiser_contacts": {"email": e.contact_email, "phone": e.contact_phone, "website": e.website},
        "registration": {
            "open": bool(s.self_registration and e.status == EventStatus.REGISTRATION),
            "opens_at": reg.aware(s.opens_at).isoformat() if s.opens_at else None,
            "closes_at": reg.aware(s.closes_at).isoformat() if s.closes_at else None,
            "capacity": s.capacity, "places_left": (s.capacity - active) if s.capacity is not None else None,
            "online": s.online, "schedule": s.schedule, "prizes": s.prizes, "contacts": s.contacts,
        },
        "start_list": [{"no": r["pairing_number"], "player_id": r["player_id"], "name": r["name"],
                        "title": r["title"], "club": r["club"], "state": r["state"], "rating": r["rating"], "status": r["status"]} for r in start_list(e)],
    })


@api.get("/events/<int:event_id>/standings")
def standings(event_id: int):  # type: ignore[no-untyped-def]
    e = _api_event(event_id, entries=False)
    code = (request.args.get("category") or "").strip()
    payload = cached("standings", e, code, lambda: _standings_payload(e, code))
    if payload is None:
        abort(404)
    return jsonify(payload)


def _standings_payload(e: Event, code: str) -> dict[str, Any] | None:
    if code:

        ctx = category_standings_context(e, code)
        if ctx is None:
            return None
        category = ctx["category"]["code"]
    else:
        ctx = standings_context(e)
        category = None
    keys = ("rank", "start_no", "player_id", "name", "title", "club", "state", "rating", "points", "tiebreaks", "excluded",
            "pending")
    payload = {
        "after_round": ctx["after_round"], "category": category,
        "columns": [{"code": c["code"], "name": c["name"]} for c in ctx["columns"]],
        "rows": [{k: r.get(k) for k in keys} for r in ctx["rows"]],
    }
    if not code and get_format(e).team_based:
        payload["teams"] = _team_standings_payload(e)
    return payload


def _team_standings_payload(e: Event) -> dict[str, Any]:
    """A team event's table (CBJD 120, or a FIDE team event): one row per team."""
    ctx = team_service.standings_context(e, str(get_locale()) == "en")
    return {
        "after_round": ctx["after_round"], "scoring": ctx["scoring"],
        "columns": [{"code": c["code"], "name": c["name"]} for c in ctx["columns"]],
        "rows": [{"rank": r["rank"], "start_no": r["number"], "name": r["name"], "club": r["club"],
                  "points": str(r["points"]), "mp": str(r["mp"]), "gp": str(r["gp"]),
                  "tiebreaks": [str(v) for v in r["tiebreaks"]]} for r in ctx["rows"]],
    }


@api.get("/events/<int:event_id>/rounds/<int:number>")
def round_boards(event_id: int, number: int):  # type: ignore[no-untyped-def]
    e = _api_event(event_id)
    fmt = get_format(e)
    rnd = fmt.find_round(e, number, drafts=False)
    if rnd is None:
        abort(404)
    if fmt.team_based:  # the matches of a team round, board by board (CBJD 120)
        return jsonify({"number": number, "matches": fmt.round_view(e, rnd)})
    return jsonify({"number": number, "boards": [api_board(e.ruleset, v) for v in fmt.round_view(e, rnd)]})


@api.get("/events/<int:event_id>/players/<int:player_id>")
def player(event_id: int, player_id: int):  # type: ignore[no-untyped-def]
    e = _api_event(event_id, entries=False)
    card = player_card(e, player_id, False)
    if card is None:
        abort(404)
    return jsonify(card)
