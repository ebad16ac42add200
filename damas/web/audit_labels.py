"""[compat, until the desk's move (helper d, issue 15)] `web/desk_audit.py` still imports these from
here; they live in `damas.presentation.audit_labels`. The lead deletes this module when the desk
imports `damas.presentation` directly."""
from damas.presentation.audit_labels import action_label, changes, object_label

__all__ = ["action_label", "changes", "object_label"]
