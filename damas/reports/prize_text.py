"""One prize row in words: "R$ 500,00 + troféu", for the prize list, the
allocation, pages and PDFs alike."""
from __future__ import annotations

from typing import Iterable

from damas.engine.awards import format_money

WORDS = {"trophy": ("troféu", "trophy"), "medal": ("medalha", "medal"), "cash": ("dinheiro", "cash")}


def prize_text(kinds: Iterable[str], amount: int, lang: str) -> str:
    """Cash first (its amount when known), then the trophy and the medal, joined by " + "."""
    en = lang == "en"
    kinds = set(kinds)
    parts = []
    if "cash" in kinds:
        parts.append(format_money(amount, lang) if amount else WORDS["cash"][en])
    parts += [WORDS[k][en] for k in ("trophy", "medal") if k in kinds]
    text = " + ".join(parts)
    return text[:1].upper() + text[1:]
