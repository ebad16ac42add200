"""The demo federation: what a newcomer sees after `make run` (deterministic, seed 2026)."""
from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta

from damas.demo_registry import load_demo_registry
from damas.demo_federation import load_federation_demo
from damas.models import EventStatus, Role
from damas.services import entries as entry_service
from damas.services import events as event_service
from damas.services.players import create_club, create_player
from damas.services.users import create_user
from damas.models import GameResult
from damas.services.rounds import publish_round, record_results
from damas.services.roundrobin import generate_round_robin
from damas.engine.pairing import family_of
from damas.services.swiss import pair_next_round
from damas.services.absence import explain_absence, mark_absent
from damas.services.rounds import publish_round
from damas.services.rounds import record_results
from damas.services.rounds import withdraw_entry
from damas.engine.pairing import system_codes
from damas.services.events import default_dutch_edition
from damas.engine.pairing.knockout import all_ties
from damas.services import knockout as ko
from damas.services import desk as desk_service
from damas.extensions import db
from damas.models import User
from damas.services import registration as reg
from damas.formats import get_format
from damas.models import Event
from damas.services.categories import add_category
from damas.services.prizes import add_prize
from damas.services import micromatch as micro_service
from damas.services import openings as opening_service
from damas.services import teams as team_service
from damas.services.desk import appeals as appeal_service
from damas.formats.mapping import event_rounds

CLUBS = (
    ("Clube de Damas de Fortaleza", "CDF", "Fortaleza", "CE"),
    ("Associação Recifense de Damas", "ARD", "Recife", "PE"),
    ("Grêmio Damista Paulistano", "GDP", "São Paulo", "SP"),
    ("Clube Carioca de Damas", "CCD", "Rio de Janeiro", "RJ"),
    ("Damas Clube de Belo Horizonte", "DCBH", "Belo Horizonte", "MG"),
    ("Sociedade Damista de Salvador", "SDS", "Salvador", "BA"),
    ("Clube de Xadrez e Damas de Natal", "CXDN", "Natal", "RN"),
)
FIRST_M = ("João", "Pedro", "Lucas", "Mateus", "Gabriel", "Rafael", "Carlos", "Antônio", "Francisco",
           "Paulo", "José", "Miguel", "Davi", "Arthur", "Heitor", "Bernardo", "Samuel", "Thiago")
FIRST_F = ("Maria", "Ana", "Beatriz", "Júlia", "Larissa", "Fernanda", "Camila", "Letícia", "Alice",
           "Sofia", "Helena", "Valentina", "Luíza", "Mariana")
LAST = ("Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Ferreira", "Costa", "Rodrigues",
        "Almeida", "Nascimento", "Carvalho", "Araújo", "Ribeiro", "Barbosa", "Gomes", "Martins", "Rocha")


def load_demo() -> str:
    rng = random.Random(2026)
    staff = create_user(None, {"email": "staff@demo.damas.br", "name": "Equipe da Federação",
                               "role": Role.STAFF.value, "password": "demo12345"})
    arbiter = create_user(staff, {"email": "arbitro@demo.damas.br", "name": "Árbitro Regional",
                                  "role": Role.ARBITER.value, "password": "demo12345"})
    clubs = [create_club(staff, {"name": n, "short_name": s, "city": c, "state": uf}) for n, s, c, uf in CLUBS]
    players = []
    this_year = date.today().year
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
            "email": None,
        }))
    create_user(staff, {"email": "jogador@demo.damas.br", "name": players[0].full_name,
                        "role": Role.PLAYER.value, "player_id": players[0].id, "password": "demo12345"})
    start = date.today() + timedelta(days=21)
    championship = event_service.create_event(staff, {
        "name": f"Campeonato Cearense Absoluto de Damas 64 {start.year}",
        "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": _swiss_code(),
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
    })
    event_service.assign_arbiter(staff, championship, arbiter)
    event_service.change_status(staff, championship, EventStatus.REGISTRATION)
    for player in players[:24]:
        entry_service.add_entry(staff, championship, player)
    finished = _demo_round_robin(staff, arbiter, players[24:32], rng)
    running = _demo_swiss(staff, arbiter, players[30:60], rng, late_entrant=players[29])
    knockout = _demo_knockout(staff, arbiter, players[13:24], rng)
    _demo_running_knockout(staff, arbiter, players[1:9])
    _demo_registration(staff, championship, players[59])
    _demo_awards(staff)
    _demo_micromatch(staff, arbiter, players[34:60])
    _demo_desk(staff, arbiter)
    load_demo_registry(staff)  # issue 17: registry and rating list imported from files
    load_federation_demo(staff)  # issue 17 points 3-4: settings with a logo, an event from a TRF file
    return (f"{len(clubs)} clubs, {len(players)} players, 3 users; events: 1 in registration (24 entries), "
            f"1 finished round robin ({finished} rounds), 1 running Swiss ({running} rounds played), "
            f"1 finished club knockout ({knockout} games), 1 running knockout (a tie in Armageddon)")


