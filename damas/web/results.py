"""[compat, until the desk's move (helper d, issue 15)] the desk modules still import these from
here; they live in `damas.presentation.results`. The lead deletes this module when the desk
imports `damas.presentation` directly."""
from damas.presentation.results import result_choices, result_label

__all__ = ["result_choices", "result_label"]
