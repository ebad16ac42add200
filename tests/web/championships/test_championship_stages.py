"""Stages of a championship: qualification rules (checks, audit), the qualifiers overall, per
category and per state in the feeding section's own order, decliners replaced by the next, the
carry-over in one audited step (refused twice, refused before the feeding section ends), seeding
by the qualifying rank, carried points in the final's table, and the staff page."""
from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from damas.models import AuditEntry, Entry, EventStatus, GameResult, Role
from damas.models.championships import (Championship, ChampionshipSection, QualifierStatus, SectionQualification,
                                        SectionQualifier)
from damas.services.championships.carry import carry_over, mark_declined, refusals
from damas.services.championships.qualifiers import qualifiers_of
from damas.services.championships.stages import RuleInput, save_rules
from damas.services.errors import ServiceError
from damas.services.standings.compute import standings_of
from tests.web.championships.stage_world import build, play

ORDER = ["A", "E", "C", "B", "F", "H", "D", "G"]  # the Swiss's table (points, then its tiebreaks)


@pytest.fixture
def world(db, make_player, make_event, make_user):  # type: ignore[no-untyped-def]
    w = build(db, make_player, make_event, states={"F": "SP", "D": "SP"}, sexes={"H": "F", "G": "F"})
    w["staff"] = make_user(Role.STAFF)
    return w


def names(lines) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.name.removeprefix("Jogador ") for c in lines]


def rules(world, *items, carry=False, seed=True):  # type: ignore[no-untyped-def]
    save_rules(world["staff"], world["final"], [RuleInput(world["swiss"].id, *i) for i in items],
               carry_points=carry, seed_by_qualifying=seed)


def test_the_feeding_table_is_the_expected_one(world):  # type: ignore[no-untyped-def]
    table = standings_of(world["swiss"])
    rows = table.snap.rows_by_no
    assert [rows[r.start_no].full_name[-1] for r in table.standings.rows] == ORDER


def test_rules_are_checked_and_audited(db, world, make_event):  # type: ignore[no-untyped-def]
    staff, final, swiss = world["staff"], world["final"], world["swiss"]
    with pytest.raises(ServiceError, match="si mesma"):
        save_rules(staff, final, [RuleInput(final.id, 4)], carry_points=False, seed_by_qualifying=True)
    outsider = make_event(name="Outro")
    with pytest.raises(ServiceError, match="mesmo campeonato"):
        save_rules(staff, final, [RuleInput(outsider.id, 4)], carry_points=False, seed_by_qualifying=True)
    with pytest.raises(ServiceError, match="UF"):
        save_rules(staff, final, [RuleInput(swiss.id, 2, "state", "")], carry_points=False, seed_by_qualifying=True)
    with pytest.raises(ServiceError, match="1 a"):
        save_rules(staff, final, [RuleInput(swiss.id, 0)], carry_points=False, seed_by_qualifying=True)
    rules(world, (4,))
    with pytest.raises(ServiceError, match="ciclo"):  # the final would feed the Swiss that feeds it
        save_rules(staff, swiss, [RuleInput(final.id, 2)], carry_points=False, seed_by_qualifying=True)
    saved = db.session.scalars(select(SectionQualification).where(SectionQualification.event_id == final.id)).all()
    assert [(r.source_event_id, r.top_n) for r in saved] == [(swiss.id, 4)]
    audit = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "stage.rules")).all()
    assert len(audit) == 1 and audit[0].after["rules"][0]["top_n"] == 4


def test_top_n_overall_in_the_feeding_order(world):  # type: ignore[no-untyped-def]
    rules(world, (3,))
    preview = qualifiers_of(world["final"])
    entering = preview.entering
    # C, B, F and H all have 3 points: the Swiss's tiebreaks put C third (not the rating: B's is higher)
    assert names(entering) == ["A", "E", "C"]
    assert [c.status for c in preview.rules[0].lines] == ["qualified"] * 3 + ["reserve"] * 3
    assert names(preview.rules[0].lines[3:]) == ["B", "F", "H"]
    assert not preview.problems


def test_per_category_and_per_state_skip_the_already_qualified(world):  # type: ignore[no-untyped-def]
    rules(world, (2,), (1, "category", "feminino"), (1, "state", "SP"))
    preview = qualifiers_of(world["final"])
    assert names(preview.entering) == ["A", "E", "H", "F"]  # women: H before G; SP: F before D
    women = preview.rules[1].lines
    assert women[0].position == 1 and women[0].rank_label == "1"  # his place in the category's table


def test_a_state_already_qualified_passes_to_the_next(world):  # type: ignore[no-untyped-def]
    rules(world, (5,), (1, "state", "SP"))  # F is fifth overall: SP's place goes to D
    preview = qualifiers_of(world["final"])
    assert names(preview.entering) == ["A", "E", "C", "B", "F", "D"]


def test_a_decliner_is_replaced_by_the_next(db, world):  # type: ignore[no-untyped-def]
    rules(world, (3,))
    e = world["players"]["E"]
    mark_declined(world["staff"], world["final"], e.id)
    lines = qualifiers_of(world["final"]).rules[0].lines
    assert [(c.name[-1], c.status) for c in lines[:4]] == [
        ("A", "qualified"), ("E", "declined"), ("C", "qualified"), ("B", "substitute")]
    assert db.session.scalar(select(AuditEntry.id).where(AuditEntry.action == "stage.decline")) is not None
    with pytest.raises(ServiceError, match="já está marcado"):
        mark_declined(world["staff"], world["final"], e.id)
    mark_declined(world["staff"], world["final"], e.id, declined=False)
    assert names(qualifiers_of(world["final"]).entering) == ["A", "E", "C"]
    with pytest.raises(ServiceError, match="não está entre"):
        mark_declined(world["staff"], world["final"], world["players"]["G"].id)


