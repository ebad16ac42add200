"""damas: competition system for draughts (CBJD) and chess (FIDE) events.

`create_app` imports Flask lazily so that `damas.engine` stays importable (and pure)
without loading the web stack.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: Any = None) -> "Flask":
    """Application factory: `config` is a config class, a mapping of overrides, or None."""
    from damas.factory import build_app  # lazy: `import damas.engine` must not load Flask

    return build_app(config)
