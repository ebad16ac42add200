"""The event's audit trail page: every change with who, when, before and after; filters by
kind, object, user and round; CSV export with the same filters."""
from __future__ import annotations

import csv
import io

from damas.models import GameResult, Role
from tests.web.desk.test_desk import incident, running_event, sanction


def test_audit_page_filters_and_csv(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    first, second = make_user(Role.ARBITER, name="Árbitro Um"), make_user(Role.ARBITER, name="Árbitra Dois")
    event, (a, b, c, d) = running_event(db, make_event, make_player, (first, second), rounds=2)
    login_as(first)
    rnd1 = f"/eventos/{event.id}/rodadas/1/resultados"
    from tests.web.desk.test_desk import board

    g = board(db, event, 1, 2)
    client.post(rnd1, data={f"result-{g.id}": "=-=", f"version-{g.id}": g.version})
    incident(client, event, a, number=2)
    login_as(second)
    sanction(client, event, c, "verbal_warning", number=1)

    url = f"/eventos/{event.id}/auditoria"
    page = client.get(url).get_data(as_text=True)
    for text in ("Resultado", "Incidente", "Sanção", "Árbitro Um", "Árbitra Dois", "Exportar CSV"):
        assert text in page
    only_results = client.get(url + "?action=result").get_data(as_text=True)
    assert "=-=" in only_results and "CBJD 60 a" not in only_results
    by_user = client.get(url + f"?user={second.id}").get_data(as_text=True)
    warning = "Advertência verbal (CBJD 51 a)"  # the sanction's name, not its code
    assert warning in by_user and "verbal_warning" not in by_user and "CBJD 60 a (56)" not in by_user
    round2 = client.get(url + "?round=2").get_data(as_text=True)
    assert "CBJD 60 a (56)" in round2 and warning not in round2
    by_object = client.get(url + f"?object_type=game&object_id={g.id}").get_data(as_text=True)
    assert "=-=" in by_object and warning not in by_object

    export = client.get(f"/eventos/{event.id}/mesa/auditoria.csv?round=1")
    assert export.mimetype == "text/csv" and "attachment" in export.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(export.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["quando_utc", "quem", "acao", "objeto", "id", "rodada", "antes", "depois"]
    assert sorted(r[2] for r in rows[1:]) == ["result", "sanction"]
    result_row = next(r for r in rows[1:] if r[2] == "result")
    assert result_row[1] == "Árbitro Um" and '"result": ""' in result_row[6] and '"result": "=-="' in result_row[7]


def test_pairings_and_withdrawals_are_in_the_trail(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = [make_player(rating_regular=2000 - i) for i in range(4)]
    from damas.models import EventStatus

    event = make_event(arbiters=(arbiter,), players=tuple(players), status=EventStatus.RUNNING, planned_rounds=3)
    login_as(arbiter)
    client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "lot"})
    client.post(f"/eventos/{event.id}/rodadas/1/publicar")
    entry = event.entries[0]
    client.post(f"/eventos/{event.id}/jogadores", data={"w-entry_id": entry.id, "w-after_round": 1, "w-note": "doente",
                                                         "w-submit": "1"})
    page = client.get(f"/eventos/{event.id}/auditoria").get_data(as_text=True)
    assert "Desistência" in page and "Publicação" in page
    csv_text = client.get(f"/eventos/{event.id}/mesa/auditoria.csv").get_data(as_text=True)
    assert ",withdraw,entry," in csv_text and ",publish,round," in csv_text
    assert GameResult.WITHDRAWN.value in csv_text


def test_desk_settings_are_validated_and_audited(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    from damas.models.desk import DeskSettings

    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,))
    login_as(arbiter)
    url = f"/eventos/{event.id}/mesa/configuracoes"
    assert client.get(url).status_code == 200
    data = {"incident_scope": "event", "extra_minutes": 2, "loss_from": 3, "disconnection_limit": 2,
            "disconnection_scope": "game", "forfeit_propose_after": "", "forfeit_expel_after": 3,
            "correction_mode": "next_pairing", "correction_hours": 24, "appeal_fee": "80.00",
            "appeal_deadline_minutes": 30, "refund_if_upheld": "y"}
    bad = client.post(url, data={**data, "loss_from": 0}).get_data(as_text=True)
    assert "Corrija os campos indicados." in bad
    assert db.session.get(DeskSettings, event.id) is None
    ok = client.post(url, data=data, follow_redirects=True).get_data(as_text=True)
    assert "Configurações da mesa gravadas." in ok
    db.session.expire_all()
    s = db.session.get(DeskSettings, event.id)
    assert (s.incident_scope, s.forfeit_propose_after, s.appeal_fee_cents, s.refund_if_reasonable) == ("event", 0, 8000, False)
    trail = client.get(f"/eventos/{event.id}/auditoria?action=desk_settings").get_data(as_text=True)
    assert "Configurações da mesa" in trail and "next_pairing" in trail
