"""The one error type services raise for refused changes (message already translated)."""
from __future__ import annotations


class ServiceError(ValueError):
    """A change the rules refuse; `field` names the form field to attach the message to."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
