"""Self-registration through the Flask test client (RULES.md §9, §5; CLUB "Como se inscrever",
"Reserva"): each limit refuses with a clear message and writes nothing."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from damas.models import (
    AuditEntry,
    Entry,
    EventStatus,
    Game,
    GameResult,
    RequestKind,
    Role,
    Round,
    RoundRequest,
    RoundStatus,
    User,
)
from damas.models.registration import GuestPolicy, PlayerMessage, RegistrationSettings, ReserveEntry, SignUp


def now() -> datetime:
    return datetime.now(timezone.utc)


@pytest.fixture
def setup(db, make_event):  # type: ignore[no-untyped-def]
    """An event open for self-registration with the given settings."""

    def factory(event=None, **settings):  # type: ignore[no-untyped-def]
        event = event or make_event(status=EventStatus.REGISTRATION)
        values = {"self_registration": True, "guest_policy": GuestPolicy.OPEN, "guest_places": 0}
        values.update(settings)
        db.session.add(RegistrationSettings(event_id=event.id, **values))
        db.session.commit()
        return event

    return factory


@pytest.fixture
def player_user(make_user, make_player):  # type: ignore[no-untyped-def]
    def factory(**player_kw):  # type: ignore[no-untyped-def]
        player = make_player(**player_kw)
        return make_user(Role.PLAYER, player_id=player.id)

    return factory


def _register(client, event):  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event.id}/inscricao/inscrever", follow_redirects=True).get_data(as_text=True)


def _counts(db, event):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    return (db.session.query(Entry).filter_by(event_id=event.id).count(), db.session.query(AuditEntry).count())


def _refused(client, db, event, message):  # type: ignore[no-untyped-def]
    before = _counts(db, event)
    page = _register(client, event)
    assert message in page, page[:3000]
    assert _counts(db, event) == before


# ---------------------------------------------------------------- accounts

def test_member_sign_up_waits_for_staff_approval(client, db, make_player, make_user, login_as, setup):  # type: ignore[no-untyped-def]
    player = make_player(federation_id="CE-777", full_name="Ana Membro")
    event = setup()
    page = client.post("/conta/cadastro", data={
        "kind": "member", "name": "Ana Membro", "email": "ana@x.br", "password": "segredo123",
        "confirm": "segredo123", "federation_id": "ce-777",
    }, follow_redirects=True).get_data(as_text=True)
    assert "Pedido de conta recebido." in page  # the neutral answer (issue 25 point 6): log in
    client.post("/conta/entrar", data={"email": "ana@x.br", "password": "segredo123"})
    assert "aguarda aprovação" in client.get("/conta/minha-area").get_data(as_text=True)
    user = db.session.query(User).filter_by(email="ana@x.br").one()
    assert user.role == Role.PLAYER and user.player_id is None
    _refused(client, db, event, "aguarde a aprovação")

    staff = make_user(Role.STAFF)
    login_as(staff)
    assert "Ana Membro" in client.get("/conta/pedidos").get_data(as_text=True)
    request = db.session.query(SignUp).one()
    page = client.post("/conta/pedidos", data={"signup_id": request.id, "decision": "approve"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Pedido aprovado." in page
    db.session.expire_all()
    assert db.session.get(User, user.id).player_id == player.id

    client.post("/conta/sair")
    client.post("/conta/entrar", data={"email": "ana@x.br", "password": "segredo123"})
    assert "Inscrição confirmada." in _register(client, event)
    assert db.session.query(Entry).filter_by(event_id=event.id, player_id=player.id).count() == 1


def test_member_sign_up_refusals(client, db, make_player, make_user):  # type: ignore[no-untyped-def]
    taken = make_player(federation_id="CE-1")
    make_user(Role.PLAYER, player_id=taken.id)
    base = {"kind": "member", "name": "X", "email": "x@x.br", "password": "segredo123", "confirm": "segredo123"}
    users = db.session.query(User).count()
    page = client.post("/conta/cadastro", data={**base, "federation_id": "NOPE"}, follow_redirects=True).get_data(
        as_text=True)
    assert "Pedido de conta recebido." in page and "Nenhum jogador" not in page  # an unknown number is not told
    page = client.post("/conta/cadastro", data={**base, "federation_id": "CE-1"}, follow_redirects=True).get_data(
        as_text=True)
    assert "Pedido de conta recebido." in page  # the answer of a new account: which one matched stays unsaid
    page = client.post("/conta/cadastro", data={**base, "federation_id": "CE-1", "confirm": "outra1234"}).get_data(as_text=True)
    assert "As senhas não conferem." in page
    assert db.session.query(User).count() == users


def test_guest_sign_up_gets_a_new_guest_record(client, db, setup):  # type: ignore[no-untyped-def]
    event = setup()
    page = client.post("/conta/cadastro", data={
        "kind": "guest", "name": "Beto Convidado", "email": "beto@x.br", "password": "segredo123",
        "confirm": "segredo123", "sex": "M", "birth_date": "2012-03-04", "state": "PE",
    }, follow_redirects=True).get_data(as_text=True)
    assert "Pedido de conta recebido." in page
    client.post("/conta/entrar", data={"email": "beto@x.br", "password": "segredo123"})
    user = db.session.query(User).filter_by(email="beto@x.br").one()
    assert user.player.federation_id is None and user.player.birth_date == date(2012, 3, 4)
    assert "Inscrição confirmada." in _register(client, event)


# ---------------------------------------------------------------- limits

def test_registration_window(client, db, login_as, player_user, setup):  # type: ignore[no-untyped-def]
    login_as(player_user())
    early = setup(opens_at=now() + timedelta(days=2), closes_at=now() + timedelta(days=5))
    _refused(client, db, early, "As inscrições abrem em")
    late = setup(opens_at=now() - timedelta(days=5), closes_at=now() - timedelta(hours=1))
    _refused(client, db, late, "As inscrições encerraram em")
    open_now = setup(opens_at=now() - timedelta(days=1), closes_at=now() + timedelta(days=1))
    assert "Inscrição confirmada." in _register(client, open_now)


def test_not_open_for_self_registration(client, db, login_as, player_user, make_event, setup):  # type: ignore[no-untyped-def]
    login_as(player_user())
    _refused(client, db, make_event(status=EventStatus.REGISTRATION), "não estão abertas pelo site")
    draft = setup(make_event(status=EventStatus.DRAFT))  # drafts are invisible to players
    assert client.post(f"/eventos/{draft.id}/inscricao/inscrever").status_code == 404
    assert db.session.query(Entry).filter_by(event_id=draft.id).count() == 0


def test_capacity(client, db, login_as, player_user, make_player, make_event, setup):  # type: ignore[no-untyped-def]
    event = setup(make_event(status=EventStatus.REGISTRATION, players=(make_player(), make_player())), capacity=3)
    login_as(player_user())
    assert "Inscrição confirmada." in _register(client, event)
    login_as(player_user())
    _refused(client, db, event, "Não há mais vagas neste evento.")


def test_cancel_before_start_frees_the_place(client, db, login_as, player_user, make_player, make_event, setup):  # type: ignore[no-untyped-def]
    event = setup(make_event(status=EventStatus.REGISTRATION, players=(make_player(),)), capacity=2)
    first, second = player_user(), player_user()
    login_as(first)
    assert "Inscrição confirmada." in _register(client, event)
    login_as(second)
    _refused(client, db, event, "Não há mais vagas neste evento.")
    login_as(first)
    page = client.post(f"/eventos/{event.id}/inscricao/cancelar", follow_redirects=True).get_data(as_text=True)
    assert "a vaga está livre" in page
    assert db.session.query(Entry).filter_by(event_id=event.id, player_id=first.player_id).count() == 0
    login_as(second)
    assert "Inscrição confirmada." in _register(client, event)
    # after the start the registration cannot be cancelled any more
    event.status = EventStatus.RUNNING
    db.session.commit()
    before = _counts(db, event)
    page = client.post(f"/eventos/{event.id}/inscricao/cancelar", follow_redirects=True).get_data(as_text=True)
    assert "não pode mais ser cancelada" in page
    assert _counts(db, event) == before


def test_members_only(client, db, login_as, player_user, setup):  # type: ignore[no-untyped-def]
    event = setup(guest_policy=GuestPolicy.NONE)
    login_as(player_user(federation_id=None))
    _refused(client, db, event, "só para membros da federação")
    login_as(player_user())
    assert "Inscrição confirmada." in _register(client, event)


def test_limited_guest_places(client, db, login_as, player_user, setup):  # type: ignore[no-untyped-def]
    event = setup(guest_policy=GuestPolicy.LIMITED, guest_places=1, capacity=10)
    login_as(player_user(federation_id=None))
    assert "Inscrição confirmada." in _register(client, event)
    login_as(player_user(federation_id=None))
    _refused(client, db, event, "As vagas para convidados estão esgotadas.")
    login_as(player_user())
    assert "Inscrição confirmada." in _register(client, event)


def test_guests_admitted_from_a_later_date(client, db, login_as, player_user, setup):  # type: ignore[no-untyped-def]
    event = setup(guests_from=now() + timedelta(days=3))
    login_as(player_user(federation_id=None))
    _refused(client, db, event, "Convidados podem se inscrever a partir de")
    login_as(player_user())
    assert "Inscrição confirmada." in _register(client, event)
    later = setup(guests_from=now() - timedelta(minutes=1))
    login_as(player_user(federation_id=None))
    assert "Inscrição confirmada." in _register(client, later)


def test_rating_ceiling_uses_the_list_of_the_rate_of_play(client, db, login_as, player_user, make_event, setup):  # type: ignore[no-untyped-def]
    normal = setup(make_event(status=EventStatus.REGISTRATION, time_minutes=60), rating_ceiling=1800)
    rapid = setup(make_event(status=EventStatus.REGISTRATION, time_minutes=15), rating_ceiling=1800)
    login_as(player_user(rating_regular=1900, rating_rapid=1700))
    _refused(client, db, normal, "Seu rating na lista clássica (1900) passa do teto do evento (1800).")
    assert "Inscrição confirmada." in _register(client, rapid)
    login_as(player_user(rating_regular=1700, rating_rapid=1900))
    _refused(client, db, rapid, "Seu rating na lista rápida (1900) passa do teto do evento (1800).")
    assert "Inscrição confirmada." in _register(client, normal)


def test_one_running_online_event_per_player(client, db, login_as, player_user, make_event, setup):  # type: ignore[no-untyped-def]
    first = setup(make_event(name="Arena 1"), online=True, capacity=8)
    second = setup(make_event(name="Arena 2"), online=True, capacity=8)
    over_the_board = setup()
    login_as(player_user())
    assert "Inscrição confirmada." in _register(client, first)
    _refused(client, db, second, "Só é possível jogar um torneio online por vez: você já está inscrito em Arena 1.")
    assert "Inscrição confirmada." in _register(client, over_the_board)
    first.status = EventStatus.FINISHED
    db.session.commit()
    assert "Inscrição confirmada." in _register(client, second)


def test_online_event_starts_when_the_last_place_fills(client, db, login_as, player_user, make_player, make_event, setup):  # type: ignore[no-untyped-def]
    event = setup(make_event(status=EventStatus.REGISTRATION, players=(make_player(), make_player())),
                  online=True, capacity=3)
    login_as(player_user())
    assert "Inscrição confirmada." in _register(client, event)
    db.session.expire_all()
    assert event.status == EventStatus.RUNNING
    assert sorted(e.pairing_number for e in event.entries) == [1, 2, 3]
    # an over-the-board event with the same capacity does not start by itself
    other = setup(make_event(status=EventStatus.REGISTRATION, players=(make_player(), make_player())), capacity=3)
    login_as(player_user())
    _register(client, other)
    db.session.expire_all()
    assert other.status == EventStatus.REGISTRATION


def test_too_few_entries_at_the_start_cancels_and_tells_the_entrants(client, db, login_as, player_user, make_user, make_event, setup):  # type: ignore[no-untyped-def]
    event = setup(make_event(status=EventStatus.REGISTRATION, name="Aberto Pequeno"), min_entries=4)
    players = [player_user() for _ in range(3)]
    for user in players:
        login_as(user)
        _register(client, event)
    staff = make_user(Role.STAFF)
    login_as(staff)
    page = client.post(f"/eventos/{event.id}/inscricao/iniciar", follow_redirects=True).get_data(as_text=True)
    assert "Evento cancelado" in page
    db.session.expire_all()
    assert event.status == EventStatus.CANCELLED
    assert db.session.query(PlayerMessage).filter_by(event_id=event.id).count() == 3
    login_as(players[0])
    page = client.get("/conta/minha-area").get_data(as_text=True)
    assert "O evento Aberto Pequeno foi cancelado: 3 inscritos, o mínimo era 4." in page


def test_enough_entries_start_the_event(client, db, login_as, make_user, make_player, make_event, setup):  # type: ignore[no-untyped-def]
    event = setup(make_event(status=EventStatus.REGISTRATION, players=tuple(make_player() for _ in range(4))),
                  min_entries=4)
    login_as(make_user(Role.STAFF))
    page = client.post(f"/eventos/{event.id}/inscricao/iniciar", follow_redirects=True).get_data(as_text=True)
    assert "Evento iniciado." in page
    db.session.expire_all()
    assert event.status == EventStatus.RUNNING


# ---------------------------------------------------------------- reserve list

def _running_with_round_one(db, make_event, make_player, setup, result=GameResult.PENDING):  # type: ignore[no-untyped-def]
    players = [make_player(rating_regular=2000 - i) for i in range(4)]
    event = setup(make_event(status=EventStatus.RUNNING, players=tuple(players), pairing_system="dutch",
                             ruleset="club", time_minutes=10))
    a, b, c, d = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id, result=GameResult.WHITE_WIN),
                 Game(board=2, white_entry_id=d.id, black_entry_id=b.id, result=result)]
    db.session.add(rnd)
    db.session.commit()
    return event, b, rnd


def test_reserve_replaces_a_round_one_no_show_with_his_place_and_points(client, db, login_as, player_user, make_user, make_player, make_event, setup):  # type: ignore[no-untyped-def]
    event, no_show, rnd = _running_with_round_one(db, make_event, make_player, setup,
                                                  result=GameResult.WHITE_FORFEIT_WIN)
    # before the start there is no reserve list
    waiting = setup(make_event(status=EventStatus.REGISTRATION))
    first, second = player_user(), player_user()
    login_as(first)
    page = client.post(f"/eventos/{waiting.id}/reserva/entrar", follow_redirects=True).get_data(as_text=True)
    assert "A lista de reserva abre depois do início do evento." in page
    page = client.post(f"/eventos/{event.id}/reserva/entrar", follow_redirects=True).get_data(as_text=True)
    assert "Você está na lista de reserva." in page
    login_as(second)
    client.post(f"/eventos/{event.id}/reserva/entrar")
    assert db.session.query(ReserveEntry).filter_by(event_id=event.id).count() == 2

    arbiter = make_user(Role.ARBITER)
    from damas.models import EventArbiter

    db.session.add(EventArbiter(event_id=event.id, user_id=arbiter.id))
    db.session.commit()
    login_as(arbiter)
    old_player, number = no_show.player_id, no_show.pairing_number
    page = client.post(f"/eventos/{event.id}/reserva/substituir", data={"entry_id": no_show.id},
                       follow_redirects=True).get_data(as_text=True)
    assert "entrou no lugar do ausente" in page
    db.session.expire_all()
    assert no_show.player_id == first.player_id and no_show.pairing_number == number
    assert db.session.query(Entry).filter_by(event_id=event.id, player_id=old_player).count() == 0
    # he takes the no-show's board and points: here the forfeit (white won by forfeit: 0 for black)
    card = client.get(f"/api/v1/events/{event.id}/players/{first.player_id}").get_json()
    assert card["games"][0]["board"] == 2 and card["games"][0]["colour"] == "b" and card["total"] == "0"

    # a player who played his round-1 game is no no-show
    played = next(g for g in rnd.games if g.board == 1)
    before = _counts(db, event)
    page = client.post(f"/eventos/{event.id}/reserva/substituir", data={"entry_id": played.white_entry_id},
                       follow_redirects=True).get_data(as_text=True)
    assert "foi jogada" in page
    assert _counts(db, event) == before


def test_no_substitution_after_round_one(client, db, login_as, player_user, make_user, make_player, make_event, setup):  # type: ignore[no-untyped-def]
    event, no_show, rnd = _running_with_round_one(db, make_event, make_player, setup, result=GameResult.DRAW)
    login_as(player_user())
    client.post(f"/eventos/{event.id}/reserva/entrar")
    entries = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd2 = Round(event_id=event.id, number=2, status=RoundStatus.PUBLISHED)
    rnd2.games = [Game(board=1, white_entry_id=entries[0].id, black_entry_id=entries[1].id),
                  Game(board=2, white_entry_id=entries[2].id, black_entry_id=entries[3].id)]
    db.session.add(rnd2)
    db.session.commit()
    login_as(make_user(Role.STAFF))
    before = _counts(db, event)
    page = client.post(f"/eventos/{event.id}/reserva/substituir", data={"entry_id": entries[3].id},
                       follow_redirects=True).get_data(as_text=True)
    assert "Não há substituições depois da 1ª rodada." in page
    assert _counts(db, event) == before
    login_as(player_user())
    page = client.post(f"/eventos/{event.id}/reserva/entrar", follow_redirects=True).get_data(as_text=True)
    assert "a reserva está fechada" in page


# ---------------------------------------------------------------- absence

def _swiss_round_one(db, make_event, make_player, setup, user_player, **settings):  # type: ignore[no-untyped-def]
    others = [make_player(rating_regular=1900 - 10 * i) for i in range(5)]
    event = setup(make_event(status=EventStatus.RUNNING, players=(user_player, *others), pairing_system="dutch",
                             ruleset="fide", discipline="xadrez", planned_rounds=5), **settings)
    entries = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=i + 1, white_entry_id=entries[i].id, black_entry_id=entries[i + 3].id,
                      result=GameResult.DRAW) for i in range(3)]
    db.session.add(rnd)
    db.session.commit()
    return event


def test_player_announces_a_known_absence(client, db, login_as, make_player, make_user, make_event, setup):  # type: ignore[no-untyped-def]
    player = make_player(rating_regular=2100)
    user = make_user(Role.PLAYER, player_id=player.id)
    event = _swiss_round_one(db, make_event, make_player, setup, player)
    entry = next(e for e in event.entries if e.player_id == player.id)
    login_as(user)
    assert "Ausência avisada" in client.get("/conta/minha-area").get_data(as_text=True)
    page = client.post(f"/eventos/{event.id}/ausencia", data={"round_number": 2, "kind": "zero_bye"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Aviso registrado para a rodada 2." in page
    assert db.session.query(RoundRequest).filter_by(entry_id=entry.id, round_number=2).one().kind == RequestKind.ZERO_BYE
    # half-point byes only where the event allows them
    before = db.session.query(AuditEntry).count()
    page = client.post(f"/eventos/{event.id}/ausencia", data={"round_number": 3, "kind": "half_bye"},
                       follow_redirects=True).get_data(as_text=True)
    assert "não concede bye de meio ponto" in page
    assert db.session.query(AuditEntry).count() == before
    # a round already paired is refused
    page = client.post(f"/eventos/{event.id}/ausencia", data={"round_number": 1, "kind": "zero_bye"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Só vale para uma rodada ainda não emparceirada." in page
    # the announced round gives a zero-point bye: he is not paired
    from damas.services.rounds.swiss import pair_next_round

    staff = make_user(Role.STAFF)
    rnd = pair_next_round(staff, event)
    assert all(entry.id not in (g.white_entry_id, g.black_entry_id) for g in rnd.games)


def test_half_point_bye_where_allowed(client, db, login_as, make_player, make_user, make_event, setup):  # type: ignore[no-untyped-def]
    player = make_player()
    user = make_user(Role.PLAYER, player_id=player.id)
    event = _swiss_round_one(db, make_event, make_player, setup, player, allow_half_bye=True)
    login_as(user)
    page = client.post(f"/eventos/{event.id}/ausencia", data={"round_number": 3, "kind": "half_bye"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Aviso registrado para a rodada 3." in page
    assert db.session.query(RoundRequest).one().kind == RequestKind.HALF_BYE
    client.post(f"/eventos/{event.id}/ausencia", data={"round_number": 3, "kind": ""})
    assert db.session.query(RoundRequest).count() == 0


def test_arbiter_marks_absent_without_notice(client, db, login_as, make_player, make_user, make_event, setup):  # type: ignore[no-untyped-def]
    player = make_player()
    user = make_user(Role.PLAYER, player_id=player.id)
    event = _swiss_round_one(db, make_event, make_player, setup, player)
    entry = next(e for e in event.entries if e.player_id == player.id)
    login_as(make_user(Role.STAFF))
    client.post(f"/eventos/{event.id}/jogadores", data={
        "r-entry_id": entry.id, "r-round_number": 2, "r-kind": "absent", "r-note": "", "r-submit": "1"})
    assert db.session.query(RoundRequest).one().kind == RequestKind.ABSENT
    # the player cannot clear the arbiter's mark himself (C.04.2 #2: explained to the arbiter)
    login_as(user)
    page = client.post(f"/eventos/{event.id}/ausencia", data={"round_number": 2, "kind": ""},
                       follow_redirects=True).get_data(as_text=True)
    assert "ausente sem aviso" in page
    from damas.services.rounds.swiss import pair_next_round

    rnd = pair_next_round(make_user(Role.STAFF), event)
    assert all(entry.id not in (g.white_entry_id, g.black_entry_id) for g in rnd.games)


# ---------------------------------------------------------------- settings page

def test_settings_page_saves_and_validates(client, db, login_as, make_user, make_event):  # type: ignore[no-untyped-def]
    event = make_event(status=EventStatus.REGISTRATION)
    login_as(make_user(Role.STAFF))
    assert client.get(f"/eventos/{event.id}/inscricao/regras").status_code == 200
    page = client.post(f"/eventos/{event.id}/inscricao/regras", data={
        "self_registration": "y", "opens_at": "2026-12-01T10:00", "closes_at": "2026-11-30T10:00",
        "guest_policy": "open"}).get_data(as_text=True)
    assert "O encerramento das inscrições deve ser depois da abertura." in page
    assert db.session.get(RegistrationSettings, event.id) is None
    page = client.post(f"/eventos/{event.id}/inscricao/regras", data={
        "self_registration": "y", "opens_at": "2026-11-01T10:00", "closes_at": "2026-12-01T18:00",
        "capacity": "16", "guest_policy": "limited", "guest_places": "4", "rating_ceiling": "1800",
        "min_entries": "6", "prizes": "1º lugar: troféu", "schedule": "Sáb 9h: rodada 1"},
        follow_redirects=True).get_data(as_text=True)
    assert "Regras de inscrição gravadas." in page
    row = db.session.get(RegistrationSettings, event.id)
    assert (row.capacity, row.guest_places, row.rating_ceiling, row.min_entries) == (16, 4, 1800, 6)
    # 18:00 in Brasília is 21:00 UTC
    closes = row.closes_at.replace(tzinfo=None)
    assert (closes.hour, closes.minute) == (21, 0)
    public = client.get(f"/eventos/{event.id}/inscricao").get_data(as_text=True)
    assert "1º lugar: troféu" in public and "até 01/12/2026 18:00" in public and "0 inscritos de 16 vagas" in public
    assert "Teto de rating: 1800" in public
