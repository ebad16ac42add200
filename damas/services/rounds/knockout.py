"""Knockout events: settings, start (seeded bracket), tie games and corrections (RULES.md §3, §7).

The engine (`damas.engine.pairing.knockout`) holds the rules; this module maps rows to its
`Bracket` and back (the knockout counterpart of `services/mapping.py`): engine numbers are the
entries' pairing numbers, fixed when the knockout starts. Every change is one transaction
with its audit entry; the event's `KnockoutSetup.version` is bumped by each change with a
conditional UPDATE, so two concurrent changes can never both land on the same bracket state;
what the arbiter saw is checked per tie (its number of games) or per game (its version).
"""
from __future__ import annotations

import random
import secrets
from datetime import datetime, timezone
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import update
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.pairing.knockout import (
    Bracket,
    KnockoutSettings,
    Stage,
    Tie,
    TieGame,
    TieId,
    absence_game,
    all_ties,
    build_bracket,
    default_seeds,
    next_game,
    record_game,
)
from damas.engine.types import EngineError, Outcome
from damas.extensions import db
from damas.models import EntryStatus, Event, EventStatus, KnockoutGame, KnockoutSetup, User
from damas.formats import get_format
from damas.formats.knockout_state import (
    LoadedBracket,
    default_drawn,
    engine_settings,
    first_color,
    game_rows,
    get_setup,
    load_bracket,
    replay,
    tie_game,
)
from damas.services.audit import after_commit, record, transaction
from damas.services.mail.sending import later
from damas.services.entries.add_remove import renumber
from damas.services.errors import ServiceError
from damas.services.locking import lock_event
from damas.services.mail.knockout_notices import known_ties, notify_knockout
from damas.formats.mapping import snapshot
from damas.services.entries.self_service import refuse_if_too_few, start_or_refuse

DRAWN_MODES = ("replay", "playoff")
PLACES = (2, 4, 8, 16)
# Results an arbiter enters, as White's engine outcome; "absent" = both absent (minutes needed).
RESULT_OUTCOMES = {
    "1-0": Outcome.WIN, "=-=": Outcome.DRAW, "0-1": Outcome.LOSS,
    "+--": Outcome.FORFEIT_WIN, "--+": Outcome.FORFEIT_LOSS,
}
BOTH_ABSENT = "absent"
DELETE = "delete"


def is_knockout(event: Event) -> bool:
    return get_format(event).has_bracket


def _require_knockout(event: Event) -> None:
    if not is_knockout(event):
        raise ServiceError(_("Este evento não é eliminatório."))


def _setup_snapshot(setup: KnockoutSetup) -> dict[str, Any]:
    return {"games": setup.games, "drawn": setup.drawn, "rapid_games": setup.rapid_games, "places": setup.places}


def save_settings(actor: User, event: Event, games: int, drawn: str, rapid_games: int, places: int) -> KnockoutSetup:
    """Games per tie, how a drawn tie is settled and which places are played off; fixed at the start."""
    _require_knockout(event)
    setup = get_setup(event)
    if setup is not None and setup.seeds is not None:
        raise ServiceError(_("A eliminatória já começou; as regras dela não podem mais mudar."))
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
        raise ServiceError(_("Um evento encerrado ou cancelado não pode ser alterado."))
    if drawn not in DRAWN_MODES:
        raise ServiceError(_("Escolha como decidir um confronto empatado."), "drawn")
    if places not in PLACES:
        raise ServiceError(_("Escolha quais colocações são disputadas."), "places")
    if not 1 <= games <= 9:
        raise ServiceError(_("Entre 1 e 9 partidas por confronto."), "games")
    if not 1 <= rapid_games <= 9:
        raise ServiceError(_("Entre 1 e 9 partidas rápidas."), "rapid_games")
    try:
        KnockoutSettings(games=games, drawn=drawn, rapid_games=rapid_games, places=places)
    except EngineError as error:
        raise ServiceError(str(error)) from None
    with transaction():
        before = _setup_snapshot(setup) if setup is not None else None
        if setup is None:
            setup = KnockoutSetup(event_id=event.id, version=1)
            db.session.add(setup)
        setup.games, setup.drawn, setup.rapid_games, setup.places = games, drawn, rapid_games, places
        db.session.flush()
        after = _setup_snapshot(setup)
        if before != after:
            record(actor, "settings", "knockout", event.id, before, after, event.id)
    return setup


