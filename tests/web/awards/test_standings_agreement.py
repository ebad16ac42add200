"""Every output of an event ranks the same players in the same order (one computation,
`services.standings.standings_of`): the standings page and PDF, the API, the micro-match page,
the category tables and the prize allocation (CBJD 123-127; FIDE-GR "Choice of Tiebreak System")."""
from __future__ import annotations

import random
import re
import subprocess
from datetime import date

from damas.models import Entry, EventStatus, GameResult, Role, Round
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.standings.prizes import add_prize
from damas.services.results.recording import publish_round, record_results, withdraw_entry
from damas.services.rounds.swiss import pair_next_round

PLAYED = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)


def _players(make_player, n: int) -> list:  # type: ignore[no-untyped-def]
    return [make_player(full_name=f"Atleta {k:02d}", rating_regular=2000 - 20 * k, sex="F" if k % 3 == 0 else "M",
                        birth_date=date(2010 if k % 2 else 1985, 1, 1)) for k in range(1, n + 1)]


def _swiss(db, staff, players, make_event, *, order: str = "", by_lot: bool = False, rounds: int = 5,
           seed: int = 1, withdraw_after: int | None = 2):  # type: ignore[no-untyped-def]
    """A CBJD Dutch Swiss played to the end with seeded results (no forfeits), one player
    withdrawn after round `withdraw_after`, then finished (an order by lot is drawn then)."""
    event = make_event(pairing_system="dutch", ruleset="cbjd", planned_rounds=rounds, tiebreak_order=order,
                       tiebreak_by_lot=by_lot)
    for p in players:
        entry_service.add_entry(staff, event, p)
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        rnd = pair_next_round(staff, event)
        publish_round(staff, event, rnd)
        record_results(staff, event, {g.id: (rng.choice(PLAYED), g.version) for g in rnd.games
                                      if g.black_entry_id is not None and g.result == GameResult.PENDING})
        if number == withdraw_after:
            quitter = next(e for e in event.entries if e.pairing_number == 4)
            withdraw_entry(staff, event, quitter, number, "viagem")
    event_service.change_status(staff, event, EventStatus.FINISHED)
    return event


def _page_rows(html: str) -> list[tuple[str, str]]:
    """(rank, name) of the standings table of a page, in row order."""
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = []
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        name = re.search(r"(Atleta \d\d|Micro \d\d)", " ".join(cells))
        if name:
            rows.append((cells[0], name.group(1)))
    return rows


def _names(rows: list[tuple[str, str]]) -> list[str]:
    return [name for _rank, name in rows]


def _prize_places(html: str, category: str) -> list[tuple[int, str]]:
    """(place, name) of one category's table on the prizes page."""
    part = html.split(f"<h3>{category}</h3>", 1)[1].split("</table>", 1)[0]
    out = []
    for tr in re.findall(r"<tr>(.*?)</tr>", part.split("<tbody>", 1)[1], re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        out.append((int(cells[0].split("–")[0]), re.search(r"Atleta \d\d", cells[2]).group(0)))
    return out


def _assert_prizes_follow(prizes: list[tuple[int, str]], page: list[tuple[str, str]], places: int) -> None:
    """Each prize goes to the player the page ranks at that place (a shared place "5-6" takes
    the trophies 5 and 6), and the first `places` ranked players all get one."""
    span = {}
    for rank, name in page:
        if rank not in ("—", ""):
            lo, _sep, hi = rank.partition("-")
            span[name] = (int(lo), int(hi or lo))
    for place, name in prizes:
        assert name in span and span[name][0] <= place <= span[name][1], (place, name, page)
    expected = {name for name, (lo, _hi) in span.items() if lo <= places}
    assert {name for _p, name in prizes} == expected, (prizes, page)


def test_cbjd_123_prizes_and_absolute_category_follow_the_event_order(client, db, make_user, make_player,
                                                                      make_event):  # type: ignore[no-untyped-def]
    """An event order of BH: the absolute category table and the absolute prizes rank as the
    standings page does, not by the rule set's default order (PS first)."""
    from damas.services.standings.compute import subset_table

    staff = make_user(Role.STAFF)
    event = _swiss(db, staff, _players(make_player, 10), make_event, order="BH", seed=3)
    for place in range(1, 11):
        add_prize(staff, event, "absoluto", place, "trophy", 0)
    _snap, _w, default, _o = subset_table(event, order=("PS", "PS-CORR", "BH-C1", "BH", "BH-M1"))
    page = _page_rows(client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True))
    default_names = [f"Atleta {int(r.start_no and event_entry_name(event, r.start_no)):02d}" for r in default.rows]
    assert default_names != _names(page)  # the two orders do differ here: the test means something
    category = _page_rows(client.get(f"/eventos/{event.id}/categorias/absoluto").get_data(as_text=True))
    assert category == page
    prizes = _prize_places(client.get(f"/eventos/{event.id}/premios").get_data(as_text=True), "Absoluto")
    _assert_prizes_follow(prizes, page, 10)
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "A categoria absoluta é a classificação do evento" in rules and "(decisão da federação)" in rules
    assert "quem desistiu ou foi eliminado continua numerado" in rules  # a Swiss: late entries


