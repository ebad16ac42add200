"""The player card names its two scores: the tournament score ("Pontos no torneio", the event's
points: 2 a win under CBJD) and W, the points obtained for the rating (a win 1, a draw ½, only
against rated opponents), so "6" beside "3" is not left to guess."""
from __future__ import annotations

from damas.models import Player
from tests.web.awards.test_awards_helpers import finished_round_robin


def test_the_card_labels_the_tournament_score_and_the_rating_w(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=3)
    pedro = db.session.scalar(db.select(Player).where(Player.full_name == "Pedro Sá"))
    html = client.get(f"/eventos/{event.id}/jogadores/{pedro.id}").get_data(as_text=True)
    total = html[html.index('<p class="total">'):]
    assert total[:total.index("</p>")].startswith('<p class="total">Pontos no torneio: <strong>')
    summary = html[html.index('class="rating-summary"'):]
    summary = summary[:summary.index("</p>")]
    assert "Pontos obtidos para o rating (W) <strong>" in summary and "obtidos (W)" not in summary.replace(
        "Pontos obtidos para o rating (W)", "")
    assert "vitória = 1 e empate = ½" in summary and "pontos no torneio seguem a pontuação do evento" in summary
