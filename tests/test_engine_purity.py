"""The rules engine imports nothing from the web stack (DESIGN.md principle 2)."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

FORBIDDEN = ("flask", "flask_babel", "flask_login", "flask_wtf", "flask_migrate", "flask_sqlalchemy",
             "sqlalchemy", "wtforms", "weasyprint", "werkzeug", "jinja2")
ENGINE = Path(__file__).resolve().parent.parent / "damas" / "engine"


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_engine_module_imports_the_web_stack():
    offenders = {
        str(path.relative_to(ENGINE)): sorted(_imported_modules(path) & set(FORBIDDEN))
        for path in ENGINE.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_importing_every_engine_module_loads_no_web_package():
    modules = sorted(
        "damas.engine." + ".".join(p.relative_to(ENGINE).with_suffix("").parts)
        for p in ENGINE.rglob("*.py")
        if p.name not in ("__init__.py", "__main__.py")
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ENGINE.parent.parent)
    assert out.stdout.strip() == ""
