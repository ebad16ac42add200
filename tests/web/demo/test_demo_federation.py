"""The demo's federation settings (with a logo) and its event imported from a TRF file, which
matches registered players by FIDE id and then continues here (issue 17 points 3, 4)."""
from __future__ import annotations

from sqlalchemy import func, select

from damas.demo.federation import DATA, ONLINE_FILE, TEAM_FILE, TRF_FILE, load_federation_demo
from damas.engine.trf import read_trf
from damas.models import Event, EventStatus, FederationSettings, GameResult, Player, Role, Round
from damas.services.standings.compute import standings_of
from damas.services.rounds.swiss import pair_next_round


def test_demo_sets_the_logo_and_imports_an_event_that_continues_here(db, make_user, make_player, client):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    registered = [make_player(fide_id=str(9_100_000 + 4 * k)) for k in range(12)]
    name = load_federation_demo(staff)
    settings = db.session.scalars(select(FederationSettings)).one()
    assert settings.logo_mime == "image/png" and settings.short_name == "FDE"
    assert 'class="brand-logo"' in client.get("/").get_data(as_text=True)
    event = db.session.scalars(select(Event).where(Event.name == name)).one()
    assert event.status == EventStatus.RUNNING and event.discipline == "damas-64" and event.ruleset == "cbjd"
    arena = read_trf((DATA / ONLINE_FILE).read_text(encoding="utf-8"))
    teams = read_trf((DATA / TEAM_FILE).read_text(encoding="utf-8"))
    # Sobral's players matched, none created; the online arena's user ids and the team cup's
    # players are new players
    assert db.session.scalar(select(func.count(Player.id))) == (len(registered) + len(arena.state.entrants)
                                                                + len(teams.state.entrants))
    trf = read_trf((DATA / TRF_FILE).read_text(encoding="utf-8"))
    assert {r.start_no: r.points for r in standings_of(event).standings.rows} == dict(trf.points_column)
    rnd = pair_next_round(staff, event)
    assert rnd.number == 4 and len(rnd.games) == 6



def test_demo_imports_an_online_arena_with_its_round_in_progress(db, make_user, client):  # type: ignore[no-untyped-def]
    """Issue 28: the lidraughts export (blank bye fields, round 3 being played) is in the demo: its
    completed rounds' points are the file's, round 3 is paired with one board waiting for a result."""
    staff = make_user(Role.STAFF)
    load_federation_demo(staff)
    arena = read_trf((DATA / ONLINE_FILE).read_text(encoding="utf-8"))
    event = db.session.scalars(select(Event).where(Event.name == arena.state.name)).one()
    third = db.session.scalars(select(Round).where(Round.event_id == event.id, Round.number == 3)).one()
    assert sorted(g.result for g in third.games).count(GameResult.PENDING) == 1
    after_two = {r.start_no: r.points for r in standings_of(event).standings.rows}
    assert after_two == {no: sum({"win": 2, "draw": 1, "full_bye": 2, "half_bye": 1}.get(r.outcome.value, 0)
                                 for r in arena.state.rounds_of(no)) for no in after_two}
    assert client.get(f"/eventos/{event.id}").status_code == 200
