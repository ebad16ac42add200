"""Six chess events worked by hand from B.01 (2024) 1.4, through the API and the norms page
(`tests/web/norms/norm_events.py` states the field and the arithmetic of the met case)."""
from __future__ import annotations

from tests.web.norms.norm_events import DEMO_WINS, FIELD, FORFEIT_WIN, LOSS, SIX_AND_A_HALF, build_round_robin


def _im_of_player_one(client, event, players):  # type: ignore[no-untyped-def]
    response = client.get(f"/api/v1/events/{event.id}/norms")
    assert response.status_code == 200
    data = response.get_json()
    assert data["applies"] is True
    rows = [r for r in data["norms"] if r["player_id"] == players[0].id]
    assert [r["title_sought"] for r in rows] == ["GM", "IM"]  # a man without a title: GM and IM
    return data, next(r for r in rows if r["title_sought"] == "IM")


def test_met_im_norm(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, FIELD, SIX_AND_A_HALF)
    data, im = _im_of_player_one(client, event, players)
    assert data["finished"] is True and data["edition"] == "B.01-2024" and data["host_federation"] == "BRA"
    assert im["met"] is True and im["missing"] == []
    assert (im["games"], im["average_rating"], im["performance"]) == (9, 2300, 2466)
    assert (im["points"], im["points_needed"]) == ("6½", "6½")
    assert (im["titled_opponents"], im["title_holders"], im["foreign_federations"]) == (5, 3, 4)
    assert im["federation"] == "BRA" and im["floor_adjusted"] is None
    assert {f["code"]: f["opponents"] for f in im["federations"]} == {"ARG": 1, "BRA": 5, "CHI": 1, "PER": 1, "URU": 1}
    gm = next(r for r in data["norms"] if r["player_id"] == players[0].id and r["title_sought"] == "GM")
    assert gm["met"] is False and "1.4.5b" in gm["missing"] and "1.4.8a" in gm["missing"]
    # the GM holds every title: he seeks none; the IMs seek GM only
    assert not [r for r in data["norms"] if r["player_id"] == players[1].id]
    assert [r["title_sought"] for r in data["norms"] if r["player_id"] == players[2].id] == ["GM"]
    page = client.get(f"/eventos/{event.id}/normas").get_data(as_text=True)
    assert "Enxadrista 01" in page and "alcançada" in page and "2466" in page and "1.4.5c" in page


def test_missed_by_score(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    six = {**SIX_AND_A_HALF, 2: LOSS}  # 6/9: p 67, dp 125, Rp 2425 < 2450
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, FIELD, six)
    _data, im = _im_of_player_one(client, event, players)
    assert im["met"] is False and im["missing"] == ["1.4.8"]
    assert (im["performance"], im["points"], im["points_needed"]) == (2425, "6", "6½")
    page = client.get(f"/eventos/{event.id}/normas").get_data(as_text=True)
    assert "não alcançada" in page and "desempenho (Rp): 2425, mínimo 2450" in page


def test_missed_by_federations(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    # players 2, 3, 4 and 9 all from ARG: one foreign federation (1.4.3 asks 2); ARG 4 <= 6 and
    # BRA 5 <= 5 (1.4.4) still hold, and the ratings and score are those of the met case.
    field = [(t, "ARG" if n in (2, 3, 4, 9) else f, r) for n, (t, f, r) in enumerate(FIELD, start=1)]
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, field, SIX_AND_A_HALF)
    _data, im = _im_of_player_one(client, event, players)
    assert im["met"] is False and im["missing"] == ["1.4.3"]
    assert im["foreign_federations"] == 1 and im["performance"] == 2466
    page = client.get(f"/eventos/{event.id}/normas").get_data(as_text=True)
    assert "federações além da do jogador: 1, mínimo 2" in page


def test_missed_by_titled_opponents(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    # player 4 is an FM, not an IM: GM or IM opponents 2 < 3 (1.4.5c); title-holders still 5 (1.4.5a)
    field = list(FIELD)
    field[3] = ("FM", "URU", 2400)
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, field, SIX_AND_A_HALF)
    _data, im = _im_of_player_one(client, event, players)
    assert im["met"] is False and im["missing"] == ["1.4.5c"]
    assert (im["titled_opponents"], im["title_holders"]) == (5, 2)


