"""`flask damas demo` leaves in the outbox one mail of each kind of a round's day: a round
published, a result entered, a report awaiting the opponent, the arbiter's waiting reports;
only to the demo accounts verified for it."""
from __future__ import annotations

from damas.cli import damas_cli


def test_demo_leaves_the_round_mails_in_the_outbox(app, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    mails = list(getattr(app.extensions["mailman"], "outbox", None) or [])
    by_subject = {m.subject: m for m in mails}
    event = next(s.split(":")[0] for s in by_subject if s.startswith("Rápido de Damas do Clube"))
    published = [m for m in mails if m.subject == f"{event}: rodada 1 publicada"]
    assert sorted(m.to[0] for m in published) == ["rapido.brancas1@demo.damas.br", "rapido.brancas2@demo.damas.br",
                                                  "rapido.pretas2@demo.damas.br"]
    assert all("Horário previsto:" in m.body and "Adversário:" in m.body for m in published)
    (entered,) = [m for m in mails if m.subject == f"{event}: resultado lançado na rodada 1"]
    assert entered.to == ["rapido.brancas1@demo.damas.br"] and "Vitória das brancas (2 – 0)" in entered.body
    (awaiting,) = [m for m in mails if m.subject == f"{event}: seu adversário informou o resultado da mesa 2"]
    assert awaiting.to == ["rapido.pretas2@demo.damas.br"] and "Empate (1 – 1)" in awaiting.body
    (arbiter,) = [m for m in mails if m.subject == f"{event}: relatos de resultado à espera na rodada 1"]
    assert arbiter.to == ["arbitro@demo.damas.br"] and "Mesa 2 (" in arbiter.body
    rapid = [m for m in mails if m.subject.startswith(event) or m.to == ["arbitro@demo.damas.br"]]
    assert len(rapid) == 6  # the rapid Swiss's mails (the account mails of the demo player are apart)
