"""A draughts round robin worked by hand against the federation's national titles (the
federation's own rules, `damas.engine.norms.national`), through the norms page, its PDF and the
API.

Titles: MN "Mestre Nacional" - a norm asks 7 games, the opponents' average at least 1800 and 60%;
MC "Mestre Candidato" - 5 games, no average, 50%. Eight players, 7 rounds (CBJD: a win 2, a
draw 1), ratings at entry:

   1: 1900   2: 1990   3: 1950   4: 1900   5: 1850   6: 1800   7: 1650   8: 1500   (sum 14540)

Player 1 draws with 2, loses to 3 and 4, beats 5-8: 9 points of 14 (64.3%); opponents
(14540 - 1900) / 7 = 1805.7 -> 1806. MN: 60% of 14 = 8.4 -> 9 needed: MET.
Player 2 draws with 1, 3 and 4, beats 5-8: 11 points (78.6%); opponents 12550 / 7 = 1792.9 ->
1793 < 1800: MN MISSED BY AVERAGE (national.min_average only); MC met (no average, 50%).
Player 4 beats 1, draws the rest: 8 points (57.1%) < 9; opponents 1806: MN MISSED BY SCORE
(national.min_score only); MC met (7 needed).
"""
from __future__ import annotations

from html import unescape

from damas.models import NationalTitleRow
from damas.services.federation.settings import raise_version
from damas.services.players.titles import save_national_title
from tests.web.norms.norm_events import DRAW, LOSS, WIN, build_round_robin

FIELD = [("", "", r) for r in (1900, 1990, 1950, 1900, 1850, 1800, 1650, 1500)]
PLAYER_ONE = {2: DRAW, 3: LOSS, 4: LOSS, 5: WIN, 6: WIN, 7: WIN, 8: WIN}
WINS = frozenset((2, n) for n in (5, 6, 7, 8))
DRAUGHTS = {"discipline": "damas-64", "ruleset": "cbjd", "planned_rounds": 7, "time_minutes": 60,
            "time_increment": 0, "name": "Aberto de Damas"}


def add_titles(db) -> None:  # type: ignore[no-untyped-def]
    db.session.add_all([
        NationalTitleRow(code="MN", name="Mestre Nacional", rating_threshold=2000, norms_needed=2, min_games=7,
                         min_average=1800, min_score_percent=60),
        NationalTitleRow(code="MC", name="Mestre Candidato", rating_threshold=1800, norms_needed=1, min_games=5,
                         min_average=None, min_score_percent=50),
    ])
    raise_version()  # as the titles' service does: cached event pages follow
    db.session.commit()


def build(db, make_user, make_player, make_event, **kw):  # type: ignore[no-untyped-def]
    return build_round_robin(db, make_user, make_player, make_event, FIELD, PLAYER_ONE, wins=WINS,
                             **{**DRAUGHTS, **kw})


def _rows(data, player):  # type: ignore[no-untyped-def]
    return {r["title_sought"]: r for r in data["norms"] if r["player_id"] == player.id}


def test_national_norms_met_and_missed_through_the_api(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    add_titles(db)
    event, players, _staff = build(db, make_user, make_player, make_event)
    data = client.get(f"/api/v1/events/{event.id}/norms").get_json()
    assert (data["applies"], data["rules"], data["finished"], data["fmjd_norms"]) == (True, "national", True,
                                                                                       "not_implemented")
    assert [t["code"] for t in data["titles"]] == ["MN", "MC"]

    one = _rows(data, players[0])
    assert one["MN"]["met"] is True and one["MN"]["missing"] == []
    assert (one["MN"]["games"], one["MN"]["average_rating"], one["MN"]["points"], one["MN"]["points_needed"]) == (
        7, 1806, "9", "9")
    assert one["MN"]["score_percent"] == 64 and one["MN"]["performance"] is None
    assert one["MN"]["title_name"] == "Mestre Nacional"

    two = _rows(data, players[1])
    assert two["MN"]["met"] is False and two["MN"]["missing"] == ["national.min_average"]
    assert (two["MN"]["average_rating"], two["MN"]["points"]) == (1793, "11")
    assert two["MC"]["met"] is True

    four = _rows(data, players[3])
    assert four["MN"]["met"] is False and four["MN"]["missing"] == ["national.min_score"]
    assert (four["MN"]["average_rating"], four["MN"]["points"], four["MN"]["points_needed"]) == (1806, "8", "9")
    assert four["MC"]["met"] is True and four["MC"]["points_needed"] == "7"


def test_national_norms_on_the_page_and_pdf(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    add_titles(db)
    event, players, _staff = build(db, make_user, make_player, make_event)
    page = unescape(client.get(f"/eventos/{event.id}/normas").get_data(as_text=True))
    assert "Normas de títulos nacionais" in page and "regras próprias da federação" in page
    assert "Norma de Mestre Nacional (MN)" in page
    assert "national.min_average" in page and "national.min_score" in page and "national.min_games" in page
    assert "média dos adversários: 1793, mínimo 1800" in page  # player 2
    assert "pontos: 8, necessários 9" in page  # player 4
    assert "1806 (mínimo 1800)" in page
    assert "decisão da federação" in page
    # FMJD: said plainly, with the texts read
    assert "Normas FMJD" in page and "não estão implementadas" in page
    assert "paperzz.com/doc/7212183" in page and "damforum.nl" in page
    pdf = client.get(f"/eventos/{event.id}/normas.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf" and pdf.data[:4] == b"%PDF"


def test_in_progress_draughts_event_meets_no_norm(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    add_titles(db)
    event, players, _staff = build(db, make_user, make_player, make_event, rounds_to_play=5)
    data = client.get(f"/api/v1/events/{event.id}/norms").get_json()
    assert data["finished"] is False and data["after_round"] == 5
    assert not any(r["met"] for r in data["norms"])
    assert "em andamento" in client.get(f"/eventos/{event.id}/normas").get_data(as_text=True)


def test_draughts_event_without_titles_then_with(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event, players, staff = build(db, make_user, make_player, make_event)
    data = client.get(f"/api/v1/events/{event.id}/norms").get_json()
    assert data["applies"] is False and data["norms"] == []
    page = unescape(client.get(f"/eventos/{event.id}/normas").get_data(as_text=True))
    assert "depois que a federação cadastra os seus títulos" in page and "Normas FMJD" in page
    # a title saved by staff moves the federation settings' version: the cached answers follow
    save_national_title(staff, {"code": "MN", "name": "Mestre Nacional", "rating_threshold": 2000,
                                "norms_needed": 2, "min_games": 7, "min_average": 1800, "min_score_percent": 60})
    data = client.get(f"/api/v1/events/{event.id}/norms").get_json()
    assert data["applies"] is True and _rows(data, players[0])["MN"]["met"] is True
    assert "Norma de Mestre Nacional (MN)" in client.get(f"/eventos/{event.id}/normas").get_data(as_text=True)


def test_title_holders_seek_only_higher_titles(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    add_titles(db)
    event, players, _staff = build(db, make_user, make_player, make_event)
    players[0].draughts_title = "MN"  # holds MN: seeks nothing ranked at or below it
    players[1].draughts_title = "MC"  # holds MC: seeks MN only
    players[2].draughts_title = "MF"  # an FMJD title: still seeks the national ones
    db.session.commit()
    data = client.get(f"/api/v1/events/{event.id}/norms").get_json()
    assert _rows(data, players[0]) == {}
    assert list(_rows(data, players[1])) == ["MN"]
    assert sorted(_rows(data, players[2])) == ["MC", "MN"]
    assert _rows(data, players[2])["MN"]["title"] == "MF"
