"""Dates and ages as pages and PDFs show them (dd/mm/aaaa, hh:mm), from plain values."""
from __future__ import annotations

from datetime import date
from typing import Any

__all__ = ["age_in", "round_times_rows"]


def age_in(birth: date | None, year: int) -> int | None:
    """Age by year of birth (FIDE-TB 'Date limit for age'; RULES.md §1)."""
    return None if birth is None else year - birth.year


def round_times_rows(times: list[str] | None) -> list[dict[str, Any]]:
    """The invitation's planned start of each round from its ISO local times ("2026-03-14T09:00"):
    `round, date` (dd/mm/aaaa), `time` (hh:mm), `iso` (local time at the venue, as stored)."""
    return [{"round": n, "date": f"{t[8:10]}/{t[5:7]}/{t[0:4]}", "time": t[11:16], "iso": t}
            for n, t in enumerate(times or [], start=1)]
