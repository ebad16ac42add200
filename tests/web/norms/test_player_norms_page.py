"""The public player page lists his titles (FIDE's, the draughts title with its name) and his
norms: every finished event in which he met one (FIDE or national), with a link to the event's
norms page, and whether he now meets a national title (rating and norms, the federation's rules).
The events are those of `test_norms_national_events` (draughts) and `norm_events` (chess)."""
from __future__ import annotations

from html import unescape

from damas.models import EventStatus
from tests.web.norms.norm_events import FIELD as CHESS_FIELD
from tests.web.norms.norm_events import SIX_AND_A_HALF, build_round_robin
from tests.web.norms.test_norms_national_events import add_titles, build


def _finish(db, event) -> None:  # type: ignore[no-untyped-def]
    event.status = EventStatus.FINISHED
    db.session.commit()


def _page(client, player) -> str:  # type: ignore[no-untyped-def]
    response = client.get(f"/jogadores/{player.id}")
    assert response.status_code == 200
    return unescape(response.get_data(as_text=True))


def test_national_norms_and_title_status(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    add_titles(db)
    event, players, _staff = build(db, make_user, make_player, make_event)
    # running: the checks are not final, the page lists no norm
    assert "Normas" not in _page(client, players[0]).split("Ratings por modalidade")[1].split("Carreira")[0]
    _finish(db, event)

    one = _page(client, players[0])  # met MN (1 of 2 norms), rating 1900 < 2000; MC met too
    assert "Mestre Nacional (MN)" in one and "Aberto de Damas" in one
    assert f'/eventos/{event.id}/normas#jogador-{players[0].id}' in one
    assert "05/12/2026" in one or "13/12/2026" in one
    assert "normas 1 de 2" in one and "rating 1900 (mínimo 2000)" in one
    assert "Ainda não cumpre: rating: 1900, mínimo 2000; normas: 1, necessárias 2." in one
    assert "decisão da federação" in one

    two = _page(client, players[1])  # missed MN by average; met MC (1 norm, 1990 >= 1800)
    assert "Mestre Candidato (MC)" in two and "Mestre Nacional (MN)" not in two
    assert "Cumpre as exigências do título" in two

    players[1].draughts_title = "MC"  # once he holds MC, it is a title, not a title in progress
    db.session.commit()
    two = _page(client, players[1])
    assert "MC — " in two and "Mestre Candidato" in two and "Cumpre as exigências" not in two


def test_fide_norm_and_titles_on_the_player_page(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event, players, _staff = build_round_robin(db, make_user, make_player, make_event, CHESS_FIELD,
                                               SIX_AND_A_HALF)
    _finish(db, event)
    one = _page(client, players[0])
    assert "Mestre Internacional (IM)" in one and "FIDE B.01" in one
    assert f'/eventos/{event.id}/normas#jogador-{players[0].id}' in one
    assert "Títulos nacionais em andamento" not in one
    gm = _page(client, players[1])  # a GM seeks nothing; his title is named
    assert 'class="player-fide-title">GM' in gm and "Grande Mestre (GM)" in gm
    assert "player-norms" not in gm
    players[2].draughts_title = "MI 64"
    db.session.commit()
    assert "International Master, tabuleiro de 64 casas (FMJD)" in _page(client, players[2])
