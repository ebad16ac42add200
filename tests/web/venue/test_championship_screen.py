"""A championship's wall screen (`/campeonatos/<id>/telao`) and its pages fragment: the pages of
each section out of draft and played by boards, one after the other in the championship's order,
each titled with its section; every section's revision followed; seconds per page from the first
section's settings, the top N from each section's own; an unpublished championship is a 404 but
for staff; the championship page links the screen for everyone."""
from __future__ import annotations

from damas.models import GameResult, Role
from damas.services.venue.screen import save_screen_settings
from tests.conftest import login
from tests.web.venue.championship_screen_world import build_championship_world
from tests.web.venue.wall_screen_world import WallMarkup, enter


def test_pages_of_both_sections_one_after_the_other(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    world = build_championship_world(make_user, make_player, make_event)
    big, small, champ = world["event"], world["small"], world["championship"]
    save_screen_settings(world["staff"], big, {"screen_seconds": "8", "screen_top_n": "20"})
    save_screen_settings(world["staff"], small, {"screen_seconds": "30", "screen_top_n": "3"})
    response = client.get(f"/campeonatos/{champ.id}/telao")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    markup = WallMarkup(html)
    assert "<title>Telão · Campeonato do Salão 2026" in html
    assert markup.root["data-wall-revision"] == f"/eventos/{big.id}/revisao /eventos/{small.id}/revisao"
    assert markup.root["data-wall-pages-url"] == f"/campeonatos/{champ.id}/telao/paginas"
    assert [s.get("src", "").split("?")[0] for s in markup.scripts] == ["/static/venue/wall_screen.js"]
    db.session.refresh(big)
    db.session.refresh(small)
    assert markup.region["data-wall-rev"] == f"{big.revision}.{small.revision}"
    assert markup.region["data-wall-seconds"] == "8"  # the first section's

    keys = [p["key"] for p in markup.pages]
    assert keys == [f"{big.id}-pairings-1", f"{big.id}-pairings-2", f"{big.id}-standings-1", f"{big.id}-standings-2",
                    f"{big.id}-results-1", f"{small.id}-pairings-1", f"{small.id}-results-1"]
    assert [p["hidden"] for p in markup.pages] == [False] + [True] * 6
    for page in markup.pages:  # each page titled with its section, its footer naming its live page
        name, event = ("Absoluto 2026", big) if page["key"].startswith(f"{big.id}-") else ("Sub-14 2026", small)
        assert name in page["text"], page["key"]
        assert f"/eventos/{event.id}/ao-vivo" in page["text"], page["key"]
    small_pairings = markup.pages[5]
    assert "Rodada 1 — emparceiramento" in small_pairings["text"]
    assert small_pairings["rows"][1] == ["2", "Sub-14 Jogador 2", "0 – 2", "Sub-14 Jogador 6"]
    assert len(small_pairings["rows"]) == 4
    # the draft and the knockout sections stay off the screen
    assert "Final (rascunho)" not in html and "Copa mata-mata" not in html


def test_follows_a_new_result_in_one_section(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    world = build_championship_world(make_user, make_player, make_event)
    small, champ = world["small"], world["championship"]
    before = client.get(f"/campeonatos/{champ.id}/telao/paginas")
    assert before.status_code == 200
    html = before.get_data(as_text=True)
    assert "<html" not in html and html.count("data-wall-region") == 1
    big_rev, small_rev = WallMarkup(html).region["data-wall-rev"].split(".")

    enter(world["staff"], small, world["small_boards"][3], GameResult.DRAW)
    after = WallMarkup(client.get(f"/campeonatos/{champ.id}/telao/paginas").get_data(as_text=True))
    new_big, new_small = after.region["data-wall-rev"].split(".")
    assert new_big == big_rev and int(new_small) > int(small_rev)  # only that section's revision moved
    pages = {p["key"]: p for p in after.pages}
    assert pages[f"{small.id}-pairings-1"]["rows"][2][2] == "1 – 1"
    assert pages[f"{small.id}-results-1"]["rows"][0][0] == "rod. 1 3"  # newest first


def test_settings_of_each_section_for_its_own_pages(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    world = build_championship_world(make_user, make_player, make_event)
    big, champ = world["event"], world["championship"]
    save_screen_settings(world["staff"], big, {"screen_seconds": "5", "screen_top_n": "3"})
    markup = WallMarkup(client.get(f"/campeonatos/{champ.id}/telao/paginas").get_data(as_text=True))
    assert markup.region["data-wall-seconds"] == "5"
    standings = [p for p in markup.pages if p["key"].startswith(f"{big.id}-standings")]
    assert len(standings) == 1 and len(standings[0]["rows"]) == 3


def test_unpublished_championship_404_but_for_staff(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    world = build_championship_world(make_user, make_player, make_event, published=False)
    champ = world["championship"]
    for path in ("telao", "telao/paginas"):
        assert client.get(f"/campeonatos/{champ.id}/{path}").status_code == 404
        assert client.get(f"/campeonatos/999999/{path}").status_code == 404
    login(client, world["arbiter"])  # the arbiter of a section is not staff
    assert client.get(f"/campeonatos/{champ.id}/telao").status_code == 404
    login(client, world["staff"])
    assert client.get(f"/campeonatos/{champ.id}/telao").status_code == 200
    html = client.get(f"/campeonatos/{champ.id}/telao/paginas").get_data(as_text=True)
    assert "Final (rascunho)" not in html  # a draft section stays off the screen, even for staff


def test_a_championship_without_sections_to_show_waits(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    world = build_championship_world(make_user, make_player, make_event)
    champ = world["championship"]
    champ.sections = [s for s in champ.sections if s.event_id in (world["draft"].id, world["knockout"].id)]
    db.session.commit()
    html = client.get(f"/campeonatos/{champ.id}/telao").get_data(as_text=True)
    markup = WallMarkup(html)
    assert [p["key"] for p in markup.pages] == [f"c{champ.id}-waiting"]
    assert markup.root["data-wall-revision"] == "" and markup.region["data-wall-seconds"] == "12"
    assert "Campeonato do Salão 2026" in html


def test_the_championship_page_links_the_screen_for_everyone(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    champ = build_championship_world(make_user, make_player, make_event)["championship"]
    link = f'href="/campeonatos/{champ.id}/telao"'
    assert link in client.get(f"/campeonatos/{champ.id}").get_data(as_text=True)
    login(client, make_user(Role.PLAYER))
    assert link in client.get(f"/campeonatos/{champ.id}").get_data(as_text=True)
