"""Imports: the registry and rating lists (staff), many entries to an
event (staff and the event's arbiters). Upload -> preview (nothing written) -> confirm; the
preview carries the rows signed (`services.imports.carry`). Routes stay thin: the services read,
plan and write."""
from __future__ import annotations

from datetime import date
from typing import Any, Callable

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from flask_wtf import FlaskForm

from damas.engine.rating.lists import FEDERATION_GAME
from damas.extensions import db
from damas.models import Event
from damas.services.errors import ServiceError
from damas.services.imports import carry
from damas.services.imports import entries as entries_import
from damas.services.imports import rating_lists, registry
from damas.services.imports.common import Plan
from damas.services.imports.tabular import ImportRefused, Row
from damas.services.locking import retrying
from damas.web.downloads import attachment
from damas.web.access import event_editor_required, staff_required
from damas.web.imports.forms import UploadForm, RatingListForm, EntriesForm, ConfirmForm

bp = Blueprint("imports", __name__, url_prefix="/importar")

FIELD_NAMES = {
    "full_name": _l("nome"), "birth_date": _l("nascimento"), "sex": _l("sexo"), "club": _l("clube"),
    "state": _l("UF"), "federation_id": _l("nº federação"), "fide_id": _l("FIDE ID"),
    "rating_regular": _l("rating clássico"), "rating_rapid": _l("rating rápido"), "rating_blitz": _l("rating blitz"),
    "regular": _l("clássico"), "rapid": _l("rápido"), "blitz": _l("blitz"),
}
STATUS_NAMES = {"new": _l("novo"), "update": _l("atualizar"), "same": _l("sem mudança"), "skip": _l("ignorado"),
                "error": _l("erro")}
VERDICT_NAMES = {"found": _l("encontrado"), "unknown": _l("não encontrado"), "ambiguous": _l("ambíguo"),
                 "entered": _l("já inscrito"), "repeated": _l("repetido"), "format": _l("formato inválido"),
                 "limit": _l("fora dos limites")}
MAX_LEFT = 200  # lines left out listed after entering the good ones










def _file() -> tuple[bytes, str] | None:
    storage = request.files.get("file")
    if storage is None or not storage.filename:
        return None
    return storage.read(), storage.filename


def _rows_view(plan: Plan) -> list[dict[str, Any]]:
    def text(value: Any) -> str:
        if value is None or value == "":
            return "—"
        return value.strftime("%d/%m/%Y") if isinstance(value, date) else str(value)

    return [{"line": r.line, "status": r.status, "name": r.name,
             "status_name": str(VERDICT_NAMES[r.verdict] if r.verdict else STATUS_NAMES[r.status]),
             "reason": r.reason, "player_id": r.player_id,
             "changes": [f"{FIELD_NAMES.get(k, k)}: {text(a)} → {text(b)}" if a not in (None, "") else
                         f"{FIELD_NAMES.get(k, k)}: {text(b)}" for k, a, b in r.changes]}
            for r in plan.rows]


def _template(body: str, name: str) -> Response:
    return attachment(body.encode("utf-8"), "text/csv", name)


def _preview(kind: str, title: str, plan: Plan, rows: list[Row], filename: str, confirm_url: str,
             back_url: str, event_id: int | None = None, extra: dict[str, Any] | None = None) -> str:
    form = ConfirmForm()
    form.token.data = carry.seal(kind, current_user.id, rows, filename, event_id, extra)
    counts = {s: plan.count(s) for s in STATUS_NAMES}
    return render_template("imports/preview.html", title=title, rows=_rows_view(plan), counts=counts,
                           ok=plan.ok, filename=filename, form=form, confirm_url=confirm_url, back_url=back_url,
                           status_names={k: str(v) for k, v in STATUS_NAMES.items()})


def _upload_page(form: FlaskForm, title: str, intro: str, template_url: str, error: str | None = None,
                 event: Event | None = None, source: str = "file", left: list[Any] | None = None) -> str:
    """The upload page; `source` ("file" or "list") words the refusal, `left` the lines left out."""
    return render_template("imports/upload.html", form=form, title=title, intro=intro, template_url=template_url,
                           error=error, event=event, source=source, left=left or [])


