"""Games on record: the public game page and its diagrams, the round's games, the
editors' record form and round file import, the PDN / PGN downloads."""
from damas.web.games import links
from damas.web.games.routes import bp

__all__ = ["bp", "links"]
