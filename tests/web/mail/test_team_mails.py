"""Team events in micro-matches (CBJD 120): publishing a team round mails each player in a
line-up his match, board, colours and opponent (kind "pairings"); entering a match's boards
mails its players their games and the match score (kind "results"); in the account's language;
never to an unverified or opted-out account; nothing when the operation is refused."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from damas.models import Event, Role
from damas.models.micromatch import Team, TeamRound
from damas.services.mail.preferences import set_kinds_on
from damas.services.micromatch.lineups import lineup_of
from tests.web.mail.mail_helpers import outbox

NOW = datetime.now(timezone.utc)


def _ok(client: Any, url: str, data: dict | None = None, expect: str | None = None) -> str:
    response = client.post(url, data=data or {}, follow_redirects=True)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    if expect:
        assert expect in text, text[:3000]
    return text


def _event(app: Any, client: Any, db: Any, make_user: Any, make_player: Any, login_as: Any) -> Any:
    """Alfa × Beta on 2 boards (Gama has the bye); every player with a verified account; both
    line-ups in before the publication."""
    staff = make_user(Role.STAFF)
    login_as(staff)
    _ok(client, "/eventos/micro/novo", {
        "name": "Equipes do Clube", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "micromatch",
        "planned_rounds": "3", "time_minutes": "30", "time_increment": "0", "start_date": "2026-12-01",
        "end_date": "2026-12-01", "team": "y", "boards": "2", "scoring": "match", "openings": "none",
    }, expect="Evento em micro match criado.")
    event = db.session.query(Event).one()
    _ok(client, f"/eventos/{event.id}/situacao", {"status": "registration"})
    users = {}
    for t, rating in (("Alfa", 2000), ("Beta", 1900), ("Gama", 1800)):
        ps = [make_player(full_name=f"{t} {b}", rating_regular=rating - b) for b in (1, 2)]
        _ok(client, f"/eventos/{event.id}/equipes/nova", {"name": t, "players": f"{ps[0].id},{ps[1].id}"},
            expect="Equipe inscrita.")
        for p in ps:
            users[p.full_name] = make_user(Role.PLAYER, player_id=p.id, name=p.full_name, email_verified_at=NOW)
    _ok(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    rnd = db.session.query(TeamRound).one()
    match = next(m for m in rnd.matches if m.team_b_id is not None)
    for team in (match.team_a, match.team_b):
        ids = [m.player_id for m in team.members]
        _ok(client, f"/eventos/{event.id}/equipes/rodadas/1/escalacao?equipe={team.id}",
            {"board-1": ids[0], "board-2": ids[1]}, expect="gravada")
    return event, users, match


def test_publication_mails_each_player_his_board_colours_and_opponent(app, client, db, make_user, make_player,  # type: ignore[no-untyped-def]
                                                                       login_as):
    event, users, match = _event(app, client, db, make_user, make_player, login_as)
    assert outbox(app) == []  # line-ups of a round not yet published: nobody told
    _ok(client, f"/eventos/{event.id}/equipes/rodadas/1/publicar", expect="Rodada 1 publicada.")
    mails = {m.to[0]: m for m in outbox(app)}
    assert len(outbox(app)) == 4 and len(mails) == 4  # Alfa's and Beta's players, one mail each; Gama has the bye
    a1 = match.team_a.members[0].player.full_name
    b1 = match.team_b.members[0].player.full_name
    b2 = match.team_b.members[1].player.full_name
    first = mails[users[a1].email]
    assert first.subject == f"{event.name}: rodada 1 publicada"
    assert f"Mesa 1: {match.team_a.name} × {match.team_b.name}." in first.body
    assert "Tabuleiro 1." in first.body
    assert "1ª partida com as brancas, 2ª com as pretas." in first.body  # team A: White in game 1 on odd boards
    rating = match.team_b.members[0].player.rating_for(event.list_key)  # the list the event feeds (CBJD 115)
    assert rating and f"Adversário: {b1} (rating {rating})." in first.body
    assert f"/eventos/{event.id}/equipes/rodadas/1" in first.body
    opponent = mails[users[b1].email]
    assert f"Mesa 1: {match.team_b.name} × {match.team_a.name}." in opponent.body
    assert "1ª partida com as pretas, 2ª com as brancas." in opponent.body
    assert "1ª partida com as brancas, 2ª com as pretas." in mails[users[b2].email].body  # even board: team B White
    assert not any(u.email in mails for n, u in users.items() if n.startswith("Gama"))


def test_results_mail_games_and_match_score_english_unverified_opted_out(app, client, db, make_user,  # type: ignore[no-untyped-def]
                                                                        make_player, login_as):
    event, users, match = _event(app, client, db, make_user, make_player, login_as)
    _ok(client, f"/eventos/{event.id}/equipes/rodadas/1/publicar")
    a1, a2 = (m.player.full_name for m in match.team_a.members)
    b1, b2 = (m.player.full_name for m in match.team_b.members)
    users[a1].locale = "en"
    users[a2].email_verified_at = None
    db.session.commit()
    set_kinds_on(users[b2], users[b2], {"pairings"})  # results turned off
    app.extensions["mailman"].outbox.clear()
    form = {f"g1-{match.id}-1": "2-0", f"g2-{match.id}-1": "1-1", f"g1-{match.id}-2": "1-1", f"g2-{match.id}-2": "1-1"}
    _ok(client, f"/eventos/{event.id}/equipes/rodadas/1/resultados", form, expect="2 micro match(es)")
    mails = {m.to[0]: m for m in outbox(app)}
    assert set(mails) == {users[a1].email, users[b1].email}
    english = mails[users[a1].email]
    assert english.subject == f"{event.name}: results entered in round 1"
    assert "Board 1: 2-0, 1-1." in english.body and "Match score: 5-3." in english.body
    assert "Tabuleiro" not in english.body
    opponent = mails[users[b1].email]
    assert "Tabuleiro 1: 0-2, 1-1." in opponent.body and "Placar do match: 3-5." in opponent.body


def test_refused_results_and_publication_send_nothing(app, client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, users, match = _event(app, client, db, make_user, make_player, login_as)
    form = {f"g1-{match.id}-1": "2-0", f"g2-{match.id}-1": "1-1"}
    _ok(client, f"/eventos/{event.id}/equipes/rodadas/1/resultados", form, expect="Publique a rodada")
    _ok(client, f"/eventos/{event.id}/equipes/rodadas/1/publicar")
    app.extensions["mailman"].outbox.clear()
    _ok(client, f"/eventos/{event.id}/equipes/rodadas/1/publicar", expect="já foi publicada")
    bad = {f"g1-{match.id}-1": "2-0", f"g2-{match.id}-1": "1-1", f"g1-{match.id}-2": "2-0", f"g2-{match.id}-2": "x"}
    _ok(client, f"/eventos/{event.id}/equipes/rodadas/1/resultados", bad)
    assert outbox(app) == []
    assert db.session.query(Team).count() == 3


def test_a_game_the_desk_decides_by_penalty_mails_the_match_players(app, client, db, make_user, make_player,  # type: ignore[no-untyped-def]
                                                                   login_as):
    event, users, match = _event(app, client, db, make_user, make_player, login_as)
    _ok(client, f"/eventos/{event.id}/equipes/rodadas/1/publicar")
    app.extensions["mailman"].outbox.clear()
    rnd = db.session.query(TeamRound).one()
    offender, opponent = lineup_of(rnd, match.team_a_id)[1], lineup_of(rnd, match.team_b_id)[1]  # board 1
    response = client.post(f"/eventos/{event.id}/mesa/sancoes", data={
        "s-round_number": 1, "s-entry_id": offender, "s-kind": "game_lost", "s-micro_game": 1}, follow_redirects=True)
    assert "Resultado registrado pelo sistema" in response.get_data(as_text=True)
    by_player = {u.player_id: u.email for u in users.values()}
    mails = {m.to[0]: m for m in outbox(app)}
    assert len(mails) == 4 and all(m.subject == f"{event.name}: resultados lançados na rodada 1" for m in mails.values())
    assert "Tabuleiro 1: 0-2." in mails[by_player[offender]].body  # the game his penalty lost
    assert "Tabuleiro 1: 2-0." in mails[by_player[opponent]].body
    assert "Placar do match até agora: " in mails[by_player[offender]].body
