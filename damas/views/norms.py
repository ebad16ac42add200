"""An event's FIDE norms as plain data (B.01 1.4): the norms page and its PDF, the API and the
certificates read these. Every figure carries its article; every requirement not met is named.

API words (`api_payload`): `titled_opponents` = opponents holding a title that counts for 1.4.5a
(not CM, WCM); `title_holders` = opponents holding the title sought or higher (1.4.5b-e);
`federations` = the counted opponents' federations (`code, opponents, own, foreign`), with
`foreign_federations` their number other than the player's (1.4.3). Points are strings as the
rule set prints them ("6½"), like the rest of the API.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from damas.engine.norms import InProgress, NormCheck, Shortfall, min_games, requirement
from damas.models import Event
from damas.presentation.numbers import points_text
from damas.services.norms import EventNorms, NormLine, PlayerNorms

__all__ = ["api_payload", "exclusion_text", "norms_context", "shortfall_text", "title_name"]

def title_name(code: str) -> str:
    return {"GM": _("Grande Mestre (GM)"), "IM": _("Mestre Internacional (IM)"),
            "WGM": _("Grande Mestre Feminina (WGM)"), "WIM": _("Mestre Internacional Feminina (WIM)")}[code]


def shortfall_text(s: Shortfall, ruleset: str) -> str:
    """A requirement not met, in words, with what was required and what was found."""
    req, act = s.required, s.actual
    texts = {
        "norm.games": lambda: _("partidas contadas: %(a)s, mínimo %(r)s", a=act, r=req),
        "norm.federations": lambda: _("federações além da do jogador: %(a)s, mínimo %(r)s", a=act, r=req),
        "norm.own_federation": lambda: _("adversários da própria federação: %(a)s, máximo %(r)s", a=act, r=req),
        "norm.one_federation": lambda: _("adversários de uma só federação (%(f)s): %(a)s, máximo %(r)s",
                                         f=s.detail or "", a=act, r=req),
        "norm.title_holders": lambda: _("adversários titulados: %(a)s, mínimo %(r)s", a=act, r=req),
        "norm.title_sought": lambda: _("adversários com o título pretendido ou superior: %(a)s, mínimo %(r)s",
                                       a=act, r=req),
        "norm.double_round_robin_players": lambda: _("jogadores no duplo todos-contra-todos: %(a)s, mínimo %(r)s",
                                                     a=act, r=req),
        "norm.average": lambda: _("rating médio dos adversários (Ra): %(a)s, mínimo %(r)s", a=act, r=req),
        "norm.min_score": lambda: _("pontos: %(a)s, mínimo de 35%% = %(r)s",
                                    a=points_text(ruleset, act or 0), r=points_text(ruleset, req or 0)),
        "norm.performance": lambda: _("desempenho (Rp): %(a)s, mínimo %(r)s", a="—" if act is None else act, r=req),
        "norm.truncated_predetermined": lambda: _("emparceiramento predeterminado: contam todas as rodadas"),
        "norm.ignored_not_a_win": lambda: _("só vitórias podem ser desconsideradas (rodada %(r)s)", r=s.detail),
    }
    build = texts.get(s.key)
    return build() if build else s.key


def exclusion_text(key: str) -> str:
    return {
        "norm.excluded.pending": _("ainda não jogada"),
        "norm.excluded.bye": _("bye ou rodada sem partida"),
        "norm.excluded.not_played": _("W.O. ou partida não jogada"),
        "norm.excluded.after_title_result": _("depois do resultado de título"),
        "norm.excluded.ignored_win": _("vitória desconsiderada"),
        "norm.excluded.no_fide_federation": _("adversário sem federação FIDE"),
        "norm.excluded.unrated_scored_zero": _("adversário sem rating que zerou contra os que têm rating"),
        "norm.excluded.unrated": _("adversário sem rating (não conta neste título)"),
    }.get(key, key)


def _figures(c: NormCheck, ruleset: str, least_games: int) -> list[dict[str, Any]]:
    keys = {s.key for s in c.missing}
    req = requirement(c.title)
    pts = lambda half: "—" if half is None else points_text(ruleset, half)  # noqa: E731
    federations = (_("isento (%(article)s)", article=c.exemption) if c.exemption
                   else _("%(n)s (mínimo 2)", n=c.foreign_federations))
    if c.floor is not None:
        floor = _("%(name)s (rodada %(round)s): %(from)s → %(to)s", name=c.floor.opponent_name,
                  round=c.floor.round, **{"from": _("sem rating") if c.floor.unrated else c.floor.from_rating,
                                          "to": c.floor.to_rating})
    else:
        floor = _("nenhum adversário abaixo de %(floor)s", floor=req.rating_floor)
    return [
        {"label": _("Partidas contadas"), "article": "1.4.1", "ok": "norm.games" not in keys,
         "value": _("%(n)s (mínimo %(min)s)", n=c.games, min=least_games)
         + (_("; conta como 9 (1.4.1c)") if c.one_game_short else "")},
        {"label": _("Adversários titulados"), "article": "1.4.5a", "ok": "norm.title_holders" not in keys,
         "value": _("%(n)s (mínimo %(min)s)", n=c.title_holders, min=c.title_holders_needed)},
        {"label": _("Com o título pretendido ou superior"), "article": req.titled_article,
         "ok": "norm.title_sought" not in keys,
         "value": _("%(n)s (mínimo %(min)s)", n=c.title_sought, min=c.title_sought_needed)},
        {"label": _("Federações além da do jogador"), "article": "1.4.3", "ok": "norm.federations" not in keys,
         "value": federations},
        {"label": _("Adversários da própria federação"), "article": "1.4.4",
         "ok": "norm.own_federation" not in keys and "norm.one_federation" not in keys,
         "value": _("%(n)s (máximo %(max)s; de uma só federação, máximo %(one)s)", n=c.own_federation_opponents,
                    max=c.own_federation_max, one=c.one_federation_max)},
        {"label": _("Adversários sem rating (contam 1400)"), "article": "1.4.6d", "ok": None, "value": str(c.unrated)},
        {"label": _("Piso de rating ajustado"), "article": "1.4.6b-c", "ok": None, "value": floor},
        {"label": _("Rating médio (Ra)"), "article": "1.4.7", "ok": "norm.average" not in keys,
         "value": _("%(ra)s (mínimo %(min)s)", ra="—" if c.average_rating is None else c.average_rating,
                    min=req.min_average)},
        {"label": _("Desempenho (Rp = Ra + dp)"), "article": "1.4.8, 1.4.9", "ok": "norm.performance" not in keys,
         "value": _("%(rp)s (p = %(p)s%%, dp = %(dp)s; mínimo %(min)s)", rp="—" if c.performance is None else c.performance,
                    p="—" if c.percentage is None else c.percentage, dp="—" if c.dp is None else c.dp,
                    min=req.min_performance)},
        {"label": _("Pontos"), "article": "1.4.8, 1.4.8b", "ok": not keys & {"norm.performance", "norm.min_score"},
         "value": _("%(pts)s (necessários %(need)s)", pts=pts(c.points_half), need=pts(c.points_needed_half))},
    ]


def _progress(p: InProgress, ruleset: str) -> dict[str, Any]:
    need = p.points_needed_remaining_half
    return {
        "rounds_remaining": p.rounds_remaining, "reachable": p.reachable,
        "points": points_text(ruleset, p.points_half),
        "points_needed_remaining": None if need is None else points_text(ruleset, need),
        "projected_average": p.projected_average,
        "assumed": None if p.assumed_opponent_rating is None else round(p.assumed_opponent_rating),
        "needs": [text for n, text in (
            (p.games_needed, _("mais %(n)s partida(s) contada(s) (1.4.1)", n=p.games_needed)),
            (p.title_holders_needed, _("mais %(n)s adversário(s) titulado(s) (1.4.5a)", n=p.title_holders_needed)),
            (p.title_sought_needed, _("mais %(n)s adversário(s) com o título pretendido ou superior (1.4.5)",
                                      n=p.title_sought_needed)),
            (p.foreign_federations_needed, _("mais %(n)s federação(ões) estrangeira(s) (1.4.3)",
                                             n=p.foreign_federations_needed)),
        ) if n > 0],
    }


def _line(line: NormLine, ruleset: str, finished: bool, least_games: int) -> dict[str, Any]:
    c = line.check
    status = "met" if c.met and finished else ("in_progress" if not finished else "missed")
    return {
        "title": line.title.value, "title_name": title_name(line.title.value), "met": c.met and finished,
        "status": status, "figures": _figures(c, ruleset, least_games),
        "missing": [{"article": s.article, "text": shortfall_text(s, ruleset)} for s in c.missing],
        "excluded": [{"round": e.round, "article": e.article, "text": exclusion_text(e.key)} for e in c.excluded
                     if e.key != "norm.excluded.pending"],
        "progress": None if line.progress is None else _progress(line.progress, ruleset),
    }


def _player(p: PlayerNorms, ruleset: str, finished: bool, least_games: int) -> dict[str, Any]:
    s = p.seeker
    return {"player_id": s.player_id, "start_no": s.start_no, "name": s.name, "federation": s.player.federation,
            "title": s.player.title or "", "rating": s.player.rating,
            "lines": [_line(ln, ruleset, finished, least_games) for ln in p.lines]}


def norms_context(event: Event, norms: EventNorms) -> dict[str, Any]:
    """The norms page: every player with every title he seeks."""
    least = min_games(norms.inputs.event)
    rows = [_player(p, event.ruleset, norms.finished, least) for p in norms.players]
    return {"players": [r for r in rows if r["lines"]], "finished": norms.finished, "edition": norms.edition,
            "rounds_complete": norms.inputs.rounds_complete, "planned_rounds": event.planned_rounds,
            "host_federation": norms.inputs.settings.host_federation,
            "met_count": sum(1 for r in rows for ln in r["lines"] if ln["met"])}


def _api_line(p: PlayerNorms, line: NormLine, ruleset: str, finished: bool) -> dict[str, Any]:
    c = line.check
    pts = lambda half: None if half is None else points_text(ruleset, half)  # noqa: E731
    out: dict[str, Any] = {
        "player_id": p.seeker.player_id, "name": p.seeker.name, "federation": p.seeker.player.federation,
        "title": p.seeker.player.title or "", "title_sought": line.title.value,
        "met": bool(c.met and finished), "games": c.games, "average_rating": c.average_rating,
        "performance": c.performance, "points": pts(c.points_half), "points_needed": pts(c.points_needed_half),
        "titled_opponents": c.title_holders, "title_holders": c.title_sought,
        "federations": [{"code": f.federation, "opponents": f.opponents, "own": f.own, "foreign": f.foreign}
                        for f in c.federations],
        "foreign_federations": c.foreign_federations, "exemption": c.exemption,
        "unrated": c.unrated, "floor_adjusted": None if c.floor is None else {
            "round": c.floor.round, "opponent": c.floor.opponent_name, "from": c.floor.from_rating,
            "to": c.floor.to_rating},
        "missing": list(c.missing_articles),
    }
    if line.progress is not None:
        pr = line.progress
        out["in_progress"] = {
            "rounds_remaining": pr.rounds_remaining, "reachable": pr.reachable,
            "points_needed_remaining": pts(pr.points_needed_remaining_half),
            "title_holders_needed": pr.title_sought_needed, "titled_opponents_needed": pr.title_holders_needed,
            "foreign_federations_needed": pr.foreign_federations_needed, "games_needed": pr.games_needed,
        }
    return out


def api_payload(event: Event, norms: EventNorms | None) -> dict[str, Any]:
    """`GET /api/v1/events/<id>/norms`; `applies` false (and no rows) where FIDE norms do not."""
    if norms is None:
        return {"event_id": event.id, "applies": False, "rules": None, "finished": False, "edition": None,
                "norms": []}
    return {"event_id": event.id, "applies": True, "rules": "fide", "finished": norms.finished,
            "edition": norms.edition,
            "after_round": norms.inputs.rounds_complete, "host_federation": norms.inputs.settings.host_federation,
            "norms": [_api_line(p, ln, event.ruleset, norms.finished) for p in norms.players for ln in p.lines]}
