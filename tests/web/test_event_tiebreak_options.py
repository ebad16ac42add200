"""The event's tiebreak settings (RULES.md §4 [ours, configurable]) reach the standings."""
from __future__ import annotations

from damas.models import AuditEntry, Event, GameResult, Role, Round

FORM = {
    "name": "Aberto com Opções", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "berger",
    "planned_rounds": "3", "time_minutes": "60", "time_increment": "0",
    "start_date": "2026-12-01", "end_date": "2026-12-02", "tiebreak_order": "WIN, BH",
}


def _win_column(client, event_id):  # type: ignore[no-untyped-def]
    import re

    html = client.get(f"/eventos/{event_id}/classificacao").get_data(as_text=True)
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = {}
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        rows[cells[1]] = cells[5]  # rank, name, club, rating, points, WIN, BH
    return rows


def test_win_counts_forfeit_wins_only_when_the_event_says_so(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    players = [make_player(full_name=f"Opção {n}", rating_regular=2000 - n) for n in range(1, 5)]
    client.post("/eventos/novo", data=FORM)
    event = db.session.query(Event).one()
    assert event.tiebreak_options is None
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"})
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    forfeit, played = sorted(rnd.games, key=lambda g: g.board)
    forfeit.result, played.result = GameResult.WHITE_FORFEIT_WIN, GameResult.WHITE_WIN
    db.session.commit()
    winner = forfeit.white.player.full_name
    assert _win_column(client, event.id)[winner] == "0"

    edit = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert "Partidas não jogadas nos desempates" in edit
    client.post(f"/eventos/{event.id}/editar", data={**FORM, "win_forfeits": "y", "unplayed_rule": "played"})
    db.session.expire_all()
    assert db.session.get(Event, event.id).tiebreak_options == {"unplayed": "played", "win_forfeits": True}
    assert _win_column(client, event.id)[winner] == "1"
    update = db.session.query(AuditEntry).filter_by(action="update", object_type="event").one()
    assert update.after["tiebreak_options"] == {"unplayed": "played", "win_forfeits": True}
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "Desempates por adversário contam só as partidas jogadas." in rules
    assert "WIN conta também as vitórias por W.O." in rules
    edit = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert '<option selected value="played">' in edit


def test_unknown_unplayed_rule_is_refused(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data={**FORM, "unplayed_rule": "whatever"}, follow_redirects=True)
    assert "Escolha inválida." in response.get_data(as_text=True)
    assert db.session.query(Event).count() == 0
