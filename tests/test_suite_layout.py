"""The suite's own layout: test folders are not packages, so pytest (rootdir import mode) imports
every test module by its file name; two with one name in different folders stop the whole
collection ("import file mismatch", CI of stop 33). This names the pair before pytest does."""
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).parent


def test_test_modules_have_unique_file_names():
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("test_*.py"):
        by_name[path.name].append(str(path.relative_to(TESTS)))
    clashes = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    assert clashes == {}
