"""Blueprint `venue`: the hall on the day: check-in, the wall screen, result entry that survives
the network, table cards. Each route module below adds its routes to `bp`."""
from damas.web.venue import offline_results  # noqa: F401  (adds its routes to bp)
from damas.web.venue.blueprint import bp

__all__ = ["bp"]