def test_adjusted_rating_floor(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    # player 10 rated 1800: raised to the IM floor 2050 (1.4.6b-c). Sum 20400 + 250 = 20650 ->
    # Ra 2294.4 -> 2294; 6½: p 72, dp 166, Rp 2460 >= 2450: met (without the floor Ra 2267, Rp 2433).
    field = list(FIELD)
    field[9] = ("", "", 1800)
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, field, SIX_AND_A_HALF)
    _data, im = _im_of_player_one(client, event, players)
    assert im["met"] is True
    assert (im["average_rating"], im["performance"]) == (2294, 2460)
    assert im["floor_adjusted"]["from"] == 1800 and im["floor_adjusted"]["to"] == 2050
    assert im["floor_adjusted"]["opponent"] == "Enxadrista 10"
    page = client.get(f"/eventos/{event.id}/normas").get_data(as_text=True)
    assert "Enxadrista 10" in page and "1800 → 2050" in page


def test_forfeit_win_in_a_nine_round_event(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    # player 10 loses by forfeit: 8 games (1.4.2c), counted as 9 (1.4.1c). Opponents 2-9: sum 18600
    # -> Ra 2325; title-holders 5 >= 4, GM/IM 3 >= 3, BRA 4 <= floor(24/5) = 4. 5½/8 = 68.75% ->
    # p 69, dp 141, Rp 2466: met; 5/8 -> p 63, dp 95, Rp 2420: so 5½ needed.
    results = {**SIX_AND_A_HALF, 10: FORFEIT_WIN}
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, FIELD, results)
    _data, im = _im_of_player_one(client, event, players)
    assert im["met"] is True and im["missing"] == []
    assert (im["games"], im["average_rating"], im["performance"]) == (8, 2325, 2466)
    assert (im["points"], im["points_needed"]) == ("5½", "5½")
    page = client.get(f"/eventos/{event.id}/normas").get_data(as_text=True)
    assert "conta como 9 (1.4.1c)" in page and "W.O. ou partida não jogada" in page


def test_norm_in_progress_before_the_last_round(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, FIELD, SIX_AND_A_HALF,
                                               rounds_to_play=7)
    data, im = _im_of_player_one(client, event, players)
    assert data["finished"] is False and data["after_round"] == 7 and im["met"] is False
    progress = im["in_progress"]
    assert progress["rounds_remaining"] == 2 and progress["games_needed"] == 2
    page = client.get(f"/eventos/{event.id}/normas").get_data(as_text=True)
    assert "Norma em andamento: 7 de 9 rodadas com resultado." in page and "Faltam 2 rodadas." in page


def test_women_seek_wgm_and_wim_and_draughts_events_have_no_fide_norms(client, db, make_user, make_player,
                                                                        make_event):  # type: ignore[no-untyped-def]
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, FIELD, SIX_AND_A_HALF,
                                               sexes={1: "F"})
    data = client.get(f"/api/v1/events/{event.id}/norms").get_json()
    assert [r["title_sought"] for r in data["norms"] if r["player_id"] == players[0].id] == ["GM", "IM", "WGM", "WIM"]
    draughts = make_event(players=(players[0], players[1], players[2]))
    other = client.get(f"/api/v1/events/{draughts.id}/norms").get_json()
    assert other == {"event_id": draughts.id, "applies": False, "rules": None, "finished": False, "edition": None, "norms": []}
    assert "só existem em eventos individuais de xadrez" in client.get(f"/eventos/{draughts.id}/normas").get_data(as_text=True)


def test_demo_round_robin_one_norm_and_one_missed_by_one_requirement(client, db, make_user, make_player,
                                                                       make_event):  # type: ignore[no-untyped-def]
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, FIELD, SIX_AND_A_HALF,
                                               wins=DEMO_WINS)
    norms = client.get(f"/api/v1/events/{event.id}/norms").get_json()["norms"]
    im = {r["player_id"]: r for r in norms if r["title_sought"] == "IM"}
    assert im[players[0].id]["met"] is True
    fifth = im[players[4].id]
    assert fifth["met"] is False and fifth["missing"] == ["1.4.5a"]
    assert (fifth["points"], fifth["average_rating"], fifth["performance"], fifth["titled_opponents"]) == ("6½", 2294, 2460, 4)
    assert [p for p, r in im.items() if r["met"]] == [players[0].id]
