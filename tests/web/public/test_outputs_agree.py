"""Issue 15 acceptance: every output of an event ranks the same players in the same order, for
every demo event and for random events of every format (hypothesis): the standings page, its
PDF text, the API, the CSV export, the absolute category table and the prize allocation, also
with a tiebreak order drawn by lot (CBJD 127) and with withdrawals (RULES.md §5). They all come
from `services.standings.standings_of` through the event's format (`damas.formats`)."""
from __future__ import annotations

import csv
import io
import random
import re
import subprocess
from datetime import date
from itertools import count

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from damas.cli import damas_cli
from damas.engine.pairing.knockout import all_ties
from damas.formats import get_format
from damas.models import Entry, Event, EventStatus, GameResult, Role
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.rounds import knockout as ko
from damas.services.micromatch import matches as micro_service
from damas.services.standings.prizes import add_prize
from damas.services.results.recording import publish_round, record_results, withdraw_entry
from damas.services.rounds.round_robin import generate_round_robin
from damas.services.rounds.swiss import pair_next_round

PLAYED = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)
MICRO_GAMES = ("2-0", "1-1", "0-2")
_names = count(1)


def _cells(tr: str) -> list[str]:
    return [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]


def _table(html: str) -> list[tuple[str, int]]:
    """(rank, player id) of each row of the first standings table of a page (its card link)."""
    found = re.search(r'<table class="table standings[^"]*">', html)  # (also "findable": find my name)
    if found is None:
        return []
    body = html[found.end():].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = []
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        link = re.search(r'/jogadores/(\d+)"', tr)
        if link:
            rows.append((_cells(tr)[0] or "—", int(link.group(1))))
    return rows


def _prizes(html: str) -> list[tuple[int, int, str]]:
    """(place, starting number, rank shown) of the absolute category's prizes on the prizes page."""
    if "<h3>Absoluto</h3>" not in html:
        return []
    part = html.split("<h3>Absoluto</h3>", 1)[1].split("</table>", 1)[0].split("<tbody>", 1)[1]
    out = []
    for tr in re.findall(r"<tr>(.*?)</tr>", part, re.S):
        cells = _cells(tr)
        place = int(re.match(r"\d+", cells[0]).group())  # a shared prize shows its places, "1–2"
        out.append((place, int(cells[2].split(".", 1)[0]), cells[3]))
    return out


def _span(rank: str) -> tuple[int, int]:
    lo, _sep, hi = rank.partition("-")
    return int(lo), int(hi or lo)


def _assert_outputs_agree(client, event: Event) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    """Page, PDF, API, CSV, absolute category and prizes rank alike; returns the page's rows."""
    base = f"/eventos/{event.id}"
    fmt = get_format(event)
    # a knockout's table is its bracket's places: the absolute category page shows it (its
    # standings tab is the bracket); every other format has its standings page
    shown = f"{base}/categorias/absoluto" if fmt.has_bracket else f"{base}/classificacao"
    page = _table(client.get(shown).get_data(as_text=True))
    api = client.get(f"/api/v1/events/{event.id}/standings").get_json()
    api_rows = [(r["rank"] or "—", r["player_id"]) for r in api["rows"]]
    player_of = {r["start_no"]: r["player_id"] for r in api["rows"]}
    text = client.get(f"{base}/relatorios/classificacao.csv").get_data(as_text=True).lstrip("\ufeff")
    csv_rows = [(r[0] or "—", player_of[int(r[1])]) for r in list(csv.reader(io.StringIO(text)))[1:]]
    assert csv_rows == api_rows, (event.name, csv_rows, api_rows)
    if fmt.team_based:  # its page is the team table; the individual outputs still agree
        return api_rows
    assert page == api_rows, (event.name, page, api_rows)
    pdf = client.get(f"{base}/relatorios/classificacao.pdf").data
    pdf_text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True,
                              check=True).stdout.decode()
    names = {r["player_id"]: r["name"] for r in api["rows"]}
    position = 0
    for _rank, no in page:  # every name, in the page's order
        found = pdf_text.find(names[no], position)
        assert found >= 0, (event.name, names[no], pdf_text[position:position + 400])
        position = found + len(names[no])
    category = _table(client.get(f"{base}/categorias/absoluto").get_data(as_text=True))
    assert category == page, (event.name, category, page)
    rank_of = {no: rank for rank, no in page}
    order = [no for _rank, no in page]
    awarded = sorted(_prizes(client.get(f"{base}/premios").get_data(as_text=True)))
    awarded = [(place, player_of[no], shown) for place, no, shown in awarded]
    for place, no, shown in awarded:  # the rank the prize table shows is the page's
        assert rank_of.get(no) == shown, (event.name, place, no, shown, page)
        assert _span(shown)[0] <= place or shown == "—", (event.name, place, no, shown)
    winners = list(dict.fromkeys(no for _place, no, _shown in awarded))
    assert winners == sorted(winners, key=order.index), (event.name, winners, order)  # in the table's order
    return page


def _players(make_player, n: int, prefix: str) -> list:  # type: ignore[no-untyped-def]
    tag = next(_names)
    return [make_player(full_name=f"{prefix} {tag:03d}-{k:02d}", rating_regular=2000 - 17 * k,
                        sex="F" if k % 3 == 0 else "M", birth_date=date(2010 if k % 2 else 1980, 3, 1))
            for k in range(1, n + 1)]


