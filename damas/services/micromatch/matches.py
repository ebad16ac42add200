"""Micro-match events (CBJD 119-122; RULES.md §2, §3): settings, pairing with the opening draw,
both games of a micro-match on one form, standings by game points or match points.

Individual events use the core rounds and boards (`Round`, `Game`): a board's `Game.result`
holds the micro-match summary (who won it, or the forfeit) so the shared round machinery sees a
complete round, and `MicroGame` holds the two games the game points come from (`mapping`).
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.pairing.micromatch import MicromatchSystemError, check_micromatch_system
from damas.engine.tiebreaks import get_tiebreak, value_texts
from damas.extensions import db
from damas.models import Event, EventStatus, Game, GameResult, Round, RoundStatus, User
from damas.models.micromatch import MicroGame, MicroMatchSettings
from damas.services.events import lifecycle as event_service
from damas.services.audit import after_commit, record, transaction
from damas.services.mail.micro_notices import notify_micro_results
from damas.services.mail.sending import later
from damas.formats import get_format
from damas.formats.event_rules import event_ruleset
from damas.formats.mapping import event_rounds
from damas.services.errors import ServiceError
from damas.services.standings.compute import standings_of
from damas.services.micromatch import openings as opening_service
from damas.services.rounds import swiss as swiss_service
from damas.services.teams.micro_state import (  # noqa: F401  (re-exported)
    GAME_CHOICES,
    SUMMARY,
    active_game_penalties,
    get_settings,
    is_team_event,
    micro_summary,
    settings_of,
)
from damas.services.teams.entries import team_rounds

SCORINGS = ("game", "match")
OPENING_MODES = ("none", "round", "board")
SETTINGS_FIELDS = ("team", "boards", "games_per_board", "scoring", "openings")


def _check_settings(event: Event, data: dict[str, Any]) -> dict[str, Any]:
    try:
        check_micromatch_system(event.pairing_system, True)
    except MicromatchSystemError:
        raise ServiceError(_("CBJD 120-122: só eventos no Sistema Brasileiro de Emparceiramento (micro match) "
                             "têm estas opções."), "scoring") from None
    values = {"team": bool(data.get("team")), "boards": int(data.get("boards") or 4),
              "scoring": data.get("scoring") or "game", "openings": data.get("openings") or "round"}
    if values["scoring"] not in SCORINGS:
        raise ServiceError(_("Pontuação desconhecida."), "scoring")
    if values["openings"] not in OPENING_MODES:
        raise ServiceError(_("Modo de sorteio de aberturas desconhecido."), "openings")
    if values["team"] and not 1 <= values["boards"] <= 12:
        raise ServiceError(_("Entre 1 e 12 tabuleiros por equipe."), "boards")
    # games on each board: 2 the micro-match (CBJD 120); 1 a FIDE team match, team events only
    per_board = str(data.get("games_per_board") or "2")
    if per_board not in ("1", "2") or (per_board == "1" and not values["team"]):
        raise ServiceError(_("Uma partida por tabuleiro só em eventos por equipes; senão são duas (micro match)."),
                           "games_per_board")
    values["games_per_board"] = int(per_board)
    return values


def save_settings(actor: User, event: Event, data: dict[str, Any]) -> MicroMatchSettings:
    """Create or change the micro-match settings; team/scoring are fixed once a round is paired."""
    values = _check_settings(event, data)
    current = get_settings(event)
    started = bool(event_rounds(event)) or bool(team_rounds(event))
    if current is not None and started:
        for name in ("team", "boards", "games_per_board", "scoring"):
            if getattr(current, name) != values[name]:
                raise ServiceError(_("Não é possível mudar isto depois do primeiro emparceiramento."), name)
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
        raise ServiceError(_("Um evento encerrado ou cancelado não pode ser alterado."))
    with transaction():
        before = {n: getattr(current, n) for n in SETTINGS_FIELDS} if current else None
        if current is None:
            current = MicroMatchSettings(event_id=event.id)
            db.session.add(current)
        for name, value in values.items():
            setattr(current, name, value)
        db.session.flush()
        after = {n: getattr(current, n) for n in SETTINGS_FIELDS}
        if before != after:
            record(actor, "micromatch_settings", "event", event.id, before, after, event.id)
    return current


def create_micromatch_event(actor: User, data: dict[str, Any]) -> Event:
    """A new micro-match event (individual or teams) with its scoring and opening draw mode."""
    data = dict(data, pairing_system="micromatch")
    probe = Event(pairing_system="micromatch")
    _check_settings(probe, data)  # refuse bad settings before anything is written
    event = event_service.create_event(actor, data)
    save_settings(actor, event, data)
    return event


# -- individual micro-matches: both games on one form ------------------------------------------

def record_micro_results(actor: User, event: Event, rnd: Round,
                         changes: dict[int, tuple[str, str, int]]) -> tuple[int, list[int]]:
    """Enter or correct micro-matches, `changes[game_id] = (game 1, game 2, version seen)`;
    both empty clears the board. Boards changed meanwhile by another arbiter are returned as
    conflicts and left alone; the rest is saved in one transaction."""
    if event.status != EventStatus.RUNNING:
        raise ServiceError(_("O evento não está em andamento."))
    if rnd.event_id != event.id or rnd.status != RoundStatus.PUBLISHED:
        raise ServiceError(_("Publique a rodada antes de lançar resultados."))
    games = {g.id: g for g in rnd.games}
    existing = {m.game_id: m for m in db.session.scalars(select(MicroGame).where(MicroGame.game_id.in_(list(games))))}
    locked = active_game_penalties(list(games))
    plan = []
    for game_id, (g1, g2, version) in changes.items():
        game = games.get(game_id)
        if game is None or game.black_entry_id is None or game.result in (GameResult.BYE, GameResult.WITHDRAWN):
            raise ServiceError(_("Esta mesa não tem partida a lançar."))
        for k, text in locked.get(game_id, {}).items():
            if (g1, g2)[k - 1] != text:
                # a game decided by a desk penalty: only its reversal (chief arbiter) changes it
                raise ServiceError(_("Mesa %(board)s: a %(k)sª partida foi decidida por penalidade (%(result)s); o "
                                     "árbitro principal a reverte na mesa do árbitro.",
                                     board=game.board, k=k, result=text), "result")
        pen = locked.get(game_id, {})
        allowed = [GAME_CHOICES + ((pen[k],) if k in pen else ()) for k in (1, 2)]
        if (g1 and g1 not in allowed[0]) or (g2 and g2 not in allowed[1]) or (bool(g1) != bool(g2) and not pen):
            raise ServiceError(_("Mesa %(board)s: informe o resultado das duas partidas.", board=game.board))
        result, text = micro_summary(g1, g2, event.ruleset) if g1 and g2 else (GameResult.PENDING, "")
        plan.append((game, g1, g2, version, result, text))
    saved, conflicts = 0, []
    told: dict[int, tuple[bool, str]] = {}
    with transaction():
        for game, g1, g2, version, result, text in sorted(plan, key=lambda p: p[0].board):
            if game.version != version:
                conflicts.append(game.board)
                continue
            row = existing.get(game.id)
            before = {"board": game.board, "round": rnd.number, "result": game.result.value,
                      "games": [row.game1, row.game2] if row else None}
            if before["games"] == ([g1, g2] if g1 or g2 else None) and game.result == result:
                continue
            if g1 or g2:
                if row is None:
                    row = MicroGame(game_id=game.id)
                    db.session.add(row)
                row.game1, row.game2 = g1, g2
            elif row is not None:
                db.session.delete(row)
            get_format(event).record_result(game, result)
            db.session.flush()
            record(actor, "micro_result", "game", game.id, before,
                   {"board": game.board, "round": rnd.number, "result": result.value,
                    "games": [g1, g2] if g1 else None, "total": text}, event.id)
            told[game.id] = (before["games"] is not None, text)
            saved += 1
        if told:
            after_commit(later(notify_micro_results, event.id, told))  # both players of each board
    return saved, conflicts


def micro_rows(event: Event, rnd: Round) -> list[dict[str, Any]]:
    """The round's boards for the micro-match form: the format's round view (both games, the
    total) with the games a desk penalty decided locked."""
    views = get_format(event).round_view(event, rnd)
    locked = active_game_penalties([v.id for v in views])

    def player(e: Any) -> dict | None:
        return None if e is None else {"no": e.pairing_number, "name": e.player.full_name, "player_id": e.player_id}

    rows = []
    for v in views:
        g1, g2 = v.games or ("", "")
        total = v.score or (_("isento") if v.result == GameResult.BYE or v.black is None else "")
        rows.append({"id": v.id, "board": v.board, "white": player(v.white), "black": player(v.black),
                     "game1": g1, "game2": g2, "total": total, "version": v.version,
                     "locked": {f"game{k}": text for k, text in locked.get(v.id, {}).items()},
                     "enterable": v.enterable})
    return rows


# -- standings ---------------------------------------------------------------------------------

def individual_standings(event: Event, english: bool = False) -> dict[str, Any]:
    """Rows ranked by the event's micro-match scoring, then its tiebreaks (GP for match points):
    the table of `/classificacao`, its PDFs and the prizes (`standings_of`: drawn order and
    withdrawals included), with the game and match points beside it."""
    scoring = settings_of(event)["scoring"]
    computed = standings_of(event)
    snap, table = computed.snap, computed.standings
    rs = event_ruleset(event)
    state = computed.withdrawn.state if computed.withdrawn else snap.state
    rows = []
    for row in table.rows:
        entry = snap.rows_by_no[row.start_no]
        results = state.rounds_of(row.start_no)
        rows.append({
            "rank": row.rank_label, "start_no": row.start_no, "player_id": entry.player_id,
            "name": entry.full_name, "points": row.points,
            "gp": sum(rs.game_points_for(r) for r in results), "mp": sum(rs.match_points_for(r) for r in results),
            "tiebreaks": value_texts(table.tiebreak_order, row.tiebreaks, rs.units_per_point), "excluded": row.excluded,
        })
    columns = [{"code": c, "name": get_tiebreak(c).name_en if english else get_tiebreak(c).name_pt}
               for c in table.tiebreak_order]
    return {"rows": rows, "columns": columns, "after_round": snap.complete_rounds, "scoring": scoring,
            "drawn_order": bool(computed.options), "lot_seed": table.lot_seed}


def first_pending_game(rnd: Round) -> Game | None:
    return next((g for g in rnd.games if g.result == GameResult.PENDING), None)


def pair_individual_round(actor: User, event: Event, first_color_seed: int | None = None,
                          opening_seed: int | None = None) -> Round:
    """Pair the next round (`swiss.pair_next_round`, Brazilian system) and draw its opening(s).
    The seeds (the demo's, so it loads the same every time) replace the random ones.

    A round paired again after being undone keeps the opening already drawn for its number
    (the recorded draw is never repeated to pick another). Pairing and draw are one transaction."""

    mode = settings_of(event)["openings"]
    if mode != "none":
        opening_service.check_allowed(event)
        if opening_service.current_list() is None:
            raise ServiceError(_("A federação ainda não carregou a lista de aberturas."), "openings")

    def draw(rnd: Round) -> None:  # inside the pairing's transaction: a failed draw keeps no round
        if mode != "none" and not opening_service.round_draws(event, rnd.number):
            boards = sum(1 for g in rnd.games if g.black_entry_id is not None)
            opening_service.draw_for_round(actor, event, rnd.number, boards, seed=opening_seed, commit=False)

    return swiss_service.pair_next_round(actor, event, then=draw, first_color_seed=first_color_seed)
