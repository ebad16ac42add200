"""A draughts event's national-title norms as plain data: the norms page and its PDF, the API.
Every figure carries its requirement code (`national.min_games`, `national.min_average`,
`national.min_score`): the requirements are the federation's own rules, no article of FIDE or
FMJD. The FMJD norms are not computed: their rules were not found in a public text (the sources
read are listed here, as `damas.engine.norms.fmjd` cites them).

API words (`national_api_payload`): the FIDE payload's keys where they apply - `met`, `games`,
`average_rating`, `performance` (None: the national rules use no performance), `points`,
`points_needed`, `missing` (requirement codes) - plus `title_name`, `score_percent` and
`unrated`; `rules` is "national".
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from damas.engine.norms import NationalTitle, Shortfall
from damas.engine.norms.fmjd import ANNEX_10_URL
from damas.models import Event
from damas.presentation.numbers import points_text
from damas.services.norms import EventNationalNorms, NationalLine, NationalPlayerNorms
from damas.views.norms import exclusion_text

__all__ = ["FMJD_SOURCES", "national_api_payload", "national_context", "national_shortfall_text",
           "title_requirements"]

# What was read looking for the FMJD norm rules (damas/engine/norms/fmjd.py): none holds them.
FMJD_SOURCES = (
    ("FMJD, Annex 10 - Norms and titles (1982-2011), preâmbulo e 1.1-1.4", ANNEX_10_URL),
    ("FMJD, Annex 10 (19-02-2014)", "https://scribd.com/document/610078929/Annex-10-Norms-and-Titles-19-02-2014"),
    ("Resumo secundário (Международный гроссмейстер (шашки))",
     "http://wiki-org.ru/wiki/Международный_гроссмейстер_(шашки)"),
    ("Proposta à Assembleia Geral da FMJD (2003)", "https://damforum.nl/bb3/viewtopic.php?f=66&t=66"),
)


def national_shortfall_text(s: Shortfall, ruleset: str) -> str:
    """A national requirement not met, in words, with what was required and what was found."""
    req, act = s.required, s.actual
    texts = {
        "norm.games": lambda: _("partidas contadas: %(a)s, mínimo %(r)s", a=act, r=req),
        "norm.average": lambda: _("média dos adversários: %(a)s, mínimo %(r)s", a="—" if act is None else act, r=req),
        "norm.min_score": lambda: _("pontos: %(a)s, necessários %(r)s",
                                    a=points_text(ruleset, act or 0), r=points_text(ruleset, req or 0)),
        "title.rating": lambda: _("rating: %(a)s, mínimo %(r)s", a="—" if act is None else act, r=req),
        "title.norms": lambda: _("normas: %(a)s, necessárias %(r)s", a=act, r=req),
    }
    build = texts.get(s.key)
    return build() if build else s.key


def title_requirements(title: NationalTitle) -> dict[str, Any]:
    """A title's settings for `titles/_requirements.html` (its words live there)."""
    return title.to_settings()


def _figures(line: NationalLine, ruleset: str) -> list[dict[str, Any]]:
    c, t = line.check, line.title
    codes = set(c.missing_codes)
    pts = lambda half: points_text(ruleset, half)  # noqa: E731
    average = "—" if c.average_rating is None else str(c.average_rating)
    return [
        {"label": _("Partidas contadas"), "article": "national.min_games", "ok": "national.min_games" not in codes,
         "value": _("%(n)s (mínimo %(min)s)", n=c.games, min=t.min_games)},
        {"label": _("Média dos adversários"), "article": "national.min_average",
         "ok": "national.min_average" not in codes,
         "value": (_("%(ra)s (mínimo %(min)s)", ra=average, min=t.min_average) if t.min_average is not None
                   else _("%(ra)s (sem mínimo)", ra=average))},
        {"label": _("Adversários sem rating"), "article": "national.min_average", "ok": None,
         "value": (_("%(n)s (contam %(r)s)", n=c.unrated, r=t.unrated_rating) if t.unrated_rating is not None
                   else _("não contam"))},
        {"label": _("Aproveitamento"), "article": "national.min_score", "ok": "national.min_score" not in codes,
         "value": _("%(p)s%% (mínimo %(min)s%%)", p="—" if c.percentage is None else c.percentage,
                    min=t.min_score_percent)},
        {"label": _("Pontos"), "article": "national.min_score", "ok": "national.min_score" not in codes,
         "value": _("%(pts)s (necessários %(need)s)", pts=pts(c.points_half), need=pts(c.points_needed_half))},
    ]


def _line(line: NationalLine, ruleset: str, finished: bool) -> dict[str, Any]:
    c = line.check
    status = "in_progress" if not finished else ("met" if c.met else "missed")
    return {
        "title": line.title.code, "title_name": line.title.name, "met": c.met and finished, "status": status,
        "figures": _figures(line, ruleset),
        "missing": [{"article": s.article, "text": national_shortfall_text(s, ruleset)} for s in c.missing],
        "excluded": [{"round": e.round, "article": e.article, "text": exclusion_text(e.key)} for e in c.excluded
                     if e.key != "norm.excluded.pending"],
    }


def _player(p: NationalPlayerNorms, ruleset: str, finished: bool) -> dict[str, Any]:
    s = p.seeker
    return {"player_id": s.player_id, "start_no": s.start_no, "name": s.name, "title": s.player.title or "",
            "rating": s.player.rating, "lines": [_line(ln, ruleset, finished) for ln in p.lines]}


def national_context(event: Event, norms: EventNationalNorms) -> dict[str, Any]:
    """The norms page of a draughts event: every player with every national title he seeks."""
    rows = [_player(p, event.ruleset, norms.finished) for p in norms.players]
    return {"players": [r for r in rows if r["lines"]], "finished": norms.finished,
            "rounds_complete": norms.inputs.rounds_complete, "planned_rounds": event.planned_rounds,
            "national_titles": [title_requirements(t) for t in norms.titles],
            "met_count": sum(1 for r in rows for ln in r["lines"] if ln["met"])}


def _api_line(p: NationalPlayerNorms, line: NationalLine, ruleset: str, finished: bool) -> dict[str, Any]:
    c = line.check
    return {
        "player_id": p.seeker.player_id, "name": p.seeker.name, "title": p.seeker.player.title or "",
        "title_sought": line.title.code, "title_name": line.title.name, "met": bool(c.met and finished),
        "games": c.games, "average_rating": c.average_rating, "performance": None,
        "points": points_text(ruleset, c.points_half), "points_needed": points_text(ruleset, c.points_needed_half),
        "score_percent": c.percentage, "unrated": c.unrated, "missing": list(c.missing_codes),
    }


def national_api_payload(event: Event, norms: EventNationalNorms) -> dict[str, Any]:
    """`GET /api/v1/events/<id>/norms` for a draughts event with national titles."""
    return {"event_id": event.id, "applies": True, "rules": "national", "finished": norms.finished,
            "edition": None, "after_round": norms.inputs.rounds_complete,
            "titles": [t.to_settings() for t in norms.titles], "fmjd_norms": "not_implemented",
            "norms": [_api_line(p, ln, event.ruleset, norms.finished) for p in norms.players for ln in p.lines]}
