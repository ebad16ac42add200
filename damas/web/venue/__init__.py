"""Blueprint `venue`: the hall on the day: check-in, the wall screen, result entry that survives
the network, table cards. Each route module below adds its routes to `bp`."""
from damas.web.venue import checkin, checkin_player, table_cards  # noqa: F401  (they add their routes)
from damas.web.venue.blueprint import bp

__all__ = ["bp"]
