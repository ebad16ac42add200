"""Blueprint `reports`: The event's reports as pages and PDFs, and the rating exports."""
from damas.web.reports.routes import bp

__all__ = ["bp"]
