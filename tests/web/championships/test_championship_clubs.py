"""The club classification of a championship (best N per club in each counting section, summed),
figured by hand from the Swiss (A 6, E 5, C 3, B 3, F 3, H 3, D 1, G 0 in its order) and the
rapid (A 6, E 4, B 2, C 0); page and PDF."""
from __future__ import annotations

import pytest

from damas.models.championships import ChampionshipSection
from damas.services.championships.clubs import club_classification
from tests.web.championships.rapid_section import add_rapid
from tests.web.championships.stage_world import build


@pytest.fixture
def world(db, make_player, make_event, make_club):  # type: ignore[no-untyped-def]
    x, y, z = make_club(name="Clube X"), make_club(name="Clube Y"), make_club(name="Clube Z")
    clubs = {"A": x.id, "B": x.id, "C": x.id, "E": y.id, "F": y.id, "G": y.id, "D": z.id, "H": None}
    w = build(db, make_player, make_event, clubs=clubs)
    w["rapid"] = add_rapid(db, make_event, w)
    db.session.get(ChampionshipSection, w["women"].id).counts_for_clubs = False
    w["championship"].club_best_n = 2
    db.session.commit()
    return w


def test_best_two_per_club_per_section_summed(world):  # type: ignore[no-untyped-def]
    sections, lines = club_classification(world["championship"])
    assert [e.name for e in sections] == ["Aberto", "Final", "Rápido"]  # the women's does not count
    got = [(c.rank_label, c.name, c.section_total(world["swiss"].id), c.section_total(world["rapid"].id), c.total)
           for c in lines]
    # X: Swiss A 6 + C 3 (C above B in the Swiss's order) = 9, rapid A 6 + B 2 = 8 -> 17
    # Y: Swiss E 5 + F 3 = 8, rapid E 4 = 4 -> 12;  Z: Swiss D 1 -> 1;  H has no club
    assert got == [("1", "Clube X", 9, 8, 17), ("2", "Clube Y", 8, 4, 12), ("3", "Clube Z", 1, 0, 1)]
    x = lines[0]
    assert [n for n, _p in x.per_section[world["swiss"].id]] == ["Jogador A", "Jogador C"]


def test_equal_totals_share_the_place(db, world, make_club):  # type: ignore[no-untyped-def]
    world["championship"].club_best_n = 1
    db.session.get(ChampionshipSection, world["rapid"].id).counts_for_clubs = False
    v, w = make_club(name="Clube V"), make_club(name="Clube W")
    world["players"]["C"].club_id, world["players"]["B"].club_id = v.id, w.id  # 3 points each in the Swiss
    db.session.commit()
    _s, lines = club_classification(world["championship"])
    assert [(c.rank_label, c.name, c.total) for c in lines] == [
        ("1", "Clube X", 6), ("2", "Clube Y", 5), ("3-4", "Clube V", 3), ("3-4", "Clube W", 3), ("5", "Clube Z", 1)]


def test_page_and_pdf(client, world):  # type: ignore[no-untyped-def]
    champ = world["championship"]
    html = client.get(f"/campeonatos/{champ.id}/clubes").get_data(as_text=True)
    assert "Classificação por clubes" in html and "Clube X" in html and "<strong>17</strong>" in html
    assert "Jogador A (6)" in html
    response = client.get(f"/campeonatos/{champ.id}/clubes.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")


def test_without_club_best_n_there_is_no_classification(client, db, world):  # type: ignore[no-untyped-def]
    world["championship"].club_best_n = None
    db.session.commit()
    html = client.get(f"/campeonatos/{world['championship'].id}/clubes").get_data(as_text=True)
    assert "não tem classificação por clubes" in html


def test_an_unpublished_championship_is_hidden_from_the_public(client, db, world):  # type: ignore[no-untyped-def]
    world["championship"].published = False
    db.session.commit()
    assert client.get(f"/campeonatos/{world['championship'].id}/clubes").status_code == 404
