"""The event formats registry (issue 15): one format per kind of event, found by the pairing
system, answering what differs; nothing else in the application branches on the pairing system."""
from __future__ import annotations

import re
from pathlib import Path

from damas.formats import FORMATS, EventFormat, format_of, get_format
from damas.models import Role
from damas.services.micromatch import matches as micro_service

DAMAS = Path(__file__).resolve().parents[3] / "damas"
CHECK = re.compile(r"pairing_system (==|!=|in) ")


def test_each_pairing_system_has_its_format():  # type: ignore[no-untyped-def]
    assert format_of("berger").round_robin and format_of("berger").pages.crosstable == "grid"
    for code in ("dutch", "dutch-2025", "sb-swiss"):
        fmt = format_of(code)
        assert (fmt.code, fmt.round_robin, fmt.pages.crosstable, fmt.renumbers_late_entries) == ("round", False, "swiss", True)
        assert (fmt.pages.rounds, fmt.pages.standings, fmt.pages.results_form) == (None, None, "rounds.save_results")
    micro, teams, knockout = format_of("micromatch"), format_of("micromatch", team=True), format_of("knockout")
    assert (micro.code, micro.micro_match, micro.openings_lottery, micro.pages.results_form) == (
        "micro", True, True, "micromatch.micro_results")
    assert (teams.code, teams.team_based, teams.pages.standings, teams.pages.crosstable) == (
        "micro-teams", True, "micromatch.standings", None)
    assert (knockout.code, knockout.has_bracket, knockout.playoffs, knockout.pages.rounds) == (
        "knockout", True, False, "knockout.bracket")
    assert [f.pages.tabs for f in (micro, teams, knockout)] == [("crosstable", "micromatch")] * 2 + [("bracket",)]
    assert set(FORMATS) == {"round", "micro", "micro-teams", "knockout"}
    assert all(isinstance(f, EventFormat) for f in FORMATS.values())


def test_a_micro_match_event_is_a_team_event_when_its_settings_say_so(db, make_user, make_event):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = make_event(pairing_system="micromatch")
    assert get_format(event).code == "micro"
    micro_service.save_settings(staff, event, {"team": True, "boards": 4, "scoring": "match", "openings": "none"})
    assert get_format(event).code == "micro-teams" and micro_service.is_team_event(event)
    assert get_format(event).shown_tiebreaks(event)[:2] == ("GP", "TSB")  # match points: the team order


def test_no_pairing_system_check_outside_the_registry_and_the_models():  # type: ignore[no-untyped-def]
    """Issue 15 acceptance: only the format registry and the models know pairing-system codes."""
    found = []
    for path in DAMAS.rglob("*.py"):
        rel = path.relative_to(DAMAS).as_posix()
        if rel.startswith(("models/", "formats/registry.py")):
            continue
        found += [f"{rel}:{n}" for n, line in enumerate(path.read_text().splitlines(), 1) if CHECK.search(line)]
    assert found == []


def test_each_format_owns_its_rating_games(db, make_user, make_event):  # type: ignore[no-untyped-def]
    """The rating export asks the format (issue 15): a round-based event rates each board as one
    game (None), a micro-match and a knockout list their games one by one (CBJD 115, 119)."""
    swiss = make_event(pairing_system="dutch")
    knockout = make_event(pairing_system="knockout")
    micro = make_event(pairing_system="micromatch")
    assert get_format(swiss).rated_games(swiss) is None
    for event in (knockout, micro):
        games = get_format(event).rated_games(event)
        assert games is not None and games.games == [] and games.state.total_rounds >= 1
