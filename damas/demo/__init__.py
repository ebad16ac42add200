"""The demo federation: what a newcomer sees after `make run`.

One module per kind of event (round_robin, swiss, knockout, micromatch), plus registration,
awards, the desk, the imported registry and the federation's settings; `load_demo` runs them in order.

Deterministic: every draw comes from the seed (default 2026: the names, ratings and
results, and the lots the services would otherwise draw at random: pairing numbers, colours,
openings, tie-break lots), and every date from one anchor day (default today: a newcomer sees
events running), so two loads with the same seed on the same day (or with the same `today`)
give the same pages, PDFs and API answers. Not pinned: the wall-clock moments the services
stamp while loading (audit log, result entry times, the rounds' publication, which the reports
and the invitation print; a round's correction window runs from it), like a report's "printed
at": tests/web/demo/test_demo_deterministic.py blanks the minutes of its run."""
from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta

from sqlalchemy import func, select

from damas.extensions import db
from damas.models import Club, Event, EventStatus, Player, Role, User
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.players.records import create_club, create_player
from damas.services.accounts.users import create_user
from damas.demo.account_mails import demo_account_mails
from damas.demo.registry import load_demo_registry
from damas.demo.federation import load_federation_demo
from damas.demo.awards import demo_awards
from damas.demo.championship import demo_championship
from damas.demo.desk import demo_desk
from damas.demo.fees import demo_championship_fees, demo_deadline_passed, demo_rapid_open, write_statement
from damas.demo.games import demo_games
from damas.demo.ratings import demo_ratings
from damas.demo.knockout import demo_knockout, demo_running_knockout
from damas.demo.mail_round import demo_round_mails
from damas.demo.norms import demo_norm_round_robin
from damas.demo.venue import demo_checkin
from damas.demo.mail_entries import demo_mails
from damas.demo.micromatch import demo_micromatch
from damas.demo.people import CLUBS, FIRST_F, FIRST_M, LAST
from damas.demo.registration import demo_registration
from damas.demo.round_robin import demo_round_robin
from damas.demo.swiss import demo_swiss, swiss_code
from damas.demo.common import stream

DEFAULT_SEED = 2026
# The chess open's players' chess ratings: their draughts 64 ratings shifted by a constant, so the
# open's starting order and its rating changes read as before the lists were split per game.
CHESS_OFFSET = 50


