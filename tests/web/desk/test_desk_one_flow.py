"""The desk once (issue 15): the same incident, sanction and CBJD 95 d flow, through the one desk
service, on each kind of board (`damas.services.desk.boards`): a round `Game`, a micro-match game,
a team board and a knockout tie. Two incidences give the opponent time, the third loses the game
(written where the kind writes it); a warning is recorded on the same board; an irregular move
claimed in a 5-minute game wins the claimant the game; the sanctions a kind has no rule for are
refused and write nothing; a reversible penalty (round and micro-match boards) is reversed."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Callable

import pytest

from damas.engine.penalties import Action, Sanction
from damas.extensions import db as _db
from damas.models import AuditEntry, Event, EventStatus, GameResult, KnockoutGame, Role, Round
from damas.models.desk import DeskIncident, DeskSanction
from damas.models.micromatch import MicroGame, TeamMatchRow, TeamRound
from damas.services import desk as desk_service
from damas.services.events import lifecycle as event_service
from damas.services.rounds import knockout as ko
from damas.services.micromatch import matches as micro_service
from damas.services.results import recording as round_service
from damas.services.micromatch import team_events as team_service
from damas.services.desk.boards import board_kind, board_kind_of
from damas.services.errors import ServiceError
from tests.web.desk.test_desk import board, running_event


@dataclass
class Case:
    """An event of one kind, running, round 1 published; the offender of the incidents (on one
    board) and the offender of the claim (on another), as the desk's forms name them."""

    event: Event
    actor: Any
    offender: Any
    claim_offender: Any
    micro_game: int | None
    lost: Callable[[], bool]          # the incidents' board shows the offender's loss
    claimed: Callable[[], bool]       # the claim's board shows the claimant's win


def _round_case(make_user, make_player, make_event) -> Case:  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event, entries = running_event(_db, make_event, make_player, time_minutes=5)
    # round 1: board 1 is entries 1-2, board 2 is 3-4; the offenders have White
    return Case(event, staff, entries[0], entries[2], None,
                lambda: board(_db, event, 1, 1).result == GameResult.BLACK_WIN,
                lambda: board(_db, event, 1, 2).result == GameResult.BLACK_WIN)


def _micro_case(make_user, make_player, make_event) -> Case:  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Micro {n}", rating_regular=2000 - n) for n in range(1, 5)]
    event = make_event(pairing_system="micromatch", planned_rounds=2, players=tuple(players), time_minutes=5)
    micro_service.save_settings(staff, event, {"scoring": "game", "openings": "none"})
    rnd = micro_service.pair_individual_round(staff, event)
    round_service.publish_round(staff, event, rnd)
    b1, b2 = sorted(_db.session.query(Round).filter_by(event_id=event.id).one().games, key=lambda g: g.board)

    def game2(game_id: int) -> str:
        _db.session.expire_all()
        row = _db.session.query(MicroGame).filter_by(game_id=game_id).one_or_none()
        return row.game2 if row is not None else ""

    return Case(event, staff, b1.white, b2.white, 2, lambda: game2(b1.id) == "0-2", lambda: game2(b2.id) == "0-2")


def _team_case(make_user, make_player, make_event) -> Case:  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = micro_service.create_micromatch_event(staff, {
        "name": "Interclubes Relâmpago", "discipline": "damas-64", "ruleset": "cbjd", "planned_rounds": 3,
        "time_minutes": 5, "time_increment": 0, "start_date": date(2026, 12, 1), "end_date": date(2026, 12, 2),
        "team": True, "boards": 2, "scoring": "match", "openings": "none"})
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for t in range(1, 5):
        squad = [make_player(full_name=f"Equipe {t} Tab {b}", rating_regular=2000 - 100 * t - b) for b in (1, 2)]
        team_service.add_team(staff, event, {"name": f"Equipe {t}", "player_ids": [p.id for p in squad]})
    rnd = team_service.pair_team_round(staff, event)
    team_service.publish_team_round(staff, event, rnd)
    for match in rnd.matches:
        for team in (match.team_a, match.team_b):
            team_service.submit_lineup(staff, event, rnd, team, [m.player_id for m in team.members[:2]])
    _db.session.expire_all()
    rnd = _db.session.query(TeamRound).filter_by(event_id=event.id, number=1).one()
    m1, m2 = sorted(rnd.matches, key=lambda m: m.table)

    def game(match_id: int) -> str:  # game 2 of board 1 of the match, from team A's side
        _db.session.expire_all()
        row = next((b for b in _db.session.get(TeamMatchRow, match_id).boards if b.board == 1), None)
        return row.game2 if row is not None else ""

    return Case(event, staff, team_service.lineup_of(rnd, m1.team_a_id)[1],
                team_service.lineup_of(rnd, m2.team_a_id)[1], 2,
                lambda: game(m1.id) == "0-2", lambda: game(m2.id) == "0-2")


