"""FIDE-GR Pairings g: an event option keeps players of one club / state federation apart in a
Swiss where the pairing allows; the engine takes them as forbidden pairs."""
from __future__ import annotations

from damas.engine.event_rules import restricted_pairs
from damas.engine.pairing import PairingRequest, get_system
from damas.engine.types import Entrant, TournamentState
from damas.models import AuditEntry, EventStatus, Role, Round


def _pairs(rnd: Round) -> set[frozenset[int]]:
    return {frozenset((g.white.pairing_number, g.black.pairing_number)) for g in rnd.games if g.black}


def test_fide_gr_pairings_g_dutch_engine_avoids_same_club_pairs_when_possible() -> None:
    entrants = tuple(Entrant(start_no=n, name=f"P{n}", rating=2000 - n, club="A" if n in (1, 3) else f"C{n}")
                     for n in range(1, 5))
    state = TournamentState(entrants=entrants, results={n: () for n in range(1, 5)}, total_rounds=3)
    free = get_system("dutch").pair(PairingRequest(state=state, round_no=1))
    assert {frozenset((p.white, p.black)) for p in free} == {frozenset((1, 3)), frozenset((2, 4))}
    forbidden = restricted_pairs(entrants, "club")
    assert forbidden == [(1, 3)]
    kept = get_system("dutch").pair(PairingRequest(state=state, round_no=1, options={"forbidden_pairs": forbidden}))
    assert frozenset((1, 3)) not in {frozenset((p.white, p.black)) for p in kept}


def test_fide_gr_pairings_g_swiss_event_pairs_clubmates_apart_and_relaxes_when_impossible(  # type: ignore[no-untyped-def]
        client, db, login_as, make_event, make_player, make_user, make_club):
    arbiter = make_user(Role.ARBITER)
    club, other = make_club(), make_club()
    players = [make_player(rating_regular=2000 - 10 * n, club_id=(club.id if n in (1, 3) else None), state=f"S{n}")
               for n in range(1, 5)]
    event = make_event(arbiters=(arbiter,), players=tuple(players), pairing_system="dutch", planned_rounds=3,
                       status=EventStatus.RUNNING, pair_restriction="club")
    login_as(arbiter)
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    assert frozenset((1, 3)) not in _pairs(rnd) and len(_pairs(rnd)) == 2
    audit = db.session.query(AuditEntry).filter_by(action="pair", object_type="round").one()
    assert audit.after["pair_restriction"] == "club" and audit.after["restriction_relaxed"] is False

    # every player of one club: no pairing keeps the restriction, so the round is paired without it
    everyone = make_event(arbiters=(arbiter,), pairing_system="dutch", planned_rounds=3, status=EventStatus.RUNNING,
                          pair_restriction="club",
                          players=tuple(make_player(club_id=other.id, rating_regular=1800 - n) for n in range(4)))
    page = client.post(f"/eventos/{everyone.id}/rodadas/emparceirar", follow_redirects=True).get_data(as_text=True)
    assert "emparceirada sem a restrição" in page
    assert len(db.session.query(Round).filter_by(event_id=everyone.id, number=1).one().games) == 2
