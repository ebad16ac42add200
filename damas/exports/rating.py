"""Rating reports (RULES.md §1; CBJD 115): the event's games for the list its rate of play feeds.

* CSV for the CBJD list: one line per played or forfeited board of the complete rounds.
* TRF-16 and TRF-2026 for FIDE: the engine's `write_trf` over the event's state (complete
  rounds), with what another program needs to rebuild the event: the first-round colour, the
  acceleration table our pairing used (XXA / 250), the standings' ranks; TRF-2026 also names
  the pairing system (192) and the tie-break order (202, FIDE acronyms).

Knockouts and micro-match events (individual and teams) are written game by game instead
(`rating_games`): one CSV line per game with its number in `partida`, one TRF column per game.
"""
from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

from damas.engine.rate_of_play import RateOfPlay, classify
from damas.engine.pairing.acceleration import acceleration_table
from damas.engine.trf import write_trf
from damas.engine.trf.records import TRF16, TRF26, tiebreak_acronyms
from damas.engine.types import Color, Outcome
from damas.exports.csv_safe import Literal, safe_writer
from damas.exports.rating_games import stage_label, stage_rate
from damas.formats import get_format
from damas.formats.rated_games import GameExport
from damas.models import Event, GameResult
from damas.formats.mapping import event_rounds, round_is_complete, snapshot
from damas.models import EventStatus
from damas.services.rounds.swiss import round_requests
from damas.formats.event_rules import tiebreak_order
from damas.services.standings.compute import standings_of
from damas.views.rating_change import rating_change_context
from damas.services.ratings.change import event_rating_list as rating_list_of

CSV_RESULTS = {  # the CBJD list's codes, written as they are (`csv_safe.Literal`)
    GameResult.WHITE_WIN: ("1-0", "yes"), GameResult.DRAW: ("1/2-1/2", "yes"), GameResult.BLACK_WIN: ("0-1", "yes"),
    GameResult.WHITE_FORFEIT_WIN: (Literal("+/-"), "no"), GameResult.BLACK_FORFEIT_WIN: (Literal("-/+"), "no"),
    GameResult.DOUBLE_FORFEIT: (Literal("-/-"), "no"),
    GameResult.DOUBLE_LOSS: ("0-0", "no"),  # lost by both on penalty: not a result to rate [ours]
}
HEADER = ("evento", "lista", "ritmo", "data", "rodada", "mesa", "brancas_id_federacao", "brancas_nome",
          "brancas_rating", "pretas_id_federacao", "pretas_nome", "pretas_rating", "resultado", "jogada",
          "modalidade")  # the list is the game's ("modalidade") of the rate ("lista"): one list per game and rate
GAME_HEADER = HEADER + ("partida",)  # knockout / micro-match: the game's number in its tie or micro-match


def rating_list(event: Event) -> str:
    """"regular" (normal, 45x45 or slower) or "rapid" (CBJD 115)."""
    return classify(event.time_minutes, event.time_increment).rating_list


def rating_csv(event: Event) -> str:
    """The CBJD list's game file: only complete rounds; byes and withdrawals are not games."""
    rop = classify(event.time_minutes, event.time_increment)
    out = io.StringIO()
    writer = safe_writer(out, lineterminator="\n")  # names and event text cannot start a formula
    by_game = get_format(event).rated_games(event)
    if by_game is not None:
        return _games_csv(event, by_game, rop, writer, out)
    writer.writerow(HEADER)
    for rnd in event_rounds(event):
        if not round_is_complete(rnd):
            break
        for g in rnd.games:
            # C.04.2 #8: a correction reported after the end of the next round is for the rating only
            rated = GameResult(g.rating_result) if g.rating_result else g.result
            if g.black is None or rated not in CSV_RESULTS:
                continue
            result, played = CSV_RESULTS[rated]
            w, b = g.white.player, g.black.player
            writer.writerow((event.name, rop.rating_list, rop.label, event.start_date.isoformat(), rnd.number, g.board,
                             w.federation_id or "", w.full_name, g.white.rating_at_entry,
                             b.federation_id or "", b.full_name, g.black.rating_at_entry, result, played,
                             event.discipline))
    return out.getvalue()