def _play(staff, event, rnd, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Publish a round and enter plausible results (the higher rating wins more often)."""
    publish_round(staff, event, rnd)
    changes = {}
    for g in rnd.games:
        if g.black is None:
            continue
        edge = (g.white.rating_at_entry - g.black.rating_at_entry) / 800
        roll = rng.random() + edge
        result = GameResult.WHITE_WIN if roll > 0.62 else GameResult.BLACK_WIN if roll < 0.30 else GameResult.DRAW
        changes[g.id] = (result, g.version)
    record_results(staff, event, changes)


def _demo_round_robin(staff, arbiter, players, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """A finished 8-player blitz round robin (pairing numbers drawn by lot)."""
    start = date.today() - timedelta(days=14)
    event = event_service.create_event(staff, {
        "name": f"Torneio Relâmpago da Federação {start.year}", "discipline": "damas-64", "ruleset": "cbjd",
        "pairing_system": "berger", "planned_rounds": 7, "time_minutes": 5, "time_increment": 0,
        "start_date": start, "end_date": start, "venue": "Sede da Federação, Fortaleza - CE",
        "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional", "notes": "",
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    rounds = generate_round_robin(staff, event, "lot")
    for rnd in rounds:
        _play(staff, event, rnd, rng)
    event_service.change_status(staff, event, EventStatus.FINISHED)
    return len(rounds)


def _demo_swiss(staff, arbiter, players, rng: random.Random, late_entrant=None) -> int:  # type: ignore[no-untyped-def]
    """A running 30-player FIDE Dutch Swiss, paired by the 2025 edition of the Dutch rules (the
    default of FIDE chess events), with Baku acceleration (C.04.5.1): three rounds played, round
    4 published (its last board adjourned); one player was absent without notice in round 2
    (explained), one is absent without notice from round 4 on; one withdrew after round 2 and
    `late_entrant` entered late, from round 3."""
    code = _fide_swiss_code()
    start = date.today() - timedelta(days=1)
    event = event_service.create_event(staff, {
        "name": f"Aberto de Xadrez de Fortaleza {start.year}", "discipline": "xadrez", "ruleset": "fide",
        "pairing_system": code, "planned_rounds": 7, "time_minutes": 90, "time_increment": 30,
        "start_date": start, "end_date": start + timedelta(days=3), "venue": "Hotel Beira-Mar, Fortaleza - CE",
        "organiser": "Clube de Xadrez e Damas de Natal", "chief_arbiter": "Árbitro Regional", "notes": "",
        "acceleration": "baku" if family_of(code) == "dutch" else "",
        "unplayed_rule": "fide-2024",  # FIDE C.07 (2023/24) for the unplayed rounds
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    by_player = {e.player_id: e for e in event.entries}
    late, gone = by_player[players[-1].id], by_player[players[-2].id]
    for number in range(1, 4):
        if number == 2:  # absent without notice (C.04.2 #2): left out of round 2, explained after it
            mark_absent(arbiter, event, late, 2, "não compareceu à rodada 2")
        if number == 3:
            explain_absence(arbiter, event, late, "ônibus quebrado na estrada; justificativa aceita")
            # CBJD 105 B / FIDE-GR f: a withdrawal after round 2, then a late entry (C.04.3 A.2):
            # the list is renumbered and the withdrawn player keeps his number and his games.
            withdraw_entry(arbiter, event, by_player[players[5].id], 2, "problema de saúde")
            if late_entrant is not None:
                entry_service.add_entry(staff, event, late_entrant)
        _play(staff, event, pair_next_round(staff, event), rng)
    mark_absent(arbiter, event, gone, 4, "saiu do salão sem avisar na rodada 3")  # still absent: not paired
    fourth = pair_next_round(staff, event)
    publish_round(staff, event, fourth)
    # the last board's game is adjourned (C.04.2 #1): "adiada", pending in the standings
    last = [g for g in fourth.games if g.black is not None][-1]
    record_results(arbiter, event, {last.id: (GameResult.ADJOURNED, last.version)})
    return 3


def _swiss_code() -> str:
    """The Dutch Swiss when the engine offers it, else round robin (both are real systems)."""
    codes = system_codes()
    return "dutch" if "dutch" in codes else codes[0]


def _fide_swiss_code() -> str:
    """The Dutch edition a new FIDE chess Swiss gets (2025 when offered), else `_swiss_code`."""
    code = default_dutch_edition("fide", "xadrez")
    return code if code in system_codes() else _swiss_code()


def _demo_knockout(staff, arbiter, players, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """A finished 11-player club knockout: byes for the top 5, drawn ties replayed with colours
    reversed (club), one both-absent game, third place played off. Returns the games played."""
    start = date.today() - timedelta(days=7)
    event = event_service.create_event(staff, {
        "name": f"Copa Eliminatória do Clube {start.year}", "discipline": "damas-64", "ruleset": "club",
        "pairing_system": "knockout", "planned_rounds": 4, "time_minutes": 10, "time_increment": 5,
        "start_date": start, "end_date": start, "venue": "Clube de Damas de Fortaleza",
        "organiser": "Clube de Damas de Fortaleza", "chief_arbiter": "Árbitro Regional", "notes": "",
        "no_show_minutes": 5,  # CLUB "Não comparecimento — derrota após"
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    ko.save_settings(staff, event, games=1, drawn="replay", rapid_games=2, places=4)
    ko.start_knockout(staff, event, lot_seed=rng.randrange(2**31))
    played, absence_done = 0, False
    while True:
        loaded = ko.load_bracket(event)
        assert loaded is not None
        todo = [(t, ko.proposed_game(event, loaded, t)) for t in all_ties(loaded.bracket).values()]
        todo = [(t, nxt) for t, nxt in todo if nxt is not None]
        if not todo:
            break
        for tie, (white, black, _stage) in todo:
            loaded = ko.load_bracket(event)
            assert loaded is not None
            if not absence_done and tie.id[0] == 1:
                ko.record_tie_game(staff, event, tie.id, len(tie.games), "absent", 25, 10)
                absence_done = True
            else:
                edge = (loaded.entry_by_no[white].rating_at_entry - loaded.entry_by_no[black].rating_at_entry) / 800
                roll = rng.random() + edge
                result = "1-0" if roll > 0.6 else "0-1" if roll < 0.3 else "=-="
                ko.record_tie_game(staff, event, tie.id, len(tie.games), result)
            played += 1
    event_service.change_status(staff, event, EventStatus.FINISHED)
    return played


# Round 1 of the running knockout, tie by tie: the results of the games entered so far
# (two classical games, then the rapid play-off when the tie is drawn).
RUNNING_KNOCKOUT_GAMES = (
    ("1-0", "=-="),  # decided in the classical games
    ("=-=", "1-0"),
    ("=-=", "=-=", "1-0", "=-="),  # decided in the rapid play-off
    ("=-=", "=-=", "=-=", "=-="),  # drawn again: Armageddon pending (FIDE-GR Playoff 1 b)
)


def _demo_running_knockout(staff, arbiter, players) -> None:  # type: ignore[no-untyped-def]
    """A running 8-player knockout (two-game mini-matches, drawn ties played off in two rapid
    games then Armageddon): three quarter-finals decided, the fourth waiting for its Armageddon
    game, so the arbiter sees the tie-entry forms."""
    start = date.today()
    event = event_service.create_event(staff, {
        "name": f"Copa Estadual Eliminatória de Damas {start.year}", "discipline": "damas-64", "ruleset": "cbjd",
        "pairing_system": "knockout", "planned_rounds": 3, "time_minutes": 30, "time_increment": 0,
        "start_date": start, "end_date": start + timedelta(days=1), "venue": "Clube Carioca de Damas, Rio de Janeiro - RJ",
        "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional", "notes": "",
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players:
        entry_service.add_entry(staff, event, player)
    ko.save_settings(staff, event, games=2, drawn="playoff", rapid_games=2, places=2)
    ko.start_knockout(staff, event, lot_seed=2026)
    loaded = ko.load_bracket(event)
    assert loaded is not None
    first = sorted(tie_id for tie_id in all_ties(loaded.bracket) if tie_id[0] == 1)
    for tie_id, results in zip(first, RUNNING_KNOCKOUT_GAMES):
        for seq, result in enumerate(results):
            ko.record_tie_game(staff, event, tie_id, seq, result)
    # The arbiter's desk on the tie waiting for its Armageddon (fase 1, confronto 4): a warning only.
    armageddon = all_ties(ko.load_bracket(event).bracket)[first[3]]
    desk_service.add_incident(arbiter, event, 1, loaded.entry_by_no[armageddon.top], "claimed_irregularity", "56",
                              "Tocou uma peça e jogou outra no Armagedom.")


def _demo_registration(staff, championship, spare) -> None:  # type: ignore[no-untyped-def]
    """Self-registration for the championship (issue 7): rules and invitation texts, and the demo
    player login (jogador@demo.damas.br) left unregistered so he can register himself."""
    from datetime import datetime, time, timezone

    from sqlalchemy import select

    now = datetime.now(timezone.utc)
    closes = datetime.combine(championship.start_date - timedelta(days=1), time(21, 0), tzinfo=timezone.utc)
    reg.save_settings(staff, championship, {
        "self_registration": True, "opens_at": now - timedelta(days=7), "closes_at": closes, "capacity": 32,
        "guest_policy": "limited", "guest_places": 4, "guests_from": None, "rating_ceiling": None,
        "online": False, "min_entries": 8, "allow_half_bye": True,
        "schedule": "Sexta 19h: congresso técnico\nSábado 9h, 14h, 18h: rodadas 1–3\n"
                    "Domingo 9h, 14h: rodadas 4–5\nSegunda 9h, 14h: rodadas 6–7; 18h: premiação",
        "prizes": "Absoluto: troféus do 1º ao 3º; R$ 500, 300, 200\nSub-10 a sub-23 e feminino: medalhas do 1º ao 3º",
        "contacts": "inscricoes@demo.damas.br · (85) 3000-0000",
    })
    user = db.session.scalar(select(User).where(User.email == "jogador@demo.damas.br"))
    entry = reg.own_entry(championship, user.player) if user is not None and user.player else None
    if entry is not None:
        entry_service.remove_entry(staff, championship, entry)
        entry_service.add_entry(staff, championship, spare)


def _demo_awards(staff) -> None:  # type: ignore[no-untyped-def]
    """Categories and prizes for the finished round robin and the running Swiss (RULES.md §8):
    the CBJD set plus a veterans category (50 and over), trophies and cash prizes."""
    finished = Event.query.filter(Event.status == EventStatus.FINISHED).order_by(Event.id)
    for event in [e for e in finished if get_format(e).round_robin]:
        add_category(staff, event, {"code": "veteranos", "name_pt": "Veteranos (50+)", "name_en": "Seniors (50+)",
                                    "min_age": 50})
        for place, amount in ((1, 50000), (2, 30000), (3, 15000)):
            add_prize(staff, event, "absoluto", place, "trophy", 0)
            add_prize(staff, event, "absoluto", place, "cash", amount)
        for code in ("sub-14", "sub-18", "feminino", "veteranos"):
            add_prize(staff, event, code, 1, "trophy", 0)
            add_prize(staff, event, code, 1, "cash", 10000)
            add_prize(staff, event, code, 2, "medal", 0)
    for event in Event.query.filter(Event.discipline == "xadrez", Event.status == EventStatus.RUNNING):  # the chess open
        for place, amount in ((1, 100000), (2, 60000), (3, 30000)):
            add_prize(staff, event, "absoluto", place, "cash", amount)
        add_prize(staff, event, "feminino", 1, "cash", 20000)
        add_prize(staff, event, "sub-18", 1, "trophy", 0)


def _demo_micromatch(staff, arbiter, players) -> str:  # type: ignore[no-untyped-def]
    """The federation's openings and a running micro-match event (CBJD 119-122): three rounds
    played (both games of each micro-match), round 4 published with its opening drawn; plus a
    team event (4 teams x 2 boards) with round 1 played."""
    rng = random.Random(119)  # its own stream: the other demo events stay as they were
    opening_service.upload_openings(staff, (
        "código;lances;nome\n"
        "01;11-15 22-18 15x22;Cruz\n02;11-15 22-19 8-11;Ortodoxa\n03;11-15 23-19 9-13;Central\n"
        "04;11-16 22-18 16-20;Lateral Esquerda\n05;12-16 22-18 16-20;Dama Velha\n"
        "06;9-13 22-18 13-17;Ataque de Ponta\n07;10-14 22-18 14-17;Diagonal\n08;10-15 21-17 15-19;Avanço\n"
    ).encode(), "tablita-federacao.csv")
    start = date.today() - timedelta(days=1)
    base = {"discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "micromatch", "time_increment": 0,
            "start_date": start, "end_date": start + timedelta(days=1), "venue": "Sede da Federação, Fortaleza - CE",
            "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional", "notes": ""}
    event = micro_service.create_micromatch_event(staff, dict(
        base, name=f"Copa Micro Match de Damas {start.year}", planned_rounds=5, time_minutes=30,
        scoring="game", openings="round"))
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for player in players[:10]:
        entry_service.add_entry(staff, event, player)
    for _number in range(3):
        rnd = micro_service.pair_individual_round(staff, event)
        publish_round(staff, event, rnd)
        changes = {g.id: (rng.choice(("2-0", "1-1", "1-1", "0-2")), rng.choice(("2-0", "1-1", "0-2")), g.version)
                   for g in rnd.games if g.black_entry_id is not None and g.result == GameResult.PENDING}
        micro_service.record_micro_results(staff, event, rnd, changes)
    publish_round(staff, event, micro_service.pair_individual_round(staff, event))

    teams = micro_service.create_micromatch_event(staff, dict(
        base, name=f"Interclubes por Equipes {start.year}", planned_rounds=3, time_minutes=20,
        team=True, boards=2, scoring="match", openings="board"))
    event_service.assign_arbiter(staff, teams, arbiter)
    event_service.change_status(staff, teams, EventStatus.REGISTRATION)
    for k in range(4):
        squad = players[10 + 3 * k: 13 + 3 * k]
        club = squad[0].club
        team_service.add_team(staff, teams, {"name": f"Equipe {club.short_name if club else k + 1}",
                                             "club": club.name if club else "", "city": club.city if club else "",
                                             "player_ids": [p.id for p in squad], "captain_name": squad[0].full_name})
    rnd = team_service.pair_team_round(staff, teams)  # the event is running from here on
    team_service.publish_team_round(staff, teams, rnd)
    games = {}
    for match in rnd.matches:
        if match.team_b_id is None:
            continue
        for team_id in (match.team_a_id, match.team_b_id):
            team = next(t for t in team_service.teams_of(teams) if t.id == team_id)
            team_service.submit_lineup(staff, teams, rnd, team, [m.player_id for m in team.members[:2]])
        games[match.id] = {b: (rng.choice(("2-0", "1-1", "0-2")), rng.choice(("2-0", "1-1", "0-2"))) for b in (1, 2)}
    team_service.record_round_results(staff, teams, rnd, games)
    played = next(m for m in rnd.matches if m.team_b_id is not None)
    desk_service.add_incident(arbiter, teams, 1, team_service.lineup_of(rnd, played.team_b_id)[1], "irregular_move",
                              "", "Lance irregular corrigido; adversário recebeu 2 minutos.")
    return "1 running micro-match event (3 rounds played), 1 running team micro-match event (1 round played)"


def _demo_desk(staff, arbiter) -> None:  # type: ignore[no-untyped-def]
    """The arbiter's desk of the running Swiss: chief arbiter, incidents, a warning, the appeals
    committee (set before round 1) and one decided appeal."""
    from datetime import datetime

    from sqlalchemy import select

    event = db.session.scalar(select(Event).where(Event.name.like("Aberto de Xadrez de Fortaleza%")))
    if event is None:
        return
    desk_service.set_chief_arbiter(staff, event, arbiter.id)
    rounds = event_rounds(event)
    current = rounds[-1]
    games = [g for g in current.games if g.black is not None]
    if len(games) >= 2:
        # chess: the FIDE Laws (first illegal move: the opponent gets two minutes)
        desk_service.add_incident(arbiter, event, current.number, games[0].white, "fide_illegal_move", "",
                                  "Roque com o rei em xeque.")
        desk_service.add_sanction(arbiter, event, current.number, games[1].black, "verbal_warning",
                                  "Conversa com o público durante a partida.")
    first_start = rounds[0].created_at - timedelta(hours=1)
    for name, born, voting in (("Marcos Vieira", date(1968, 3, 2), True), ("Helena Prado", date(1979, 8, 14), True),
                               ("Jorge Matos", date(1985, 11, 30), True), ("Rita Campos", date(1990, 1, 9), False)):
        member = appeal_service.add_member(staff, event, name, born, voting)
        member.appointed_at = first_start
    db.session.commit()
    decided_at = datetime.now() - timedelta(minutes=20)
    appeal = appeal_service.file_appeal(arbiter, event, {
        "appellant_name": games[0].black.player.full_name if games else "Jogador",
        "subject": "Contesto o acréscimo de 2 minutos dado ao adversário na rodada atual.",
        "decision_at": decided_at, "filed_at": decided_at + timedelta(minutes=10), "fee_paid_cents": 0,
        "in_writing": True, "copy_to_chief_arbiter": True})
    appeal_service.decide_appeal(staff, event, appeal.id, "rejected_reasonable",
                                 "Decisão do árbitro mantida: o toque na peça foi presenciado. Apelação razoável.", [])

