"""Knockout bracket as plain data: the SVG picture, each tie's games, final places; and its PDF.

The page and the PDF render the same dict (DESIGN.md principle 11). The engine derives every
tie (`all_ties`) and the places (`final_places`); this module only lays them out.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from damas.presentation.labels import english as in_english
from damas.services.federation.settings import federation_name
from flask_babel import gettext as _

from damas.engine.pairing.knockout import NOBODY, PLAYOFF_CLOCKS, Stage, Tie, all_ties, champion, final_places
from damas.models import Event, KnockoutGame
from damas.reports.pdf import render_pdf
from damas.services.rounds import knockout as ko
from damas.views.summaries import event_summary
from damas.presentation.labels import OUTCOME_NAMES
from damas.presentation.numbers import points_text
from damas.views.round_rows import knockout_result_label
from damas.formats.event_rules import event_ruleset

# SVG geometry (px): a tie is a box of two rows plus a line with its games under it.
COL_W, BOX_W, ROW_H, UNIT, TOP, LEFT = 230, 200, 18, 66, 34, 6



def stage_names() -> dict[str, str]:
    return {
        Stage.MAIN.value: _("Partida"),
        Stage.REPLAY.value: _("Repetição (cores trocadas)"),
        Stage.RAPID.value: _("Rápida"),
        Stage.ARMAGEDDON.value: _("Armagedom"),
    }


def _stage_short(stage: str) -> str:
    return {Stage.MAIN.value: "", Stage.REPLAY.value: _("Rep."), Stage.RAPID.value: _("Ráp."),
            Stage.ARMAGEDDON.value: _("Arm.")}[stage]


def round_name(ties_in_round: int, r: int) -> str:
    return {1: _("Final"), 2: _("Semifinal"), 4: _("Quartas de final"), 8: _("Oitavas de final")}.get(
        ties_in_round, _("%(r)sª rodada", r=r))


def clock_text(stage: Stage) -> str:
    if stage not in PLAYOFF_CLOCKS:
        return ""
    (wb, wi), (bb, bi) = PLAYOFF_CLOCKS[stage]
    if (wb, wi) == (bb, bi):
        return _("%(m)s min + %(s)s s por jogador", m=wb // 60, s=wi)
    return _("Brancas %(w)s min, Pretas %(b)s min; empate vale vitória das Pretas", w=wb // 60, b=bb // 60)


def _player(loaded: ko.LoadedBracket, no: int | None) -> dict[str, Any] | None:
    if no is None:
        return None
    if no == NOBODY:
        return {"bye": True}
    entry = loaded.entry_by_no[no]
    p = entry.player
    return {"bye": False, "no": no, "seed": loaded.bracket.seed_of(no), "name": p.full_name, "player_id": p.id,
            "club": (p.club.short_name or p.club.name) if p.club else "", "rating": entry.rating_at_entry}


def _game_row(event: Event, loaded: ko.LoadedBracket, row: KnockoutGame) -> dict[str, Any]:
    names = stage_names()
    label = knockout_result_label(event.ruleset, row.outcome)
    absent = ""
    if row.white_absent_minutes is not None and row.black_absent_minutes is not None:
        absent = _("ambos ausentes: Brancas %(w)s min, Pretas %(b)s min (perde quem está ausente há mais tempo)",
                   w=row.white_absent_minutes, b=row.black_absent_minutes)
    return {
        "id": row.id, "seq": row.seq, "version": row.version, "stage": row.stage, "stage_name": names[row.stage],
        "stage_short": _stage_short(row.stage), "white": row.white.player.full_name,
        "black": row.black.player.full_name, "label": label, "absent": absent,
    }


def _side_text(tie: Tie, no: int, other: int, names: dict[int, str], mine: str, theirs: str,
               played_off: bool) -> str:
    """A tie read from player `no`'s side ("venceu Ana Lima 2–0", "perdeu para Ana Lima 0–2"):
    a player looks for his own line, so it never reads white-first [ours]."""
    score = f"{mine}–{theirs}" + (" " + _("no desempate") if played_off else "")
    if tie.winner == no:
        return _("venceu %(name)s %(score)s", name=names[other], score=score)
    if tie.winner == other:
        return _("perdeu para %(name)s %(score)s", name=names[other], score=score)
    return _("contra %(name)s: %(score)s, em andamento", name=names[other], score=score)


def _sides(event: Event, loaded: ko.LoadedBracket, tie: Tie) -> list[dict[str, Any]]:
    """Each player of a tie with games, and the tie from his side (the tie card's two lines)."""
    if not tie.games or not tie.top or not tie.bottom or NOBODY in (tie.top, tie.bottom):
        return []
    main = [g for g in tie.games if g.stage in (Stage.MAIN, Stage.REPLAY)]
    played_off = len(main) < len(tie.games) and tie.winner is not None
    names = {no: loaded.entry_by_no[no].player.full_name for no in (tie.top, tie.bottom)}
    points = {no: points_text(event.ruleset, sum(g.points(no) for g in main)) for no in (tie.top, tie.bottom)}
    out = []
    for side, no, other in (("top", tie.top, tie.bottom), ("bottom", tie.bottom, tie.top)):
        out.append({**(_player(loaded, no) or {}), "side": side,
                    "text": _side_text(tie, no, other, names, points[no], points[other], played_off)})
    return out


def _tie_row(event: Event, loaded: ko.LoadedBracket, tie: Tie, label: str) -> dict[str, Any]:
    rows = loaded.rows.get(tie.id, [])
    games = [_game_row(event, loaded, r) for r in rows]
    main = [g for g in tie.games if g.stage in (Stage.MAIN, Stage.REPLAY)]
    score = None
    if tie.top and tie.bottom:
        score = [points_text(event.ruleset, sum(g.points(p) for g in main)) for p in (tie.top, tie.bottom)]
    nxt = ko.proposed_game(event, loaded, tie) if event.status.value == "running" else None
    next_game = None
    if nxt is not None:
        white, black, stage = nxt
        next_game = {"white": loaded.entry_by_no[white].player.full_name,
                     "black": loaded.entry_by_no[black].player.full_name,
                     "stage": stage.value, "stage_name": stage_names()[stage.value], "clock": clock_text(stage)}
    winner_side = None
    if tie.winner and not tie.bye:
        winner_side = "top" if tie.winner == tie.top else "bottom"
    elif tie.bye:
        winner_side = "top" if tie.top else "bottom"
    summary = " · ".join(((g["stage_short"] + " ") if g["stage_short"] else "") + g["label"] for g in games)
    return {
        "key": f"{tie.id[0]}-{tie.id[1]}", "round": tie.id[0], "index": tie.id[1], "label": label,
        "top": _player(loaded, tie.top), "bottom": _player(loaded, tie.bottom), "games": games,
        "summary": summary, "score": score, "winner": winner_side, "bye": tie.bye,
        "sides": _sides(event, loaded, tie),
        "decided": tie.winner is not None, "next": next_game, "expected": len(tie.games),
        "last_game_id": rows[-1].id if rows else None,
    }


def _svg(main: list[dict[str, Any]], rounds: int, size: int) -> dict[str, Any]:
    """Coordinates of the main bracket: tie (r, j) centred on the middle of the two it follows."""
    boxes, lines, headers = [], [], []
    for r in range(1, rounds + 1):
        x = LEFT + (r - 1) * COL_W
        count = size >> r
        headers.append({"x": x + BOX_W / 2, "y": 16, "text": round_name(count, r)})
    for tie in main:
        r, j = tie["round"], tie["index"]
        x = LEFT + (r - 1) * COL_W
        cy = TOP + (j + 0.5) * (1 << (r - 1)) * UNIT
        y = cy - ROW_H
        boxes.append({**tie, "x": x, "y": y, "cy": cy})
        if r < rounds:
            nx = LEFT + r * COL_W
            ncy = TOP + (j // 2 + 0.5) * (1 << r) * UNIT
            mid = x + BOX_W + (COL_W - BOX_W) / 2
            lines.append(f"M{x + BOX_W},{cy} H{mid} V{ncy} H{nx}")
    champion_x = LEFT + (rounds - 1) * COL_W + BOX_W + 14
    width = champion_x + 170  # room for the champion's name
    height = TOP + (size // 2) * UNIT + 10
    return {"boxes": boxes, "lines": lines, "headers": headers, "width": width, "height": height,
            "box_w": BOX_W, "row_h": ROW_H, "champion_x": champion_x,
            "champion_y": TOP + (size // 2) * UNIT / 2}


def _section_label(a: int, m: int) -> str:
    if m == 2:
        return _("Disputa do %(a)sº lugar", a=a)
    return _("Disputa do %(a)sº ao %(b)sº lugar", a=a, b=a + m - 1)


def bracket_context(event: Event) -> dict[str, Any]:
    """Everything the bracket page and PDF show; `started` False before the seeding."""
    setup = ko.get_setup(event)
    settings = ko.engine_settings(setup, event)
    names = {"replay": _("repetição com cores trocadas (clube)"),
             "playoff": _("partidas de desempate: mini-match rápido e, se preciso, Armagedom")}
    context: dict[str, Any] = {
        "event": event_summary(event), "is_knockout": ko.is_knockout(event), "started": False,
        "settings": {"games": settings.games, "drawn": settings.drawn, "drawn_name": names[settings.drawn],
                     "rapid_games": settings.rapid_games, "places": settings.places,
                     "rapid_clock": clock_text(Stage.RAPID), "armageddon_clock": clock_text(Stage.ARMAGEDDON)},
        "version": setup.version if setup is not None else 0,
    }
    loaded = ko.load_bracket(event) if ko.is_knockout(event) else None
    if loaded is None:
        return context
    bracket = loaded.bracket
    ties = all_ties(bracket)
    main, others = [], []
    for (r, j), tie in ties.items():
        m = bracket.size >> (r - 1)
        section = j // (m // 2)
        if section == 0:
            count = bracket.size >> r
            main.append(_tie_row(event, loaded, tie, round_name(count, r)))
        else:
            a = section * m + 1
            others.append(_tie_row(event, loaded, tie, _section_label(a, m)))
    winner = champion(bracket)
    places = [{"label": p.label, "shared": p.first != p.last,
               "players": [loaded.entry_by_no[no].player.full_name for no in p.players]}
              for p in final_places(bracket)]
    seeds = [{"seed": i + 1, "no": no, "name": loaded.entry_by_no[no].player.full_name,
              "rating": loaded.entry_by_no[no].rating_at_entry, "bye": i < bracket.size - len(bracket.seeds)}
             for i, no in enumerate(bracket.seeds)]
    pending = [t for t in main + others if t["next"] is not None]
    context.update({
        "started": True, "svg": _svg(main, bracket.rounds, bracket.size), "ties": main, "placement_ties": others,
        "champion": loaded.entry_by_no[winner].player.full_name if winner else None, "places": places,
        "seeds": seeds, "pending": pending, "rounds": bracket.rounds, "version": loaded.setup.version,
    })
    return context


def bracket_pdf(event: Event) -> bytes:
    context = bracket_context(event)
    return render_pdf("reports/bracket.html", federation_name=federation_name(),
                      printed_at=datetime.now().strftime("%d/%m/%Y %H:%M"), **context)


def tie_label(bracket: Any, tie_id: tuple[int, int]) -> str:
    """"Quartas de final", "Final", "Disputa do 3º lugar", ... for a tie (as on the bracket page)."""
    r, j = tie_id
    m = bracket.size >> (r - 1)
    section = j // max(m // 2, 1)
    if section == 0:
        return round_name(bracket.size >> r, r)
    return _section_label(section * m + 1, m)


def player_bracket_rows(event: Event, entry: Any) -> tuple[list[dict[str, Any]], int]:
    """The player card of a knockout player: his ties and their games from the bracket, in the
    card's row format (round = the tie's name), and his game points (rule-set units)."""
    en = in_english()
    loaded = ko.load_bracket(event) if ko.is_knockout(event) else None
    no = entry.pairing_number
    if loaded is None or no is None:
        return [], 0
    rs = event_ruleset(event)
    names = stage_names()
    rows: list[dict[str, Any]] = []
    running = 0
    ties = all_ties(loaded.bracket)
    for tie_id in sorted(ties):
        tie = ties[tie_id]
        if no not in (tie.top, tie.bottom):
            continue
        label = tie_label(loaded.bracket, tie_id)
        other = tie.bottom if tie.top == no else tie.top
        if other == NOBODY:
            rows.append({"round": label, "board": None, "colour": "", "opponent": None, "result": _("isento (bye)"),
                         "points": "—", "running": rs.format_points(running), "label": ""})
            continue
        opponent = None
        if other:
            e = loaded.entry_by_no[other]
            opponent = {"no": other, "player_id": e.player_id, "name": e.player.full_name,
                        "rating": e.rating_at_entry}
        for game, row in zip(tie.games, loaded.rows.get(tie_id, [])):
            points = game.points(no)
            running += points
            stage = "" if row.stage == Stage.MAIN.value else f" · {names[row.stage]}"
            mine = game.outcome if game.white == no else game.outcome.mirror
            rows.append({"round": label + stage, "board": None, "colour": "w" if game.white == no else "b",
                         "opponent": opponent, "label": knockout_result_label(event.ruleset, row.outcome),
                         "result": OUTCOME_NAMES[mine][en] if mine in OUTCOME_NAMES else "",
                         "points": rs.format_points(points), "running": rs.format_points(running)})
        if tie.winner is None and opponent is not None and event.status.value == "running":
            rows.append({"round": label, "board": None, "colour": "", "opponent": opponent, "result": "",
                         "points": "", "running": "", "label": ""})
    return rows, running


def unplayed_rows(event: Event) -> list[dict[str, Any]]:
    """A knockout's games not played (W.O.: one or both players absent), for the arbiter's report
    (round = the bracket round, board = the tie's name)."""
    loaded = ko.load_bracket(event) if ko.is_knockout(event) else None
    if loaded is None:
        return []
    out = []
    for (r, j), rows in sorted(loaded.rows.items()):
        for row in rows:
            if row.outcome not in ("forfeit_win", "forfeit_loss", "double_forfeit"):
                continue
            game = _game_row(event, loaded, row)
            label = game["label"] + (f" ({game['absent']})" if game["absent"] else "")
            out.append({"round": r, "board": tie_label(loaded.bracket, (r, j)),
                        "white": {"no": row.white.pairing_number, "name": game["white"]},
                        "black": {"no": row.black.pairing_number, "name": game["black"]}, "result": label})
    return out
