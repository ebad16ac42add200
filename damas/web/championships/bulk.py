"""Many players into several sections at once (the organisers' "Inscrever vários" of a
championship): check the pasted list first, then enter it; each line all of its sections or none."""
from __future__ import annotations

from flask import abort, flash, render_template, request
from flask_babel import gettext as _
from flask_login import current_user, login_required

from damas.extensions import db
from damas.models.championships import Championship
from damas.services.championships import bulk_entries, entries
from damas.services.errors import ServiceError
from damas.services.events.lifecycle import can_edit_event
from damas.web.championships.blueprint import bp
from damas.web.championships.entry_forms import BulkSectionsForm
from damas.web.forms_util import choices, show_service_error


@bp.route("/campeonatos/<int:championship_id>/inscricao/varios", methods=["GET", "POST"])
@login_required
def enter_many(championship_id: int):  # type: ignore[no-untyped-def]
    """Paste one player per line, tick sections; "Conferir" writes nothing, "Inscrever" enters."""
    championship = db.session.get(Championship, championship_id) or abort(404)
    if not entries.may_enter_for_others(current_user, championship):
        abort(403)
    sections = [e for e in entries.sections(championship) if can_edit_event(current_user, e)]
    form = BulkSectionsForm()
    form.sections.choices = choices((e.id, e.name) for e in sections)
    results = None
    if request.method == "POST":
        if not form.validate_on_submit():
            flash(_("Cole a lista e escolha as seções da lista."), "error")
        else:
            entering = request.form.get("action") == "enter"
            action = bulk_entries.enter_many if entering else bulk_entries.check_many
            try:
                results = action(current_user, championship, form.pasted.data or "", form.sections.data or [])
            except ServiceError as error:
                show_service_error(form, error)
            else:
                if entering:
                    done = sum(1 for r in results if r.entered)
                    flash(_("%(n)s jogadores inscritos; as linhas recusadas estão abaixo com os motivos.", n=done),
                          "success" if done else "error")
    return render_template("championships/enter_many.html", championship=championship, form=form,
                           results=results, sections=sections)
