"""An SB Swiss event ("fair treatment" Swiss, pairing system "sb-swiss") created and paired for
three rounds through the web test client, and its regulations page in pt-BR (and English).

The checks do not use the engine: everybody once per round, no rematch, no second bye, no
three games in a row with the same colour, the bye to the lowest score group."""
from __future__ import annotations

from collections import Counter

from damas.engine.pairing.sb_swiss import RULE_TEXT
from damas.models import Entry, Event, EventStatus, GameResult, Role, Round
from tests.web.rounds.test_swiss_event import _post_ok

RESULTS = ("1-0", "=-=", "0-1")  # boards 1, 2, 3 of every round
POINTS = {"1-0": (2, 0), "=-=": (1, 1), "0-1": (0, 2)}


def test_sb_swiss_three_rounds_through_the_web(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Justo {n}", rating_regular=2000 - 50 * n) for n in range(1, 8)]
    login_as(staff)
    _post_ok(client, "/eventos/novo", {
        "name": "Suíço Justo", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "sb-swiss",
        "planned_rounds": "3", "time_minutes": "30", "time_increment": "0",
        "start_date": "2026-12-01", "end_date": "2026-12-01",
    }, expect="Evento criado.")
    event = db.session.query(Event).one()
    assert event.pairing_system == "sb-swiss"
    _post_ok(client, f"/eventos/{event.id}/situacao", {"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    name_of = {e.id: e.player.full_name for e in db.session.query(Entry).filter_by(event_id=event.id)}
    assert len(name_of) == 7

    met: set[frozenset[int]] = set()
    colours: dict[int, list[str]] = {e: [] for e in name_of}
    points = Counter({e: 0 for e in name_of})
    byes: list[int] = []
    for number in (1, 2, 3):
        _post_ok(client, f"/eventos/{event.id}/rodadas/emparceirar", expect=f"Rodada {number} emparceirada.")
        if number == 1:
            db.session.expire_all()
            assert db.session.get(Event, event.id).status == EventStatus.RUNNING
        _post_ok(client, f"/eventos/{event.id}/rodadas/{number}/publicar", expect=f"Rodada {number} publicada.")
        rnd = db.session.query(Round).filter_by(event_id=event.id, number=number).one()
        games = sorted(rnd.games, key=lambda g: g.board)
        seen = [g.white_entry_id for g in games] + [g.black_entry_id for g in games if g.black_entry_id]
        assert sorted(seen) == sorted(name_of)  # everybody exactly once
        bye = [g for g in games if g.black_entry_id is None]
        assert len(bye) == 1 and bye[0].result == GameResult.BYE
        lowest = min(points.values())
        assert points[bye[0].white_entry_id] == lowest, number  # the bye goes to the lowest score group
        assert bye[0].white_entry_id not in byes, number  # no second bye
        byes.append(bye[0].white_entry_id)
        played = [g for g in games if g.black_entry_id is not None]
        form = {}
        for g, result in zip(played, RESULTS):
            pair = frozenset((g.white_entry_id, g.black_entry_id))
            assert pair not in met, (number, name_of[g.white_entry_id], name_of[g.black_entry_id])
            met.add(pair)
            colours[g.white_entry_id].append("w")
            colours[g.black_entry_id].append("b")
            form[f"result-{g.id}"], form[f"version-{g.id}"] = result, str(g.version)
            pw, pb = POINTS[result]
            points[g.white_entry_id] += pw
            points[g.black_entry_id] += pb
        points[bye[0].white_entry_id] += 2  # CBJD: a pairing bye scores a win
        _post_ok(client, f"/eventos/{event.id}/rodadas/{number}/resultados", form, expect="3 resultado(s) gravado(s).")
        page = client.get(f"/eventos/{event.id}/rodadas/{number}").get_data(as_text=True)
        assert name_of[bye[0].white_entry_id] in page
    assert all(len(set(c)) > 1 or len(c) < 3 for c in colours.values())  # never three of a colour in a row
    assert all(abs(c.count("w") - c.count("b")) <= 2 for c in colours.values())
    # Round 1: the lowest-rated player (last in the starting order) has the bye.
    assert name_of[byes[0]] == "Justo 7"

    refused = client.post(f"/eventos/{event.id}/rodadas/emparceirar", follow_redirects=True)
    assert "Rodada 4 emparceirada." not in refused.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 3

    # The standings add up to the points the boards give.
    table = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    leader = max(points, key=lambda e: points[e])
    assert name_of[leader] in table

    # Regulations page, pt-BR by default, from the engine's own text.
    client.post("/sair")
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert '<html lang="pt-BR">' in rules
    for sentence in RULE_TEXT["pt"]:
        assert sentence in rules, sentence
    assert "Quem já recebeu um ponto sem jogar não recebe folga (bye)." in rules
    assert RULE_TEXT["en"][0] not in rules
    english = client.get(f"/eventos/{event.id}/regulamento?lang=en").get_data(as_text=True)
    assert RULE_TEXT["en"][0] in english and RULE_TEXT["pt"][0] not in english
