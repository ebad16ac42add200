"""The rating change of an event (issue 29 point 1): page, PDF, CSV and the player card."""
from __future__ import annotations

import csv
import io

from damas.models import Game, GameResult
from damas.services.ratings.change import event_ratings
from tests.web.awards.test_awards_helpers import finished_round_robin
from tests.web.reports.test_reports_pdf import pdf_text


def test_cbjd_change_of_the_winner_and_a_junior(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player)
    ratings = event_ratings(event)
    assert ratings.system == "cbjd" and ratings.rating_list == "regular"
    joao = next(r for r in ratings.rows if r.name == "João Conceição").change
    # We = .64 + .76 + .85 + .92 + .92 (500 counted as 400) = 4.09; 20 × (5 − 4.09) = 18.2 → 18
    assert joao.counted == 5 and joao.score == 10 and str(joao.expected) == "409/100"
    assert joao.k == 20 and joao.delta == 18 and joao.new_rating == 2018 and joao.performance == 2500
    ana = next(r for r in ratings.rows if r.name == "Ana Júlia Araújo").change
    assert ana.k == 40  # born 2013: a junior below 2300


def test_forfeits_are_not_rated(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player)
    game = db.session.scalars(db.select(Game).where(Game.result == GameResult.WHITE_WIN)).first()
    game.result = GameResult.WHITE_FORFEIT_WIN
    db.session.commit()
    counted = sum(r.change.counted for r in event_ratings(event).rows)
    assert counted == 28  # 15 boards, one of them a forfeit: 14 games, two players each


def test_page_pdf_csv_and_card(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player)
    page = client.get(f"/eventos/{event.id}/relatorios/variacao-rating")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Variação de rating" in html and "+18" in html and "4,09" in html and "2018" in html
    index = client.get(f"/eventos/{event.id}/relatorios").get_data(as_text=True)
    assert f"/eventos/{event.id}/relatorios/variacao-rating.pdf" in index
    response = client.get(f"/eventos/{event.id}/relatorios/variacao-rating.csv")
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    joao = next(r for r in rows if r["nome"] == "João Conceição")
    assert joao["we"] == "4.09" and joao["variacao"] == "+18" and joao["variacao_exata"] == "18.20"
    assert joao["novo_rating"] == "2018" and joao["sistema"] == "cbjd" and joao["k"] == "20"
    pdf = client.get(f"/eventos/{event.id}/relatorios/variacao-rating.pdf")
    assert pdf.status_code == 200
    text = pdf_text(pdf.data)
    assert "Variação de rating" in text and "João Conceição" in text and "+18" in text
    player_id = next(r.player_id for r in event_ratings(event).rows if r.name == "João Conceição")
    card = client.get(f"/eventos/{event.id}/jogadores/{player_id}").get_data(as_text=True)
    assert "Variação de rating" in card and "+18" in card and "2018" in card


def test_rating_change_page_in_english(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player)
    client.get("/lang/en")
    html = client.get(f"/eventos/{event.id}/relatorios/variacao-rating").get_data(as_text=True)
    assert "Rating change" in html and "Only played games count" in html and "4.09" in html
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "K of an adult" in rules and "federation&#39;s decision" in rules and "opponents average + dp" in rules


def test_fide_event_uses_b02(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player)
    event.ruleset = "fide"
    db.session.commit()
    ratings = event_ratings(event)
    assert ratings.system == "fide"
    jose = next(r for r in ratings.rows if r.name == "José Brandão").change
    # 1500 against 2000 .. 1600, five losses: We = .08 + .08 + .15 + .24 + .36 = 0.91, K 20 → −18.2 → −18
    assert str(jose.expected) == "91/100" and jose.delta == -18 and jose.new_rating == 1482
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "B.02 8.3.1" in rules