def _games_csv(event: Event, by_game: GameExport, rop: RateOfPlay, writer: Any, out: io.StringIO) -> str:
    """One line per game of a knockout or micro-match event; a play-off game names its own rate."""
    writer.writerow(GAME_HEADER)
    for g in by_game.games:
        if g.result not in CSV_RESULTS:
            continue
        result, played = CSV_RESULTS[g.result]
        own = stage_rate(g.stage)
        listing, label = (own.rating_list, stage_label(g.stage)) if own else (rop.rating_list, rop.label)
        writer.writerow((event.name, listing, label, event.start_date.isoformat(), g.round, g.board,
                         g.white.federation_id, g.white.name, g.white.rating,
                         g.black.federation_id, g.black.name, g.black.rating, result, played, event.discipline,
                         g.game))
    return out.getvalue()


CHANGE_HEADER = ("id_federacao", "nome", "clube", "uf", "lista", "sistema", "ro", "partidas", "w", "we", "k",
                 "variacao_exata", "variacao", "novo_rating", "primeiro_rating", "desempenho", "adversarios",
                 "modalidade")


def rating_change_csv(event: Event) -> str:
    """The "Variação de rating": one line per player, the opponents as
    ``name (rating) score`` joined by ``|``; exact figures as decimal text (no float)."""
    context = rating_change_context(event)
    out = io.StringIO()
    writer = safe_writer(out, lineterminator="\n")
    writer.writerow(CHANGE_HEADER)
    for r in context["rating_rows"]:
        writer.writerow((r["federation_id"], r["name"], r["club"], r["state"], rating_list_of(event),
                         context["rating_system_code"], r["ro"] or "", r["counted"], r["w"],
                         "" if r["we"] == "—" else r["we"], "" if r["k"] == "—" else r["k"],
                         "" if r["exact"] == "—" else Literal(r["exact"]), "" if r["delta"] == "—" else Literal(r["delta"]),  # a signed number, not a formula
                         "" if r["new"] == "—" else r["new"], "sim" if r["initial"] else "",
                         "" if r["performance"] == "—" else r["performance"],
                         " | ".join(f"{g['name']} ({g['rating']}) {g['score']}" for g in r["opponents"]),
                         event.discipline))
    return out.getvalue()


def _one_line(text: str | None) -> str:
    return " ".join((text or "").split())


def rating_trf(event: Event, version: str = TRF16) -> str:
    """TRF-16 (or TRF-2026) of the complete rounds (FIDE rating report); 042/052 dates, 102
    chief arbiter; for a round-by-round event the records that let another engine re-pair it."""
    first_color = None
    rebuild: dict[str, Any] = {}
    games = get_format(event).rated_games(event)
    if games is not None:
        state, total, first_color = games.state, games.state.total_rounds, games.first_color
    else:
        snap = snapshot(event)
        state, total = snap.state, max(event.planned_rounds, snap.complete_rounds)
        first_color = Color(event.first_color) if event.first_color else None
        rebuild = _rebuild_records(event, snap, total)
        if version == TRF26:
            rebuild["pending"] = _next_round_byes(event, snap)
    extra = dict(state.extra)
    # one-line fields: a line break typed into them must not make a second header line
    extra.update({"012": _one_line(event.name), "022": _one_line(event.venue),
                  "042": event.start_date.strftime("%Y/%m/%d"),
                  "052": event.end_date.strftime("%Y/%m/%d"), "102": _one_line(event.chief_arbiter),
                  "122": classify(event.time_minutes, event.time_increment).label})
    return write_trf(replace(state, extra=extra, total_rounds=total), first_color=first_color, version=version,
                     **rebuild)


def _next_round_byes(event: Event, snap: Any) -> dict[int, Outcome]:
    """TRF-2026 240 records of the round after the complete ones while the event runs (any
    system written round by round here: Dutch of every edition, SB Swiss, round robin):
    requested byes, and a zero-point bye for everyone left out (C.04.2 #2, #4)."""

    number = snap.complete_rounds + 1
    if event.status is EventStatus.FINISHED or number > event.planned_rounds:
        return {}
    requested, absent = round_requests(event, snap, number)
    return {**{no: Outcome.ZERO_BYE for no in absent}, **requested}


def _rebuild_records(event: Event, snap: Any, total: int) -> dict[str, Any]:
    """Ranks (the standings' one computation), acceleration table in half points (as the
    pairing computed it, `acceleration_table`), system and tie-break order (TRF-2026)."""

    standings = standings_of(event, snap=snap).standings
    return {
        "ranks": {row.start_no: row.rank for row in standings.rows if row.rank},
        "accelerations": acceleration_table(snap.state, event.acceleration, total) if event.acceleration else {},
        "system": event.pairing_system, "acceleration": event.acceleration or "",
        "tiebreaks": [a for a in tiebreak_acronyms(tiebreak_order(event)).split(",") if a],
    }
