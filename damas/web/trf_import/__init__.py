"""Blueprint `trf_import`: staff create an event from another program's TRF file (upload, preview, confirm)."""
from damas.web.trf_import.routes import bp

__all__ = ["bp"]