def load_demo(seed: int = DEFAULT_SEED, today: date | None = None) -> str:
    """Load the demo federation drawn from `seed`, its dates relative to `today` (default: the
    day it is loaded); returns what it loaded."""
    today = today or date.today()
    rng = random.Random(seed)
    lots = random.Random(f"{seed}-lots")  # the services' lots: their own stream, the results stay as drawn
    staff = create_user(None, {"email": "staff@demo.damas.br", "name": "Equipe da Federação",
                               "role": Role.STAFF.value, "password": "demo12345"})
    arbiter = create_user(staff, {"email": "arbitro@demo.damas.br", "name": "Árbitro Regional",
                                  "role": Role.ARBITER.value, "password": "demo12345"})
    clubs = [create_club(staff, {"name": n, "short_name": s, "city": c, "state": uf}) for n, s, c, uf in CLUBS]
    players = []
    this_year = today.year
    used = set()
    for i in range(60):
        female = i % 3 == 0
        while True:
            name = f"{rng.choice(FIRST_F if female else FIRST_M)} {rng.choice(LAST)} {rng.choice(LAST)}"
            if name not in used:
                used.add(name)
                break
        age = rng.choice((8, 9, 11, 13, 15, 17, 20, 22, 30, 41, 55, 67)) if i % 2 else rng.randint(8, 70)
        club = clubs[i % len(clubs)]
        rated = rng.random() < 0.9
        regular = rng.randint(1300, 2300) if rated else None
        players.append(create_player(staff, {
            "full_name": name,
            "sex": "F" if female else "M",
            "birth_date": date(this_year - age, rng.randint(1, 12), rng.randint(1, 28)),
            "club_id": club.id,
            "state": club.state,
            "federation_id": f"CE-{1000 + i}",
            "fide_id": str(9_100_000 + i) if i % 4 == 0 else None,
            "rating_regular": regular,
            "rating_rapid": (regular + rng.randint(-120, 120)) if regular else None,
            # the chess open's players (29..59) also play chess: a list of their own, per game
            "rating_chess_regular": regular + CHESS_OFFSET if regular and 29 <= i < 60 else None,
            "email": None,
        }))
    create_user(staff, {"email": "jogador@demo.damas.br", "name": players[0].full_name,
                        "role": Role.PLAYER.value, "player_id": players[0].id, "password": "demo12345"})
    start = today + timedelta(days=21)
    championship = event_service.create_event(staff, {
        "name": f"Campeonato Cearense Absoluto de Damas 64 {start.year}",
        "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": swiss_code(),
        "planned_rounds": 7, "time_minutes": 45, "time_increment": 0,
        "start_date": start, "end_date": start + timedelta(days=2),
        "venue": "Ginásio Paulo Sarasate, Fortaleza - CE", "organiser": "Federação Cearense de Damas",
        "chief_arbiter": "Árbitro Regional", "notes": "Inscrições até a véspera, 18h.",
        "provisional_rating": 1600,  # unrated entrants start at 1600 (starting order only)
        "no_show_minutes": 30,  # CBJD 109 i: the event's own default time
        "pair_restriction": "club",  # FIDE-GR Pairings g: clubmates apart where the pairing allows
        # The invitation's planned round times (rounds 1-3, 4-5, 6-7 over the three days).
        "round_times": [datetime.combine(start + timedelta(days=day), time(hour, 0))
                        for day, hour in ((0, 9), (0, 14), (0, 18), (1, 9), (1, 14), (2, 9), (2, 14))],
        "contact_email": "federacao@demo.damas.br", "contact_phone": "+55 (85) 3000-0000",
        "website": "https://demo.damas.br/cearense",
        "publish_on_pair": True,  # round 1 comes out published: results straight after pairing
    })
    event_service.assign_arbiter(staff, championship, arbiter)
    event_service.change_status(staff, championship, EventStatus.REGISTRATION)
    for player in players[:24]:
        entry_service.add_entry(staff, championship, player)
    finished = demo_round_robin(staff, arbiter, players[24:32], rng, lots, today)
    running = demo_swiss(staff, arbiter, players[30:60], rng, lots, today, late_entrant=players[29])
    knockout = demo_knockout(staff, arbiter, players[13:24], rng, lots, today)
    demo_running_knockout(staff, arbiter, players[1:9], lots, today)
    demo_registration(staff, championship, players[59], today)
    demo_championship_fees(staff, championship, today)  # entry fees: the table, members, guests, categories
    rapid = demo_rapid_open(staff, arbiter, players[0], players[36:47], today)  # paid entries only; the demo player owes
    demo_deadline_passed(staff, arbiter, players[47:55], players[55:60], today)  # a payment deadline to apply
    demo_awards(staff)
    demo_micromatch(staff, arbiter, players[34:60], stream(seed, 119, "micromatch"), lots, today)
    demo_desk(staff, arbiter, today)
    demo_games(staff, arbiter, stream(seed, 32, "games"))  # games on record
    load_demo_registry(staff, today)  # registry and rating list imported from files
    load_federation_demo(staff, today)  # settings with a logo, an event from a TRF file
    demo_account_mails()  # the demo player's confirmation and new-password mails in the outbox
    demo_mails(staff, championship, players[14], today)  # notification mails in the outbox (the player confirmed)
    demo_ratings(staff, today)  # a closed rating period and a season of two events
    demo_round_mails(staff, arbiter, players[24:30], swiss_code(), today)  # the round's mails in the outbox
    demo_checkin(staff, arbiter, championship)  # check-in before round 1: most came, four missing
    demo_championship(staff, arbiter, players[0], [p for p in players[1:40] if p.sex == "M"][:9],
                      [p for p in players[1:40] if p.sex == "F"][:5], stream(seed, 40, "championship"), lots, today,
                      swiss_code())  # three sections: absolute Swiss, women's round robin, a final of the top four
    demo_norm_round_robin(staff, arbiter, lots, today)  # FIDE norms: one IM norm made, one missed by 1.4.5a
    statement = write_statement(rapid, players[0], today)  # a bank statement to reconcile (README)
    return demo_summary(finished, running, knockout) + f"; a bank statement to reconcile: {statement}"


def demo_summary(finished: int, running: int, knockout: int) -> str:
    """What the demo loaded, counted from the database (registry imports add players and clubs)."""
    count = lambda model: db.session.scalar(select(func.count()).select_from(model))  # noqa: E731
    by_status = dict(db.session.execute(select(Event.status, func.count()).group_by(Event.status)).all())
    statuses = ", ".join(f"{n} {status.value}" for status, n in sorted(by_status.items(), key=lambda kv: kv[0].value))
    return (f"{count(Club)} clubs, {count(Player)} players, {count(User)} users; {count(Event)} events ({statuses}): "
            f"a finished round robin ({finished} rounds), a running Swiss ({running} rounds played), "
            f"a finished club knockout ({knockout} games), a running knockout (a tie in Armageddon), "
            "micro-match events, and one imported from a TRF file; a closed rating period and a season ranking")
