"""Searches forgive accents and case everywhere a name is looked for: the player search
(`/jogadores/?q=cicero` found nobody), the event's entry search, and the bulk entry list, which
offers the registered spelling ("Cicero Silva" -> "Cícero Silva?") instead of "não encontrado"."""
from __future__ import annotations

import re
from html import unescape

from damas.engine.folding import fold
from damas.models import Entry, Role


def test_fold_drops_accents_case_and_spacing():
    assert fold("  Cícero   SILVA ") == "cicero silva"
    assert fold("JOÃO Conceição") == fold("joao conceicao")
    assert fold("Ｊｏｓé") == "jose"  # compatibility forms (a fullwidth J) fold too


def test_player_search_ignores_accents_and_case(client, make_player, make_club):  # type: ignore[no-untyped-def]
    club = make_club(name="Clube São José")
    make_player(full_name="Cícero Silva", federation_id="CE-10")
    make_player(full_name="João Conceição", federation_id="CE-11", club_id=club.id)
    make_player(full_name="Maria Lima", federation_id="CE-12")
    for query, found in (("cicero", "Cícero Silva"), ("JOAO", "João Conceição"), ("conceicao", "João Conceição"),
                         ("sao jose", "João Conceição"), ("Cícero", "Cícero Silva")):
        page = unescape(client.get("/jogadores/", query_string={"q": query}).get_data(as_text=True))
        assert found in page, query
        assert "Maria Lima" not in page, query


def test_a_percent_sign_in_the_search_is_a_percent_sign(client, make_player):  # type: ignore[no-untyped-def]
    make_player(full_name="Cícero Silva", federation_id="CE-10")
    page = unescape(client.get("/jogadores/", query_string={"q": "%"}).get_data(as_text=True))
    assert "Cícero Silva" not in page


def test_a_renamed_player_is_found_by_his_new_name(db, client, make_player):  # type: ignore[no-untyped-def]
    player = make_player(full_name="Jose Souza", federation_id="CE-13")
    player.full_name = "José Ângelo Souza"
    db.session.commit()
    page = unescape(client.get("/jogadores/", query_string={"q": "angelo"}).get_data(as_text=True))
    assert "José Ângelo Souza" in page


def test_event_entry_search_ignores_accents(client, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    make_player(full_name="Cícero Silva", federation_id="CE-10")
    event = make_event(arbiters=(arbiter,))
    login_as(arbiter)
    page = unescape(client.get(f"/eventos/{event.id}/inscricoes", query_string={"q": "cicero"}).get_data(as_text=True))
    assert "Cícero Silva" in page


def test_bulk_list_offers_the_accented_spelling_and_enters_it_when_sent_again(  # type: ignore[no-untyped-def]
        client, db, make_user, make_player, make_event, login_as):
    arbiter = make_user(Role.ARBITER)
    cicero = make_player(full_name="Cícero Silva", federation_id="CE-10")
    event = make_event(arbiters=(arbiter,))
    login_as(arbiter)
    html = unescape(client.post(f"/importar/eventos/{event.id}/inscricoes",
                                data={"pasted": "Cicero Silva\n"}).get_data(as_text=True))
    assert "quis dizer Cícero Silva?" in html
    box = re.search(r"<textarea[^>]*>(.*?)</textarea>", html, re.S)
    assert box is not None and box.group(1).strip() == "Cícero Silva"
    assert db.session.query(Entry).count() == 0  # offered, never entered on a guess
    again = client.post(f"/importar/eventos/{event.id}/inscricoes", data={"pasted": box.group(1)}).get_data(as_text=True)
    token = re.search(r'name="token" type="hidden" value="([^"]+)"', again).group(1)
    assert client.post(f"/importar/eventos/{event.id}/inscricoes/confirmar", data={"token": token}).status_code == 302
    assert [e.player_id for e in db.session.query(Entry)] == [cicero.id]


def test_bulk_list_suggestion_speaks_english(client, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    make_player(full_name="Cícero Silva", federation_id="CE-10")
    event = make_event(arbiters=(arbiter,))
    login_as(arbiter)
    client.get("/lang/en")
    html = unescape(client.post(f"/importar/eventos/{event.id}/inscricoes",
                                data={"pasted": "cicero silva"}).get_data(as_text=True))
    assert "did you mean Cícero Silva?" in html