def test_carry_over_enters_records_and_is_refused_twice(db, world):  # type: ignore[no-untyped-def]
    rules(world, (4,))
    mark_declined(world["staff"], world["final"], world["players"]["C"].id)
    carry_over(world["staff"], world["final"])
    final = world["final"]
    entered = {e.player_id for e in db.session.scalars(select(Entry).where(Entry.event_id == final.id))}
    p = world["players"]
    assert entered == {p[x].id for x in "AEBF"}
    rows = db.session.scalars(select(SectionQualifier).where(SectionQualifier.event_id == final.id)
                              .order_by(SectionQualifier.rank)).all()
    assert [(r.player_id, r.rank, r.status) for r in rows] == [
        (p["A"].id, 1, QualifierStatus.QUALIFIED), (p["E"].id, 2, QualifierStatus.QUALIFIED),
        (p["C"].id, 3, QualifierStatus.DECLINED), (p["B"].id, 4, QualifierStatus.QUALIFIED),
        (p["F"].id, 5, QualifierStatus.SUBSTITUTE)]
    assert all(r.carried_units == 0 for r in rows)
    audit = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "stage.carry_over")).all()
    assert len(audit) == 1 and len(audit[0].after["qualifiers"]) == 4
    count = db.session.query(AuditEntry).count()
    with pytest.raises(ServiceError, match="já foram transportados"):
        carry_over(world["staff"], final)
    db.session.rollback()
    assert db.session.query(AuditEntry).count() == count
    with pytest.raises(ServiceError, match="já foram transportados"):
        rules(world, (2,))


def test_seeding_follows_the_qualifying_rank(db, world):  # type: ignore[no-untyped-def]
    rules(world, (4,))
    carry_over(world["staff"], world["final"])
    by_player = {e.player_id: e.pairing_number for e in world["final"].entries}
    p = world["players"]
    # ratings: B 1570 > C 1560 > E 1530 > ... but the final numbers by the Swiss's table: A E C B
    assert [by_player[p[x].id] for x in "AECB"] == [1, 2, 3, 4]


def test_without_seeding_the_numbers_follow_the_ratings(db, world):  # type: ignore[no-untyped-def]
    rules(world, (4,), seed=False)
    carry_over(world["staff"], world["final"])
    by_player = {e.player_id: e.pairing_number for e in world["final"].entries}
    p = world["players"]
    assert [by_player[p[x].id] for x in "ABCE"] == [1, 2, 3, 4]  # 1580, 1570, 1560, 1540


def test_carried_points_count_in_the_final_table(db, world):  # type: ignore[no-untyped-def]
    rules(world, (3,), carry=True)
    carry_over(world["staff"], world["final"])
    table = standings_of(world["final"])
    got = {table.snap.rows_by_no[r.start_no].full_name[-1]: r.points for r in table.standings.rows}
    assert got == {"A": 6, "E": 5, "C": 3}
    units = {r.player_id: r.carried_units for r in db.session.scalars(select(SectionQualifier))}
    assert units[world["players"]["A"].id] == 6


def test_refusals_name_the_reason_and_change_nothing(db, world):  # type: ignore[no-untyped-def]
    final, swiss = world["final"], world["swiss"]
    assert any("não tem regras" in r for r in refusals(final))
    rules(world, (3,), (5, "category", "feminino"))
    reasons = refusals(final)
    assert any("só 2 jogador(es) para 5" in r for r in reasons)
    swiss.status = EventStatus.RUNNING
    db.session.commit()
    assert any("ainda não terminou" in r for r in refusals(final))
    count = db.session.query(AuditEntry).count()
    with pytest.raises(ServiceError):
        carry_over(world["staff"], final)
    db.session.rollback()
    assert db.session.query(AuditEntry).count() == count and not final.entries
    swiss.status = EventStatus.FINISHED
    final.status = EventStatus.RUNNING
    db.session.commit()
    assert any("já começou" in r for r in refusals(final))


def test_a_tie_at_the_cut_is_shown_and_kept_in_the_table_order(db, make_player, make_event, make_user):  # type: ignore[no-untyped-def]


    people = [make_player(full_name=f"Empate {x}") for x in "WXYZ"]
    source = make_event(name="Seletiva", pairing_system="dutch", planned_rounds=1, players=tuple(people))
    ids = {x: e.id for x, e in zip("WXYZ", sorted(source.entries, key=lambda e: e.pairing_number))}
    play(db, source, {1: [("W", "X", GameResult.WHITE_WIN), ("Y", "Z", GameResult.WHITE_WIN)]}, ids)
    source.status = EventStatus.FINISHED
    final = make_event(name="Final B")
    db.session.add(Championship(name="C2", start_date=date(2026, 12, 5), end_date=date(2026, 12, 5), sections=[
        ChampionshipSection(event_id=source.id, position=1), ChampionshipSection(event_id=final.id, position=2)]))
    db.session.commit()
    table = standings_of(source)
    labels = [r.rank_label for r in table.standings.rows]
    save_rules(make_user(Role.STAFF), final, [RuleInput(source.id, 1)], carry_points=False, seed_by_qualifying=True)
    lines = qualifiers_of(final).rules[0].lines
    first = table.snap.rows_by_no[table.standings.rows[0].start_no].full_name
    assert lines[0].name == first and lines[0].status == "qualified"
    assert labels[:2] == ["1-2", "1-2"]  # W and Y still equal after every tiebreak
    assert lines[0].tie_at_cut and lines[1].tie_at_cut and lines[1].status == "reserve"  # the table's order, flagged


