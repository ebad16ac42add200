"""A player's name with his title in front ("GM Fulano"), as Swiss-Manager and Vega print start
lists, pairings and standings: the PDFs write this text, the pages the same title in a span."""
from __future__ import annotations

from typing import Any, Mapping

__all__ = ["titled"]


def titled(row: Mapping[str, Any] | None) -> str:
    """`row["name"]` after `row["title"]` when the row has one ("" for no row)."""
    if row is None:
        return ""
    title = row.get("title") or ""
    return f"{title} {row['name']}" if title else str(row["name"])
