"""Builds the Flask application: config, extensions, blueprints, CLI, i18n."""
from __future__ import annotations

import gc
from pathlib import Path
from typing import Any, Mapping

from flask import Flask, has_request_context, request, session
from flask_login import current_user
from werkzeug.middleware.proxy_fix import ProxyFix

from damas.config import BASE_DIR, Config, trusted_hosts
from damas.extensions import babel, cache, csrf, db, limiter, login_manager, migrate
from damas.security import add_security_headers, check_secret_key
from damas.services.locking import sqlite_engine_options
from damas.web.serving.caching import cache_config, install_page_cache, static_fingerprints
from damas.web.serving.fast_path import install_fast_path
from damas.web.serving.server_timing import install_server_timing
from damas import models
from damas.services.events import revision
from damas.web import register_blueprints
from damas.cli import damas_cli
from damas.services.federation.settings import federation_name
from damas.services.mail import install_mail


def select_locale() -> str:
    """pt-BR unless the visitor switched to English (stored in the session) or asks ?lang=."""
    if not has_request_context():
        return "pt_BR"
    lang = request.args.get("lang") or session.get("lang")
    return lang if lang in ("pt_BR", "en") else "pt_BR"


def build_app(config: Any = None) -> Flask:
    app = Flask(
        __name__,
        template_folder=str(BASE_DIR / "templates"),
        static_folder=str(BASE_DIR / "static"),
        instance_path=str(BASE_DIR / "instance"),
    )
    app.config.from_object(Config)
    if isinstance(config, Mapping):
        app.config.update(config)
    elif config is not None:
        app.config.from_object(config)
    check_secret_key(app.config)
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config.get("PUBLIC_URL") or "",
                                                    app.config.get("EXTRA_TRUSTED_HOSTS") or "")
    install_server_timing(app)  # first: its clock runs over every other hook
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if app.config.get("GC_THRESHOLD"):
        gc.set_threshold(*app.config["GC_THRESHOLD"])

    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = sqlite_engine_options(
        app.config["SQLALCHEMY_DATABASE_URI"], app.config.get("SQLALCHEMY_ENGINE_OPTIONS"))
    db.init_app(app)
    migrate.init_app(app, db, render_as_batch=True, directory=str(BASE_DIR / "migrations"))
    csrf.init_app(app)
    login_manager.init_app(app)
    limiter.init_app(app)
    install_mail(app)
    app.after_request(add_security_headers)
    babel.init_app(
        app,
        locale_selector=select_locale,
        default_translation_directories=str(BASE_DIR / "damas" / "translations"),
    )

    cache.init_app(app, config={**cache_config(app.config.get("CACHE_URL", "")),
                                **{k: v for k, v in app.config.items() if k.startswith("CACHE_") and k != "CACHE_URL"}})
    revision.install()
    register_blueprints(app)
    install_fast_path(app, install_page_cache(app, select_locale))
    static_fingerprints(app)
    if app.config.get("PROXY_COUNT"):  # outermost: every layer sees the client's address and scheme
        count = int(app.config["PROXY_COUNT"])
        hosts = count if app.config.get("PROXY_TRUST_HOST") else 0  # X-Forwarded-Host only when told: clients forge it
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=hosts)  # type: ignore[method-assign]

    app.cli.add_command(damas_cli)

    @app.context_processor
    def inject_globals() -> dict[str, Any]:
        return {
            "federation_name": federation_name(),  # the settings page's, else DAMAS_FEDERATION
            "current_locale": select_locale(),
            "current_user": current_user,
        }

    return app
