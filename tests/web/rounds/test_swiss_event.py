"""A 9-round, 40-player CBJD Swiss run end to end through the web test client.

Entries, nine pairings (one click each, then publish), results, a requested half-point bye,
a known absence, a withdrawal, and the final standings with the CBJD tiebreaks. The checks
are independent of the engine: no rematch, everybody once per round, points recomputed from
the stored boards, the standings sorted by points.
"""
from __future__ import annotations

import random
import re
from collections import Counter

from damas.models import Entry, Event, GameResult, Role, Round

POINTS = {"1-0": (2, 0), "=-=": (1, 1), "0-1": (0, 2), "+--": (2, 0), "--+": (0, 2), "---": (0, 0)}


def _post_ok(client, url, data=None, expect=None):  # type: ignore[no-untyped-def]
    response = client.post(url, data=data or {}, follow_redirects=True)
    assert response.status_code == 200
    if expect:
        assert expect in response.get_data(as_text=True), response.get_data(as_text=True)[:3000]
    return response


def test_forty_player_cbjd_swiss(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    rng = random.Random(40)
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Suíço {n:02d}", rating_regular=2300 - 17 * n) for n in range(1, 41)]
    login_as(staff)
    _post_ok(client, "/eventos/novo", {
        "name": "Estadual Suíço", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "dutch",
        "planned_rounds": "9", "time_minutes": "60", "time_increment": "0",
        "start_date": "2026-12-01", "end_date": "2026-12-03",
    })
    event = db.session.query(Event).one()
    # Results here are random, forfeits included: switch off the FIDE-GR forfeit limit, which
    # would expel a player at his third default (tested in test_desk_forfeits_appeals).
    from damas.models.desk import DeskSettings

    db.session.add(DeskSettings(event_id=event.id, forfeit_propose_after=0, forfeit_expel_after=0))
    db.session.commit()
    _post_ok(client, f"/eventos/{event.id}/situacao", {"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    entries = {e.player.full_name: e for e in db.session.query(Entry).all()}
    assert len(entries) == 40

    # results missing -> the next pairing is refused with the reason
    _post_ok(client, f"/eventos/{event.id}/rodadas/emparceirar", expect="Rodada 1 emparceirada.")
    refused = client.post(f"/eventos/{event.id}/rodadas/emparceirar", follow_redirects=True)
    assert "A rodada 1 já está emparceirada" in refused.get_data(as_text=True)

    half_bye = entries["Suíço 07"]
    absent = entries["Suíço 12"]
    _post_ok(client, f"/eventos/{event.id}/jogadores",
             {"r-entry_id": half_bye.id, "r-round_number": 3, "r-kind": "half_bye", "r-submit": "1"},
             expect="Pedido registrado.")
    _post_ok(client, f"/eventos/{event.id}/jogadores",
             {"r-entry_id": absent.id, "r-round_number": 4, "r-kind": "zero_bye", "r-submit": "1"},
             expect="Pedido registrado.")

    for number in range(1, 10):
        if number > 1:
            _post_ok(client, f"/eventos/{event.id}/rodadas/emparceirar", expect=f"Rodada {number} emparceirada.")
        _post_ok(client, f"/eventos/{event.id}/rodadas/{number}/publicar", expect=f"Rodada {number} publicada.")
        if number == 2:
            missing = client.post(f"/eventos/{event.id}/rodadas/emparceirar", follow_redirects=True)
            assert "Faltam 20 resultados da rodada 2." in missing.get_data(as_text=True)
        rnd = db.session.query(Round).filter_by(event_id=event.id, number=number).one()
        form = {}
        for g in rnd.games:
            if g.black_entry_id is not None:
                form[f"result-{g.id}"] = rng.choice(["1-0", "1-0", "=-=", "0-1", "0-1", "+--"])
                form[f"version-{g.id}"] = str(g.version)
        _post_ok(client, f"/eventos/{event.id}/rodadas/{number}/resultados", form, expect="resultado(s) gravado(s)")
        if number == 5:
            quitter = entries["Suíço 20"]
            _post_ok(client, f"/eventos/{event.id}/jogadores",
                     {"w-entry_id": quitter.id, "w-after_round": 5, "w-note": "viagem", "w-submit": "1"},
                     expect="Desistência registrada.")

    db.session.expire_all()
    rounds = db.session.query(Round).filter_by(event_id=event.id).order_by(Round.number).all()
    assert len(rounds) == 9
    met: Counter = Counter()
    points: Counter = Counter()
    byes: Counter = Counter()
    for rnd in rounds:
        seen = Counter()
        for g in rnd.games:
            seen[g.white_entry_id] += 1
            if g.black_entry_id is None:
                assert g.result == GameResult.BYE
                byes[g.white_entry_id] += 1
                points[g.white_entry_id] += 2
                continue
            seen[g.black_entry_id] += 1
            if g.result.value in ("1-0", "=-=", "0-1"):  # C.04.2 #6: a forfeited game is no meeting
                met[frozenset((g.white_entry_id, g.black_entry_id))] += 1
            w, b = POINTS[g.result.value]
            points[g.white_entry_id] += w
            points[g.black_entry_id] += b
        assert max(seen.values()) == 1, f"someone paired twice in round {rnd.number}"
        paired = set(seen)
        if rnd.number == 3:
            assert half_bye.id not in paired
            points[half_bye.id] += 1
        if rnd.number == 4:
            assert absent.id not in paired
        if rnd.number > 5:
            assert entries["Suíço 20"].id not in paired
        expected = 40 - (rnd.number == 3) - (rnd.number == 4) - (rnd.number > 5)
        assert len(paired) == expected
    assert max(met.values()) == 1, "a rematch was paired"
    assert max(byes.values()) <= 1

    html = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    assert "após a rodada 9" in html
    for code in ("PS", "PS-CORR", "BH-C1", "BH", "BH-M1"):
        assert f">{code}</abbr></th>" in html  # issue 27 point 2: the code, its name in <abbr title>
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    shown = []
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        name = " ".join(cells[1].split()[:2])
        shown.append((name, int(cells[3])))  # rank, name, rating, points (no club: column left out)
    assert len(shown) == 40
    assert [p for _, p in shown] == sorted((p for _, p in shown), reverse=True)
    assert {name: p for name, p in shown} == {name: points[e.id] for name, e in entries.items()}


def test_late_entry_joins_the_next_round_and_renumbers(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    """C.04.3 A.2: a late entry re-sorts the starting list; he is paired from the next round on
    and scores nothing for the round he missed."""
    arbiter = make_user(Role.ARBITER)
    players = [make_player(full_name=f"Cedo {n}", rating_regular=1800 - 10 * n) for n in range(6)]
    event = make_event(arbiters=(arbiter,), pairing_system="dutch", ruleset="cbjd", planned_rounds=3)
    login_as(arbiter)
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    _post_ok(client, f"/eventos/{event.id}/rodadas/emparceirar", expect="Rodada 1 emparceirada.")
    _post_ok(client, f"/eventos/{event.id}/rodadas/1/publicar")
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    form = {f"result-{g.id}": "=-=" for g in rnd.games}
    form.update({f"version-{g.id}": str(g.version) for g in rnd.games})
    _post_ok(client, f"/eventos/{event.id}/rodadas/1/resultados", form)
    late = make_player(full_name="Tardio Forte", rating_regular=2500)
    _post_ok(client, f"/eventos/{event.id}/inscricoes", {"player_id": late.id}, expect="Tardio Forte inscrito.")
    db.session.expire_all()
    entry = db.session.query(Entry).filter_by(player_id=late.id).one()
    assert entry.pairing_number == 1  # the highest rating heads the re-sorted list
    _post_ok(client, f"/eventos/{event.id}/rodadas/emparceirar", expect="Rodada 2 emparceirada.")
    second = db.session.query(Round).filter_by(event_id=event.id, number=2).one()
    paired = {g.white_entry_id for g in second.games} | {g.black_entry_id for g in second.games}
    assert entry.id in paired and len(paired - {None}) == 7
    page = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    assert "Tardio Forte" in page
    removed = client.post(f"/eventos/{event.id}/inscricoes/{entry.id}/remover", follow_redirects=True)
    assert "use a desistência" in removed.get_data(as_text=True)
