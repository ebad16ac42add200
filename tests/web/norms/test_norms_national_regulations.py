"""The regulations page's "Normas e títulos" section: a FIDE chess event lists the B.01 articles
used and our decisions marked as the federation's; a draughts event with national titles lists
their requirements as the federation's own rules and says the FMJD norms are not implemented;
other events have no such section."""
from __future__ import annotations

from html import unescape

from tests.web.norms.norm_events import FIELD, SIX_AND_A_HALF, build_round_robin
from tests.web.norms.test_norms_national_events import add_titles, build


def _regulations(client, event) -> str:  # type: ignore[no-untyped-def]
    response = client.get(f"/eventos/{event.id}/regulamento")
    assert response.status_code == 200
    return unescape(response.get_data(as_text=True))


def test_fide_event_regulations_list_articles_and_our_decisions(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event, _players, _staff = build_round_robin(db, make_user, make_player, make_event, FIELD, SIX_AND_A_HALF)
    page = _regulations(client, event)
    section = page.split('id="normas-titulos"')[1]
    assert "Handbook B.01), edição B.01-2024" in section
    for article in ("1.4.1:", "1.4.2:", "1.4.3 e 1.4.4:", "1.4.5:", "1.4.6:", "1.4.7 a 1.4.9:"):
        assert article in section
    assert "1.4.6c: entre adversários empatados no menor rating, sobe o da rodada mais antiga (decisão da federação)" in section
    assert "[ours]" not in section
    assert f"/eventos/{event.id}/normas" in section


def test_draughts_event_regulations_list_national_titles(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event, _players, _staff = build(db, make_user, make_player, make_event)
    assert 'id="normas-titulos"' not in _regulations(client, event)  # no national titles yet
    add_titles(db)
    section = _regulations(client, event).split('id="normas-titulos"')[1]
    assert "regras próprias da federação" in section and "MN</strong> — Mestre Nacional (decisão da federação)" in section
    assert "média dos adversários de ao menos 1800" in section and "aproveitamento de ao menos 60%" in section
    assert "Normas FMJD: não implementadas" in section and "paperzz.com/doc/7212183" in section
    assert "1.4.1:" not in section


def test_no_norms_section_for_a_plain_event(client, db, make_event):  # type: ignore[no-untyped-def]
    event = make_event(discipline="xadrez", ruleset="cbjd")
    assert 'id="normas-titulos"' not in _regulations(client, event)
