"""[compat, until the desk's move (helper d, issue 15)] the desk modules still import these from
here; they live in `damas.presentation.summaries`. The lead deletes this module when the desk
imports `damas.presentation` directly."""
from damas.presentation.summaries import event_summary, pick

__all__ = ["event_summary", "pick"]
