"""Varma numbering of a round robin through the web (FIDE-GR restricted drawing): the arbiter
generates the rounds with method "varma", and the draw protocol page (/eventos/<id>/sorteio)
shows who chose which envelope and drew which number, for everyone to check."""
from __future__ import annotations

import re
from dataclasses import replace

from damas.engine.pairing.varma import varma_draw, varma_groups
from damas.models import AuditEntry, Event, EventStatus, Role
from damas.formats.mapping import entrant_of

CLUBS = (("CDF", 4), ("ARD", 3), ("GDP", 2), ("SDS", 1))  # ten players, contingents by club


def _event(db, make_user, make_player, make_club, make_event):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = []
    for code, size in CLUBS:
        club = make_club(short_name=code, name=f"Clube {code}")
        players += [make_player(full_name=f"Varma {code} {i}", club_id=club.id, rating_regular=1900 - 10 * len(players) - i)
                    for i in range(1, size + 1)]
    event = make_event(arbiters=(arbiter,), players=tuple(players), planned_rounds=9)
    return event, arbiter, players


def _protocol_lines(html: str) -> list[str]:
    block = html.split("Protocolo do sorteio", 1)[1].split("</ol>", 1)[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", li).split()) for li in re.findall(r"<li>(.*?)</li>", block, re.S)]


def test_varma_numbering_through_the_web_and_its_protocol_page(client, db, make_user, make_player, make_club,  # type: ignore[no-untyped-def]
                                                               make_event, login_as):
    event, arbiter, players = _event(db, make_user, make_player, make_club, make_event)
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True)
    assert "Sorteio Varma (9 a 24)" in page
    response = client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "varma"}, follow_redirects=True)
    assert "9 rodadas geradas." in response.get_data(as_text=True)

    db.session.expire_all()
    event = db.session.get(Event, event.id)
    assert event.status == EventStatus.RUNNING and event.numbering_method == "varma"
    assert event.numbering_seed is not None
    numbers = {e.player.full_name: e.pairing_number for e in event.entries}
    assert sorted(numbers.values()) == list(range(1, 11))
    audit = db.session.query(AuditEntry).filter_by(event_id=event.id, object_type="round_robin", action="generate").one()
    assert audit.after["method"] == "varma" and audit.after["seed"] == event.numbering_seed
    assert audit.after["numbers"] == {str(n): name for name, n in numbers.items()}

    # The page is public: a visitor (logged out) reads the protocol.
    client.post("/sair")
    html = client.get(f"/eventos/{event.id}/sorteio").get_data(as_text=True)
    assert "sorteio restrito (tabelas Varma)" in html
    assert f"semente {event.numbering_seed}" in html
    lines = _protocol_lines(html)
    assert len(lines) == 10
    groups = varma_groups(10)
    envelope_of = {n: g for g, nums in groups.items() for n in nums}
    steps: list[tuple[str, str]] = []
    drawn: list[tuple[str, str]] = []
    for step, line in enumerate(lines, start=1):
        m = re.fullmatch(r"(\d+)\. (Varma (\w+) \d) \((\w+)\)(?: escolheu o envelope (\w) \(entre [A-D, ]+\) e| tirou do "
                         r"envelope (\w):) tirou o número (\d+)\.", line)
        assert m, line
        assert int(m.group(1)) == step and m.group(3) == m.group(4)
        envelope, number = m.group(5) or m.group(6), int(m.group(7))
        assert numbers[m.group(2)] == number  # the number he drew is his pairing number
        assert envelope_of[number] == envelope  # ... and it came out of the envelope named
        chose = m.group(5) is not None
        if not chose:  # he drew from the envelope his contingent's previous player drew from
            assert steps[-1][0] == m.group(3) and steps[-1][1] == envelope, line
        else:  # the first of a contingent (or one whose envelope ran out) chooses one by lot
            assert not steps or steps[-1][0] != m.group(3) or not set(groups[steps[-1][1]]) - set(
                numbers[name] for name, _club in drawn), line
        steps.append((m.group(3), envelope))
        drawn.append((m.group(2), m.group(3)))
    assert {name for name, _club in drawn} == set(numbers)
    # FIDE-GR Varma: the biggest contingent draws first, the others by size, in one block each.
    assert [club for club, _env in steps] == [code for code, size in CLUBS for _ in range(size)]
    # Reproducible from the recorded seed: the engine gives the same numbers.
    entries = sorted(event.entries, key=lambda e: e.player.rating_regular, reverse=True)
    # ... on the starting order by rating, start numbers 1..10
    entrants = [replace(entrant_of(e), start_no=no) for no, e in enumerate(entries, start=1)]
    draw = varma_draw(entrants, event.numbering_seed, by="club")
    assert {entrants[no - 1].name: n for no, n in draw.assignment.items()} == numbers

    english = client.get(f"/eventos/{event.id}/sorteio?lang=en").get_data(as_text=True)
    assert "drew number" in english and "tirou o número" not in english

    # Round 1 is the Berger table on those numbers (1 v 10 on board 1, etc.).
    r1 = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    first = next(name for name, n in numbers.items() if n == 1)
    assert first in r1


def test_varma_refused_outside_9_to_24_players(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,), players=tuple(make_player() for _ in range(8)), planned_rounds=7)
    login_as(arbiter)
    response = client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "varma"}, follow_redirects=True)
    assert "As tabelas Varma valem para 9 a 24 jogadores." in response.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Event, event.id).status == EventStatus.REGISTRATION
    assert client.get(f"/eventos/{event.id}/sorteio").status_code == 200
