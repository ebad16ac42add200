"""The registry fields of a player that staff edit and the audit log records: what the player
form saves (`players`) and the registry import compares (`imports.registry`). Its own module so
the import package does not import `players`, which refreshes entries through it (issue 31).
"""
from __future__ import annotations

PLAYER_FIELDS = (
    "full_name", "sex", "birth_date", "club_id", "state", "federation_id",
    "fide_id", "rating_regular", "rating_rapid", "rating_blitz", "email",
)
