"""Public pages and the JSON API: the player card (games, colours, opponents, running score,
category places), the event's registration/invitation page and the API endpoints."""
from __future__ import annotations

from datetime import date

import pytest

from damas.models import EventStatus, Game, GameResult, RequestKind, Round, RoundRequest, RoundStatus
from damas.models.registration import GuestPolicy, RegistrationSettings


@pytest.fixture
def running(db, make_player, make_event):  # type: ignore[no-untyped-def]
    """A CBJD Swiss after one complete round and round 2 published with one game still on."""
    ana = make_player(full_name="Ana Sub12", sex="F", birth_date=date(2015, 5, 1), rating_regular=1800)
    bia = make_player(full_name="Bia Adulta", sex="F", birth_date=date(1990, 1, 1), rating_regular=1700)
    caio = make_player(full_name="Caio Sub14", sex="M", birth_date=date(2013, 1, 1), rating_regular=1600)
    davi = make_player(full_name="Davi Adulto", sex="M", birth_date=date(1980, 1, 1), rating_regular=1500)
    event = make_event(status=EventStatus.RUNNING, players=(ana, bia, caio, davi), pairing_system="dutch",
                       venue="Ginásio Central", organiser="Federação", chief_arbiter="Árbitra Chefe")
    a, b, c, d = sorted(event.entries, key=lambda e: e.pairing_number)
    r1 = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    r1.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id, result=GameResult.WHITE_WIN),
                Game(board=2, white_entry_id=d.id, black_entry_id=b.id, result=GameResult.DRAW)]
    r2 = Round(event_id=event.id, number=2, status=RoundStatus.PUBLISHED)
    r2.games = [Game(board=1, white_entry_id=b.id, black_entry_id=a.id),
                Game(board=2, white_entry_id=c.id, black_entry_id=d.id, result=GameResult.BLACK_WIN)]
    db.session.add_all([r1, r2, RoundRequest(event_id=event.id, entry_id=a.id, round_number=4,
                                             kind=RequestKind.ZERO_BYE)])
    db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                        guest_places=0, schedule="Sábado 9h: rodada 1", prizes="Troféus",
                                        contacts="fed@x.br"))
    db.session.commit()
    return event, ana


def test_player_card_shows_games_colours_opponents_running_score(client, running):  # type: ignore[no-untyped-def]
    event, ana = running
    page = client.get(f"/eventos/{event.id}/jogadores/{ana.id}").get_data(as_text=True)
    assert "Ana Sub12" in page and "Caio Sub14" in page and "Bia Adulta" in page
    assert "em jogo" in page  # round 2 still on
    card = client.get(f"/api/v1/events/{event.id}/players/{ana.id}").get_json()
    g1, g2 = card["games"]
    assert (g1["round"], g1["board"], g1["colour"], g1["opponent"]["name"], g1["points"], g1["running"]) == \
        (1, 1, "w", "Caio Sub14", "2", "2")
    assert (g2["round"], g2["board"], g2["colour"], g2["opponent"]["name"], g2["points"]) == (2, 1, "b", "Bia Adulta", "")
    assert card["total"] == "2"
    assert card["announced"] == [{"round": 4, "kind": "zero_bye"}]


def test_player_card_category_places(client, running):  # type: ignore[no-untyped-def]
    event, ana = running
    card = client.get(f"/api/v1/events/{event.id}/players/{ana.id}").get_json()
    places = {c["code"]: (c["rank"], c["of"]) for c in card["categories"]}
    # born 2015, event 2026: age 11 -> sub-12 ... sub-23, feminino and absoluto, not sub-10
    assert "sub-10" not in places
    assert places["absoluto"] == ("1", 4)
    assert places["sub-12"] == ("1", 1)
    assert places["sub-14"] == ("1", 2)
    assert places["feminino"][1] == 2
    page = client.get(f"/eventos/{event.id}/jogadores/{ana.id}").get_data(as_text=True)
    assert "Sub-12" in page and "1º de 1" in page


