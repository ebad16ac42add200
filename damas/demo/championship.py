"""Demo: a championship of three sections. The absolute section (a Swiss) is finished; the women's
section (a round robin) is running; the final (a round robin) is fed by the absolute's top four,
already carried over and seeded by their qualifying places. Clubs are classified by their best
two players over the sections, and a player takes one prize only. The women's section admits
women only; the demo player and the women entered both sections with one entry each."""
from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta

from damas.demo.common import lot, play_round
from damas.models import EventStatus, Player, User
from damas.models.championships import Championship
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.championships.carry import carry_over
from damas.services.championships.championships import save_championship
from damas.services.championships.eligibility_rules import save_eligibility
from damas.services.championships.entries import enter
from damas.services.championships.sections import assign_arbiter_to_sections, create_section
from damas.services.championships.stages import RuleInput, save_rules
from damas.services.standings.prizes import add_prize
from damas.services.rounds.round_robin import generate_round_robin
from damas.services.rounds.swiss import pair_next_round

SWISS_ROUNDS = 5


def _section(staff: User, championship: Championship, name: str, system: str, rounds: int, day: int,
             times: list[int]) -> object:
    start = championship.start_date + timedelta(days=day)
    return create_section(staff, championship, {
        "name": name, "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": system,
        "planned_rounds": rounds, "time_minutes": 30, "time_increment": 0, "start_date": start, "end_date": start,
        "chief_arbiter": "Árbitro Regional", "notes": "",
        "round_times": [datetime.combine(start, time(hour, 0)) for hour in times],
    })


def demo_championship(staff: User, arbiter: User, demo_player: Player, men: list[Player], women: list[Player],
                      rng: random.Random, lots: random.Random, today: date, swiss_system: str) -> Championship:
    """`men` and `women` (the demo player among neither) play the absolute; `women` and the demo
    player the women's section."""
    start = today - timedelta(days=1)
    championship = save_championship(staff, None, {
        "name": f"Campeonato Cearense de Damas Rápidas {start.year}", "start_date": start,
        "end_date": start + timedelta(days=3), "venue": "Centro de Eventos do Ceará, Fortaleza - CE",
        "organiser": "Federação Cearense de Damas", "club_best_n": 2, "one_prize_per_player": True,
        "published": True,
        "regulations": "1. O campeonato tem três seções: Absoluto (suíço, 5 rodadas), Feminino (todos contra "
                       "todos) e Final (todos contra todos), esta com os quatro primeiros do Absoluto.\n"
                       "2. A classificação por clubes soma os pontos dos dois melhores jogadores de cada "
                       "clube em cada seção.\n3. Cada jogador recebe um só prêmio: o da primeira seção em "
                       "que o ganhar.",
    })
    absolute = _section(staff, championship, "Absoluto", swiss_system, SWISS_ROUNDS, 0, [9, 11, 14, 16, 18])
    ladies = _section(staff, championship, "Feminino", "berger", 5, 1, [9, 11, 14, 16, 18])
    final = _section(staff, championship, "Final", "berger", 3, 2, [9, 14, 18])
    for event in (absolute, ladies, final):
        event_service.change_status(staff, event, EventStatus.REGISTRATION)
    assign_arbiter_to_sections(staff, championship, arbiter, [absolute.id, ladies.id, final.id])
    save_eligibility(staff, ladies, {"sex": "f"})
    enter(staff, championship, demo_player, [absolute.id, ladies.id], by_player=False)  # one entry, two sections
    for player in women:
        enter(staff, championship, player, [absolute.id, ladies.id], by_player=False)
    for player in men:
        entry_service.add_entry(staff, absolute, player)
    for n in range(1, SWISS_ROUNDS + 1):
        play_round(staff, absolute, pair_next_round(staff, absolute, first_color_seed=lot(lots) if n == 1 else None),
                   rng)
    event_service.change_status(staff, absolute, EventStatus.FINISHED, lot_seed=lot(lots))
    rounds = generate_round_robin(staff, ladies, "lot", seed=lot(lots))
    for rnd in rounds[:2]:
        play_round(staff, ladies, rnd, rng)
    for place, cash in ((1, 30000), (2, 20000), (3, 10000)):
        add_prize(staff, absolute, "absoluto", place, "cash", cash)
        add_prize(staff, ladies, "absoluto", place, "cash", cash // 2)
    save_rules(staff, final, [RuleInput(absolute.id, 4)], carry_points=False, seed_by_qualifying=True)
    carry_over(staff, final)
    return championship
