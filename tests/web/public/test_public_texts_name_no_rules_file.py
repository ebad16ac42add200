"""Pages never cite the project's rules file ("RULES.md §N"): where the federation decided a rule
the regulations are silent on, the page says "decisão da federação" ("federation's decision")
with the rule in words — the regulations page (team tie-breaks, forfeits) and the event form's
frozen rating list."""
from __future__ import annotations

from damas.models import EventStatus, Role
from damas.models.micromatch import MicroMatchSettings, Team, TeamMemberRow
from damas.services.rounds.swiss import pair_next_round


def _team_event(db, make_event, make_player):  # type: ignore[no-untyped-def]
    event = make_event(name="Interclubes Regras", pairing_system="micromatch", planned_rounds=3)
    db.session.add(MicroMatchSettings(event_id=event.id, team=True, boards=2, scoring="game", openings="none"))
    for t in range(1, 5):
        team = Team(event_id=event.id, number=t, name=f"Equipe {t}", club=f"Clube {t}")
        for b in (1, 2):
            team.members.append(TeamMemberRow(player_id=make_player(full_name=f"Atleta {t}{b}").id, position=b))
        db.session.add(team)
    db.session.commit()
    return event


def test_team_tiebreak_articles_say_federations_decision_not_rules_file(
        client, db, make_player, make_event):  # type: ignore[no-untyped-def]
    event = _team_event(db, make_event, make_player)
    pt = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "OPP-MP" in pt and "RULES.md" not in pt
    assert "FIDE-TB A(c) (decisão da federação)" in pt
    en = client.get(f"/eventos/{event.id}/regulamento?lang=en").get_data(as_text=True)
    assert "RULES.md" not in en and "FIDE-TB A(c) (federation&#39;s decision)" in en


def test_forfeit_expulsion_line_of_the_regulations_says_the_rule_in_words(
        client, make_event):  # type: ignore[no-untyped-def]
    event = make_event(ruleset="cbjd")
    pt = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "RULES.md" not in pt
    assert "(decisão da federação: o evento pode ativá-la na mesa)" in pt
    en = client.get(f"/eventos/{event.id}/regulamento?lang=en").get_data(as_text=True)
    assert "RULES.md" not in en
    assert "(federation&#39;s decision: the event may switch it on at the desk)" in en


def test_frozen_rating_list_reason_says_federations_decision_in_words(
        client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = make_event(players=tuple(make_player() for _ in range(4)), pairing_system="dutch", time_minutes=60,
                       status=EventStatus.RUNNING, planned_rounds=3)
    pair_next_round(staff, event)
    login_as(staff)
    pt = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert "RULES.md" not in pt
    assert ("Fixado desde o emparceiramento da 1ª rodada (CBJD 115; decisão da federação: a ordem inicial é "
            "feita por esta lista)") in pt
    en = client.get(f"/eventos/{event.id}/editar?lang=en").get_data(as_text=True)
    assert "RULES.md" not in en
    assert "(CBJD 115; federation&#39;s decision: the starting order is made from this list)" in en