def start_knockout(actor: User, event: Event, lot_seed: int | None = None) -> Bracket:
    """Close the entry list: number by rating, seed 1..n, draw the colour of game 1 and the lot
    for play-off colours (from `lot_seed`, random unless given), and start the event. Byes go to
    the top seeds (engine)."""
    lock_event(event)  # a double click starts once
    _require_knockout(event)
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise ServiceError(_("Abra as inscrições antes de iniciar a eliminatória."))
    setup = get_setup(event)
    if setup is not None and setup.seeds is not None:
        raise ServiceError(_("A eliminatória já foi iniciada."))
    active = [e for e in event.entries if e.status == EntryStatus.REGISTERED]
    if len(active) < 2:
        raise ServiceError(_("São necessários pelo menos 2 inscritos para iniciar."))

    refuse_if_too_few(actor, event)  # too few entries: cancelled, entrants told (CLUB), no bracket
    with transaction():  # the start lands with the first round(s), or neither does
        start_or_refuse(actor, event)
        if setup is None:
            setup = KnockoutSetup(event_id=event.id, version=1, drawn=default_drawn(event))
            db.session.add(setup)
        renumber(event)
        state = snapshot(event).state
        # renumber() just ordered the list by rating (unrated at the event's provisional rating,
        # when it sets one): that order is the seeding.
        seeds = (sorted(e.start_no for e in state.entrants) if event.provisional_rating
                 else default_seeds(state))
        bracket = build_bracket(seeds, engine_settings(setup, event))
        setup.seeds = list(seeds)
        setup.lot_seed = lot_seed if lot_seed is not None else secrets.randbelow(2**31)
        setup.started_at = datetime.now(timezone.utc)
        event.first_color_seed = setup.lot_seed
        event.first_color = random.Random(event.first_color_seed).choice("wb")
        before = {"status": event.status.value, "planned_rounds": event.planned_rounds}
        event.status = EventStatus.RUNNING
        event.planned_rounds = bracket.rounds
        db.session.flush()
        by_no = {e.pairing_number: e for e in active}
        record(actor, "start", "knockout", event.id, before, {
            "status": "running", "planned_rounds": bracket.rounds, **_setup_snapshot(setup),
            "seeds": [[s, by_no[s].player.full_name] for s in seeds],
            "byes": [s for s in seeds[: bracket.size - len(seeds)]],
            "first_color": event.first_color, "first_color_seed": event.first_color_seed,
            "lot_seed": setup.lot_seed,
        }, event.id)
        after_commit(later(notify_knockout, event.id, frozenset()))  # round 1's ties, once committed
    return bracket


def lot_for(setup: KnockoutSetup, tie_id: TieId) -> random.Random:
    """The recorded lot for the colours of a tie's play-off games (FIDE-GR Playoff j)."""
    return random.Random(f"{setup.lot_seed}-{tie_id[0]}-{tie_id[1]}")


def proposed_game(event: Event, loaded: LoadedBracket, tie: Tie) -> tuple[int, int, Stage] | None:
    """(white, black, stage) of the next game a tie needs, as the page shows it."""
    return next_game(loaded.bracket, tie, first_color(event), lot_for(loaded.setup, tie.id))


