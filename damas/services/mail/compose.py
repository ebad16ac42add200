"""Rendering a mail in its recipient's language, with links that work from a mail client."""
from __future__ import annotations

from contextlib import nullcontext
from typing import Any, ContextManager

from flask import current_app, has_request_context, render_template, url_for
from flask_babel import force_locale

from damas.services.federation.settings import federation_name
from damas.services.mail.message import InlineImage, OutgoingMail

LOCALES = ("pt_BR", "en")


def external_url(endpoint: str, **values: Any) -> str:
    """An absolute link to a page: on the site's public address (``PUBLIC_URL``) when set, else
    the address the request came to; outside a request (CLI, worker) ``PUBLIC_URL`` or
    localhost."""
    base = (current_app.config.get("PUBLIC_URL") or "").rstrip("/")
    if has_request_context():
        return base + url_for(endpoint, **values) if base else url_for(endpoint, _external=True, **values)
    with _request_context():
        return url_for(endpoint, _external=True, **values)


def _request_context() -> ContextManager[Any]:
    """A request context on the public address when there is none (CLI, worker): links and the
    recipient's language need one."""
    if has_request_context():
        return nullcontext()
    return current_app.test_request_context(base_url=(current_app.config.get("PUBLIC_URL") or "http://localhost"))


def compose(kind: str, to: str, locale: str, subject: Any, headers: tuple[tuple[str, str], ...] = (),
            inline: tuple[InlineImage, ...] = (), **context: Any) -> OutgoingMail:
    """The mail ``templates/mail/<kind>.txt`` and ``.html`` render for `to` in `locale`.
    `subject` is a lazy string (``lazy_gettext``), translated here in that language; `inline`:
    the images the HTML shows by ``cid:``."""
    locale = locale if locale in LOCALES else "pt_BR"
    with _request_context(), force_locale(locale):
        subject_text = str(subject)
        values = {"subject": subject_text, "federation": federation_name(), "recipient": to, **context}
        text = render_template(f"mail/{kind}.txt", **values)
        html = render_template(f"mail/{kind}.html", **values)
    return OutgoingMail(to=to, subject=subject_text, text=text, html=html, kind=kind, headers=headers,
                        inline=tuple(inline))
