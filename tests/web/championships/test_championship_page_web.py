"""The championship's public pages: its list, its page (dates, venue, sections with state,
current round and leaders, one schedule), its regulations page and brochure PDF; draft sections
and unpublished championships hidden from visitors; the event header's link back."""
from __future__ import annotations

from datetime import date

import pytest

from damas.models import Role
from damas.models.championships import Championship
from tests.conftest import login
from tests.web.championships.championship_page_world import build_championship


@pytest.fixture
def world(db, make_event, make_player):  # type: ignore[no-untyped-def]
    return build_championship(make_event, make_player)


def test_list_shows_published_championships_only(client, db, world):  # type: ignore[no-untyped-def]
    db.session.add(Championship(name="Rascunho Secreto", start_date=date(2026, 1, 1), end_date=date(2026, 1, 2)))
    db.session.commit()
    page = client.get("/campeonatos").get_data(as_text=True)
    assert "Campeonato Paulista 2026" in page
    assert "Rascunho Secreto" not in page
    assert "2 seções" in page  # the draft final is not counted for visitors


def test_page_shows_facts_sections_leaders_and_schedule(client, world):  # type: ignore[no-untyped-def]
    ch = world["championship"]
    response = client.get(f"/campeonatos/{ch.id}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "05/12/2026 – 07/12/2026" in page and "Clube Paulistano" in page and "FPD" in page
    assert "Absoluto" in page and "Feminino" in page
    assert "Em andamento" in page and "Inscrições abertas" in page
    assert "Rodada 1 de 3" in page
    # the Swiss's leaders after round 1: Atleta 1 won (2 points), then the drawn pair
    assert "Atleta 1" in page and page.index("Atleta 1") < page.index("Atleta 3")
    # one schedule of both sections' rounds, in time order, by day
    assert page.index("09:00") < page.index("10:00") < page.index("14:00")
    assert "06/12/2026" in page
    assert f'/eventos/{world["swiss"].id}' in page


def test_draft_section_hidden_from_visitors_shown_to_staff(client, db, world, make_user):  # type: ignore[no-untyped-def]
    ch = world["championship"]
    assert "Final" not in client.get(f"/campeonatos/{ch.id}").get_data(as_text=True)
    assert "Final" not in client.get(f"/campeonatos/{ch.id}/regulamento").get_data(as_text=True)
    login(client, make_user(Role.STAFF))
    page = client.get(f"/campeonatos/{ch.id}").get_data(as_text=True)
    assert "Final" in page and "Rascunho" in page


def test_unpublished_championship_is_404_for_visitors(client, db, world, make_user):  # type: ignore[no-untyped-def]
    ch = world["championship"]
    ch.published = False
    db.session.commit()
    for url in (f"/campeonatos/{ch.id}", f"/campeonatos/{ch.id}/regulamento", f"/campeonatos/{ch.id}/convite.pdf"):
        assert client.get(url).status_code == 404
    login(client, make_user(Role.PLAYER))
    assert client.get(f"/campeonatos/{ch.id}").status_code == 404
    login(client, make_user(Role.STAFF))
    assert "Não publicado" in client.get(f"/campeonatos/{ch.id}").get_data(as_text=True)
    assert client.get("/campeonatos/999999").status_code == 404


def test_regulations_page_text_rules_and_section_links(client, world):  # type: ignore[no-untyped-def]
    ch = world["championship"]
    page = client.get(f"/campeonatos/{ch.id}/regulamento").get_data(as_text=True)
    assert "Art. 1º Regras gerais." in page
    assert "Cada jogador recebe prêmio em uma só seção." in page
    assert f'/eventos/{world["swiss"].id}/regulamento' in page
    assert f'/eventos/{world["women"].id}/regulamento' in page


def test_brochure_pdf(client, world):  # type: ignore[no-untyped-def]
    response = client.get(f"/campeonatos/{world['championship'].id}/convite.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")


def test_event_header_links_back_to_its_championship(client, db, world, make_event):  # type: ignore[no-untyped-def]
    ch = world["championship"]
    page = client.get(f"/eventos/{world['swiss'].id}").get_data(as_text=True)
    assert "Seção do campeonato" in page and f'/campeonatos/{ch.id}"' in page
    alone = make_event(name="Avulso")
    assert "Seção do campeonato" not in client.get(f"/eventos/{alone.id}").get_data(as_text=True)
    ch.published = False
    db.session.commit()
    assert "Seção do campeonato" not in client.get(f"/eventos/{world['swiss'].id}").get_data(as_text=True)


def test_page_in_english(client, world):  # type: ignore[no-untyped-def]
    client.get("/lang/en")
    page = client.get(f"/campeonatos/{world['championship'].id}").get_data(as_text=True)
    assert "Sections" in page and "Schedule" in page and "Round 1 of 3" in page
