"""Withdrawals in a round robin (CBJD 105 A; RULES.md §5) in any order of the arbiter's clicks."""
from __future__ import annotations

from damas.models import Entry, Event, GameResult, Role, Round


def _start_schuring(client, db, make_user, make_player, login_as, n=6):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Jogador {k}", rating_regular=2100 - 100 * k) for k in range(1, n + 1)]
    login_as(staff)
    client.post("/eventos/novo", data={
        "name": "Estadual RR", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "berger",
        "planned_rounds": str(n - 1), "time_minutes": "60", "time_increment": "0",
        "start_date": "2026-12-01", "end_date": "2026-12-03",
    })
    event = db.session.query(Event).one()
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    response = client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"}, follow_redirects=True)
    assert f"{n - 1} rodadas geradas." in response.get_data(as_text=True)
    return event


def _enter_round(client, db, event_id: int, number: int) -> None:  # type: ignore[no-untyped-def]
    """Publish round `number` and let the lower pairing number win every board still to play."""
    assert client.post(f"/eventos/{event_id}/rodadas/{number}/publicar").status_code == 302
    rnd = db.session.query(Round).filter_by(event_id=event_id, number=number).one()
    form = {}
    for game in rnd.games:
        if game.black_entry_id is None or game.result == GameResult.WITHDRAWN:
            continue
        form[f"result-{game.id}"] = "1-0" if game.white.pairing_number < game.black.pairing_number else "0-1"
        form[f"version-{game.id}"] = str(game.version)
    client.post(f"/eventos/{event_id}/rodadas/{number}/resultados", data=form, follow_redirects=True)
    db.session.expire_all()
    assert all(g.result != GameResult.PENDING for g in rnd.games), f"round {number} incomplete"


def _withdraw(client, db, event_id: int, number: int, after: int) -> str:  # type: ignore[no-untyped-def]
    entry = db.session.query(Entry).filter_by(event_id=event_id, pairing_number=number).one()
    response = client.post(f"/eventos/{event_id}/jogadores",
                           data={"w-entry_id": entry.id, "w-after_round": after, "w-note": "saiu", "w-submit": "1"},
                           follow_redirects=True)
    return response.get_data(as_text=True)


def test_cbjd_105a_second_withdrawal_skips_boards_marked_for_the_first(client, db, make_user, make_player,
                                                                      login_as):  # type: ignore[no-untyped-def]
    """Schuring for 6: R4 has 6-5. Player 6 withdraws after round 2 (that board is marked not
    played), then player 5 after round 3: the marked board is no result of his, so the second
    withdrawal is accepted, and every output still loads."""
    event = _start_schuring(client, db, make_user, make_player, login_as)
    for number in (1, 2):
        _enter_round(client, db, event.id, number)
    assert "Desistência registrada." in _withdraw(client, db, event.id, 6, after=2)
    _enter_round(client, db, event.id, 3)
    html = _withdraw(client, db, event.id, 5, after=3)
    assert "Há resultado lançado" not in html
    assert "Desistência registrada." in html
    db.session.expire_all()
    five = db.session.query(Entry).filter_by(event_id=event.id, pairing_number=5).one()
    later = [g for r in db.session.query(Round).filter_by(event_id=event.id) if r.number > 3 for g in r.games
             if five.id in (g.white_entry_id, g.black_entry_id)]
    assert later and all(g.result == GameResult.WITHDRAWN for g in later)
    for number in (4, 5):
        _enter_round(client, db, event.id, number)
    for url in ("classificacao", "tabela"):
        assert client.get(f"/eventos/{event.id}/{url}").status_code == 200


def test_round_robin_withdrawal_still_refused_after_a_real_later_result(client, db, make_user, make_player,
                                                                        login_as):  # type: ignore[no-untyped-def]
    """The check keeps refusing a withdrawal before a round whose game he actually played."""
    event = _start_schuring(client, db, make_user, make_player, login_as)
    for number in (1, 2, 3):
        _enter_round(client, db, event.id, number)
    html = _withdraw(client, db, event.id, 5, after=2)
    assert "Há resultado lançado para ele depois da rodada 2" in html


def _cross_rows(html: str) -> dict[str, list[str]]:
    import re

    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = {}
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        rows[cells[0]] = cells
    return rows


def test_cbjd_105a_crosstable_marks_annulled_games_on_page_and_pdf(client, db, make_user, make_player,
                                                                  login_as):  # type: ignore[no-untyped-def]
    """Player 6 leaves after round 2 having played 2 of 5 games: excluded, his results annulled
    (CBJD 105 A a). Player 1 beat him in round 1: the crosstable shows that game in brackets with
    a legend, and every counted row's cells add up to its points."""
    import re
    import subprocess

    event = _start_schuring(client, db, make_user, make_player, login_as)
    for number in (1, 2):
        _enter_round(client, db, event.id, number)
    assert "Desistência registrada." in _withdraw(client, db, event.id, 6, after=2)
    for number in (3, 4, 5):
        _enter_round(client, db, event.id, number)
    html = client.get(f"/eventos/{event.id}/tabela").get_data(as_text=True)
    rows = _cross_rows(html)
    assert rows["1"][3 + 5] == "[2b]"  # column of player 6; pt-BR: b = brancas
    assert "Entre colchetes" in html
    for no, cells in rows.items():
        if no == "6":
            continue
        games = cells[3:9]
        total = sum(2 if c == "+" else int(c[:-1]) for c in games if c and not c.startswith("[") and c != "-")
        assert str(total) == cells[9], (no, cells)
    pdf = client.get(f"/eventos/{event.id}/relatorios/tabela.pdf").data
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    assert "[2b]" in text and "Entre colchetes" in text
    line = next(l for l in text.splitlines() if re.search(r"Jogador 1\b", l))
    assert "[2b]" in line


def test_a_round_robin_withdrawal_says_his_later_games_stay_unplayed(client, db, make_user, make_player,
                                                                      login_as):  # type: ignore[no-untyped-def]
    """A Berger table is fixed (CBJD 105 A): rounds 3-5 are paired already, and nothing is paired
    again; the page says his games there stay not played, in either language, instead of the
    Swiss advice to undo and pair the round again."""
    event = _start_schuring(client, db, make_user, make_player, login_as)
    for number in (1, 2):
        _enter_round(client, db, event.id, number)
    html = _withdraw(client, db, event.id, 6, after=2)
    assert "Desistência registrada." in html
    assert "emparceire de novo" not in html and "já estava emparceirada" not in html
    assert "Os jogos dele nas rodadas 3 a 5 ficam como não jogados (desistência)" in html
    entry = db.session.query(Entry).filter_by(event_id=event.id, pairing_number=5).one()
    response = client.post(f"/eventos/{event.id}/jogadores?lang=en",
                           data={"w-entry_id": entry.id, "w-after_round": 2, "w-note": "left", "w-submit": "1"},
                           follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "pair it again" not in html
    assert "His games in rounds 3 to 5 stay unplayed (withdrawal)" in html
