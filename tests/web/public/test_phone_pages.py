"""Public pages on a phone and "find my name" (issue 17, points 11 and 12), with the test client.

The browser half (widths measured in Chromium, the search box typed into) is in tests/browser/.
"""
from __future__ import annotations

import re

from damas.models import EventStatus, GameResult, Role
from damas.web.find_name import fold, name_matches


def _played(db, make_event, players, staff):  # type: ignore[no-untyped-def]
    """A round robin of the players with round 1 played and round 2 published."""
    from damas.services.rounds.round_robin import generate_round_robin
    from damas.services.results.recording import publish_round, record_results

    event = make_event(players=tuple(players), status=EventStatus.RUNNING, planned_rounds=3)
    rounds = generate_round_robin(staff, event, "rating")
    publish_round(staff, event, rounds[0])
    record_results(staff, event, {g.id: (GameResult.DRAW, g.version) for g in rounds[0].games})
    publish_round(staff, event, rounds[1])
    return event


def _rows(html: str) -> dict[str, bool]:
    """Player id -> whether the row is shown, for the rows of a findable table."""
    return {m.group(1): " hidden" not in m.group(2) for m in re.finditer(r'<tr data-players="([\d ]+)"([^>]*)>', html)}


def test_fold_ignores_accents_case_and_spaces():  # type: ignore[no-untyped-def]
    assert fold("  JOSÉ   Ávila  Conceição ") == "jose avila conceicao"
    assert name_matches("jose", "José Ávila") and name_matches("", "anyone")
    assert not name_matches("maria", "José Ávila", None)


def test_category_standings_leave_out_an_empty_club_column(client, db, make_user, make_player, make_event, make_club):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    clubless = _played(db, make_event, [make_player() for _ in range(4)], staff)
    page = client.get(f"/eventos/{clubless.id}/categorias/absoluto").get_data(as_text=True)
    assert ">Clube</th>" not in page and "após a rodada 1" in page
    standings = client.get(f"/eventos/{clubless.id}/classificacao").get_data(as_text=True)
    assert ">Clube</th>" not in standings
    report = client.get(f"/eventos/{clubless.id}/relatorios/lista-inicial").get_data(as_text=True)
    assert ">Clube</th>" not in report and ">Nº na federação</th>" in report

    club = make_club(short_name="CDF")
    with_club = _played(db, make_event, [make_player(club_id=club.id) for _ in range(4)], staff)
    page = client.get(f"/eventos/{with_club.id}/categorias/absoluto").get_data(as_text=True)
    assert '<th class="wide-only">Clube</th>' in page and "CDF" in page


