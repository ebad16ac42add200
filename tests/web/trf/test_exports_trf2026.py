"""The FIDE exports let another program rebuild the event: the demo open (Baku acceleration)
re-pairs to every published round from its TRF-16 and its TRF-2026 file."""
from __future__ import annotations

from damas.cli import damas_cli
from damas.engine.check import check_tournament, file_boards
from damas.engine.commands.pair import request_of
from damas.engine.pairing.base import get_system
from damas.engine.trf import read_trf
from damas.engine.trf.records import TRF16, TRF26, system_type
from damas.engine.types import Color
from damas.exports.rating import rating_trf
from damas.models import Entry, Event, Round, User
from tests.conftest import login


def _demo_open(app, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    return db.session.query(Event).filter_by(discipline="xadrez", acceleration="baku").one()


def _boards(db, event, number):  # type: ignore[no-untyped-def]
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=number).one()
    no = {e.id: e.pairing_number for e in db.session.query(Entry).filter_by(event_id=event.id)}
    return {(no[g.white_entry_id], no[g.black_entry_id] if g.black_entry_id else None) for g in rnd.games}


def test_demo_open_round_trip_reproduces_every_published_round(app, client, db):  # type: ignore[no-untyped-def]
    event = _demo_open(app, db)
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 4  # 3 played, round 4 published
    for version in (TRF16, TRF26):
        trf = read_trf(rating_trf(event, version))
        assert trf.version == version and trf.first_color is Color(event.first_color)
        assert trf.accelerations[1] == (2, 2, 1, 1)  # group A: 1.0, 1.0, 0.5, 0.5 (7 rounds, C.04.5.1)
        report = check_tournament(trf, system=event.pairing_system,  # the event's Dutch edition
                                  unplayed=(event.tiebreak_options or {}).get("unplayed"))
        assert [r.round for r in report.rounds] == [1, 2, 3] and all(r.ok for r in report.rounds), report.rounds
        for r in (1, 2, 3):  # the file's boards are the published ones
            assert file_boards(trf.state, r).ordered == _boards(db, event, r)
    trf26 = read_trf(rating_trf(event, TRF26))
    assert trf26.system == event.pairing_system and trf26.tiebreaks and trf26.ranks
    assert report.ranks_checked and report.ranks == ()  # ranks follow the 202 list (TRF-2026)
    # TRF-2026 also carries the round to pair (240 records): `pair` rebuilds the published round 4.
    pairs = get_system(trf26.system).pair(request_of(trf26))
    assert {(p.white, p.black) for p in pairs} == _boards(db, event, 4)
    # Without the acceleration records round 1 re-pairs differently (what a reference checker saw).
    text = rating_trf(event, TRF16)
    bare = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("XXA"))
    assert not check_tournament(read_trf(bare), system=event.pairing_system).rounds[0].ok


def test_trf2026_download_for_the_arbiter(app, client, db):  # type: ignore[no-untyped-def]
    event = _demo_open(app, db)
    url = f"/eventos/{event.id}/relatorios/fide-2026.trf"
    assert client.get(url).status_code == 302  # login first
    login(client, db.session.query(User).filter_by(email="arbitro@demo.damas.br").one(), "demo12345")
    response = client.get(url)
    assert response.status_code == 200 and "trf2026" in response.headers["Content-Disposition"]
    assert response.get_data(as_text=True) == rating_trf(event, TRF26)
    assert [ln for ln in response.get_data(as_text=True).split("\r\n") if ln.startswith("192 ")] == \
        [f"192 {system_type(event.pairing_system, 'baku')}"]
    page = client.get(f"/eventos/{event.id}/relatorios").get_data(as_text=True)
    assert "TRF-2026 para a FIDE" in page and url in page
