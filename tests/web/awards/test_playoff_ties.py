"""A playoff settles only a real tie: the players must share one place in the category table
(RULES.md §7, FIDE-GR "Playoff"); otherwise it is refused with a message, nothing written."""
from __future__ import annotations

from damas.models import AuditEntry, GameResult, Playoff
from damas.formats.mapping import event_rounds
from damas.services.results.recording import record_results
from tests.web.awards.test_awards_helpers import finished_round_robin


def two_tied_for_first(db, make_user, make_player):  # type: ignore[no-untyped-def]
    """The finished round robin with 1 v 2 drawn: both on 9 points, level on every tiebreak
    (order `DE`: they drew), sharing places 1-2; 3..6 keep 6, 4, 2, 0."""
    event, staff, arbiter = finished_round_robin(db, make_user, make_player)
    game = next(g for r in event_rounds(event) for g in r.games
                if g.black is not None and {g.white.pairing_number, g.black.pairing_number} == {1, 2})
    record_results(staff, event, {game.id: (GameResult.DRAW, game.version)})
    event.tiebreak_order = "DE"
    db.session.commit()
    return event, staff, arbiter


def _create(client, event_id: int, tied: str) -> str:  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event_id}/playoffs/absoluto/criar", data={"tied": tied},
                       follow_redirects=True).get_data(as_text=True)


def test_playoff_on_untied_players_is_refused(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = two_tied_for_first(db, make_user, make_player)
    login_as(arbiter)
    page = _create(client, event.id, "3, 4")
    assert "não estão empatados" in page and "3, 4" in page
    page = _create(client, event.id, "2, 3")
    assert "não estão empatados" in page and "1-2, 3" in page
    page = _create(client, event.id, "3")
    assert "Um playoff precisa de pelo menos dois jogadores" in page
    page = _create(client, event.id, "1, 9")
    assert "não estão na tabela desta categoria" in page
    page = _create(client, event.id, "1, 1")
    assert "mais de uma vez" in page
    assert db.session.query(Playoff).count() == 0
    assert not db.session.query(AuditEntry).filter_by(action="playoff.create").count()


def test_playoff_on_the_shared_place_is_created(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = two_tied_for_first(db, make_user, make_player)
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/playoffs/absoluto").get_data(as_text=True)
    assert "Empates não desfeitos pelos critérios" in page
    _create(client, event.id, "2, 1")
    playoff = db.session.query(Playoff).one()
    assert sorted(playoff.tied) == [1, 2]


def test_playoff_must_take_every_player_of_the_shared_place(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=0)
    login_as(arbiter)  # nobody has played: all six share places 1-6
    page = _create(client, event.id, "1, 2")
    assert "Dividem a colocação 1-6 os jogadores 1, 2, 3, 4, 5, 6" in page
    assert db.session.query(Playoff).count() == 0
    _create(client, event.id, "1, 2, 3, 4, 5, 6")
    assert db.session.query(Playoff).count() == 1
