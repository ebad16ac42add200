"""The registry fields of a player that staff edit and the audit log records: what the player
form saves (`players`) and the registry import compares (`imports.registry`). Its own module so
the import package does not import `players`, which refreshes entries through it.
"""
from __future__ import annotations

from damas.models.player import RATING_FIELDS

PLAYER_FIELDS = (
    "full_name", "sex", "birth_date", "club_id", "state", "federation_id",
    "fide_id", *RATING_FIELDS.values(), "email", "fide_title", "draughts_title",
)
