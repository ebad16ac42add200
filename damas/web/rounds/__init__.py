"""Blueprint `rounds`: rounds, results, standings, crosstable and regulations pages of an event.

`blueprint` holds `bp`; `routes` (pairing, results, requests) and `rules` (pairing
numbers by hand, the regulations page's event rules) add their routes to it."""
from damas.web.rounds import reports, routes, rules  # noqa: F401 (each module adds its routes to bp)
from damas.web.rounds.blueprint import bp

__all__ = ["bp"]
