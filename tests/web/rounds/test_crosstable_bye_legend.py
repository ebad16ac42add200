"""The Swiss crosstable names every round without an opponent with ONE word per language
("isento" in Portuguese, "bye" in English; no "bye 1" beside "isento 2") and explains its
symbols under the table, on the page and in the PDF."""
from __future__ import annotations

import re
from datetime import datetime, timezone

from damas.models import EventStatus, Game, GameResult, RequestKind, Round, RoundRequest, RoundStatus
from tests.web.reports.test_reports_pdf import pdf_text


def _swiss_with_byes(db, make_event, make_player):  # type: ignore[no-untyped-def]
    """Six players, round 1 played: 1-2, 3-4, a pairing bye for 5 and a half-point bye for 6."""
    players = tuple(make_player(full_name=f"Jogador {i}", rating_regular=2000 - i) for i in range(1, 7))
    event = make_event(players=players, pairing_system="dutch", planned_rounds=3, status=EventStatus.RUNNING)
    entries = sorted(event.entries, key=lambda e: e.pairing_number)
    db.session.add(RoundRequest(event_id=event.id, entry_id=entries[5].id, round_number=1, kind=RequestKind.HALF_BYE))
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED, published_at=datetime.now(timezone.utc))
    rnd.games = [Game(board=1, white_entry_id=entries[0].id, black_entry_id=entries[1].id, result=GameResult.WHITE_WIN),
                 Game(board=2, white_entry_id=entries[2].id, black_entry_id=entries[3].id, result=GameResult.DRAW),
                 Game(board=3, white_entry_id=entries[4].id, black_entry_id=None, result=GameResult.BYE)]
    db.session.add(rnd)
    db.session.commit()
    return event


def _cells(html: str) -> list[str]:
    return re.findall(r'<td class="num cell">([^<]*)</td>', html)


def test_portuguese_crosstable_uses_one_word_for_byes_and_explains_the_symbols(
        client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    event = _swiss_with_byes(db, make_event, make_player)
    page = client.get(f"/eventos/{event.id}/tabela").get_data(as_text=True)
    byes = [c for c in _cells(page) if not c[:1].isdigit()]
    assert len(byes) == 2 and all(c.startswith("isento ") for c in byes), byes
    assert "bye" not in " ".join(_cells(page))
    legend = "isento N: rodada sem adversário"
    assert legend in page
    text = " ".join(pdf_text(client.get(f"/eventos/{event.id}/relatorios/tabela.pdf").data).split())
    assert legend in text and "bye 1" not in text


def test_english_crosstable_says_bye_and_explains_it(client, db, make_event, make_player):  # type: ignore[no-untyped-def]
    event = _swiss_with_byes(db, make_event, make_player)
    page = client.get(f"/eventos/{event.id}/tabela?lang=en").get_data(as_text=True)
    byes = [c for c in _cells(page) if not c[:1].isdigit()]
    assert len(byes) == 2 and all(c.startswith("bye ") for c in byes), byes
    assert "isento" not in page
    assert "bye N: a round without an opponent" in page
