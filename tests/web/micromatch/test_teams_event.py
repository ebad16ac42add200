"""A CBJD 120 team event in micro-matches run end to end through the web test client:
8 teams x 4 boards, 5 rounds. Team entries with reserves and a captain, openings drawn per
round, line-ups by the captain and the arbiter (a reserve moving up, an empty board), both games
of every board on one form, team standings and board prizes.

The checks are independent of the engine: points are recomputed by hand from the stored
boards (each game 2/1/0, a board the sum, a team the sum of its boards, match points 2/1/0),
no two teams meet twice, every team plays once per round, the table is sorted by points.
"""
from __future__ import annotations

import random
import re
from collections import Counter, defaultdict

from damas.models import AuditEntry, Event, EventStatus, Role
from damas.models.micromatch import OpeningDrawRow, Team, TeamLineup, TeamRound

GAME = {"2-0": (2, 0), "1-1": (1, 1), "0-2": (0, 2), "+-": (2, 0), "-+": (0, 2), "--": (0, 0)}
CSV = "código;lances;nome\n" + "\n".join(f"T{k:02d};{k}-{k + 4} 21-17;Abertura {k}" for k in range(1, 9)) + "\n"


def _post_ok(client, url, data=None, expect=None, **kw):  # type: ignore[no-untyped-def]
    response = client.post(url, data=data or {}, follow_redirects=True, **kw)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    if expect:
        assert expect in text, text[:4000]
    return text


