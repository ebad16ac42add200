"""An individual micro-match event through the web client: created with its scoring and opening
mode, paired by the Brazilian system with the opening drawn and printed on the pairing sheet,
both games of each micro-match entered on one form, standings by game points or match points."""
from __future__ import annotations

import io
import re

from damas.models import AuditEntry, Entry, Event, GameResult, Role, Round
from damas.models.micromatch import MicroGame, OpeningDrawRow
from damas.services.micromatch import matches as micro_service

CSV = b"codigo,lances,nome\nA1,11-15 22-18,Cruz\nA2,12-16 21-17,Ortodoxa\nA3,9-13 22-18,Lateral\nA4,10-14 23-19,Central\n"


def _post(client, url, data=None, expect=None):  # type: ignore[no-untyped-def]
    response = client.post(url, data=data or {}, follow_redirects=True)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    if expect:
        assert expect in text, text[:4000]
    return text


def _standings(page: str) -> list[tuple[str, int, int, int]]:
    """(name, points, GP, MP): the score column is GP or MP (the event's scoring) and the other one
    follows it (its own column or the first tiebreak); each value is shown once."""
    head = page.split("<thead>", 1)[1].split("</thead>", 1)[0]
    codes = [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>.*?</th>", head, re.S)]
    assert len(codes) == len(set(codes)) and {codes[2], codes[3]} == {"GP", "MP"}, codes
    rows = re.findall(r'<span class="no">\d+</span> ([^<]+)</td><td class="num"><strong>(\d+)</strong></td>\s*'
                      r'<td class="num">(\d+)</td>', page)
    return [(n, int(p), int(p if codes[2] == "GP" else o), int(o if codes[2] == "GP" else p)) for n, p, o in rows]


def test_individual_micromatch_event_game_points(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Micro {n}", rating_regular=2100 - 50 * n) for n in range(1, 7)]
    login_as(staff)
    client.post("/aberturas/carregar", data={"file": (io.BytesIO(CSV), "tablita.csv")},
                content_type="multipart/form-data")
    _post(client, "/eventos/micro/novo", {
        "name": "Estadual Micro Match", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "micromatch",
        "planned_rounds": "3", "time_minutes": "30", "time_increment": "0", "start_date": "2026-12-01",
        "end_date": "2026-12-01", "scoring": "game", "openings": "round",
    }, expect="Evento em micro match criado.")
    event = db.session.query(Event).one()
    assert micro_service.settings_of(event) == {"team": False, "boards": 4, "games_per_board": 2, "scoring": "game",
                                                "openings": "round", "saved": True}
    _post(client, f"/eventos/{event.id}/situacao", {"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})

    _post(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    _post(client, f"/eventos/{event.id}/rodadas/1/publicar", expect="Rodada 1 publicada.")
    draw = db.session.query(OpeningDrawRow).filter_by(event_id=event.id, round_number=1).one()
    sheet = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "Abertura sorteada" in sheet and draw.code in sheet and draw.moves in sheet
    assert f"Semente do sorteio: {draw.seed}" in sheet

    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    boards = sorted(rnd.games, key=lambda g: g.board)
    assert len(boards) == 3 and all(g.black_entry_id for g in boards)
    # top half v bottom half by starting rank: 1-4, 2-5, 3-6
    assert [sorted((g.white.pairing_number, g.black.pairing_number)) for g in boards] == [[1, 4], [2, 5], [3, 6]]
    url = f"/eventos/{event.id}/micro/rodadas/1/resultados"
    # one game only: refused, nothing written
    text = _post(client, url, {f"g1-{boards[0].id}": "2-0", f"g2-{boards[0].id}": "", f"version-{boards[0].id}": "1"})
    assert "informe o resultado das duas partidas" in text
    # a forfeit each way is no result
    text = _post(client, url, {f"g1-{boards[0].id}": "+-", f"g2-{boards[0].id}": "-+",
                               f"version-{boards[0].id}": str(boards[0].version)})
    assert "W.O." in text
    assert db.session.query(MicroGame).count() == 0
    games = {boards[0].id: ("2-0", "1-1"), boards[1].id: ("1-1", "1-1"), boards[2].id: ("0-2", "0-2")}
    form = {}
    for g in boards:
        form[f"g1-{g.id}"], form[f"g2-{g.id}"] = games[g.id]
        form[f"version-{g.id}"] = str(g.version)
    text = _post(client, url, form, expect="3 micro match(es) gravado(s).")
    for total in ("<strong>3-1</strong>", "<strong>2-2</strong>", "<strong>0-4</strong>"):
        assert total in text
    db.session.expire_all()
    assert [g.result for g in sorted(rnd.games, key=lambda g: g.board)] == [
        GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN]
    assert db.session.query(AuditEntry).filter_by(action="micro_result").count() == 3

    # hand-computed: each game 2/1/0, the round score is the sum of the two games
    expected = {}
    for g, (pw, pb) in zip(sorted(rnd.games, key=lambda g: g.board), ((3, 1), (2, 2), (0, 4))):
        expected[g.white.player.full_name] = pw
        expected[g.black.player.full_name] = pb
    table = _standings(client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True))
    assert {n: p for n, p, _g, _m in table} == expected
    assert {n: g for n, _p, g, _m in table} == expected
    assert [p for _n, p, _g, _m in table] == sorted(expected.values(), reverse=True)
    mp = {n: m for n, _p, _g, m in table}
    assert sorted(mp.values()) == [0, 0, 1, 1, 2, 2]
    # the Swiss crosstable: the micro-match's game points and White in game 1 (3-1: "Nw3", "Nb1")
    cross = client.get(f"/eventos/{event.id}/tabela").get_data(as_text=True)
    assert "crosstable swiss" in cross
    cells = re.findall(r'<td class="num cell">(\d+)([bp])(\d+)</td>', cross)  # pt-BR: b = brancas, p = pretas
    assert sorted((c, int(p)) for _line, c, p in cells) == [("b", 0), ("b", 2), ("b", 3), ("p", 1), ("p", 2), ("p", 4)]

    # round 2: another opening, the draw never repeats until the list is exhausted
    _post(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 2 emparceirada.")
    codes = [d.code for d in db.session.query(OpeningDrawRow).filter_by(event_id=event.id)
             .order_by(OpeningDrawRow.round_number)]
    assert len(codes) == 2 and codes[0] != codes[1]
    rnd2 = db.session.query(Round).filter_by(event_id=event.id, number=2).one()
    met1 = {frozenset((g.white_entry_id, g.black_entry_id)) for g in rnd.games}
    assert not met1 & {frozenset((g.white_entry_id, g.black_entry_id)) for g in rnd2.games}
    # White in game 1 alternates: who started round 1 with Black starts round 2 with White
    black1 = {g.black_entry_id for g in rnd.games}
    for g in rnd2.games:
        if (g.white_entry_id in black1) != (g.black_entry_id in black1):
            assert g.white_entry_id in black1

    # the regulations page shows our definition of the Brazilian system
    reg = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "Sistema Brasileiro de Emparceiramento" in reg
    overview = client.get(f"/eventos/{event.id}/micro").get_data(as_text=True)
    assert codes[0] in overview


def test_match_points_scoring_with_game_points_as_tiebreak(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"MP {n}", rating_regular=2000 - n) for n in range(1, 5)]
    event = make_event(pairing_system="micromatch", planned_rounds=2, players=tuple(players))
    micro_service.save_settings(staff, event, {"scoring": "match", "openings": "none"})
    login_as(staff)
    _post(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    _post(client, f"/eventos/{event.id}/rodadas/1/publicar")
    rnd = db.session.query(Round).filter_by(event_id=event.id).one()
    b1, b2 = sorted(rnd.games, key=lambda g: g.board)
    _post(client, f"/eventos/{event.id}/micro/rodadas/1/resultados", {
        f"g1-{b1.id}": "2-0", f"g2-{b1.id}": "2-0", f"version-{b1.id}": b1.version,
        f"g1-{b2.id}": "2-0", f"g2-{b2.id}": "0-2", f"version-{b2.id}": b2.version,
    }, expect="2 micro match(es) gravado(s).")
    page = client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True)
    assert "pontos de match" in page
    table = _standings(page)
    names = {e.id: e.player.full_name for e in db.session.query(Entry)}
    # match points 2/1/0 are the score; game points (4, 2, 2, 0) are shown and break ties
    assert table[0] == (names[b1.white_entry_id], 2, 4, 2)
    assert sorted(table[1:3]) == sorted([(names[b2.white_entry_id], 1, 2, 1), (names[b2.black_entry_id], 1, 2, 1)])
    assert table[3] == (names[b1.black_entry_id], 0, 0, 0)
    # scoring cannot change once the event is paired
    import pytest

    from damas.services.errors import ServiceError

    with pytest.raises(ServiceError):
        micro_service.save_settings(staff, event, {"scoring": "game", "openings": "none"})


def test_settings_page_and_team_management(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    from damas.models.micromatch import Team, TeamRound

    make_user(Role.STAFF)
    arbiter = make_user(Role.ARBITER)
    other = make_user(Role.ARBITER)
    event = make_event(pairing_system="micromatch", arbiters=(arbiter,))
    login_as(other)
    assert client.post(f"/eventos/{event.id}/micro/configurar", data={"scoring": "match"}).status_code == 403
    login_as(arbiter)
    assert client.get(f"/eventos/{event.id}/micro/configurar").status_code == 200
    _post(client, f"/eventos/{event.id}/micro/configurar",
          {"team": "y", "boards": "2", "scoring": "match", "openings": "board"}, expect="Configuração do micro match gravada.")
    assert micro_service.settings_of(event)["team"] is True
    assert db.session.query(AuditEntry).filter_by(action="micromatch_settings").count() == 1
    text = _post(client, f"/eventos/{event.id}/micro/configurar", {"team": "y", "boards": "20", "scoring": "match",
                                                                 "openings": "board"})
    assert "Entre 1 e 12 tabuleiros." in text
    ps = [make_player(full_name=f"T {k}") for k in range(6)]
    for name, squad in (("Leões", ps[:3]), ("Tigres", ps[3:])):
        _post(client, f"/eventos/{event.id}/equipes/nova",
              {"name": name, "players": ",".join(str(p.id) for p in squad)}, expect="Equipe inscrita.")
    text = _post(client, f"/eventos/{event.id}/equipes/nova", {"name": "leões", "players": "1,2"})
    assert "Já há uma equipe com este nome." in text
    page = client.get(f"/eventos/{event.id}/equipes").get_data(as_text=True)
    assert "Leões" in page and "(reserva)" in page
    # openings per board need the federation's list: the pairing is refused and nothing written
    text = _post(client, f"/eventos/{event.id}/micro/emparceirar")
    assert "lista de aberturas" in text and db.session.query(TeamRound).count() == 0
    _post(client, f"/eventos/{event.id}/micro/configurar", {"team": "y", "boards": "2", "scoring": "match",
                                                          "openings": "none"})
    _post(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    text = _post(client, f"/eventos/{event.id}/equipes/remover", {"team_id": db.session.query(Team).first().id})
    assert "não pode mais ser removida" in text
    _post(client, f"/eventos/{event.id}/equipes/rodadas/1/desfazer", expect="Emparceiramento da rodada 1 desfeito.")
    assert db.session.query(TeamRound).count() == 0
    _post(client, f"/eventos/{event.id}/equipes/remover", {"team_id": db.session.query(Team).first().id},
          expect="Equipe removida.")
    assert db.session.query(Team).count() == 1
