"""Team events in micro-matches (CBJD 120; RULES.md §3, §4): team entries, rounds paired by the
Brazilian system on teams, line-ups by the captain or the arbiter, board results, standings and
board prizes. The rules are the engine's (`damas.engine.teams`); rows are mapped in `mapping`.

Split by job: entries in `team_entries`, line-ups and board results in `team_lineups`, the engine's
view and standings in `team_standings`; every name is re-exported here. This module pairs, undoes
and publishes team rounds.
"""
from __future__ import annotations

import random
import secrets

from flask_babel import gettext as _

from damas.engine.teams import pair_teams
from damas.engine.types import Color, EngineError
from damas.extensions import db
from damas.models import Event, EventStatus, User
from damas.models.micromatch import TeamMatchRow, TeamRound
from damas.services.audit import after_commit, record, transaction
from damas.services.mail.sending import later
from damas.services.errors import ServiceError
from damas.services.locking import lock_event
from damas.services.mail.team_notices import notify_team_pairings
from damas.services.teams.entries import (  # noqa: F401  (re-exported)
    OPEN,
    _renumber,
    team_settings,
    add_team,
    remove_team,
    team_rounds,
    team_summary,
    teams_of,
)
from damas.services.micromatch.lineups import (  # noqa: F401  (re-exported)
    can_submit_lineup,
    lineup_of,
    record_board_game,
    record_round_results,
    record_team_results,
    submit_lineup,
)
from damas.services.micromatch.team_standings import (  # noqa: F401  (re-exported)
    round_complete,
    standings_context,
    team_snapshot,
)
from damas.services.micromatch import openings as opening_service
from damas.services.entries.self_service import refuse_if_too_few, start_or_refuse

# -- rounds ---------------------------------------------------------------------------------------

def pair_team_round(actor: User, event: Event, first_color_seed: int | None = None,
                    opening_seed: int | None = None) -> TeamRound:
    """Pair the next round of teams (CBJD 120) and draw its opening(s)."""
    lock_event(event)  # a double click pairs once

    s = team_settings(event)
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise ServiceError(_("O evento não está em andamento."))
    rounds = team_rounds(event)
    if rounds and not rounds[-1].published:
        raise ServiceError(_("Publique a rodada %(n)s antes de emparceirar a próxima.", n=rounds[-1].number))
    if rounds and not round_complete(event, rounds[-1]):
        raise ServiceError(_("Faltam escalações ou resultados da rodada %(n)s.", n=rounds[-1].number))
    number = len(rounds) + 1
    if number > event.planned_rounds:
        raise ServiceError(_("Todas as %(n)s rodadas previstas já foram emparceiradas.", n=event.planned_rounds))
    if len(teams_of(event)) < 2:
        raise ServiceError(_("São necessárias pelo menos 2 equipes para iniciar."))
    if s.openings != "none":
        opening_service.check_allowed(event)
        if opening_service.current_list() is None:
            raise ServiceError(_("A federação ainda não carregou a lista de aberturas."), "openings")
    refuse_if_too_few(actor, event)  # too few teams: cancelled, their players told (CLUB), nothing paired
    with transaction():  # the start lands with the first round(s), or neither does
        start_or_refuse(actor, event)
        if number == 1:
            _renumber(event, s.boards)
            db.session.flush()
        if not event.first_color:
            event.first_color_seed = secrets.randbelow(2**31) if first_color_seed is None else first_color_seed
            event.first_color = random.Random(event.first_color_seed).choice("wb")
        snap = team_snapshot(event)
        try:
            pairings = pair_teams(snap["state"], ruleset=event.ruleset, scoring=s.scoring,
                                  first_color=Color(event.first_color))
        except EngineError as error:
            raise ServiceError(_("Emparceiramento impossível: %(why)s", why=str(error))) from None
        by_no = {t.number: t for t in snap["teams"]}
        rnd = TeamRound(event_id=event.id, number=number)
        for p in pairings:
            rnd.matches.append(TeamMatchRow(table=p.board, team_a_id=by_no[p.white].id,
                                            team_b_id=by_no[p.black].id if p.black is not None else None))
        db.session.add(rnd)
        db.session.flush()
        record(actor, "pair", "team_round", rnd.id, None, {
            "number": number, "system": "micromatch-teams", "first_color": event.first_color,
            "first_color_seed": event.first_color_seed,
            "matches": [[p.board, p.white, p.black] for p in pairings]}, event.id)
        if s.openings != "none" and not opening_service.round_draws(event, number):
            opening_service.draw_for_round(actor, event, number, s.boards, seed=opening_seed, commit=False)
    return rnd


def delete_team_round(actor: User, event: Event, rnd: TeamRound) -> None:
    rounds = team_rounds(event)
    if not rounds or rounds[-1].id != rnd.id:
        raise ServiceError(_("Só a última rodada pode ser desfeita."))
    if any(b.game1 for m in rnd.matches for b in m.boards):
        raise ServiceError(_("Já há resultados lançados nesta rodada; ela não pode mais ser refeita."))
    with transaction():
        record(actor, "unpair", "team_round", rnd.id, {"number": rnd.number,
               "matches": [[m.table, m.team_a_id, m.team_b_id] for m in rnd.matches]}, None, event.id)
        db.session.delete(rnd)


def publish_team_round(actor: User, event: Event, rnd: TeamRound) -> None:
    if rnd.event_id != event.id:
        raise ServiceError(_("Rodada de outro evento."))
    if rnd.published:
        raise ServiceError(_("Esta rodada já foi publicada."))
    with transaction():
        rnd.published = True
        record(actor, "publish", "team_round", rnd.id, {"published": False},
               {"published": True, "number": rnd.number}, event.id)
        after_commit(later(notify_team_pairings, event.id, rnd.id))  # the line-ups in, after the commit