def _upload(client, data: bytes, name: str = "aberturas.csv"):  # type: ignore[no-untyped-def]
    import io

    return client.post("/aberturas/carregar", data={"file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data", follow_redirects=True)


def test_team_event_eight_teams_four_boards_five_rounds(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    rng = random.Random(120)
    staff = make_user(Role.STAFF)
    arbiter = make_user(Role.ARBITER)
    login_as(staff)
    assert "8 aberturas" in _upload(client, CSV.encode()).get_data(as_text=True)
    _post_ok(client, "/eventos/micro/novo", {
        "name": "Brasileiro por Equipes", "discipline": "damas-64", "ruleset": "cbjd",
        "pairing_system": "micromatch", "planned_rounds": "5", "time_minutes": "60", "time_increment": "0",
        "start_date": "2026-12-01", "end_date": "2026-12-03", "team": "y", "boards": "4",
        "scoring": "game", "openings": "round",
    }, expect="Evento em micro match criado.")
    event = db.session.query(Event).one()
    assert event.pairing_system == "micromatch"
    client.post(f"/eventos/{event.id}/arbitros", data={"user_id": arbiter.id})
    _post_ok(client, f"/eventos/{event.id}/situacao", {"status": "registration"})

    players = {}
    captain_user = None
    for t in range(1, 9):
        roster = [make_player(full_name=f"Equipe {t} Tab {b}", rating_regular=2200 - 40 * t - 5 * b)
                  for b in range(1, 6)]  # four regulars and one reserve
        players[t] = roster
        data = {"name": f"Equipe {t}", "club": f"Clube {t}", "city": "Fortaleza",
                "players": ", ".join(str(p.id) for p in roster)}
        if t == 1:
            captain_user = make_user(Role.PLAYER, player_id=roster[0].id)
            data["captain_user_id"] = str(captain_user.id)
        _post_ok(client, f"/eventos/{event.id}/equipes/nova", data, expect="Equipe inscrita.")
    # a player in two teams, too few players: refused, nothing written
    text = _post_ok(client, f"/eventos/{event.id}/equipes/nova",
                    {"name": "Intrusa", "players": ", ".join(str(p.id) for p in players[1][:4])})
    assert "já joga por outra equipe" in text
    text = _post_ok(client, f"/eventos/{event.id}/equipes/nova",
                    {"name": "Curta", "players": str(make_player().id)})
    assert "pelo menos 4 jogadores" in text
    assert db.session.query(Team).count() == 8
    teams = {t.name: t for t in db.session.query(Team).all()}

    login_as(arbiter)  # the event's arbiter runs it from here on
    stored: list[tuple[int, int, int, list]] = []  # (round, team A id, team B id, boards)
    for number in range(1, 6):
        _post_ok(client, f"/eventos/{event.id}/micro/emparceirar", expect=f"Rodada {number} emparceirada.")
        if number == 1:
            refused = _post_ok(client, f"/eventos/{event.id}/micro/emparceirar")
            assert "Publique a rodada 1" in refused
        rnd = db.session.query(TeamRound).filter_by(event_id=event.id, number=number).one()
        _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/{number}/publicar", expect=f"Rodada {number} publicada.")
        page = client.get(f"/eventos/{event.id}/equipes/rodadas/{number}").get_data(as_text=True)
        assert "Abertura sorteada" in page
        # results before the line-ups are refused
        first = rnd.matches[0]
        refused = _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/{number}/resultados",
                           {f"g1-{first.id}-1": "2-0", f"g2-{first.id}-1": "1-1"})
        assert "precisam estar escaladas" in refused
        for match in rnd.matches:
            for team_id in (match.team_a_id, match.team_b_id):
                team = db.session.get(Team, team_id)
                roster = [m.player_id for m in team.members]
                lineup = roster[:4]
                if team.name == "Equipe 2" and number == 2:
                    lineup = [roster[0], roster[1], roster[2], roster[4]]  # the reserve plays board 4
                if team.name == "Equipe 3" and number == 4:
                    lineup = [roster[0], roster[1], roster[2], None]  # board 4 left empty: forfeit
                form = {f"board-{k}": str(pid or "") for k, pid in enumerate(lineup, start=1)}
                url = f"/eventos/{event.id}/equipes/rodadas/{number}/escalacao?equipe={team_id}"
                if team.name == "Equipe 1":
                    login_as(captain_user)
                    _post_ok(client, url, form, expect="Escalação da equipe Equipe 1 gravada.")
                    login_as(arbiter)
                else:
                    _post_ok(client, url, form, expect=f"Escalação da equipe {team.name} gravada.")
        # a captain may not line up another team
        login_as(captain_user)
        other = next(m.team_b_id if m.team_a_id != teams["Equipe 1"].id else m.team_a_id for m in rnd.matches
                     if teams["Equipe 1"].id not in (m.team_a_id, m.team_b_id))
        assert client.get(f"/eventos/{event.id}/equipes/rodadas/{number}/escalacao?equipe={other}").status_code == 403
        login_as(arbiter)
        # a line-up out of the registered order is refused
        t4 = teams["Equipe 4"]
        r4 = [m.player_id for m in t4.members]
        bad = _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/{number}/escalacao?equipe={t4.id}",
                       {"board-1": r4[1], "board-2": r4[0], "board-3": r4[2], "board-4": r4[3]})
        assert "Escalação inválida" in bad

        form = {}
        played = []
        for match in rnd.matches:
            boards = []
            for k in range(1, 5):
                la = db.session.query(TeamLineup).filter_by(round_id=rnd.id, team_id=match.team_a_id, board=k).one()
                lb = db.session.query(TeamLineup).filter_by(round_id=rnd.id, team_id=match.team_b_id, board=k).one()
                if la.player_id is None or lb.player_id is None:
                    boards.append((la.player_id, lb.player_id, None))
                    continue
                g1, g2 = rng.choice(["2-0", "1-1", "0-2"]), rng.choice(["2-0", "1-1", "0-2", "1-1"])
                if number == 3 and k == 2 and match.table == 1:
                    g1, g2 = "+-", "2-0"  # a game lost by forfeit inside a played micro-match
                form[f"g1-{match.id}-{k}"], form[f"g2-{match.id}-{k}"] = g1, g2
                boards.append((la.player_id, lb.player_id, (g1, g2)))
            played.append((number, match.team_a_id, match.team_b_id, boards))
        _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/{number}/resultados", form,
                 expect="micro match(es) gravado(s)")
        stored.extend(played)

    # -- independent checks ---------------------------------------------------------------------
    db.session.expire_all()
    assert db.session.query(TeamRound).filter_by(event_id=event.id).count() == 5
    draws = db.session.query(OpeningDrawRow).filter_by(event_id=event.id).order_by(OpeningDrawRow.round_number).all()
    assert [d.round_number for d in draws] == [1, 2, 3, 4, 5]
    assert len({d.code for d in draws}) == 5, "an opening repeated before the list was exhausted"
    assert all(d.board == 0 and d.seed is not None for d in draws)

    met = Counter()
    per_round = defaultdict(Counter)
    gp: Counter = Counter()
    mp: Counter = Counter()
    board_pts: dict[int, list[int]] = defaultdict(list)
    for number, a, b, boards in stored:
        met[frozenset((a, b))] += 1
        per_round[number][a] += 1
        per_round[number][b] += 1
        ta = tb = 0
        for k, (pa, pb, games) in enumerate(boards, start=1):
            if games is None:
                fa, fb = (4, 0) if pb is None and pa is not None else (0, 4) if pa is None and pb is not None else (0, 0)
            else:
                fa = sum(GAME[g][0] for g in games)
                fb = sum(GAME[g][1] for g in games)
                board_pts[pa].append(fa)
                board_pts[pb].append(fb)
            ta, tb = ta + fa, tb + fb
        gp[a] += ta
        gp[b] += tb
        mp[a] += 2 if ta > tb else 1 if ta == tb else 0
        mp[b] += 2 if tb > ta else 1 if ta == tb else 0
    assert max(met.values()) == 1, "two teams met twice"
    for number in range(1, 6):
        assert sorted(per_round[number].values()) == [1] * 8
    assert sum(gp.values()) == 5 * 4 * 4 * 4  # every board gives 4 points (the empty one 4-0)

    page = client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True)
    assert "após a rodada 5" in page
    # each value once: GP is the score, MP the first tiebreak (game-point events), no "Pts GP MP MP"
    assert re.search(r'>GP</th>\s*<th[^>]*>MP</th>', page) and ">Pts</th>" not in page
    rows = re.findall(r'<tr class="team-row" data-team="([^"]+)"><td class="num">([^<]*)</td>.*?'
                      r'<strong>(\d+)</strong></td>\s*<td class="num">(\d+)</td>', page, re.S)
    assert len(rows) == 8
    table = []
    for name, _rank, pts, m in rows:
        team = teams[name]
        assert int(pts) == gp[team.id], name
        assert int(m) == mp[team.id], name
        table.append((int(pts), int(m)))
    assert table == sorted(table, reverse=True), "standings not sorted by points then MP"
    # board prizes: the best percentage per board is listed first
    assert "Prêmios por tabuleiro" in page and "Tabuleiro 4" in page

    # the public (anonymous) sees the published pages; results entry stays closed to him
    client.post("/conta/sair")
    assert client.get(f"/eventos/{event.id}/equipes/rodadas/5").status_code == 200
    assert client.get(f"/eventos/{event.id}/equipes").status_code == 200
    assert client.post(f"/eventos/{event.id}/equipes/rodadas/5/resultados").status_code == 302
    # every change was audited
    actions = Counter(a.action for a in db.session.query(AuditEntry).filter_by(event_id=event.id))
    assert actions["pair"] == 5 and actions["draw_opening"] == 5 and actions["lineup"] == 5 * 8
    assert actions["team_result"] == 5 * 4 * 4 - 1
    assert db.session.get(Event, event.id).status == EventStatus.RUNNING