def test_phones_see_place_name_points_and_every_tiebreak(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    """Issue 27 point 2 (was: the first tiebreak only, issue 17): every tiebreak decides the order,
    so a phone shows them all (the table scrolls under a sticky place and name)."""
    staff = make_user(Role.STAFF)
    event = _played(db, make_event, [make_player() for _ in range(4)], staff)
    page = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    head = re.search(r"<thead>(.*?)</thead>", page, re.S).group(1)
    cells = [(cls, re.sub(r"<[^>]+>", "", text).strip())
             for cls, text in re.findall(r'<th( class="[^"]*")?[^>]*>(.*?)</th>', head, re.S)]
    tiebreaks = [text for cls, text in cells if " tb" in cls]
    assert len(tiebreaks) >= 2
    on_phone = [text for cls, text in cells if "wide-only" not in cls]
    assert on_phone == ["Col.", "Nome", "Pts", *tiebreaks]
    assert [text for cls, text in cells if "wide-only" in cls][:1] == ["Rating"]


def test_find_my_name_without_script_filters_rows_ignoring_accents_and_case(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    jose = make_player(full_name="José Ávila Conceição")
    others = [make_player(full_name=f"Maria Souza {i}") for i in range(3)]
    event = _played(db, make_event, [jose, *others], staff)
    for path in (f"/eventos/{event.id}", f"/eventos/{event.id}/classificacao",
                 f"/eventos/{event.id}/categorias/absoluto", f"/eventos/{event.id}/rodadas/2"):
        everyone = client.get(path).get_data(as_text=True)
        assert 'role="search"' in everyone and "Encontre seu nome" in everyone, path
        assert all(_rows(everyone).values()), path
        found = client.get(path + "?q=JOSE  avila").get_data(as_text=True)
        rows = _rows(found)
        shown = [ids for ids, visible in rows.items() if visible]
        assert shown and all(str(jose.id) in ids.split() for ids in shown), (path, rows)
        assert not all(rows.values()), path
        assert 'value="JOSE  avila"' in found and "Mostrar todos" in found
    nobody = client.get(f"/eventos/{event.id}/classificacao?q=zzz").get_data(as_text=True)
    assert not any(_rows(nobody).values())


def test_logged_in_player_rows_are_marked_for_highlighting(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    players = [make_player() for _ in range(4)]
    event = _played(db, make_event, players, staff)
    me = make_user(Role.PLAYER, player_id=players[2].id)
    anonymous = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    assert "data-me=" not in anonymous
    login_as(me)
    page = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    assert f'<body data-me="{players[2].id}">' in page
    assert str(players[2].id) in _rows(page)
    assert "data-find-me" in page  # the "Minha linha" button static/app.js reveals


def test_find_my_name_speaks_english(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event = _played(db, make_event, [make_player() for _ in range(4)], make_user(Role.STAFF))
    client.get("/lang/en")
    page = client.get(f"/eventos/{event.id}/classificacao?q=jogador").get_data(as_text=True)
    assert "Find your name" in page and 'data-found="{n} found — Enter: next"' in page
    assert "Showing only the names with “jogador”." in page and "Show everyone" in page


def test_find_my_name_on_a_team_event_and_its_rounds(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    """Issue 17 point 12 on a team micro-match: the event page's teams and a round's boards are
    searchable (each row names its players' ids), ?q= keeps only the matching ones without
    script, and the logged-in player's rows are marked."""
    from tests.web.micromatch.test_team_reports import _play_round, _team_event
    from damas.services.micromatch import team_events as team_service

    event, staff, _arbiter = _team_event(db, make_user, make_player)
    team_service.pair_team_round(staff, event)
    rnd = _play_round(event, staff)
    match = rnd.matches[0]
    me = match.team_a.members[0].player
    for path in (f"/eventos/{event.id}", f"/eventos/{event.id}/equipes/rodadas/1"):
        page = client.get(path).get_data(as_text=True)
        assert 'role="search"' in page and "findable" in page, path
        rows = _rows(page)
        assert rows and all(rows.values()) and any(str(me.id) in ids.split() for ids in rows), path
        found = _rows(client.get(f"{path}?q={me.full_name.split()[0].upper()}").get_data(as_text=True))
        shown = [ids for ids, visible in found.items() if visible]
        assert shown and all(str(me.id) in ids.split() for ids in shown) and not all(found.values()), path
    login_as(make_user(Role.PLAYER, player_id=me.id))
    page = client.get(f"/eventos/{event.id}/equipes/rodadas/1").get_data(as_text=True)
    assert f'data-me="{me.id}"' in page and "data-find-me" in page


def test_find_my_name_over_a_knockouts_ties(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    """Issue 17 point 12 on a knockout: the bracket page's ties are cards naming their players'
    ids; ?q= keeps the player's ties only."""
    from damas.services.rounds.knockout import save_settings, start_knockout

    staff = make_user(Role.STAFF)
    players = [make_player(full_name=name, rating_regular=2000 - 10 * i)
               for i, name in enumerate(("José Ávila", "Maria Souza", "Ana Lima", "Rita Melo"))]
    event = make_event(players=tuple(players), pairing_system="knockout", time_minutes=60)
    save_settings(staff, event, 1, "replay", 2, 2)
    start_knockout(staff, event, lot_seed=1)
    page = client.get(f"/eventos/{event.id}/eliminatoria").get_data(as_text=True)
    assert 'role="search"' in page and 'class="tie-list findable"' in page
    cards = {m.group(1): " hidden" not in m.group(2)
             for m in re.finditer(r'<section class="tie-card[^"]*" id="[^"]+" data-players="([\d ]+)"([^>]*)>', page)}
    assert len(cards) == 2 and all(cards.values())
    assert {int(i) for ids in cards for i in ids.split()} == {p.id for p in players}
    found = client.get(f"/eventos/{event.id}/eliminatoria?q=jose").get_data(as_text=True)
    cards = {m.group(1): " hidden" not in m.group(2)
             for m in re.finditer(r'<section class="tie-card[^"]*" id="[^"]+" data-players="([\d ]+)"([^>]*)>', found)}
    assert [ids for ids, shown in cards.items() if shown] == [next(i for i in cards if str(players[0].id) in i.split())]
