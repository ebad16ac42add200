"""Every database change happens in this package, in one transaction, with the audit log.

One package per area, each owning its tables and saying in its own docstring what it may
import. The areas stand in four tiers (pyproject.toml, contract "services-tiers"); an area
imports its own tier or the tiers below it, never above, and no two areas import each other
(contract "acyclic-everywhere"):

1. the day and the whole championship: `championships`, `venue`, `results`, `desk`, `games`;
2. around an event: `accounts`, `imports`, `micromatch`, `norms`, `trf`, `ratings`, `events`,
   `players`, `rounds`;
3. entering an event: `entries`, `fees`, `registration`;
4. shared: `mail`, `federation`, `standings`, `teams`, and the modules `audit` (the audit log
   and the one transaction), `errors` (the one refusal type) and `locking` (one change to an
   event at a time).
"""
from damas.services.errors import ServiceError

__all__ = ["ServiceError"]
