"""Issue 15 point 7: the architecture contracts of pyproject.toml ([tool.importlinter]) hold — the
engine imports nothing of the application, the layers web -> exports -> reports -> views ->
presentation -> services -> formats -> models -> engine, no cycles between packages, presentation
reads nothing (issue 31 point 3). `make test` runs
lint-imports too; this test keeps the contracts in every pytest run (CI)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def test_import_contracts_are_kept():
    run = subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout
