"""A 7-player CBJD round robin played to the end through the web, with two withdrawals.

Berger table for 7 (player 8 = bye, FIDE C.05 Annex 1):
  R1 1-8 2-7 3-6 4-5 | R2 8-5 6-4 7-3 1-2 | R3 2-8 3-1 4-7 5-6 | R4 8-6 7-5 1-4 2-3
  R5 3-8 4-2 5-1 6-7 | R6 8-7 1-6 2-5 3-4 | R7 4-8 5-3 6-2 7-1
Results: the lower number wins, except 3-6 (R1) and 5-1 (R5) drawn. Player 7 withdraws after
round 2 having played 2 of his 6 games (CBJD 105 A: no more than half -> excluded, all his
results annulled); player 4 withdraws after round 5 having played 4 games (R3 v 7 was not
played): more than half -> he stays and his remaining game (R6 v 3) is lost by W.O.
Byes score 2 (cbjd [ours]); a withdrawn player's later bye is not given.

Hand-computed totals (2/1/0):
  P1: bye 2, W 2, W 2, W 2, D 1, W 2, (v7 annulled) 0      = 11, running 2 4 6 8 9 11 11 -> PS 51
  P2: (v7 annulled) 0, L, bye 2, W 2, W 2, W 2, W 2        = 10, running 0 0 2 4 6 8 10  -> PS 30
  P3: D 1, (v7 annulled) 0, L, L, bye 2, W.O. 2, W 2       =  7, running 1 1 1 1 3 5 7   -> PS 19
  P5: L, bye 2, W 2, (v7) 0, D 1, L, L                     =  5, running 0 2 4 4 5 5 5   -> PS 25
  P4: W 2, W 2, (v7) 0, L, L, W.O. lost 0, (no bye) 0      =  4, running 2 4 4 4 4 4 4   -> PS 26
  P6: D 1, L, L, bye 2, (v7) 0, L, L                       =  3, running 1 1 1 3 3 3 3   -> PS 15
  P7: excluded.
"""
from __future__ import annotations

import re

from damas.models import Entry, Event, GameResult, Role, Round

RESULTS = {  # (round, white, black) -> result; games with player 7 after his withdrawal are not played
    (1, 2, 7): "1-0", (1, 3, 6): "=-=", (1, 4, 5): "1-0",
    (2, 6, 4): "0-1", (2, 7, 3): "0-1", (2, 1, 2): "1-0",
    (3, 3, 1): "0-1", (3, 5, 6): "1-0",
    (4, 1, 4): "1-0", (4, 2, 3): "1-0",
    (5, 4, 2): "0-1", (5, 5, 1): "=-=",
    (6, 1, 6): "1-0", (6, 2, 5): "1-0",
    (7, 5, 3): "0-1", (7, 6, 2): "0-1",
}


def _enter_round(client, db, event_id: int, number: int) -> None:  # type: ignore[no-untyped-def]
    assert client.post(f"/eventos/{event_id}/rodadas/{number}/publicar").status_code == 302
    rnd = db.session.query(Round).filter_by(event_id=event_id, number=number).one()
    form = {}
    for game in rnd.games:
        if game.black_entry_id is None or game.result == GameResult.WITHDRAWN:
            continue
        key = (number, game.white.pairing_number, game.black.pairing_number)
        form[f"result-{game.id}"] = RESULTS[key]
        form[f"version-{game.id}"] = str(game.version)
    response = client.post(f"/eventos/{event_id}/rodadas/{number}/resultados", data=form, follow_redirects=True)
    assert response.status_code == 200
    db.session.expire_all()
    assert all(g.result != GameResult.PENDING for g in rnd.games), f"round {number} incomplete"


def _withdraw(client, db, event_id: int, number: int, after: int) -> None:  # type: ignore[no-untyped-def]
    entry = db.session.query(Entry).filter_by(event_id=event_id, pairing_number=number).one()
    response = client.post(f"/eventos/{event_id}/jogadores",
                           data={"w-entry_id": entry.id, "w-after_round": after, "w-note": "saiu", "w-submit": "1"},
                           follow_redirects=True)
    assert "Desistência registrada." in response.get_data(as_text=True)


def _table_rows(html: str) -> list[list[str]]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = []
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [re.sub(r"<[^>]+>", " ", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        rows.append([" ".join(c.split()) for c in cells])
    return rows


def test_seven_player_cbjd_round_robin(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Jogador {n}", rating_regular=2100 - 100 * n) for n in range(1, 8)]
    login_as(staff)
    response = client.post("/eventos/novo", data={
        "name": "Estadual RR", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "berger",
        "planned_rounds": "7", "time_minutes": "60", "time_increment": "0",
        "start_date": "2026-12-01", "end_date": "2026-12-03",
    })
    event = db.session.query(Event).one()
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    response = client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"}, follow_redirects=True)
    assert "7 rodadas geradas." in response.get_data(as_text=True)
    db.session.expire_all()
    assert [e.pairing_number for e in sorted(event.entries, key=lambda e: e.player.full_name)] == list(range(1, 8))
    first = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    assert [(g.white.pairing_number, g.black.pairing_number if g.black else None) for g in first.games] == [
        (2, 7), (3, 6), (4, 5), (1, None)]

    for number in (1, 2):
        _enter_round(client, db, event.id, number)
    _withdraw(client, db, event.id, 7, after=2)
    for number in (3, 4, 5):
        _enter_round(client, db, event.id, number)
    _withdraw(client, db, event.id, 4, after=5)
    for number in (6, 7):
        _enter_round(client, db, event.id, number)

    html = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    rows = _table_rows(html)
    table = [(r[0], r[1].split(" ")[0] + " " + r[1].split(" ")[1], r[3], r[4], r[5]) for r in rows]  # rank, name, rating, points, tiebreaks (no club: column left out)
    assert table == [
        ("1", "Jogador 1", "11", "51", "49"),
        ("2", "Jogador 2", "10", "30", "28"),
        ("3", "Jogador 3", "7", "19", "15"),
        ("4", "Jogador 5", "5", "25", "23"),
        ("5", "Jogador 4", "4", "26", "26"),
        ("6", "Jogador 6", "3", "15", "13"),
        ("—", "Jogador 7", "0", "0", "0"),
    ]
    assert "CBJD 105 A" in html  # the reason shown for the excluded player

    cross = _table_rows(client.get(f"/eventos/{event.id}/tabela").get_data(as_text=True))
    by_no = {r[0]: r for r in cross}
    # columns: no, name, rating, 1..7, pts, tiebreaks..., rank
    # pt-BR colours: b = brancas, p = pretas
    assert by_no["1"][3:10] == ["", "2b", "2p", "2b", "1p", "2b", ""]
    assert by_no["3"][3:10] == ["0b", "0p", "", "+", "2p", "1b", "[2p]"]  # v7 shown in brackets: annulled (CBJD 105 A a)
    assert by_no["4"][3:10] == ["0p", "0b", "-", "", "2b", "2p", ""]
    assert by_no["1"][10] == "11" and by_no["4"][10] == "4"
    assert by_no["7"][10] == "-"
    assert by_no["1"][-1] == "1" and by_no["5"][-1] == "4"
