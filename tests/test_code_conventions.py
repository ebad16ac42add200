"""Conventions of the code in damas/ that a reader relies on (DESIGN.md, "Small modules"):

- a module stays small enough to read at once: at most 400 lines;
- a comment or docstring explains itself by the rule it applies (CBJD article, FIDE Handbook
  section, RULES.md §) or says why; which issue asked for it is the commit message's business,
  so no "issue 17" in the code, the templates of the package or its translations.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DAMAS = ROOT / "damas"
MAX_LINES = 400
ISSUE_NUMBER = re.compile(r"\bissues? \d+", re.IGNORECASE)
TEXT_SUFFIXES = {".py", ".po", ".pot", ".html", ".txt", ".js", ".css", ".md"}


def long_modules(root: Path = DAMAS) -> list[str]:
    """`path (lines)` of every Python module under `root` longer than MAX_LINES."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            found.append(f"{path.relative_to(root)} ({lines})")
    return found


def issue_numbers(root: Path = DAMAS) -> list[str]:
    """`path:line` of every mention of an issue number in the text files under `root`."""
    found = []
    for path in sorted(p for p in root.rglob("*") if p.suffix in TEXT_SUFFIXES and p.is_file()):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ISSUE_NUMBER.search(line):
                found.append(f"{path.relative_to(root)}:{number}")
    return found


def test_no_module_is_over_400_lines():
    assert long_modules() == []


def test_no_issue_number_in_the_code():
    assert issue_numbers() == [], "cite the rule or say why; issue numbers go to commit messages"


def test_the_checks_find_what_they_look_for(tmp_path: Path):
    """Both checks can fail: a long module and an issue number are found."""
    (tmp_path / "long.py").write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    (tmp_path / "short.py").write_text('"""Pairs the round (Issue 17 point 3)."""\n', encoding="utf-8")
    (tmp_path / "page.html").write_text("<p>ok</p>\n<!-- issues 27 -->\n", encoding="utf-8")
    assert long_modules(tmp_path) == [f"long.py ({MAX_LINES + 1})"]
    assert issue_numbers(tmp_path) == ["page.html:2", "short.py:1"]
