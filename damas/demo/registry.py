"""Demo: the federation's registry and a rating list imported from files.

Runs the same services as the import pages on the sample files of `damas/demo/data/`: six new
players of Pernambuco (one new club), then a CBJD rating list of the same day that updates
players of both files and names one player the registry does not know (skipped); a list older
than a player's newest record would only add to his history. The open championship's starting
list follows the new ratings; the running events keep theirs (frozen since round 1 was paired).
"""
from __future__ import annotations

from datetime import date
from pathlib import Path

from damas.models import User
from damas.services.imports.rating_lists import apply_rating_list, read_rating_list
from damas.services.imports.registry import apply_registry, read_registry

DATA = Path(__file__).parent / "data"
REGISTRY_FILE = "cadastro-federacao.csv"
RATING_FILE = "rating-cbjd.csv"


def load_demo_registry(staff: User, today: date | None = None) -> str:
    registry = apply_registry(staff, read_registry((DATA / REGISTRY_FILE).read_bytes(), REGISTRY_FILE),
                              REGISTRY_FILE, source="Cadastro da federação (demo)")
    ratings = apply_rating_list(staff, read_rating_list((DATA / RATING_FILE).read_bytes(), RATING_FILE),
                                RATING_FILE, "Rating CBJD (demo)", today or date.today())
    return (f"registry import: {registry.count('new')} new players; rating list: "
            f"{ratings.count('update')} players updated, {ratings.count('skip')} skipped")
