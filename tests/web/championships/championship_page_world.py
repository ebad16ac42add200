"""A small championship for the page, staff and API tests: an absolute Swiss (running, round 1
played, planned round times), a women's round robin (registration) and a final fed by the Swiss's
top four (draft), inside 5-7 December 2026. Built with the test fixtures' factories."""
from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from damas.extensions import db
from damas.models import EventStatus, Game, GameResult, Round, RoundStatus
from damas.models.championships import Championship, ChampionshipSection, SectionQualification

START, END = date(2026, 12, 5), date(2026, 12, 7)


def build_championship(make_event: Callable[..., Any], make_player: Callable[..., Any], *,
                       published: bool = True) -> dict[str, Any]:
    players = [make_player(full_name=f"Atleta {n}", rating_regular=2000 - n) for n in range(1, 5)]
    swiss = make_event(name="Absoluto", pairing_system="dutch", players=tuple(players), status=EventStatus.RUNNING,
                       start_date=START, end_date=date(2026, 12, 6),
                       round_times=["2026-12-05T09:00", "2026-12-05T14:00", "2026-12-06T09:00"], planned_rounds=3)
    women = make_event(name="Feminino", pairing_system="berger", start_date=START, end_date=date(2026, 12, 6),
                       round_times=["2026-12-05T10:00", "2026-12-06T10:00"], planned_rounds=2)
    final = make_event(name="Final", pairing_system="berger", status=EventStatus.DRAFT, start_date=END, end_date=END,
                       planned_rounds=3)
    a, b, c, d = swiss.entries
    db.session.add(Round(event_id=swiss.id, number=1, status=RoundStatus.PUBLISHED, games=[
        Game(board=1, white_entry_id=a.id, black_entry_id=b.id, result=GameResult.WHITE_WIN),
        Game(board=2, white_entry_id=c.id, black_entry_id=d.id, result=GameResult.DRAW)]))
    championship = Championship(name="Campeonato Paulista 2026", start_date=START, end_date=END,
                                venue="Clube Paulistano", organiser="FPD", regulations="Art. 1º Regras gerais.",
                                published=published)
    championship.sections = [ChampionshipSection(event_id=e.id, position=n) for n, e in enumerate((swiss, women, final))]
    db.session.add(championship)
    db.session.add(SectionQualification(event_id=final.id, source_event_id=swiss.id, top_n=4))
    db.session.commit()
    return {"championship": championship, "swiss": swiss, "women": women, "final": final, "players": players}
