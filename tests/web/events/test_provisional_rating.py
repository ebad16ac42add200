"""RULES.md §3 'Starting order': an event option gives unrated players a provisional rating for
the starting order only."""
from __future__ import annotations

from damas.models import AuditEntry, Entry, Event, Role

FORM = {
    "name": "Jogos Escolares", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "dutch",
    "planned_rounds": "5", "time_minutes": "30", "time_increment": "0",
    "start_date": "2026-12-01", "end_date": "2026-12-02",
}


def _order(client, db, make_player, extra):  # type: ignore[no-untyped-def]
    client.post("/eventos/novo", data={**FORM, **extra})
    event = db.session.query(Event).order_by(Event.id.desc()).first()
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for name, rating in (("Ana Sem Rating", None), ("Bia Forte", 1700), ("Caio Médio", 1500)):
        player = make_player(full_name=f"{name} {event.id}", rating_regular=rating, rating_rapid=rating)
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": player.id})
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    entries = db.session.query(Entry).filter_by(event_id=event.id).order_by(Entry.pairing_number).all()
    return event, [e.player.full_name.rsplit(" ", 1)[0] for e in entries], entries


def test_unrated_players_take_the_provisional_rating_for_the_order_only(client, db, make_user, make_player,
                                                                         login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    _event, plain, _ = _order(client, db, make_player, {})
    assert plain == ["Bia Forte", "Caio Médio", "Ana Sem Rating"]
    event, names, entries = _order(client, db, make_player, {"provisional_rating": "1600"})
    assert event.provisional_rating == 1600
    assert names == ["Bia Forte", "Ana Sem Rating", "Caio Médio"]
    assert entries[1].rating_at_entry == 0  # the stored rating stays the player's own
    assert "contam 1600 na ordem inicial" in client.get(f"/eventos/{event.id}").get_data(as_text=True)
    create = db.session.query(AuditEntry).filter_by(action="create", object_type="event", object_id=event.id).one()
    assert create.after["provisional_rating"] == 1600


def test_provisional_rating_out_of_range_is_refused(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data={**FORM, "provisional_rating": "5000"}, follow_redirects=True)
    assert "Entre 1 e 3000." in response.get_data(as_text=True)
    assert db.session.query(Event).count() == 0


def test_pairing_bye_score_reaches_pairing_standings_and_regulations(client, db, make_user, make_player,
                                                                      login_as):  # type: ignore[no-untyped-def]
    from damas.models import GameResult, Round

    login_as(make_user(Role.STAFF))
    client.post("/eventos/novo", data={**FORM, "time_minutes": "60", "pairing_bye_score": "draw"})
    event = db.session.query(Event).one()
    assert event.pairing_bye_score == "draw"
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for n in range(3):
        player = make_player(full_name=f"Bye {n}", rating_regular=1900 - 100 * n)
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": player.id})
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    client.post(f"/eventos/{event.id}/rodadas/1/publicar")
    rnd = db.session.query(Round).filter_by(event_id=event.id).one()
    game = next(g for g in rnd.games if g.black_entry_id is not None)
    bye = next(g for g in rnd.games if g.black_entry_id is None)
    client.post(f"/eventos/{event.id}/rodadas/1/resultados", data={f"result-{game.id}": GameResult.WHITE_WIN.value,
                                                                  f"version-{game.id}": str(game.version)})
    from damas.reports.standings import standings_context

    db.session.expire_all()
    points = {r["name"]: r["points"] for r in standings_context(db.session.get(Event, event.id))["rows"]}
    assert points[bye.white.player.full_name] == "1"  # a draw under CBJD (2/1/0), not the default 2
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert '<td>Isenção (bye do emparceiramento)</td><td class="num">1</td>' in rules
    # round 2: the bye scorer (1 point) is paired by the same score the standings show
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 2


def test_bye_score_refused_for_micromatch(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data={**FORM, "pairing_system": "micromatch", "pairing_bye_score": "zero"},
                           follow_redirects=True)
    assert "o bye tem valor fixo" in response.get_data(as_text=True)
    assert db.session.query(Event).count() == 0
