"""Pairing systems, each registered under a stable code (see `base`)."""
from damas.engine.pairing.base import (
    PairingRequest,
    PairingSystem,
    format_pairs,
    get_system,
    register,
    system_codes,
)

__all__ = ["PairingRequest", "PairingSystem", "format_pairs", "get_system", "register", "system_codes"]
