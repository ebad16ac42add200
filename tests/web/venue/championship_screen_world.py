"""A published championship for the championship wall screen tests: its first section is the
event screen's running Swiss (`wall_screen_world.build_world`: round 2 on 12 boards), its second
a smaller running Swiss (8 players, round 1 on 4 boards, board 2's result in), then a draft
section and a knockout section that the screen leaves out. Built with the test factories."""
from __future__ import annotations

from datetime import date
from typing import Any

from damas.extensions import db
from damas.models import EventStatus, Game, GameResult, Round, RoundStatus
from damas.models.championships import Championship, ChampionshipSection
from tests.web.venue.wall_screen_world import build_world, enter

SMALL = 8


def build_championship_world(make_user: Any, make_player: Any, make_event: Any, *,
                             published: bool = True) -> dict[str, Any]:
    world = build_world(make_user, make_player, make_event, name="Absoluto 2026")
    staff = world["staff"]
    players = [make_player(full_name=f"Sub-14 Jogador {n}", rating_regular=1800 - 10 * n)
               for n in range(1, SMALL + 1)]
    small = make_event(players=tuple(players), status=EventStatus.RUNNING, pairing_system="dutch",
                       planned_rounds=5, name="Sub-14 2026")
    entries = sorted(small.entries, key=lambda e: e.pairing_number)
    half = SMALL // 2
    rnd = Round(event_id=small.id, number=1, status=RoundStatus.PUBLISHED,
                games=[Game(board=b + 1, white_entry_id=entries[b].id, black_entry_id=entries[half + b].id)
                       for b in range(half)])
    db.session.add(rnd)
    db.session.commit()
    boards = {g.board: g for g in rnd.games}
    enter(staff, small, boards[2], GameResult.BLACK_WIN)
    draft = make_event(players=(make_player(), make_player()), status=EventStatus.DRAFT, name="Final (rascunho)")
    knockout = make_event(players=(make_player(), make_player()), status=EventStatus.RUNNING,
                          pairing_system="knockout", name="Copa mata-mata")
    championship = Championship(name="Campeonato do Salão 2026", start_date=date(2026, 12, 5),
                                end_date=date(2026, 12, 6), published=published)
    championship.sections = [ChampionshipSection(event_id=e.id, position=n)
                             for n, e in enumerate((world["event"], draft, small, knockout))]
    db.session.add(championship)
    db.session.commit()
    return {**world, "championship": championship, "small": small, "small_boards": boards, "draft": draft,
            "knockout": knockout}
