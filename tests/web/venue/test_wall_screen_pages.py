"""The event's wall screen (`/eventos/<id>/telao`) and its pages fragment: the current round's
pairings ten boards a page, the standings' top N, the latest results newest first; a draft is
hidden from visitors, an unknown event is a 404; a saved setting reaches the fragment."""
from __future__ import annotations

from damas.models import EventStatus, GameResult, Role
from damas.services.venue.screen import save_screen_settings
from tests.conftest import login
from tests.web.venue.wall_screen_world import WallMarkup, build_world, enter


def test_screen_page_shows_pairings_standings_and_latest_results(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    world = build_world(make_user, make_player, make_event)
    event = world["event"]
    response = client.get(f"/eventos/{event.id}/telao")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    markup = WallMarkup(html)
    assert markup.root["data-wall-revision"] == f"/eventos/{event.id}/revisao"  # the live pages' poll
    assert markup.root["data-wall-pages-url"] == f"/eventos/{event.id}/telao/paginas"
    assert [s.get("src", "").split("?")[0] for s in markup.scripts] == ["/static/venue/wall_screen.js"]
    assert "style=" not in html  # the CSP allows no inline style (nor inline script: above)
    db.session.refresh(event)
    assert markup.region["data-wall-rev"] == str(event.revision) and markup.region["data-wall-seconds"] == "12"

    pages = markup.pages
    # round 2: 12 boards on two pages; the top 20 after round 1 on two; the latest 10 results on one
    assert [p["kind"] for p in pages] == ["pairings-1", "pairings-2", "standings-1", "standings-2", "results-1"]
    assert [p["hidden"] for p in pages] == [False, True, True, True, True]
    first, second = pages[0]["rows"], pages[1]["rows"]
    assert len(first) == 10 and len(second) == 2
    assert first[0] == ["1", "Telão Jogador 01", "2 – 0", "Telão Jogador 14"]  # board 1 of round 2, result in
    assert first[1] == ["2", "Telão Jogador 02", "", "Telão Jogador 15"]  # still playing
    assert first[2][2] == "0 – 2"
    assert "Rodada 2 — emparceiramento" in pages[0]["text"] and "1/2" in pages[0]["text"]
    assert event.name in pages[0]["text"]

    standings = pages[2]["rows"] + pages[3]["rows"]
    assert len(standings) == 20
    assert "Classificação após a rodada 1" in pages[2]["text"]
    assert standings[0][0] == "1-8" and standings[0][3] == "2" and standings[-1][3] == "0"

    latest = pages[4]["rows"]
    assert len(latest) == 10
    # newest first: board 1 of round 2, then board 3 of round 2, then round 1 from board 12 down
    assert latest[0] == ["rod. 2 1", "Telão Jogador 01", "2 – 0", "Telão Jogador 14"]
    assert latest[1][0] == "rod. 2 3" and latest[1][2] == "0 – 2"
    assert [row[0] for row in latest[2:]] == [f"rod. 1 {b}" for b in range(12, 4, -1)]


def test_fragment_follows_a_new_result_and_the_settings(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    world = build_world(make_user, make_player, make_event)
    event, staff = world["event"], world["staff"]
    before = client.get(f"/eventos/{event.id}/telao/paginas")
    assert before.status_code == 200
    html = before.get_data(as_text=True)
    assert "<html" not in html and html.count("data-wall-region") == 1
    rev = WallMarkup(html).region["data-wall-rev"]

    enter(staff, event, world["second"][2], GameResult.DRAW)
    save_screen_settings(staff, event, {"screen_seconds": "5", "screen_top_n": "3"})
    after = WallMarkup(client.get(f"/eventos/{event.id}/telao/paginas").get_data(as_text=True))
    assert int(after.region["data-wall-rev"]) > int(rev)
    assert after.region["data-wall-seconds"] == "5"
    pages = after.pages
    assert [p["kind"] for p in pages] == ["pairings-1", "pairings-2", "standings-1", "results-1"]
    assert pages[0]["rows"][1][2] == "1 – 1"
    assert len(pages[2]["rows"]) == 3  # the top 3
    assert pages[3]["rows"][0][0] == "rod. 2 2"  # the draw just entered comes first


def test_before_any_round_a_waiting_page(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event = make_event(players=(make_player(), make_player()))
    html = client.get(f"/eventos/{event.id}/telao").get_data(as_text=True)
    assert [p["key"] for p in WallMarkup(html).pages] == [f"{event.id}-waiting"]
    assert "assim que a rodada for publicada" in html


def test_draft_event_hidden_and_unknown_event_404(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    draft = make_event(arbiters=(arbiter,), players=(make_player(), make_player()), status=EventStatus.DRAFT)
    for path in ("telao", "telao/paginas"):
        assert client.get(f"/eventos/{draft.id}/{path}").status_code == 404
        assert client.get(f"/eventos/999999/{path}").status_code == 404
    login(client, make_user(Role.ARBITER))  # an arbiter of other events
    assert client.get(f"/eventos/{draft.id}/telao").status_code == 404
    login(client, arbiter)  # its own editors see it
    assert client.get(f"/eventos/{draft.id}/telao").status_code == 200
    assert client.get(f"/eventos/{draft.id}/telao/paginas").status_code == 200


def test_settings_change_moves_the_revision_so_cached_pages_follow(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    world = build_world(make_user, make_player, make_event)
    event = world["event"]
    first = client.get(f"/eventos/{event.id}/telao/paginas")
    etag = first.headers.get("ETag")
    assert etag and client.get(f"/eventos/{event.id}/telao/paginas", headers={"If-None-Match": etag}).status_code == 304
    save_screen_settings(world["arbiter"], event, {"screen_seconds": 7, "screen_top_n": 20})
    again = client.get(f"/eventos/{event.id}/telao/paginas", headers={"If-None-Match": etag})
    assert again.status_code == 200 and 'data-wall-seconds="7"' in again.get_data(as_text=True)


def test_a_knockout_gets_a_note_instead_of_boards(client, db, make_player, make_event):  # type: ignore[no-untyped-def]
    event = make_event(players=(make_player(), make_player()), pairing_system="knockout", status=EventStatus.RUNNING)
    html = client.get(f"/eventos/{event.id}/telao").get_data(as_text=True)
    assert [p["key"] for p in WallMarkup(html).pages] == [f"{event.id}-elsewhere"]
    assert "torneios individuais jogados por mesas" in html
