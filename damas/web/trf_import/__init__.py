"""Blueprint `trf_import`: staff create an event from another program's TRF file (upload, preview, confirm; issue 17 point 3)."""
from damas.web.trf_import.routes import bp

__all__ = ["bp"]