def _bump(setup: KnockoutSetup, seen: int) -> None:
    """Optimistic lock on the whole bracket: refuse when another transaction changed it since
    this one read version `seen` (the replay that validated the change is then out of date)."""
    result = db.session.execute(
        update(KnockoutSetup).where(KnockoutSetup.event_id == setup.event_id, KnockoutSetup.version == seen)
        .values(version=seen + 1).execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        raise ServiceError(_("Outro árbitro alterou a chave ao mesmo tempo. Confira e lance de novo."))


def _build(white: int, black: int, stage: Stage, result: str, white_minutes: int | None,
           black_minutes: int | None) -> TieGame:
    if result == BOTH_ABSENT:
        if white_minutes is None or black_minutes is None:
            raise ServiceError(_("Ambos ausentes: informe há quantos minutos cada um está ausente."), "white_minutes")
        if white_minutes < 0 or black_minutes < 0:
            raise ServiceError(_("Minutos de ausência inválidos."), "white_minutes")
        return absence_game(white, black, stage, white_minutes, black_minutes)
    outcome = RESULT_OUTCOMES.get(result)
    if outcome is None:
        raise ServiceError(_("Resultado inválido."), "result")
    return TieGame(white, black, stage, outcome)


def _game_snapshot(row: KnockoutGame, loaded: LoadedBracket | None = None) -> dict[str, Any]:
    return {"round": row.round, "tie": row.tie_index, "seq": row.seq, "stage": row.stage,
            "white_entry_id": row.white_entry_id, "black_entry_id": row.black_entry_id, "outcome": row.outcome,
            "white_absent_minutes": row.white_absent_minutes, "black_absent_minutes": row.black_absent_minutes}


def _require_running(event: Event) -> None:
    if event.status != EventStatus.RUNNING:
        raise ServiceError(_("O evento não está em andamento."))


def _loaded(event: Event) -> LoadedBracket:
    _require_knockout(event)
    loaded = load_bracket(event)
    if loaded is None:
        raise ServiceError(_("A eliminatória ainda não foi iniciada."))
    return loaded


def record_tie_game(actor: User, event: Event, tie_id: TieId, expected_games: int, result: str, white_minutes: int | None = None, black_minutes: int | None = None) -> KnockoutGame:
    """Enter the next game of a tie (main, replay, rapid or Armageddon, as the tie needs).

    `expected_games` is how many games of the tie the arbiter saw: if another arbiter entered
    one meanwhile the entry is refused instead of being recorded twice.
    """
    _require_running(event)
    loaded = _loaded(event)
    tie = all_ties(loaded.bracket).get(tie_id)
    if tie is None:
        raise ServiceError(_("Confronto inexistente."))
    if len(tie.games) != expected_games:
        raise ServiceError(_("Outro árbitro já lançou uma partida deste confronto. Confira e lance de novo."))
    nxt = proposed_game(event, loaded, tie)
    if nxt is None:
        raise ServiceError(_("Este confronto não precisa de partida: já está decidido ou os jogadores ainda não são conhecidos."))
    white, black, stage = nxt
    game = _build(white, black, stage, result, white_minutes, black_minutes)
    try:
        record_game(loaded.bracket, tie_id, game)
    except EngineError as error:
        raise ServiceError(_("Partida recusada: %(why)s", why=str(error))) from None
    with transaction():
        _bump(loaded.setup, loaded.setup.version)
        row = KnockoutGame(
            event_id=event.id, round=tie_id[0], tie_index=tie_id[1], seq=len(tie.games) + 1, stage=stage.value,
            white_entry_id=loaded.entry_by_no[white].id, black_entry_id=loaded.entry_by_no[black].id,
            outcome=game.outcome.value, white_absent_minutes=game.white_absent_minutes,
            black_absent_minutes=game.black_absent_minutes,
        )
        db.session.add(row)
        db.session.flush()
        record(actor, "result", "knockout_game", row.id, None, _game_snapshot(row), event.id)
        after_commit(later(notify_knockout, event.id, known_ties(loaded.bracket), row.id))
    db.session.expire(loaded.setup)
    return row


def correct_game(actor: User, event: Event, game_id: int, expected_version: int, result: str, white_minutes: int | None = None, black_minutes: int | None = None) -> None:
    """Change (or, for a tie's last game, delete) a recorded game while nothing later depends on it.

    The whole bracket is replayed with the change: if a later game no longer fits (the tie
    would be decided earlier, or the next round's tie has started with the old winner) the
    correction is refused and nothing changes.
    """
    _require_running(event)
    loaded = _loaded(event)
    row = db.session.get(KnockoutGame, game_id)
    if row is None or row.event_id != event.id:
        raise ServiceError(_("Partida inexistente."))
    if row.version != expected_version:
        raise ServiceError(_("Outro árbitro alterou esta partida ao mesmo tempo. Confira e lance de novo."))
    tie_rows = loaded.rows[(row.round, row.tie_index)]
    no_of = {e.id: no for no, e in loaded.entry_by_no.items()}
    new_game: TieGame | None = None
    if result == DELETE:
        if tie_rows[-1].id != row.id:
            raise ServiceError(_("Só a última partida de um confronto pode ser apagada."))
    else:
        new_game = _build(no_of[row.white_entry_id], no_of[row.black_entry_id], Stage(row.stage), result,
                          white_minutes, black_minutes)
    games = []
    for other in game_rows(event):
        if other.id == row.id:
            if new_game is not None:
                games.append(((row.round, row.tie_index), new_game))
            continue
        games.append(((other.round, other.tie_index), tie_game(other, no_of)))
    base = build_bracket(list(loaded.setup.seeds or []), engine_settings(loaded.setup, event))
    try:
        replay(base, games)
    except EngineError:
        raise ServiceError(_("Esta correção não é mais possível: partidas lançadas depois dependem deste "
                             "resultado. Apague antes as partidas seguintes.")) from None
    try:
        _save_correction(actor, event, loaded.setup, loaded.setup.version, row, new_game, known_ties(loaded.bracket))
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta partida ao mesmo tempo. Confira e lance de novo.")) from None
    db.session.expire(loaded.setup)


def _save_correction(actor: User, event: Event, setup: KnockoutSetup, seen_version: int, row: KnockoutGame,
                     new_game: TieGame | None, known_before: frozenset[TieId] = frozenset()) -> None:
    with transaction():
        _bump(setup, seen_version)
        before = _game_snapshot(row)
        if new_game is None:
            db.session.delete(row)
            record(actor, "delete", "knockout_game", row.id, before, None, event.id)
        else:
            get_format(event).record_result(row, new_game.outcome.value)
            row.white_absent_minutes = new_game.white_absent_minutes
            row.black_absent_minutes = new_game.black_absent_minutes
            db.session.flush()
            after = _game_snapshot(row)
            if after != before:
                record(actor, "correct", "knockout_game", row.id, before, after, event.id)
                # both players told of the new result; a tie it now decides is announced
                after_commit(later(notify_knockout, event.id, known_before, row.id, True))
