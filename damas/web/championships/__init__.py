"""Blueprint `championships`: a championship's public page, schedule, regulations and brochure;
staff build it from sections; players enter several sections at once; stages carry qualifiers
into a final. Each route module below adds its routes to `bp`."""
from damas.web.championships import across, api, bulk, entries, pages, stages, staff  # noqa: F401  (route modules)
from damas.web.championships.blueprint import bp

__all__ = ["bp"]
