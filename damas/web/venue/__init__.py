"""Blueprint `venue`: the hall on the day: check-in, the wall screen, result entry that survives
the network, table cards. Each route module below adds its routes to `bp`."""
from damas.web.venue import checkin, checkin_player, screen_settings, table_cards, wall_screen  # noqa: F401  (route modules)
from damas.web.venue.blueprint import bp

__all__ = ["bp"]
