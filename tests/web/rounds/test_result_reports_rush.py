"""Both players of a board press "report" at the same moment (issue 30 point 1): the event's
lock serialises the two reports, so the result is entered exactly once (never both waiting,
never entered twice), on a real threaded server over SQLite or PostgreSQL."""
from __future__ import annotations

import threading
from collections import Counter
from datetime import date

from damas.extensions import db as _db
from damas.models import AuditEntry, Entry, EntryStatus, EventStatus, Game, GameResult, Player, ResultReport, Role, Round, RoundStatus
from tests.web.serving.test_concurrency import Live, _event, live  # noqa: F401 (the threaded server)

ENTERED = "resultado lançado"
WAITING = "Aguarda o do adversário"


def test_two_simultaneous_agreeing_reports_enter_the_result_once(live: Live) -> None:  # noqa: F811
    event = _event(pairing_system="berger", status=EventStatus.RUNNING, player_reports=True)
    entries, emails = [], []
    for n in range(8):
        player = Player(full_name=f"Relator {n}", sex="M", birth_date=date(1990, 1, 1), state="CE",
                        rating_regular=1500 + n, rating_rapid=1500)
        _db.session.add(player)
        _db.session.flush()
        entries.append(Entry(event_id=event.id, player_id=player.id, pairing_number=n + 1, rating_at_entry=1500,
                             status=EntryStatus.REGISTERED))
        emails.append(f"relator{n}@rush.br")
        live.add_user(Role.PLAYER, emails[-1], player)
    _db.session.add_all(entries)
    _db.session.flush()
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=b + 1, white_entry_id=entries[2 * b].id, black_entry_id=entries[2 * b + 1].id)
                 for b in range(4)]
    _db.session.add(rnd)
    _db.session.commit()
    event_id, games = event.id, [g.id for g in rnd.games]
    clients = [live.client(email) for email in emails]

    barrier = threading.Barrier(len(clients))
    answers: list[str] = []
    lock = threading.Lock()

    def one(index: int) -> None:
        barrier.wait()
        response = clients[index].post(f"{live.url}/eventos/{event_id}/rodadas/1/informar",
                                       data={"game_id": games[index // 2], "result": "=-=", "confirmed": "1"},
                                       timeout=120)
        page = response.text
        kind = "entered" if ENTERED in page else "waiting" if WAITING in page else f"other {response.status_code}"
        with lock:
            answers.append(kind)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert Counter(answers) == Counter({"entered": 4, "waiting": 4})
    _db.session.expire_all()
    assert {g.result for g in _db.session.query(Game)} == {GameResult.DRAW}
    assert _db.session.query(ResultReport).count() == 0
    assert _db.session.query(AuditEntry).filter_by(action="result").count() == 4
    assert _db.session.query(AuditEntry).filter_by(action="report_result").count() == 8
