"""The event's tiebreak settings (RULES.md §4 [ours, configurable]) reach the standings."""
from __future__ import annotations

from damas.models import AuditEntry, Event, GameResult, Role, Round

FORM = {
    "name": "Aberto com Opções", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "berger",
    "planned_rounds": "3", "time_minutes": "60", "time_increment": "0",
    "start_date": "2026-12-01", "end_date": "2026-12-02", "tiebreak_order": "WIN, BH",
}


def _win_column(client, event_id):  # type: ignore[no-untyped-def]
    import re

    html = client.get(f"/eventos/{event_id}/classificacao").get_data(as_text=True)
    head = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
    win = [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>.*?</th>", head, re.S)].index("WIN")
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = {}
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        rows[cells[1]] = cells[win]  # rank, name, (club: left out when nobody has one), rating, points, WIN, BH
    return rows


def test_win_counts_forfeit_wins_only_when_the_event_says_so(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    players = [make_player(full_name=f"Opção {n}", rating_regular=2000 - n) for n in range(1, 5)]
    client.post("/eventos/novo", data=FORM)
    event = db.session.query(Event).one()
    assert event.tiebreak_options is None
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"})
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    forfeit, played = sorted(rnd.games, key=lambda g: g.board)
    forfeit.result, played.result = GameResult.WHITE_FORFEIT_WIN, GameResult.WHITE_WIN
    db.session.commit()
    winner = forfeit.white.player.full_name
    assert _win_column(client, event.id)[winner] == "0"

    edit = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert "Partidas não jogadas nos desempates" in edit
    client.post(f"/eventos/{event.id}/editar", data={**FORM, "win_forfeits": "y", "unplayed_rule": "played"})
    db.session.expire_all()
    assert db.session.get(Event, event.id).tiebreak_options == {"unplayed": "played", "win_forfeits": True}
    assert _win_column(client, event.id)[winner] == "1"
    update = db.session.query(AuditEntry).filter_by(action="update", object_type="event").one()
    assert update.after["tiebreak_options"] == {"unplayed": "played", "win_forfeits": True}
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "Desempates por adversário contam só as partidas jogadas." in rules
    assert "WIN conta também as vitórias por W.O." in rules
    edit = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert '<option selected value="played">' in edit


def test_unknown_unplayed_rule_is_refused(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data={**FORM, "unplayed_rule": "whatever"}, follow_redirects=True)
    assert "Escolha inválida." in response.get_data(as_text=True)
    assert db.session.query(Event).count() == 0


CHESS = {**FORM, "name": "Aberto FIDE", "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch",
         "planned_rounds": "5", "tiebreak_order": ""}


def test_fide_event_from_1_march_2026_uses_the_2026_unplayed_rule(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    """C.07 of 1 March 2026: a FIDE event starting that day or later defaults to the 2026 rule
    (regulations page, standings); one before the 2023 regulations (1 April 2024) keeps the seed rule; either may choose."""
    from damas.formats.event_rules import event_ruleset, unplayed_rule

    login_as(make_user(Role.STAFF))
    client.post("/eventos/novo", data={**CHESS, "start_date": "2026-03-01", "end_date": "2026-03-02"})
    client.post("/eventos/novo", data={**CHESS, "name": "Aberto antigo", "start_date": "2024-03-30",
                                       "end_date": "2024-03-31"})
    new, old = db.session.query(Event).order_by(Event.start_date.desc()).all()
    assert (unplayed_rule(new), unplayed_rule(old)) == ("fide-2026", "seed")
    assert event_ruleset(new).unplayed == "fide-2026"
    rules = client.get(f"/eventos/{new.id}/regulamento").get_data(as_text=True)
    assert "em vigor desde 1º/3/2026" in rules
    rules = client.get(f"/eventos/{old.id}/regulamento").get_data(as_text=True)
    assert "empate contra o próprio jogador" in rules
    client.post(f"/eventos/{old.id}/editar", data={**CHESS, "name": "Aberto antigo", "start_date": "2024-03-30",
                                                   "end_date": "2024-03-31", "unplayed_rule": "fide-2026"})
    db.session.expire_all()
    assert db.session.get(Event, old.id).tiebreak_options == {"unplayed": "fide-2026"}
    assert unplayed_rule(db.session.get(Event, old.id)) == "fide-2026"


def test_tiebreak_order_accepts_fide_acronyms(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    """FIDE's spellings (C.07: BH/C1, WON, BPG, GE) are stored as our codes; unknown ones refused."""
    login_as(make_user(Role.STAFF))
    client.post("/eventos/novo", data={**CHESS, "tiebreak_order": "bh/c1, WON, BPG, GE, TPN"})
    assert db.session.query(Event).one().tiebreak_order == "BH-C1, WIN, BLK, REP, TPN"
    response = client.post("/eventos/novo", data={**CHESS, "name": "Outro", "tiebreak_order": "BH/C1, AOB"},
                           follow_redirects=True)
    assert "Desempate desconhecido: AOB" in response.get_data(as_text=True)
    assert db.session.query(Event).count() == 1