def _confirm(kind: str, event_id: int | None, action: Callable[[list[Row], str, dict[str, Any]], Plan],
             done: Callable[[Plan], str], back: str, onward: str) -> Response:
    """Unseal the previewed rows and run the import: on to `onward` with the summary, or back to
    the upload page `back` with the refusal message (nothing written)."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        flash(_("A prévia expirou ou foi alterada; envie o arquivo de novo."), "error")
        return redirect(back)
    try:
        rows, filename, extra = carry.unseal(form.token.data, kind, current_user.id, event_id)
        plan = retrying(lambda: action(rows, filename, extra))
    except (ImportRefused, ServiceError) as error:
        db.session.rollback()
        flash(error.message if isinstance(error, ServiceError) else str(error), "error")
        return redirect(back)
    flash(done(plan), "success")
    return redirect(onward)


# ---------------------------------------------------------------- registry

@bp.route("/jogadores", methods=["GET", "POST"])
@staff_required
def registry_upload():  # type: ignore[no-untyped-def]
    form = UploadForm()
    title = _("Importar cadastro de jogadores")
    intro = _("Colunas: nome, nascimento, sexo, clube, UF, nº federação, FIDE ID e ratings clássico, rápido e "
              "blitz (cabeçalhos em português ou inglês). Um jogador é reconhecido pelo nº de federação, depois "
              "pelo FIDE ID, depois por nome e nascimento. Nada é gravado antes da confirmação.")
    template_url = url_for("imports.registry_template")
    if request.method == "POST" and form.validate_on_submit():
        upload = _file()
        if upload is None:
            return _upload_page(form, title, intro, template_url, _("Escolha um arquivo."))
        try:
            rows = registry.read_registry(*upload)
            plan = registry.plan_registry(rows)
        except ImportRefused as error:
            return _upload_page(form, title, intro, template_url, str(error))
        return _preview("registry", title, plan, rows, upload[1], url_for("imports.registry_confirm"),
                        url_for("imports.registry_upload"))
    return _upload_page(form, title, intro, template_url)


@bp.post("/jogadores/confirmar")
@staff_required
def registry_confirm():  # type: ignore[no-untyped-def]
    return _confirm("registry", None, lambda rows, name, _x: registry.apply_registry(current_user, rows, name),
                    lambda p: _("Cadastro importado: %(new)s novos, %(upd)s atualizados.",
                                new=p.count("new"), upd=p.count("update")),
                    url_for("imports.registry_upload"), url_for("players.list_players"))


@bp.get("/jogadores/modelo.csv")
@staff_required
def registry_template():  # type: ignore[no-untyped-def]
    return _template(registry.registry_template(), "modelo-cadastro-jogadores.csv")


# ---------------------------------------------------------------- rating lists

@bp.route("/ratings", methods=["GET", "POST"])
@staff_required
def rating_upload():  # type: ignore[no-untyped-def]
    form = RatingListForm()
    title = _("Importar lista de rating")
    intro = _("Colunas: nº federação (ou FIDE ID), nome (opcional) e rating clássico, rápido e/ou blitz, das "
              "listas da modalidade escolhida (damas 64, damas 100 ou xadrez). Cada valor fica registrado na página do jogador com a lista, a data e o arquivo. Eventos ainda sem a "
              "1ª rodada emparceirada reordenam a lista inicial; os demais mantêm os ratings congelados.")
    template_url = url_for("imports.rating_template")
    if request.method == "POST" and form.validate_on_submit():
        upload = _file()
        if upload is None:
            return _upload_page(form, title, intro, template_url, _("Escolha um arquivo."))
        if form.list_date.data > date.today():
            return _upload_page(form, title, intro, template_url, _("A data da lista não pode estar no futuro."))
        try:
            rows = rating_lists.read_rating_list(*upload)
            plan = rating_lists.plan_rating_list(rows, form.list_date.data, form.discipline.data)
        except ImportRefused as error:
            return _upload_page(form, title, intro, template_url, str(error))
        extra = {"source": form.source.data.strip(), "list_date": form.list_date.data.isoformat(),
                 "discipline": form.discipline.data}
        return _preview("ratings", title, plan, rows, upload[1], url_for("imports.rating_confirm"),
                        url_for("imports.rating_upload"), extra=extra)
    return _upload_page(form, title, intro, template_url)


@bp.post("/ratings/confirmar")
@staff_required
def rating_confirm():  # type: ignore[no-untyped-def]
    def action(rows: list[Row], name: str, extra: dict[str, Any]) -> Plan:
        return rating_lists.apply_rating_list(current_user, rows, name, extra.get("source", ""),
                                              date.fromisoformat(extra.get("list_date", "")),
                                              extra.get("discipline", FEDERATION_GAME))

    return _confirm("ratings", None, action,
                    lambda p: _("Lista de rating importada: %(upd)s jogadores com rating novo.",
                                upd=p.count("update")),
                    url_for("imports.rating_upload"), url_for("players.list_players"))


@bp.get("/ratings/modelo.csv")
@staff_required
def rating_template():  # type: ignore[no-untyped-def]
    return _template(rating_lists.rating_list_template(), "modelo-lista-rating.csv")


# ---------------------------------------------------------------- many entries

def _entries_texts(event: Event) -> tuple[str, str, str]:
    """The title, the intro and the template link the upload page and the box after a partial entry share."""
    title = _("Inscrever vários jogadores")
    intro = _("Envie um arquivo (nº federação, FIDE ID, nome, nascimento) ou cole um jogador por linha. Cada "
              "linha é conferida: jogador no cadastro, ainda não inscrito, vagas e teto de rating do evento.")
    return title, intro, url_for("imports.entries_template", event_id=event.id)


def _entries_preview(event: Event, plan: Plan, rows: list[Row], filename: str, source: str,
                     pasted: str) -> str:
    """Every line's verdict: confirm all when all are good, else enter only the
    good lines (the token carries just those) or mend the list in its box and check it again."""
    good = entries_import.good_rows(plan, rows)
    left = [[r.line, r.reason] for r in plan.errors][:MAX_LEFT]
    extra = {"source": source, "mend": entries_import.mend_text(plan, rows) if source == "list" else "",
             "left": left}
    form = ConfirmForm()
    form.token.data = carry.seal("entries", current_user.id, good, filename, event.id, extra)
    counts = {v: sum(1 for r in plan.rows if r.verdict == v) for v in entries_import.VERDICTS}
    mend_form = None
    if source == "list":
        mend_form = EntriesForm(formdata=None)
        mend_form.pasted.data = entries_import.suggested_text(plan, pasted)
    title = _entries_texts(event)[0]
    return render_template("imports/preview.html", title=title, rows=_rows_view(plan), counts=counts,
                           ok=plan.ok, filename=filename, form=form,
                           confirm_url=url_for("imports.entries_confirm", event_id=event.id),
                           back_url=url_for("imports.entries_upload", event_id=event.id), source=source,
                           good_count=len(good), mend_form=mend_form, event=event, verdicts=True,
                           status_names={k: str(v) for k, v in VERDICT_NAMES.items()})


@bp.route("/eventos/<int:event_id>/inscricoes", methods=["GET", "POST"])
@event_editor_required
def entries_upload(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id) or abort(404)
    form = EntriesForm()
    title, intro, template_url = _entries_texts(event)
    if request.method == "POST" and form.validate_on_submit():
        upload = _file()
        source = "file" if upload else "list"
        try:
            rows = entries_import.read_entries(upload[0] if upload else None, upload[1] if upload else "",
                                               form.pasted.data or "")
            plan = entries_import.plan_entries(event, rows)
        except ImportRefused as error:
            return _upload_page(form, title, intro, template_url, str(error), event, source)
        filename = upload[1] if upload else ""
        return _entries_preview(event, plan, rows, filename, source, form.pasted.data or "")
    return _upload_page(form, title, intro, template_url, event=event)


def _expired_preview() -> str:
    """What to send again when the preview's token fails: the token cannot say what it held, the
    confirm form's own field does ("lista" for a paste, "arquivo" for a file)."""
    if request.form.get("source") == "list":
        return _("A prévia expirou ou foi alterada; cole a lista de novo.")
    return _("A prévia expirou ou foi alterada; envie o arquivo de novo.")


