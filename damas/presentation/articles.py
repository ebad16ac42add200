"""The engine's names of FIDE articles (English, as the engine keeps them) in the page's
language, for every page and report that cites one: the desk, the arbiter's report."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

ARTICLE_NAMES = {
    "FIDE Laws, Irregularities (illegal move)": _l("Leis do Xadrez, Irregularidades (lance ilegal)"),
    "FIDE Laws, Conduct of the players (mobile phone)": _l("Leis do Xadrez, Conduta dos jogadores (celular)"),
    "FIDE-GR, Where not all games are played": _l("FIDE-GR, Quando nem todas as partidas são jogadas"),
    "FIDE Laws 12.9": _l("Leis do Xadrez 12.9"),
}


def article_text(article: str) -> str:
    """An engine article in the page's language: a known FIDE name translated, the rest (its
    letter or number, "(b)", "(12.9.6)") kept as it is."""
    for name, label in ARTICLE_NAMES.items():
        if article.startswith(name):
            return str(label) + article[len(name):]
    return article
