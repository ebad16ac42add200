"""Exports of an event's data for the rating lists (CBJD 115, FIDE TRF-16)."""
