"""Pairing systems, each registered under a stable code (see `base`)."""
from damas.engine.pairing.base import (
    PairingRequest,
    PairingSystem,
    family_of,
    format_pairs,
    get_system,
    plays_micro_matches,
    register,
    system_codes,
)

__all__ = ["PairingRequest", "PairingSystem", "family_of", "format_pairs", "get_system", "plays_micro_matches", "register", "system_codes"]
