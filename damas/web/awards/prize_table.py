"""The prize-list editor page: one category's list as a table of lines.

Thin: the form's lines go to `services.prize_table.save_table` in one call; "Mais linhas"
re-shows the table with blank lines and saves nothing; a refused table is shown again as
typed, with one message per faulty line.
"""
from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.models import Event
from damas.reports.awards import category_name, prize_list
from damas.services.standings import categories as category_service
from damas.services.standings import prizes as prize_service
from damas.services.errors import ServiceError
from damas.services.standings.prize_table import PrizeTableError, save_table
from damas.web.awards.forms import CashTiesForm, PrizeTableForm
from damas.views.summaries import event_summary

BLANK_LINES = 3


def _money_text(centavos: int) -> str:
    reais, cents = divmod(centavos, 100)
    return f"{reais:,}".replace(",", ".") + f",{cents:02d}" if centavos else ""


def _lines_of(event: Event, code: str) -> list[dict[str, Any]]:
    rows = [r for r in prize_service.prize_rows(event) if r.category_code == code]
    lines = [{"place": str(r.place), "amount": _money_text(r.amount), "trophy": r.trophy, "medal": r.medal}
             for r in rows]
    return lines + [{} for _blank in range(BLANK_LINES)]


def prize_table_page(event: Event):  # type: ignore[no-untyped-def]
    cats = category_service.event_categories(event)
    codes = [c.code for c in cats]
    posted = request.method == "POST"
    code = (request.form.get("category_code") if posted else request.args.get("categoria")) or ""
    if code not in codes:
        code = codes[0] if codes else ""
    form = PrizeTableForm() if posted else PrizeTableForm(formdata=None, data={
        "category_code": code, "lines": _lines_of(event, code)})
    if posted and form.more.data:
        for _blank in range(BLANK_LINES):
            form.lines.append_entry()
    elif posted and form.validate_on_submit():
        lines = [{name: getattr(entry.form, name).data for name in ("place", "amount", "trophy", "medal", "remove")}
                 for entry in form.lines.entries]
        try:
            changed = save_table(current_user, event, code, lines)
        except PrizeTableError as error:
            for message in error.lines:
                flash(message, "error")
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("Tabela de prêmios gravada (%(n)s alterações).", n=changed) if changed
                  else _("Nada mudou na tabela de prêmios."), "success")
            return redirect(url_for("awards.manage_prizes", event_id=event.id, categoria=code))
    elif posted:
        flash(_("Corrija os campos indicados."), "error")
    current = next((c for c in cats if c.code == code), None)
    return render_template("awards/manage_prizes.html", event=event_summary(event), form=form,
                           ties_form=CashTiesForm(cash_ties=prize_service.cash_ties(event)),
                           prize_list=prize_list(event), category=code,
                           category_label=category_name(current) if current else "",
                           categories=[{"code": c.code, "name": category_name(c)} for c in cats])
