"""The site's own address in what pages, PDFs and API answers print.

A cached page is served to every later visitor, so it must not carry an address a visitor chose
(the `Host` or `X-Forwarded-Host` header). External URLs are built from the configured public
address: `PUBLIC_URL` (`DAMAS_PUBLIC_URL`), else `PREFERRED_URL_SCHEME://SERVER_NAME`; with
neither configured an API answer carries a relative URL, and only what must be absolute (the QR
codes on paper) falls back to the request's host, which the page cache then keys on
(`damas.web.serving.caching.page_key`).
"""
from __future__ import annotations

from typing import Any

from flask import current_app, request, url_for


def site_base() -> str:
    """The configured public address without a trailing slash ("" when none is configured)."""
    config = current_app.config
    if config.get("PUBLIC_URL"):
        return str(config["PUBLIC_URL"]).rstrip("/")
    if config.get("SERVER_NAME"):
        return f"{config.get('PREFERRED_URL_SCHEME') or 'http'}://{config['SERVER_NAME']}"
    return ""


def external_url(endpoint: str, **values: Any) -> str:
    """`url_for` from the configured public address, a relative URL when none is configured."""
    return site_base() + url_for(endpoint, **values)


def absolute_url(endpoint: str, **values: Any) -> str:
    """An absolute URL in any case (a QR code): the configured address, else the request's."""
    return (site_base() or request.host_url.rstrip("/")) + url_for(endpoint, **values)


def host_in_key() -> bool:
    """Whether pages depend on the request's host: only when no public address is configured."""
    return not site_base()