def _knockout_case(make_user, make_player, make_event) -> Case:  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Mata {n}", rating_regular=2000 - 50 * n) for n in range(1, 5)]
    event = make_event(pairing_system="knockout", ruleset="club", planned_rounds=2, players=tuple(players),
                       time_minutes=5)
    ko.save_settings(staff, event, games=2, drawn="playoff", rapid_games=2, places=2)
    ko.start_knockout(staff, event, lot_seed=2026)
    _db.session.expire_all()
    by_no = {e.pairing_number: e for e in _db.session.get(Event, event.id).entries}

    def lost_by(entry_id: int, tie_index: int) -> bool:  # the tie's first game, lost by `entry_id`
        _db.session.expire_all()
        game = _db.session.query(KnockoutGame).filter_by(event_id=event.id, round=1, tie_index=tie_index).one_or_none()
        return game is not None and game.outcome == ("loss" if game.white_entry_id == entry_id else "win")

    # seeds by rating: tie 1 is 1 v 4, tie 2 is 2 v 3
    return Case(event, staff, by_no[1], by_no[2], None,
                lambda: lost_by(by_no[1].id, 0), lambda: lost_by(by_no[2].id, 1))


CASES = {"round": _round_case, "micro": _micro_case, "micro-teams": _team_case, "knockout": _knockout_case}


@pytest.mark.parametrize("code", list(CASES))
def test_desk_one_flow_incident_sanction_claim_on_each_kind_of_board(code, db, make_user, make_player,
                                                                    make_event):  # type: ignore[no-untyped-def]
    case = CASES[code](make_user, make_player, make_event)
    event = db.session.get(Event, case.event.id)
    assert event.status == EventStatus.RUNNING
    assert board_kind_of(event) == code and board_kind(event).code == code
    # CBJD 60: two incidences give the opponent time, the third loses the game
    for n in (1, 2):
        row, found, applied = desk_service.add_incident(case.actor, event, 1, case.offender, "claimed_irregularity",
                                                        "56", f"incidência {n}", case.micro_game)
        assert (found.incidence, found.action, applied) == (n, Action.EXTRA_TIME, None)
        assert not case.lost()
    row, found, applied = desk_service.add_incident(case.actor, event, 1, case.offender, "claimed_irregularity",
                                                    "56", "terceira", case.micro_game)
    assert (found.incidence, found.action) == (3, Action.GAME_LOST) and applied is not None
    assert case.lost()
    assert {r.board for r in db.session.query(DeskIncident).filter_by(event_id=event.id)} == {row.board}
    assert [c.incidence for _r, c in desk_service.incident_log(event)] == [1, 2, 3]
    # CBJD 51 a: a warning on the same board, nothing applied
    warning, said, none = desk_service.add_sanction(case.actor, event, 1, case.offender, "verbal_warning", "aviso")
    assert (warning.board, said.result, none) == (row.board, None, None)
    # CBJD 95 d in a 5-minute game: the claimant wins the game
    claim, won = desk_service.claim_irregular_move(case.actor, event, 1, case.claim_offender, True, "",
                                                   case.micro_game)
    assert claim.action is Action.GAME_WON and won is not None
    assert case.claimed()
    assert db.session.query(AuditEntry).filter_by(event_id=event.id, action="irregular_move_claim").count() == 1
    # the sanctions this kind has no rule for are refused and write nothing
    refused = [k for k in ("exclusion", "game_lost_both") if board_kind(event).sanction_refusal(Sanction(k))]
    assert refused == ([] if code in ("round", "micro") else ["exclusion", "game_lost_both"])
    for kind in refused:
        before = db.session.query(DeskSanction).count()
        with pytest.raises(ServiceError):
            desk_service.add_sanction(case.actor, event, 1, case.offender, kind, "")
        assert db.session.query(DeskSanction).count() == before
    # the reversible penalty (round and micro-match boards) gives the board its earlier result back
    if applied.penalty is not None:
        desk_service.reverse_penalty(case.actor, event, applied.penalty, "engano do árbitro")
        assert not case.lost()
    else:
        assert code in ("micro-teams", "knockout")
