"""An individual micro-match's result mails (kind "results"): both players of each board are told
the two games and the micro-match total from their own side, in their language; a correction
says so; an unverified account gets none."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from damas.models import Event, Role, Round

NOW = datetime.now(timezone.utc)


def _post(client: Any, url: str, data: dict | None = None, expect: str | None = None) -> str:
    response = client.post(url, data=data or {}, follow_redirects=True)
    text = response.get_data(as_text=True)
    assert response.status_code == 200 and (expect is None or expect in text), text[:3000]
    return text


def test_micro_match_results_mail_both_games_and_the_total_from_each_side(app, client, db, make_user,  # type: ignore[no-untyped-def]
                                                                          make_player, login_as):
    login_as(make_user(Role.STAFF))
    _post(client, "/eventos/micro/novo", {
        "name": "Micro do Clube", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "micromatch",
        "planned_rounds": "3", "time_minutes": "30", "time_increment": "0", "start_date": "2026-12-01",
        "end_date": "2026-12-01", "scoring": "game", "openings": "none"}, expect="Evento em micro match criado.")
    event = db.session.query(Event).one()
    _post(client, f"/eventos/{event.id}/situacao", {"status": "registration"})
    players = [make_player(full_name=f"Micro {n}", rating_regular=2100 - 50 * n) for n in range(1, 5)]
    users = {}
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
        users[p.id] = make_user(Role.PLAYER, player_id=p.id, name=p.full_name, email_verified_at=NOW)
    _post(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    _post(client, f"/eventos/{event.id}/rodadas/1/publicar", expect="Rodada 1 publicada.")
    first, second = sorted(db.session.query(Round).one().games, key=lambda g: g.board)
    users[second.black.player_id].locale = "en"
    users[second.white.player_id].email_verified_at = None
    db.session.commit()
    app.extensions["mailman"].outbox.clear()
    url = f"/eventos/{event.id}/micro/rodadas/1/resultados"
    _post(client, url, {f"g1-{first.id}": "2-0", f"g2-{first.id}": "1-1", f"version-{first.id}": str(first.version),
                        f"g1-{second.id}": "0-2", f"g2-{second.id}": "0-2", f"version-{second.id}": str(second.version)},
          expect="2 micro match(es) gravado(s).")
    mails = {m.to[0]: m for m in app.extensions["mailman"].outbox}
    white, black = users[first.white.player_id], users[first.black.player_id]
    assert set(mails) == {white.email, black.email, users[second.black.player_id].email}  # not the unverified
    assert mails[white.email].subject == "Micro do Clube: resultado lançado na rodada 1"
    assert f"Mesa 1: micro match contra {first.black.player.full_name}." in mails[white.email].body
    assert "Partidas: 2-0, 1-1; micro match 3-1." in mails[white.email].body
    assert "Partidas: 0-2, 1-1; micro match 1-3." in mails[black.email].body
    english = mails[users[second.black.player_id].email]
    assert english.subject == "Micro do Clube: result entered in round 1"
    assert "Games: 2-0, 2-0; micro-match 4-0." in english.body
    app.extensions["mailman"].outbox.clear()
    db.session.expire_all()
    first = db.session.get(type(first), first.id)
    _post(client, url, {f"g1-{first.id}": "1-1", f"g2-{first.id}": "1-1", f"version-{first.id}": str(first.version)},
          expect="1 micro match(es) gravado(s).")
    corrected = {m.to[0]: m for m in app.extensions["mailman"].outbox}
    assert set(corrected) == {white.email, black.email}
    assert corrected[white.email].subject == "Micro do Clube: resultado corrigido na rodada 1"
    assert "Partidas: 1-1, 1-1; micro match 2-2." in corrected[black.email].body
