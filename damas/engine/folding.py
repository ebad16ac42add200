"""Names compared as people type them: accents, case and spacing ignored ("cicero" finds
"Cícero", "JOAO" finds "João"). One fold for every search and match of names — the find-my-name
box, the player search, the bulk entry list, the appeals committee — so they agree; the
JavaScript side of the find box (static/app.js) folds alike. Pure: the engine, the models
(a player's stored folded name) and the web read it."""
from __future__ import annotations

import unicodedata


def fold(text: str | None) -> str:
    """`text` without accents (compatibility decomposition, combining marks dropped), case-folded,
    with single spaces."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().split())
