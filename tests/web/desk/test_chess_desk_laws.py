"""Chess events speak the Laws of Chess, not CBJD (issue 24 point 6): a FIDE event's sanctions are
the Laws' penalties (art. 12.9), its desk settings do not say "CBJD 60", and desk labels and
messages are in the page's language and name players by name."""
from __future__ import annotations

from damas.models import GameResult, Role
from tests.web.desk.test_desk import board, incident, running_event, sanction

LAWS_12_9 = ["laws_warning", "laws_time_added", "laws_time_taken", "laws_score_raised", "laws_score_reduced",
             "laws_game_lost", "laws_fine", "laws_excluded_rounds", "laws_expulsion"]


def _chess(db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, entries = running_event(db, make_event, make_player, (arbiter,), ruleset="fide", discipline="xadrez")
    login_as(arbiter)
    return event, entries


def test_laws_12_9_sanctions_are_offered_in_a_chess_event(client, db, make_user, make_event, make_player,
                                                          login_as):  # type: ignore[no-untyped-def]
    event, entries = _chess(db, make_user, make_event, make_player, login_as)
    page = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    options = page.split('name="s-kind"', 1)[1].split("</select>", 1)[0]
    for kind in LAWS_12_9:
        assert f'value="{kind}"' in options
    assert "CBJD 51" not in page and "Advertência verbal" not in page and "Leis do Xadrez 12.9" in page
    assert "CBJD 60" not in client.get(f"/eventos/{event.id}/mesa/configuracoes").get_data(as_text=True)
    # a CBJD sanction is refused in a chess event; the Laws' game lost is applied, naming the player
    assert "Sanção inválida" in sanction(client, event, entries[0], "verbal_warning")
    done = sanction(client, event, entries[0], "laws_game_lost")
    assert f"Partida declarada perdida pelo jogador {entries[0].player.full_name}" in done
    assert board(db, event, 1, 1).result == GameResult.BLACK_WIN


def test_laws_desk_labels_in_the_pages_language_with_names(client, db, make_user, make_event, make_player,
                                                           login_as):  # type: ignore[no-untyped-def]
    event, entries = _chess(db, make_user, make_event, make_player, login_as)
    page = incident(client, event, entries[0], kind="fide_illegal_move", article="")
    table = page.split("<table", 1)[1]
    assert "Leis do Xadrez, Irregularidades (lance ilegal)" in table and "FIDE Laws, Irregularities" not in table
    assert entries[1].player.full_name in table.split('class="consequence"', 1)[1].split("</td>", 1)[0]
    client.get("/lang/en")
    english = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "FIDE Laws, Irregularities (illegal move)" in english and "Sanctions (Laws of Chess 12.9)" in english


def test_cbjd_event_keeps_cbjd_51(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, entries = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    page = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "Advertência verbal (CBJD 51 a)" in page and 'value="laws_warning"' not in page
    assert "Sanção inválida" in sanction(client, event, entries[0], "laws_warning")