@bp.post("/eventos/<int:event_id>/inscricoes/confirmar")
@event_editor_required
def entries_confirm(event_id: int):  # type: ignore[no-untyped-def]
    """Enter the previewed good lines; when some were left out, back to the box holding the lines to
    mend, with every line left out listed."""
    event = db.session.get(Event, event_id) or abort(404)
    back = url_for("imports.entries_upload", event_id=event.id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        flash(_expired_preview(), "error")
        return redirect(back)
    try:
        rows, filename, extra = carry.unseal(form.token.data, "entries", current_user.id, event.id)
        if not rows:
            raise ServiceError(_("Nenhuma linha válida para inscrever."))
        plan = retrying(lambda: entries_import.apply_entries(current_user, event, rows, filename))
    except carry.PreviewExpired:
        flash(_expired_preview(), "error")
        return redirect(back)
    except (ImportRefused, ServiceError) as error:
        db.session.rollback()
        flash(error.message if isinstance(error, ServiceError) else str(error), "error")
        return redirect(back)
    flash(_("%(n)s jogadores inscritos.", n=len(plan.rows)), "success")
    left = list(extra.get("left") or [])
    if not left:
        return redirect(url_for("events.manage_entries", event_id=event.id))
    mend = EntriesForm(formdata=None)
    mend.pasted.data = str(extra.get("mend") or "")
    title, intro, template_url = _entries_texts(event)
    source = str(extra.get("source") or "file")
    return _upload_page(mend, title, intro, template_url, event=event, source=source, left=left)


@bp.get("/eventos/<int:event_id>/inscricoes/modelo.csv")
@event_editor_required
def entries_template(event_id: int):  # type: ignore[no-untyped-def]
    return _template(entries_import.entries_template(), "modelo-inscricoes.csv")