def _withdraw(staff, event: Event, number: int) -> None:  # type: ignore[no-untyped-def]
    quitter = next(e for e in event.entries if e.pairing_number == 2)
    withdraw_entry(staff, event, quitter, number, "viagem")


def _play_swiss(staff, event, rng, rounds, withdraw_after):  # type: ignore[no-untyped-def]
    for number in range(1, rounds + 1):
        rnd = pair_next_round(staff, event)
        publish_round(staff, event, rnd)
        record_results(staff, event, {g.id: (rng.choice(PLAYED), g.version) for g in rnd.games
                                      if g.black_entry_id is not None and g.result == GameResult.PENDING})
        if number == withdraw_after:
            _withdraw(staff, event, number)


def _play_round_robin(staff, event, rng, withdraw_after):  # type: ignore[no-untyped-def]
    rounds = generate_round_robin(staff, event, "rating")
    for rnd in rounds:
        publish_round(staff, event, rnd)
        record_results(staff, event, {g.id: (rng.choice(PLAYED), g.version) for g in rnd.games
                                      if g.black_entry_id is not None and g.result == GameResult.PENDING})
        if rnd.number == withdraw_after:
            _withdraw(staff, event, rnd.number)


def _play_micro(staff, event, rng, rounds, withdraw_after):  # type: ignore[no-untyped-def]
    micro_service.save_settings(staff, event, {"scoring": rng.choice(("game", "match")), "openings": "none"})
    for number in range(1, rounds + 1):
        rnd = micro_service.pair_individual_round(staff, event)
        publish_round(staff, event, rnd)
        micro_service.record_micro_results(staff, event, rnd, {
            g.id: (rng.choice(MICRO_GAMES), rng.choice(MICRO_GAMES), g.version) for g in rnd.games
            if g.black_entry_id is not None and g.result == GameResult.PENDING})
        if number == withdraw_after:
            _withdraw(staff, event, number)


def _play_knockout(staff, event, rng):  # type: ignore[no-untyped-def]
    ko.save_settings(staff, event, games=1, drawn="replay", rapid_games=2, places=4)
    ko.start_knockout(staff, event, lot_seed=rng.randrange(2**31))
    while True:
        loaded = ko.load_bracket(event)
        todo = [t for t in all_ties(loaded.bracket).values() if ko.proposed_game(event, loaded, t) is not None]
        if not todo:
            return
        for tie in todo:
            ko.record_tie_game(staff, event, tie.id, len(tie.games), rng.choice(("1-0", "0-1", "=-=")))


SYSTEMS = ("dutch", "dutch-2025", "sb-swiss", "berger", "micromatch", "knockout")


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=2, deadline=None, derandomize=True, phases=(Phase.explicit, Phase.generate),
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(players=st.integers(5, 8), seed=st.integers(0, 10**6),
       by_lot=st.booleans(), withdraw=st.booleans(), order=st.sampled_from(("", "BH, SB", "SB, BH-C1, PS")))
def test_outputs_agree_on_random_events_of_every_format(client, db, make_user, make_player, login_as, system,
                                                        players, seed, by_lot, withdraw,
                                                        order):  # type: ignore[no-untyped-def]
    """A random event of each format played to the end (a withdrawal after round 2, an order
    drawn by lot when chosen): all six outputs rank alike, and each prize goes by that table."""
    staff = make_user(Role.STAFF, email=f"staff{next(_names)}@x.br")
    login_as(staff)
    rng = random.Random(seed)
    rounds = 3 if system != "berger" else players - 1 + players % 2
    event = event_service.create_event(staff, {
        "name": f"Evento {system} {seed}", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": system,
        "planned_rounds": rounds, "time_minutes": 60, "time_increment": 0, "start_date": date(2026, 12, 1),
        "end_date": date(2026, 12, 2), "tiebreak_order": order if system not in ("knockout", "micromatch") else "",
    })
    event.tiebreak_by_lot = by_lot
    db.session.commit()
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in _players(make_player, players, "Atleta"):
        entry_service.add_entry(staff, event, player)
    withdraw_after = 2 if withdraw else None
    if system == "knockout":
        _play_knockout(staff, event, rng)
    elif system == "berger":
        _play_round_robin(staff, event, rng, withdraw_after)
    elif system == "micromatch":
        _play_micro(staff, event, rng, rounds, withdraw_after)
    else:
        _play_swiss(staff, event, rng, rounds, withdraw_after)
    for place in range(1, 5):
        add_prize(staff, event, "absoluto", place, "trophy", 0)
    event_service.change_status(staff, event, EventStatus.FINISHED)
    db.session.expire_all()
    if by_lot and get_format(event).code != "knockout":
        assert event.tiebreak_lot_seed is not None
    page = _assert_outputs_agree(client, event)
    assert len(page) == players
    if withdraw and system != "knockout":
        gone = db.session.query(Entry).filter_by(event_id=event.id, pairing_number=2).one()
        assert gone.withdrawn_after_round == 2 and any(no == gone.player_id for _rank, no in page)


def test_outputs_agree_on_every_demo_event(app, client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    """`flask damas demo`: every event of the demo federation, of every format, ranks alike in
    every output (with prizes on the absolute category where the demo gave none)."""
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    staff = make_user(Role.STAFF)
    login_as(staff)
    codes = set()
    for event in db.session.query(Event).order_by(Event.id).all():
        codes.add(get_format(event).code)
        if event.status in (EventStatus.DRAFT, EventStatus.CANCELLED):
            continue
        _assert_outputs_agree(client, event)
    assert {"round", "micro", "knockout"} <= codes
