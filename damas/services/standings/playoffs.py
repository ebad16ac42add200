"""Playoffs for ties in a category's table (RULES.md §7; FIDE-GR "Playoff").

The plan and the final places are the engine's (`damas.engine.playoffs`); this module stores
the tied players and the games' results, with the audit log.
"""
from __future__ import annotations

import secrets
from typing import Any

from flask_babel import gettext as _

from damas.engine.playoffs import GameResult, PlayoffStatus, playoff_plan, playoff_status
from damas.engine.types import EngineError
from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, Playoff, User
from damas.services.standings import compute as standings_service
from damas.services.audit import record, transaction
from damas.services.standings.categories import event_categories
from damas.services.errors import ServiceError
from damas.services.standings.playoff_state import plan_of, playoffs_of, results_of, status_of  # noqa: F401  (re-exported)

SCORES = ("1-0", "1/2-1/2", "0-1")


def create_playoff(actor: User | None, event: Event, category_code: str, tied: list[int],
                   seed: int | None = None) -> Playoff:
    """A playoff for `tied` (starting numbers in tiebreak order); colours drawn by a recorded seed
    (random unless `seed` gives it)."""
    if not get_format(event).playoffs:
        raise ServiceError(_("Uma eliminatória classifica pela chave: as colocações são decididas nela, não por playoff."))
    if len(tied) < 2:
        raise ServiceError(_("Um playoff precisa de pelo menos dois jogadores empatados."))
    for other in playoffs_of(event, category_code):
        if set(other.tied) & set(tied):
            raise ServiceError(_("Já existe um playoff com estes jogadores nesta categoria."))
    check_tied(event, category_code, tied)
    seed = secrets.randbelow(10**9) if seed is None else seed
    try:
        playoff_plan(tied, lot_seed=seed)
    except EngineError as error:
        raise ServiceError(str(error)) from None
    with transaction():
        row = Playoff(event_id=event.id, category_code=category_code, tied=list(tied), results={}, lot_seed=seed)
        db.session.add(row)
        db.session.flush()
        record(actor, "playoff.create", "playoff", row.id, None,
               {"category": category_code, "tied": list(tied), "lot_seed": seed}, event.id)
    return row


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def check_tied(event: Event, category_code: str, tied: list[int]) -> None:
    """Refuse a playoff on players who do not share one place in the category table as it stands
    (FIDE-GR "Playoff": it settles ties the tiebreaks left): all of them, and only them, must
    share that place, or the table could not take the playoff's order (`apply_playoff`)."""
    if len(set(tied)) != len(tied):
        raise ServiceError(_("Um jogador aparece mais de uma vez no playoff."), "tied")
    category = next((c for c in event_categories(event) if c.code == category_code), None)
    if category is None:
        raise ServiceError(_("Categoria inexistente."))
    rows = [r for r in standings_service.standings_of(event, category).standings.rows if not r.excluded]
    by_no = {r.start_no: r for r in rows}
    outside = [n for n in tied if n not in by_no]
    if outside:
        raise ServiceError(_("Os números %(nos)s não estão na tabela desta categoria.", nos=_numbers(outside)), "tied")
    places = sorted({by_no[n].rank_label for n in tied}, key=lambda label: by_no[next(
        n for n in tied if by_no[n].rank_label == label)].rank)
    if len(places) > 1:
        raise ServiceError(_("Os jogadores %(nos)s não estão empatados: na tabela da categoria ocupam as colocações "
                             "%(places)s. O playoff só desempata quem divide a mesma colocação.",
                             nos=_numbers(tied), places=", ".join(places)), "tied")
    group = [r.start_no for r in rows if r.rank_label == places[0]]
    if len(group) < 2:
        raise ServiceError(_("O jogador %(nos)s ocupa sozinho a colocação %(place)s: não há empate a desfazer.",
                             nos=_numbers(tied), place=places[0]), "tied")
    if set(group) != set(tied):
        raise ServiceError(_("Dividem a colocação %(place)s os jogadores %(group)s: o playoff deve incluir todos "
                             "eles.", place=places[0], group=_numbers(group)), "tied")


def record_game(actor: User | None, event: Event, playoff: Playoff, game_id: str, white: int, score: str,
                moves: int | None) -> PlayoffStatus:
    """Enter the result of a game due (or correct one already entered: later games are then
    dropped only if the engine no longer asks for them)."""
    if playoff.event_id != event.id:
        raise ServiceError(_("Playoff não encontrado."))
    if score not in SCORES:
        raise ServiceError(_("Resultado inválido."), "score")
    status = status_of(playoff)
    due = {g.id: g for g in status.pending}
    entered = dict(playoff.results or {})
    if game_id in due:
        game = due[game_id]
        players = (game.a, game.b)
    elif game_id in entered:
        players = (int(entered[game_id]["white"]), int(entered[game_id]["black"]))
    elif game_id in status.needs_moves:
        players = (int(entered[game_id]["white"]), int(entered[game_id]["black"]))
    else:
        raise ServiceError(_("Esta partida não está prevista no playoff."), "game_id")
    if white not in players:
        raise ServiceError(_("As brancas devem ser um dos dois jogadores desta partida."), "white")
    black = players[1] if white == players[0] else players[0]
    before = entered.get(game_id)
    entered[game_id] = {"white": white, "black": black, "score": score, "moves": moves}
    try:
        new_status = playoff_status(plan_of(playoff), {k: GameResult(int(v["white"]), int(v["black"]), v["score"],
                                                                       v.get("moves")) for k, v in entered.items()})
    except EngineError as error:
        raise ServiceError(_("Resultado recusado: %(why)s", why=str(error))) from None
    with transaction():
        playoff.results = entered
        record(actor, "playoff.result", "playoff", playoff.id, {"game": game_id, "result": before},
               {"game": game_id, "result": entered[game_id]}, event.id)
    return new_status


def delete_playoff(actor: User | None, event: Event, playoff: Playoff) -> None:
    if playoff.event_id != event.id:
        raise ServiceError(_("Playoff não encontrado."))
    with transaction():
        record(actor, "playoff.delete", "playoff", playoff.id,
               {"category": playoff.category_code, "tied": playoff.tied, "results": playoff.results}, None, event.id)
        db.session.delete(playoff)


def summary(playoff: Playoff, lang: str) -> dict[str, Any]:
    """Plain data for pages: the plan in words, games due, the log and the final places."""
    plan = plan_of(playoff)
    i = 1 if lang == "en" else 0
    try:
        status = status_of(playoff)
    except EngineError as error:
        return {"id": playoff.id, "tied": plan.tied, "steps": [s[i] for s in plan.steps], "error": str(error),
                "pending": [], "needs_moves": [], "log": [], "places": [], "finished": False, "results": []}
    return {
        "id": playoff.id, "category": playoff.category_code, "tied": list(plan.tied), "format": plan.format,
        "numbers": list(plan.numbers), "sections": [list(s) for s in plan.sections],
        "eliminated": list(plan.eliminated), "steps": [s[i] for s in plan.steps], "lot_seed": playoff.lot_seed,
        "pending": [{"id": g.id, "a": g.a, "b": g.b, "armageddon": g.armageddon, "white": g.white}
                    for g in status.pending],
        "needs_moves": list(status.needs_moves), "log": [line[i] for line in status.log],
        "places": [list(g) for g in status.places], "finished": status.finished, "unresolved": status.unresolved,
        "results": [{"id": k, **v} for k, v in sorted((playoff.results or {}).items())], "error": "",
    }
