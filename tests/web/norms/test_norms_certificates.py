"""The IT1 norm certificate, the IT3 tournament report and the norms page's PDF, read back as
text; the norm settings form; the eligibility warnings on the event page (staff only)."""
from __future__ import annotations

import subprocess

from damas.models import AuditEntry, EventNormSettings, Role
from tests.conftest import login
from tests.web.norms.norm_events import FIELD, SIX_AND_A_HALF, build_round_robin


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF")
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def _event(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    return build_round_robin(db, make_user, make_player, make_event, FIELD, SIX_AND_A_HALF,
                             name="Internacional de Fortaleza", organiser="Clube de Xadrez",
                             round_times=[f"2026-12-{5 + (n // 2):02d}T{'09' if n % 2 == 0 else '15'}:00"
                                          for n in range(9)])


def test_it1_certificate_of_the_norm_achieved(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event, players, staff = _event(db, make_user, make_player, make_event)
    login(client, staff)
    client.post(f"/eventos/{event.id}/normas/configuracao",
                data={"kind": "ordinary", "host_federation": "bra", "chief_arbiter_title": "IA"})
    page = client.get(f"/eventos/{event.id}/normas").get_data(as_text=True)
    url = f"/eventos/{event.id}/normas/{players[0].id}/IM/it1.pdf"
    assert url in page  # the certificate is offered for the norm achieved
    text = pdf_text(client.get(url).data)
    for expected in ("FIDE IT1", "Certificate of title result", "Mestre Internacional (IM)", "Internacional de Fortaleza",
                     "Fortaleza", "05/12/2026", "13/12/2026", "BRA", "90 min + 30 s", "Árbitro Chefe (IA)",
                     "Enxadrista 01", "990001", "Enxadrista 02", "GM", "ARG", "2500", "990002",
                     "Clube de Xadrez", "Signature"):
        assert expected in text, expected
    lines = text.splitlines()
    assert any("Pontos" in ln and "6½" in ln for ln in lines)
    assert any("Ra" in ln and "2300" in ln and "2466" in ln for ln in lines)
    assert "5 (ARG, BRA, CHI, PER, URU)" in text
    # a norm not achieved has no certificate
    assert client.get(f"/eventos/{event.id}/normas/{players[0].id}/GM/it1.pdf").status_code == 404


def test_it3_tournament_report(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event, players, staff = _event(db, make_user, make_player, make_event)
    login(client, staff)
    text = pdf_text(client.get(f"/eventos/{event.id}/normas/it3.pdf").data)
    for expected in ("FIDE IT3", "Tournament report", "Internacional de Fortaleza", "Todos contra todos",
                     "Normas alcançadas", "Enxadrista 01", "Enxadrista 10", "Signature"):
        assert expected in text, expected
    achieved = next(ln for ln in text.splitlines() if "Enxadrista 01" in ln and " IM " in ln)
    assert "2300" in achieved and "2466" in achieved and "6½" in achieved
    # the chief arbiter's title is not recorded yet: IT3 says so
    assert "Título do árbitro principal não registrado" in text


def test_norms_page_pdf_is_public(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event, _players, _staff = _event(db, make_user, make_player, make_event)
    text = pdf_text(client.get(f"/eventos/{event.id}/normas.pdf").data)
    assert "Normas FIDE" in text and "Enxadrista 01" in text and "alcançada" in text and "1.4.5c" in text


def test_settings_change_the_checks_with_an_audit_entry(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    # every opponent's federation is ARG or BRA: a zonal (1.4.3c) exempts the foreigner requirement
    field = [(t, "ARG" if n in (2, 3, 4, 9) else f, r) for n, (t, f, r) in enumerate(FIELD, start=1)]
    event, players, staff = build_round_robin(db, make_user, make_player, make_event, field, SIX_AND_A_HALF)
    assert client.get(f"/api/v1/events/{event.id}/norms").get_json()["norms"][1]["missing"] == ["1.4.3"]
    login(client, staff)
    bad = client.post(f"/eventos/{event.id}/normas/configuracao", data={"kind": "zonal", "host_federation": "BR1"},
                      follow_redirects=True)
    assert "três letras da FIDE" in bad.get_data(as_text=True)
    assert db.session.get(EventNormSettings, event.id) is None
    client.post(f"/eventos/{event.id}/normas/configuracao", data={"kind": "zonal", "host_federation": "BRA"})
    im = next(r for r in client.get(f"/api/v1/events/{event.id}/norms").get_json()["norms"]
              if r["player_id"] == players[0].id and r["title_sought"] == "IM")
    assert im["met"] is True and im["exemption"] == "1.4.3c"
    assert db.session.query(AuditEntry).filter_by(action="norm_settings", event_id=event.id).count() == 1


def test_eligibility_warnings_on_the_event_page_for_staff(client, db, make_user, make_player,
                                                          make_event):  # type: ignore[no-untyped-def]
    # 60 minutes + 30 s: 90 minutes a player over 60 moves, below 120; three rounds on 05/12
    event, _players, staff = build_round_robin(
        db, make_user, make_player, make_event, FIELD, SIX_AND_A_HALF, time_minutes=60,
        round_times=["2026-12-05T09:00", "2026-12-05T14:00", "2026-12-05T19:00"])
    anonymous = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "Normas FIDE: condições do evento" not in anonymous
    login(client, staff)
    client.post(f"/eventos/{event.id}/normas/configuracao", data={"kind": "ordinary", "chief_arbiter_title": "NA"})
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "Normas FIDE: condições do evento" in page
    assert "Ritmo de jogo 60+30 equivale a 90 min" in page
    assert "05/12/2026 tem 3 rodadas: mais de duas rodadas num dia." in page
    assert "O árbitro principal tem o título NA" in page
    assert "Horários informados para 3 de 9 rodadas" in page
    arbiter = make_user(Role.ARBITER)
    login(client, arbiter)
    assert "Normas FIDE: condições do evento" not in client.get(f"/eventos/{event.id}").get_data(as_text=True)
