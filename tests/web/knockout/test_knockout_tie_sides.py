"""On the bracket page each player's line of a tie reads from his own side ("venceu X 1–0",
"perdeu para Y 0–1"), whatever colour he had: the games' table stays white-first, his line not."""
from __future__ import annotations

import re

from tests.web.knockout.test_knockout_event import _post_game, _proposed, _win, knockout_event  # noqa: F401 (fixture)
from tests.web.knockout.test_knockout_team_pages import _finished_knockout


def _lines(page: str, key: str) -> list[str]:
    card = page[page.index(f'id="confronto-{key}"'):]
    card = card[:card.index("</section>")]
    items = re.findall(r"<li[^>]*>(.*?)</li>", card[:card.index("</ul>")], re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", i).split()) for i in items]


def test_each_players_line_reads_from_his_side(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    eid, _players = _finished_knockout(client, db, make_user, make_player, make_event, login_as)
    page = client.get(f"/eventos/{eid}/eliminatoria").get_data(as_text=True)
    # the final: Bruno (white) beat Ana; Ana, the top line, reads her loss
    assert _lines(page, "2-0") == ["(1) Ana Primeira perdeu para Bruno Segundo 0–1",
                                   "(2) Bruno Segundo venceu Ana Primeira 1–0"]
    # a semi-final: Bruno beat Carla (colours by lot), each line reads from its player's side
    semi = next(k for k in ("1-0", "1-1") if "Carla Terceira" in _lines(page, k)[1])
    assert _lines(page, semi) == ["(2) Bruno Segundo venceu Carla Terceira 1–0",
                                  "(3) Carla Terceira perdeu para Bruno Segundo 0–1"]
    # the games themselves stay game lines, white first
    assert page.count("<th>Brancas</th>") == 3


def test_a_tie_in_progress_and_one_won_in_the_playoff_say_so(client, db, knockout_event, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = knockout_event
    base = f"/eventos/{event.id}/eliminatoria"
    client.post(f"{base}/configurar", data={"games": "1", "drawn": "playoff", "rapid_games": "2", "places": "4"})
    login_as(arbiter)
    client.post(f"{base}/iniciar")
    _post_game(client, db, event.id, (1, 1), "=-=")  # 8 v 9 drawn: the playoff follows
    assert _lines(client.get(base).get_data(as_text=True), "1-1") == [
        "(8) Jogador 08 contra Jogador 09: ½–½, em andamento", "(9) Jogador 09 contra Jogador 08: ½–½, em andamento"]
    _win(client, db, event.id, (1, 1), 8)
    _win(client, db, event.id, (1, 1), 9)
    _e, _l, _t, (_white, black, _stage) = _proposed(db, event.id, (1, 1))
    _post_game(client, db, event.id, (1, 1), "=-=")  # Armageddon drawn: Black goes through
    winner, loser = (8, 9) if black == 8 else (9, 8)
    lines = _lines(client.get(base).get_data(as_text=True), "1-1")
    assert f"({winner}) Jogador {winner:02d} venceu Jogador {loser:02d} ½–½ no desempate" in lines
    assert f"({loser}) Jogador {loser:02d} perdeu para Jogador {winner:02d} ½–½ no desempate" in lines