def test_hand_worked_team_match_and_standings(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    """Three teams of two boards, match points: round 1 A 3-1 / 2-2 against B (A wins 5-3), C bye."""
    staff = make_user(Role.STAFF)
    login_as(staff)
    _post_ok(client, "/eventos/micro/novo", {
        "name": "Equipes pequenas", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "micromatch",
        "planned_rounds": "3", "time_minutes": "30", "time_increment": "0", "start_date": "2026-12-01",
        "end_date": "2026-12-01", "team": "y", "boards": "2", "scoring": "match", "openings": "none",
    }, expect="Evento em micro match criado.")
    event = db.session.query(Event).one()
    _post_ok(client, f"/eventos/{event.id}/situacao", {"status": "registration"})
    for t, rating in (("Alfa", 2000), ("Beta", 1900), ("Gama", 1800)):
        ps = [make_player(full_name=f"{t} {b}", rating_regular=rating - b) for b in (1, 2)]
        _post_ok(client, f"/eventos/{event.id}/equipes/nova", {"name": t, "players": f"{ps[0].id},{ps[1].id}"},
                 expect="Equipe inscrita.")
    _post_ok(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/1/publicar")
    rnd = db.session.query(TeamRound).one()
    teams = {t.name: t for t in db.session.query(Team).all()}
    # starting ranks by strength: Alfa 1, Beta 2, Gama 3; Gama (lowest) gets the bye
    assert [teams[n].number for n in ("Alfa", "Beta", "Gama")] == [1, 2, 3]
    match = next(m for m in rnd.matches if m.team_b_id is not None)
    assert {match.team_a_id, match.team_b_id} == {teams["Alfa"].id, teams["Beta"].id}
    for team in (teams["Alfa"], teams["Beta"]):
        ids = [m.player_id for m in team.members]
        _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/1/escalacao?equipe={team.id}",
                 {"board-1": ids[0], "board-2": ids[1]}, expect="gravada")
    a_is_alfa = match.team_a_id == teams["Alfa"].id
    flip = {"2-0": "0-2", "0-2": "2-0", "1-1": "1-1"}
    games = [("2-0", "1-1"), ("1-1", "1-1")]  # Alfa's side: board 1 3-1, board 2 2-2
    form = {}
    for k, (g1, g2) in enumerate(games, start=1):
        form[f"g1-{match.id}-{k}"] = g1 if a_is_alfa else flip[g1]
        form[f"g2-{match.id}-{k}"] = g2 if a_is_alfa else flip[g2]
    text = _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/1/resultados", form, expect="2 micro match(es)")
    assert ("5-3" if a_is_alfa else "3-5") in text
    page = client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True)
    # each value once: MP is the score, GP the first tiebreak (match-point events)
    assert re.search(r'>MP</th>\s*<th[^>]*>GP</th>', page) and ">Pts</th>" not in page
    rows = re.findall(r'data-team="([^"]+)">.*?<strong>(\d+)</strong></td>\s*<td class="num">(\d+)</td>', page, re.S)
    # match points: Alfa 2 (GP 5), Gama bye 2 (GP 2 boards x 4 = 8), Beta 0 (GP 3); GP breaks the tie
    assert rows == [("Gama", "2", "8"), ("Alfa", "2", "5"), ("Beta", "0", "3")]
