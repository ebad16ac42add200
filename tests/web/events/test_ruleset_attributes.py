"""Issue 15 point 4: what the application asks of a rule set is a `RuleSet` attribute, not a test
of its code. A rule set registered under a new code with the club set's answers gets the club's
behaviour everywhere the app asks (knockout drawn tie, half-point byes, the desk's online rules,
both absent, the Dutch edition, the default time's "[ours]")."""
from __future__ import annotations

from dataclasses import replace

import pytest

from damas.engine.rulesets import _REGISTRY, get_ruleset, register_ruleset
from damas.engine.types import EngineError
from damas.models import GameResult
from damas.models.registration import GuestPolicy, RegistrationSettings
from damas.presentation.results import result_choices, result_label
from damas.views.summaries import event_summary
from damas.services import desk as desk_service
from damas.services.rounds import knockout as ko
from damas.services.events.lifecycle import default_dutch_edition
from damas.services.entries.self_service import half_bye_allowed


@pytest.fixture
def clubby():
    """The FIDE rule set under another code, answering every question as the club set does."""
    rs = register_ruleset(replace(get_ruleset("fide"), code="test-clubby", knockout_drawn="replay",
                                  half_point_byes=False, online=True, double_forfeit_draw=True,
                                  dutch_edition="dutch"))
    yield rs
    _REGISTRY.pop(rs.code)


def test_ruleset_attributes_of_the_shipped_sets():
    cbjd, fide, club = (get_ruleset(c) for c in ("cbjd", "fide", "club"))
    assert (cbjd.knockout_drawn, fide.knockout_drawn, club.knockout_drawn) == ("playoff", "playoff", "replay")
    assert (cbjd.half_point_byes, fide.half_point_byes, club.half_point_byes) == (True, True, False)
    assert (cbjd.online, fide.online, club.online) == (False, False, True)
    assert (cbjd.double_forfeit_draw, fide.double_forfeit_draw, club.double_forfeit_draw) == (False, False, True)
    assert (cbjd.dutch_edition, fide.dutch_edition, club.dutch_edition) == ("dutch", "dutch-2025", "dutch")
    assert (cbjd.no_show_default_ours, fide.no_show_default_ours, club.no_show_default_ours) == (False, True, True)
    with pytest.raises(EngineError):
        replace(cbjd, knockout_drawn="coin")


def test_app_reads_ruleset_attributes_not_codes(app, db, make_event, clubby):
    event = make_event(ruleset=clubby.code, discipline="xadrez", pairing_system="knockout")
    db.session.add(RegistrationSettings(event_id=event.id, self_registration=False, guest_policy=GuestPolicy.OPEN,
                                        guest_places=0, online=False, allow_half_bye=True, schedule="", prizes="",
                                        contacts=""))
    db.session.commit()
    assert ko.default_drawn(event) == "replay"
    assert desk_service.is_online(event)
    assert not half_bye_allowed(event)
    assert default_dutch_edition(clubby.code, "xadrez") == "dutch"
    assert default_dutch_edition("fide", "xadrez") == "dutch-2025"
    assert default_dutch_edition("fide", "damas-64") == "dutch"
    with app.test_request_context():
        assert result_label(clubby.code, GameResult.DOUBLE_FORFEIT) == "½ – ½ (W.O.)"
        assert result_label("fide", GameResult.DOUBLE_FORFEIT) == "− – −"
        assert dict(result_choices(clubby.code))[GameResult.DOUBLE_FORFEIT.value] == "Ambos ausentes (empate)"
        assert result_label(clubby.code, GameResult.DRAW) == "½ – ½"
        assert result_label("cbjd", GameResult.WHITE_WIN) == "2 – 0"


def test_half_bye_allowed_follows_the_event_where_the_ruleset_has_them(db, make_event):
    event = make_event(ruleset="fide", discipline="xadrez")
    db.session.add(RegistrationSettings(event_id=event.id, self_registration=False, guest_policy=GuestPolicy.OPEN,
                                        guest_places=0, online=False, allow_half_bye=True, schedule="", prizes="",
                                        contacts=""))
    db.session.commit()
    assert half_bye_allowed(event)


def test_no_show_default_marked_ours_by_the_ruleset(app, make_event):
    cbjd, fide = make_event(ruleset="cbjd"), make_event(ruleset="fide", discipline="xadrez")
    own = make_event(ruleset="fide", discipline="xadrez", no_show_minutes=30)
    with app.test_request_context():
        assert [event_summary(e)["no_show_ours"] for e in (cbjd, fide, own)] == [False, True, False]


def test_the_rating_calculation_is_asked_of_the_rule_set(app, make_event, monkeypatch):  # type: ignore[no-untyped-def]
    """The rating-change service asks the event's rule set which calculation its games feed
    (FIDE B.02 or the federation's list), not whether its code reads "fide"."""
    from dataclasses import replace

    from damas.engine import rulesets
    from damas.services.ratings.change import system_code

    assert {code: rulesets.get_ruleset(code).rating_system for code in ("cbjd", "fide", "club")} == {
        "cbjd": "cbjd", "fide": "fide", "club": "cbjd"}
    event = make_event(ruleset="club")
    assert system_code(event) == "cbjd"
    fide_rated_club = replace(rulesets.get_ruleset("club"), rating_system="fide")
    monkeypatch.setattr("damas.services.ratings.change.get_ruleset", lambda code: fide_rated_club)
    assert system_code(event) == "fide"