def test_player_card_unknown_player_404_and_draft_hidden(client, db, running, make_player, make_event):  # type: ignore[no-untyped-def]
    event, _ana = running
    stranger = make_player()
    assert client.get(f"/eventos/{event.id}/jogadores/{stranger.id}").status_code == 404
    draft = make_event(status=EventStatus.DRAFT, players=(stranger,))
    assert client.get(f"/eventos/{draft.id}/jogadores/{stranger.id}").status_code == 404
    assert client.get(f"/api/v1/events/{draft.id}").status_code == 404


def test_invitation_page_shows_brochure_items(client, running):  # type: ignore[no-untyped-def]
    event, _ana = running
    page = client.get(f"/eventos/{event.id}/inscricao").get_data(as_text=True)
    for text in ("Ginásio Central", "Sábado 9h: rodada 1", "Troféus", "fed@x.br", "Árbitra Chefe", "Federação",
                 "45x45", "Entrar para ir à reserva"):
        assert text in page, text


def test_api_events_and_standings(client, running, make_event):  # type: ignore[no-untyped-def]
    event, ana = running
    make_event(status=EventStatus.DRAFT, name="Rascunho Secreto")
    listed = client.get("/api/v1/events").get_json()["events"]
    assert [e["name"] for e in listed] == [event.name]
    assert listed[0]["entries"] == 4 and listed[0]["rating_list"] == "regular"
    detail = client.get(f"/api/v1/events/{event.id}").get_json()
    assert detail["registration"]["schedule"] == "Sábado 9h: rodada 1"
    assert [r["number"] for r in detail["rounds"]] == [1, 2]
    assert {c["code"] for c in detail["categories"]} >= {"absoluto", "sub-10", "sub-23", "feminino"}
    assert len(detail["start_list"]) == 4
    table = client.get(f"/api/v1/events/{event.id}/standings").get_json()
    assert table["after_round"] == 1 and table["category"] is None
    assert table["rows"][0]["name"] == "Ana Sub12" and table["rows"][0]["points"] == "2"
    assert len(table["rows"][0]["tiebreaks"]) == len(table["columns"])
    women = client.get(f"/api/v1/events/{event.id}/standings?category=feminino").get_json()
    assert women["category"] == "feminino"
    assert [r["name"] for r in women["rows"]] == ["Ana Sub12", "Bia Adulta"]
    assert client.get(f"/api/v1/events/{event.id}/standings?category=nada").status_code == 404
    boards = client.get(f"/api/v1/events/{event.id}/rounds/2").get_json()["boards"]
    assert boards[0]["white"]["name"] == "Bia Adulta" and boards[0]["result"] == ""
    assert client.get(f"/api/v1/events/{event.id}/rounds/3").status_code == 404
    assert "standings" in client.get("/api/v1/").get_json()["documentation"]



def test_api_gives_the_rating_list_of_the_starting_order_chosen_on_the_form(client, running, db):  # type: ignore[no-untyped-def]
    event, _ana = running
    assert client.get(f"/api/v1/events/{event.id}").get_json()["seed_rating_list"] == "regular"
    event.rating_list = "blitz"
    db.session.commit()
    detail = client.get(f"/api/v1/events/{event.id}").get_json()
    assert detail["seed_rating_list"] == "blitz" and detail["rating_list"] == "regular"  # CBJD 115: its games


def test_english_pages(client, running):  # type: ignore[no-untyped-def]
    event, ana = running
    client.get("/lang/en")
    card = client.get(f"/api/v1/events/{event.id}/players/{ana.id}").get_json()
    assert {c["name"] for c in card["categories"]} >= {"Open", "Women"}
    assert client.get(f"/eventos/{event.id}/jogadores/{ana.id}").status_code == 200
    assert client.get(f"/eventos/{event.id}/inscricao").status_code == 200
