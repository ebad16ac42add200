"""Whether a file's ``White`` / ``Black`` tag names a game's player: one rule for the round's file
import and for a game pasted with its tags into a board's record form.

A tag names the player as the registry writes him (case, accents, spaces and PGN's "Surname,
Name" order do not matter) or by his start number (a tag that is a number).
"""
from __future__ import annotations

from damas.engine.integers import parse_int
from damas.formats.game_slots import SlotPlayer
from damas.services.trf.preview import normal_name  # one name matching for every import


def names_player(tag: str, player: SlotPlayer) -> bool:
    tag = tag.strip()
    number = parse_int(tag)
    if number is not None:
        return player.no is not None and number == player.no
    return normal_name(tag) == normal_name(player.name)


def unnamed(tag: str) -> bool:
    """A tag that names nobody (PGN writes "?" for an unknown player)."""
    return tag.strip() in ("", "?", "-")
