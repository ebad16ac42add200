"""The architecture contracts of pyproject.toml ([tool.importlinter]) hold: the engine imports
nothing of the application; the layers web -> exports -> reports -> views -> presentation ->
services -> formats -> models -> engine; the services' areas in their tiers; no cycles between
packages at any depth; presentation reads nothing. `make test` runs lint-imports too; this test
keeps the contracts in every pytest run (CI)."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def test_import_contracts_are_kept():
    run = subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def _late_imports(path: Path, root: Path = ROOT) -> list[str]:
    """`module:line` of each import (of damas or anything else, absolute or relative) inside a
    function of `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(func):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return sorted(set(found), key=lambda hit: int(hit.rsplit(":", 1)[1]))


# The one allowed: the application factory imports Flask lazily so that `damas.engine` stays pure.
LAZY_FACTORY = {"damas/__init__.py"}


def test_no_import_inside_a_function():
    """A cycle may not hide behind an import inside a function (the acyclic-everywhere contract
    sees only what such imports would hide if they were at the top), and a module's imports are
    read in one place, at its top: what it depends on is what its first lines say."""
    late = [hit for path in sorted((ROOT / "damas").rglob("*.py"))
            if str(path.relative_to(ROOT)) not in LAZY_FACTORY for hit in _late_imports(path)]
    assert late == [], "imports inside functions: " + ", ".join(late)


def test_the_late_import_check_finds_one(tmp_path: Path):
    """The check above can fail: a function importing damas (absolute and relative) or another
    library is found."""
    sample = tmp_path / "sample.py"
    sample.write_text("from damas.engine import types\n\n\ndef f():\n    from damas.engine import rulesets\n"
                      "    from . import rulesets\n    import json\n", encoding="utf-8")
    assert _late_imports(sample, tmp_path) == ["sample.py:5", "sample.py:6", "sample.py:7"]
