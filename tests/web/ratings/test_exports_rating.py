"""Rating reports (CBJD 115): the CSV for the CBJD list and the TRF-16 export for FIDE."""
from __future__ import annotations

import csv
import io

from damas.engine.trf import read_trf
from damas.engine.types import Outcome
from tests.web.awards.test_awards_helpers import finished_round_robin


def test_csv_for_the_cbjd_list(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = finished_round_robin(db, make_user, make_player)
    assert client.get(f"/eventos/{event.id}/relatorios/rating.csv").status_code == 302  # login first
    login_as(arbiter)
    response = client.get(f"/eventos/{event.id}/relatorios/rating.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    # 60 minutes of draughts 64: draughts 64's regular list (one list per game and rate)
    assert "rating-damas-64-regular" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert len(rows) == 15  # 6 players, 5 rounds, 3 boards each
    assert {(r["modalidade"], r["lista"]) for r in rows} == {("damas-64", "regular")}
    first = next(r for r in rows if r["rodada"] == "1" and r["mesa"] == "1")
    assert first["brancas_nome"] == "João Conceição" and first["pretas_nome"] == "José Brandão"
    assert first["resultado"] == "1-0" and first["jogada"] == "yes" and first["brancas_rating"] == "2000"


def test_rapid_list_by_rate_of_play(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=1)
    event.time_minutes = 15
    db.session.commit()
    login_as(arbiter)
    response = client.get(f"/eventos/{event.id}/relatorios/rating.csv")
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert len(rows) == 3 and {r["lista"] for r in rows} == {"rapid"}
    assert "rating-damas-64-rapid" in response.headers["Content-Disposition"]


def test_trf_export_reads_back(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = finished_round_robin(db, make_user, make_player)
    login_as(arbiter)
    response = client.get(f"/eventos/{event.id}/relatorios/fide.trf")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert text.startswith("012 Torneio Relâmpago de São João")
    trf = read_trf(text)
    state = trf.state
    assert len(state.entrants) == 6 and state.total_rounds == 5
    names = {e.start_no: e.name for e in state.entrants}
    assert names[2] == "Ana Júlia Araújo"
    joao = state.rounds_of(1)
    assert len(joao) == 5 and all(r.outcome is Outcome.WIN for r in joao)
    assert all(r.outcome is Outcome.LOSS for r in state.rounds_of(6))
    assert "102 Árbitro Regional" in text and "042 2026/06/20" in text
