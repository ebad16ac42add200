"""The demo shows entry fees working end to end: the demo player's unpaid entry with its BR
Code on Minha área, the bank statement the demo writes reconciled (one credit by transaction id,
one by amount and name, one unknown), and a passed payment deadline applied by staff with the
reserve moving up."""
from __future__ import annotations

import re
from pathlib import Path

from sqlalchemy import func, select

from damas.cli import damas_cli
from damas.models import Entry, EntryStatus, Event
from damas.models.fees import FeePayment
from damas.models.registration import ReserveEntry, ReserveStatus


def _log_in(client, email: str) -> None:  # type: ignore[no-untyped-def]
    client.post("/conta/sair")
    assert client.post("/conta/entrar", data={"email": email, "password": "demo12345"}).status_code == 302


def _hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}"[^>]*value="([^"]*)"', page).group(1)


def test_demo_fees_end_to_end(app, client, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    statement = Path(re.search(r"a bank statement to reconcile: (\S+\.ofx)", result.output).group(1))
    rapid = db.session.scalar(select(Event).where(Event.name.like("Aberto de Damas Rápidas%")))

    _log_in(client, "jogador@demo.damas.br")
    mine = client.get("/conta/minha-area").get_data(as_text=True)
    assert "Pagar com Pix" in mine and "aguardando pagamento" in mine
    pay = client.get(f"/conta/inscricoes/{rapid.id}/pagamento").get_data(as_text=True)
    assert "<svg" in pay and "br.gov.bcb.pix" in pay and "tesouraria@demo.damas.br" in pay and "R$ 30,00" in pay

    _log_in(client, "staff@demo.damas.br")
    with statement.open("rb") as fh:
        preview = client.post("/federacao/taxas/extrato", data={"file": (fh, statement.name)},
                              content_type="multipart/form-data").get_data(as_text=True)
    assert "identificador Pix" in preview and "valor e nome" in preview and "PADARIA BOM GOSTO" in preview
    before = db.session.scalar(select(func.count()).select_from(FeePayment))
    client.post("/federacao/taxas/extrato/confirmar", data={
        "statement": _hidden(preview, "statement"), "filename": _hidden(preview, "filename")})
    assert db.session.scalar(select(func.count()).select_from(FeePayment)) == before + 2

    caucaia = db.session.scalar(select(Event).where(Event.name.like("Aberto de Damas de Caucaia%")))
    plan = client.get(f"/eventos/{caucaia.id}/taxas/prazo").get_data(as_text=True)
    assert "Sem pagamento (2)" in plan and "Da reserva para as vagas livres (2)" in plan
    client.post(f"/eventos/{caucaia.id}/taxas/prazo")
    promoted = db.session.scalars(select(ReserveEntry).where(ReserveEntry.event_id == caucaia.id)).all()
    assert {r.status for r in promoted} == {ReserveStatus.PROMOTED}
    active = db.session.scalar(select(func.count()).select_from(Entry).where(
        Entry.event_id == caucaia.id, Entry.status == EntryStatus.REGISTERED))
    assert active == 8
