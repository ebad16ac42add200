"""A withdrawal's reason under the FIDE rules names the FIDE-GR article in the page's language:
"Quando nem todas as partidas são jogadas" on Portuguese pages, "Where not all games are
played" on English ones (never the English title on a Portuguese page), on the standings and
in the arbiter's report."""
from __future__ import annotations

from damas.models import GameResult, Role
from tests.web.desk.test_desk import make_chief, running_event, set_result
from tests.web.rounds.test_late_entry_withdrawn import _play_round, _post_ok
from tests.web.reports.test_reports_pdf import pdf_text


def test_fide_swiss_withdrawal_reason_names_the_article_in_the_pages_language(
        client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = [make_player(full_name=f"Xadrezista {n}", rating_regular=1800 - 10 * n) for n in range(4)]
    event = make_event(arbiters=(arbiter,), pairing_system="dutch", ruleset="fide", discipline="xadrez",
                       planned_rounds=3)
    login_as(arbiter)
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    rnd = _play_round(client, db, event, 1)
    loser = rnd.games[0].black_entry_id
    _post_ok(client, f"/eventos/{event.id}/jogadores",
             {"w-entry_id": loser, "w-after_round": 1, "w-note": "viagem", "w-submit": "1"},
             expect="Desistência registrada.")
    pt = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    assert "(FIDE-GR, Quando nem todas as partidas são jogadas, f)" in pt
    assert "Where not all games" not in pt
    en = client.get(f"/eventos/{event.id}/classificacao?lang=en").get_data(as_text=True)
    assert "(FIDE-GR, Where not all games are played, f)" in en


def test_arbiter_report_names_the_forfeit_article_in_portuguese(
        client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (_a, _b, c, _d) = running_event(db, make_event, make_player, (arbiter,), rounds=2, pairing_system="dutch")
    make_chief(db, event, arbiter)  # desk settings: FIDE-GR forfeit rule, proposal after 1 default
    set_result(db, event, 1, 2, GameResult.BLACK_FORFEIT_WIN)  # c lost by default: expulsion proposed
    login_as(arbiter)
    html = client.get(f"/eventos/{event.id}/relatorios/arbitro").get_data(as_text=True)
    proposed = html.split("Eliminações propostas", 1)[1].split("Incidentes e penalidades", 1)[0]
    assert c.player.full_name in proposed
    assert "FIDE-GR, Quando nem todas as partidas são jogadas (a)" in proposed and "Where not all" not in proposed
    flat = " ".join(pdf_text(client.get(f"/eventos/{event.id}/relatorios/arbitro.pdf").data).split())
    assert "Where not all" not in flat and "Quando nem todas as" in flat  # the cell wraps in the PDF
