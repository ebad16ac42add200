"""Blueprint `venue`: the hall on the day: check-in, the wall screen, result entry that survives
the network, table cards. Each route module below adds its routes to `bp`."""
from damas.web.venue import (  # noqa: F401  (route modules: they add to bp)
    championship_screen,
    checkin,
    checkin_player,
    offline_results,
    screen_settings,
    table_cards,
    wall_screen,
)
from damas.web.venue.blueprint import bp

__all__ = ["bp"]