def event_entry_name(event, start_no: int) -> int:  # type: ignore[no-untyped-def]
    """The player number in 'Atleta NN' of the entry with pairing number `start_no`."""
    entry = next(e for e in event.entries if e.pairing_number == start_no)
    return int(entry.player.full_name.split()[-1])


def test_agreement_standings_pdf_api_categories_and_prizes_rank_alike(client, db, make_user, make_player,
                                                                      make_event):  # type: ignore[no-untyped-def]
    """Demo-like: a CBJD Swiss, order drawn by lot after the last round (CBJD 127), a withdrawal;
    page, PDF, API, absolute category table and prize allocation agree player by player."""
    staff = make_user(Role.STAFF)
    event = _swiss(db, staff, _players(make_player, 12), make_event, by_lot=True, seed=11)
    assert event.tiebreak_lot_seed is not None
    for place in range(1, 13):
        add_prize(staff, event, "absoluto", place, "trophy", 0)
    for place in (1, 2, 3):
        add_prize(staff, event, "feminino", place, "trophy", 0)
    html = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    assert "ordem sorteada" in html
    page = _page_rows(html)
    assert len(page) == 12
    names = _names(page)

    pdf = client.get(f"/eventos/{event.id}/relatorios/classificacao.pdf").data
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    assert re.findall(r"Atleta \d\d", text) == names

    api = client.get(f"/api/v1/events/{event.id}/standings").get_json()
    assert [r["name"] for r in api["rows"]] == names
    assert [r["rank"] for r in api["rows"]] == [rank for rank, _n in page]

    category = _page_rows(client.get(f"/eventos/{event.id}/categorias/absoluto").get_data(as_text=True))
    assert category == page
    women = _page_rows(client.get(f"/eventos/{event.id}/categorias/feminino").get_data(as_text=True))
    api_women = client.get(f"/api/v1/events/{event.id}/standings?category=feminino").get_json()
    assert [r["name"] for r in api_women["rows"]] == _names(women)

    prizes_html = client.get(f"/eventos/{event.id}/premios").get_data(as_text=True)
    _assert_prizes_follow(_prize_places(prizes_html, "Absoluto"), page, 12)
    _assert_prizes_follow(_prize_places(prizes_html, "Feminino"), women, 3)


def test_micromatch_standings_page_ranks_as_the_event_standings(client, db, make_user, make_player,
                                                               login_as):  # type: ignore[no-untyped-def]
    """A micro-match event with the order drawn by lot (CBJD 127) and a withdrawal: the micro-match
    page ranks as `/classificacao`, its PDF and the prizes (one computation)."""
    from damas.models import Event

    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Micro {n:02d}", rating_regular=2100 - 30 * n) for n in range(1, 11)]
    login_as(staff)
    client.post("/eventos/micro/novo", data={
        "name": "Micro por sorteio", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "micromatch",
        "planned_rounds": "4", "time_minutes": "30", "time_increment": "0", "start_date": "2026-12-01",
        "end_date": "2026-12-01", "scoring": "game", "openings": "none",
    }, follow_redirects=True)
    event = db.session.query(Event).one()
    event.tiebreak_by_lot = True
    db.session.commit()
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    rng = random.Random(5)
    for number in range(1, 5):
        text = client.post(f"/eventos/{event.id}/micro/emparceirar", follow_redirects=True).get_data(as_text=True)
        assert f"Rodada {number} emparceirada." in text, text[:3000]
        client.post(f"/eventos/{event.id}/rodadas/{number}/publicar")
        rnd = db.session.query(Round).filter_by(event_id=event.id, number=number).one()
        form = {}
        for g in rnd.games:
            if g.black_entry_id is None or g.result == GameResult.WITHDRAWN:
                continue
            form[f"g1-{g.id}"], form[f"g2-{g.id}"] = rng.choice(("2-0", "1-1", "0-2")), rng.choice(("2-0", "1-1", "0-2"))
            form[f"version-{g.id}"] = str(g.version)
        client.post(f"/eventos/{event.id}/micro/rodadas/{number}/resultados", data=form, follow_redirects=True)
        db.session.expire_all()
        assert all(g.result != GameResult.PENDING for g in rnd.games), f"round {number} incomplete"
        if number == 2:
            quitter = db.session.query(Entry).filter_by(event_id=event.id, pairing_number=3).one()
            text = client.post(f"/eventos/{event.id}/jogadores", data={
                "w-entry_id": quitter.id, "w-after_round": 2, "w-note": "saiu", "w-submit": "1"},
                follow_redirects=True).get_data(as_text=True)
            assert "Desistência registrada." in text
    client.post(f"/eventos/{event.id}/situacao", data={"status": "finished"})
    db.session.expire_all()
    assert event.tiebreak_lot_seed is not None
    main = _page_rows(client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True))
    micro = client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True)
    micro_rows = re.findall(r'<td class="num">([^<]*)</td><td><span class="no">\d+</span> (Micro \d\d)</td>', micro)
    assert len(main) == 10 and micro_rows == main
    assert "ordem sorteada" in micro
    api = client.get(f"/api/v1/events/{event.id}/standings").get_json()
    assert [r["name"] for r in api["rows"]] == _names(main)
