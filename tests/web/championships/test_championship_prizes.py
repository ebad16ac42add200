"""The combined prize list: each section's prizes as its own page allocates them; with one prize
per player, A (Swiss 1st, rapid 1st) and E (Swiss 2nd, rapid 2nd) keep their Swiss prizes and the
rapid's pass to the next of the rapid's order (B, then C); page and prize-giving PDF."""
from __future__ import annotations

import pytest

from damas.models import Role
from damas.services.championships.prize_list import combined_prizes
from damas.services.standings.prizes import add_prize
from tests.web.championships.rapid_section import add_rapid
from tests.web.championships.stage_world import build


@pytest.fixture
def world(db, make_player, make_event, make_user):  # type: ignore[no-untyped-def]
    w = build(db, make_player, make_event)
    w["rapid"] = add_rapid(db, make_event, w)
    staff = make_user(Role.STAFF)
    add_prize(staff, w["swiss"], "absoluto", 1, "cash", 30000)
    add_prize(staff, w["swiss"], "absoluto", 2, "cash", 20000)
    add_prize(staff, w["rapid"], "absoluto", 1, "cash", 10000)
    add_prize(staff, w["rapid"], "absoluto", 2, "cash", 5000)
    add_prize(staff, w["rapid"], "absoluto", 1, "trophy", 0)
    return w


def winners(world) -> dict[str, list[tuple[str, str, int]]]:  # type: ignore[no-untyped-def]
    out = {}
    for sp in combined_prizes(world["championship"]):
        out[sp.event.name] = sorted((sp.names[a.start_no][-1], a.kind, a.amount) for a in sp.allocation.awards)
    return out


def test_one_prize_per_player_passes_the_later_sections_places_down(world):  # type: ignore[no-untyped-def]
    got = winners(world)
    assert got["Aberto"] == [("A", "cash", 30000), ("E", "cash", 20000)]
    assert got["Rápido"] == [("B", "cash", 10000), ("B", "trophy", 0), ("C", "cash", 5000)]
    assert got["Feminino"] == [] and got["Final"] == []


def test_without_the_rule_each_section_stands_alone(db, world):  # type: ignore[no-untyped-def]
    world["championship"].one_prize_per_player = False
    db.session.commit()
    got = winners(world)
    assert got["Rápido"] == [("A", "cash", 10000), ("A", "trophy", 0), ("E", "cash", 5000)]


def test_page_says_who_was_passed_over_and_prints(client, world):  # type: ignore[no-untyped-def]
    champ = world["championship"]
    html = client.get(f"/campeonatos/{champ.id}/premiacao").get_data(as_text=True)
    assert "Premiação do campeonato" in html and "R$ 300,00" in html and "R$ 100,00" in html
    assert "já premiado em Aberto" in html
    response = client.get(f"/campeonatos/{champ.id}/premiacao.pdf")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
