"""The club classification of a championship whose regulations sum its sections
(`Championship.club_best_n`, `ChampionshipSection.counts_for_clubs`).

**[ours]**, after the CBJD state championships' team scoring: in each counting section a club
scores the points of its best N players of that section (best = higher in the section's own
table, `services.standings.standings_of`, so its tiebreaks pick among equal points); a club's
total is the sum over the counting sections. Points are real points (a chess section's half
points stay halves), so sections of different rule sets add up. A player counts for the club
he belongs to now; players without a club count for none. Equal totals share the place, listed
by name.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from sqlalchemy import select

from damas.engine.points import Exact, exact, to_points
from damas.engine.rulesets import get_ruleset
from damas.extensions import db
from damas.formats import get_format
from damas.models import Club, Event, Player
from damas.models.championships import Championship
from damas.services.standings.compute import standings_of


@dataclass
class ClubLine:
    """One club: its place, its total and, per counting section, the players that scored."""

    club_id: int
    name: str
    total: Exact = 0
    rank: int = 0
    rank_label: str = ""
    per_section: dict[int, list[tuple[str, Exact]]] = field(default_factory=dict)  # event id -> (name, points)

    def section_total(self, event_id: int) -> Exact:
        return exact_sum(p for _name, p in self.per_section.get(event_id, []))


def exact_sum(values: object) -> Exact:
    total = sum((Fraction(v) for v in values), Fraction(0))  # type: ignore[attr-defined]
    return exact(total.numerator, total.denominator)


def counting_sections(championship: Championship) -> list[Event]:
    """The sections that count for the clubs, in the championship's order (individual ones)."""
    events = []
    for section in championship.sections:
        event = db.session.get(Event, section.event_id)
        if section.counts_for_clubs and event is not None and not get_format(event).team_based:
            events.append(event)
    return events


def club_classification(championship: Championship) -> tuple[list[Event], list[ClubLine]]:
    """The counting sections and the clubs ranked (module docstring); empty without `club_best_n`."""
    best_n = championship.club_best_n
    if not best_n:
        return [], []
    sections = counting_sections(championship)
    lines: dict[int, ClubLine] = {}
    for event in sections:
        table = standings_of(event)
        per_point = get_ruleset(event.ruleset).units_per_point
        rows = table.snap.rows_by_no
        pids = [rows[r.start_no].player_id for r in table.standings.rows if not r.excluded]
        club_of = {p: c for p, c in db.session.execute(select(Player.id, Player.club_id).where(Player.id.in_(pids)))}
        for row in table.standings.rows:  # in the section's order: the first N of a club are its best
            if row.excluded:
                continue
            entry = rows[row.start_no]
            club_id = club_of.get(entry.player_id)
            if club_id is None:
                continue
            line = lines.setdefault(club_id, ClubLine(club_id, ""))
            scored = line.per_section.setdefault(event.id, [])
            if len(scored) < best_n:
                scored.append((entry.full_name, to_points(row.points, per_point)))
    names = {i: n for i, n in db.session.execute(select(Club.id, Club.name).where(Club.id.in_(list(lines))))}
    for line in lines.values():
        line.name = names.get(line.club_id, "")
        line.total = exact_sum(line.section_total(e.id) for e in sections)
    ranked = sorted(lines.values(), key=lambda c: (-Fraction(c.total), c.name.casefold()))
    for i, line in enumerate(ranked):
        line.rank = ranked[i - 1].rank if i and ranked[i - 1].total == line.total else i + 1
    for line in ranked:
        same = sum(1 for other in ranked if other.rank == line.rank)
        line.rank_label = str(line.rank) if same == 1 else f"{line.rank}-{line.rank + same - 1}"
    return sections, ranked
