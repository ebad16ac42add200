"""Every database change happens in this package, in one transaction, with the audit log."""
from damas.services.errors import ServiceError

__all__ = ["ServiceError"]
