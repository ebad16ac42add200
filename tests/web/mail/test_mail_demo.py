"""`flask damas demo` leaves one notification mail of each kind of an entry, the desk and the
rating list in the outbox: an entry confirmed, an announcement, a sanction, a withdrawal and a
closed rating period, to the two demo accounts confirmed for them (the account mails and a
round's mails have tests of their own)."""
from __future__ import annotations

from damas.cli import damas_cli


def test_the_demo_leaves_one_mail_of_each_kind(app, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    mails = list(getattr(app.extensions["mailman"], "outbox", None) or [])
    got = {(m.to[0], m.subject.split(":")[0]) for m in mails}
    assert {("avisos@demo.damas.br", "Inscrição confirmada"), ("avisos@demo.damas.br", "Congresso técnico na sexta-feira"),
            ("jogador@demo.damas.br", "Sanção registrada"), ("jogador@demo.damas.br", "Desistência registrada"),
            ("avisos@demo.damas.br", "Seu novo rating")} <= got
    notices = {"Inscrição confirmada", "Congresso técnico na sexta-feira", "Sanção registrada", "Desistência registrada",
               "Seu novo rating"}
    assert {m.to[0] for m in mails if m.subject.split(":")[0] in notices} == {"avisos@demo.damas.br",
                                                                              "jogador@demo.damas.br"}
