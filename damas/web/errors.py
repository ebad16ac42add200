"""Error pages in the visitor's language."""
from __future__ import annotations

from flask import Flask, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(403)
    def forbidden(_error):  # type: ignore[no-untyped-def]
        return render_template("errors/error.html", code=403), 403

    @app.errorhandler(404)
    def not_found(_error):  # type: ignore[no-untyped-def]
        return render_template("errors/error.html", code=404), 404

    @app.errorhandler(413)
    def too_large(_error):  # type: ignore[no-untyped-def]
        limit = request.max_content_length or 0  # the route's own limit (web.body_limits), else the app's
        size = f"{limit / 1024 / 1024:.1f} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"
        message = _("O arquivo enviado é grande demais: o limite é %(size)s. Nada foi gravado; envie um arquivo "
                    "menor.", size=size.replace(".", ",") if str(get_locale()) != "en" else size)
        return render_template("errors/error.html", code=413, message=message), 413

    @app.errorhandler(429)
    def too_many_requests(error):  # type: ignore[no-untyped-def]
        """Flask-Limiter refused the request (damas.web.guards.limits): a page, with its Retry-After."""
        return render_template("errors/error.html", code=429), 429

    @app.errorhandler(CSRFError)
    def csrf_error(_error):  # type: ignore[no-untyped-def]
        return render_template("errors/error.html", code=400), 400
