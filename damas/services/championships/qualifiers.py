"""Who qualifies for a section fed by others: the top N of each rule, read from the feeding
section's final table (`services.standings.standings_of`, its own order and playoffs; a category
rule reads that category's table) and never re-sorted: players still tied after every tiebreak
keep the table's order, and the preview flags the tie at the cut-off so staff can see it.

Rules are taken in their order; a player qualified by an earlier rule is skipped by the later
ones, whose places go further down their tables. **Reserves** (as the CLUB "Reserva" rule of the
federation's regulations): a qualifier who declines (staff mark him before the carry-over) gives
his place to the next player of the same rule's table, the substitute; the next ones after the
places are shown as reserves. **[ours]** A player who withdrew from the feeding section does not
qualify (his place passes down like a decliner's); his row stays in that section's table.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.types import EngineError
from damas.extensions import db
from damas.models import EntryStatus, Event
from damas.models.championships import QualificationScope, QualifierStatus, SectionQualification, SectionQualifier
from damas.services.championships.stages import rules_of
from damas.services.standings.compute import standings_of

RESERVES_SHOWN = 3  # reserves listed after each rule's places


@dataclass(frozen=True)
class Candidate:
    """One line of a rule's list: `position` is his place in the rule's table (ties broken by the
    feeding section's order), `status` qualified, substitute, declined or reserve."""

    player_id: int
    name: str
    state: str
    club: str
    source_event_id: int
    position: int
    rank_label: str
    points: int
    status: str
    tie_at_cut: bool = False


@dataclass
class RuleList:
    """One rule and its lines; `problem` says why it cannot be carried over yet."""

    rule: SectionQualification
    source: Event
    lines: list[Candidate] = field(default_factory=list)
    problem: str = ""


@dataclass
class Preview:
    rules: list[RuleList]

    @property
    def entering(self) -> list[Candidate]:
        """The players the carry-over enters, in qualifying order (rule by rule)."""
        return [c for r in self.rules for c in r.lines if c.status in ("qualified", "substitute")]

    @property
    def problems(self) -> list[str]:
        return [r.problem for r in self.rules if r.problem]


def declined_of(event: Event) -> dict[int, SectionQualifier]:
    """player id -> his 'declined' row for the section `event`."""
    rows = db.session.scalars(select(SectionQualifier).where(SectionQualifier.event_id == event.id,
                                                             SectionQualifier.status == QualifierStatus.DECLINED))
    return {r.player_id: r for r in rows}


def scope_label(rule: SectionQualification) -> str:
    if rule.scope == QualificationScope.CATEGORY:
        return _("categoria %(code)s", code=rule.scope_value)
    if rule.scope == QualificationScope.STATE:
        return _("UF %(uf)s", uf=rule.scope_value)
    return _("geral")


def rule_table(source: Event, rule: SectionQualification) -> list[tuple[int, str, int, object]]:
    """The rule's table in the feeding order: (rank, rank label, points, entry row) per player,
    excluded players left out; EngineError for a category the event does not have."""
    code = rule.scope_value if rule.scope == QualificationScope.CATEGORY else None
    table = standings_of(source, code)
    rows = table.snap.rows_by_no
    out = []
    for row in table.standings.rows:
        if row.excluded:
            continue
        entry = rows[row.start_no]
        if rule.scope == QualificationScope.STATE and entry.state.upper() != rule.scope_value.upper():
            continue
        out.append((row.rank, row.rank_label, row.points, entry))
    return out


def qualifiers_of(event: Event) -> Preview:
    """Every rule's qualifiers, substitutes, decliners and first reserves (module docstring)."""
    declined = declined_of(event)
    taken: set[int] = set()
    lists = []
    for rule in rules_of(event):
        source = db.session.get(Event, rule.source_event_id)
        assert source is not None  # the foreign key
        listing = RuleList(rule, source)
        lists.append(listing)
        try:
            table = rule_table(source, rule)
        except EngineError:
            listing.problem = _("%(event)s não tem a categoria %(code)s.", event=source.name, code=rule.scope_value)
            continue
        _fill(listing, table, taken, declined)
    return Preview(lists)


def _fill(listing: RuleList, table: list, taken: set[int], declined: dict[int, SectionQualifier]) -> None:
    rule = listing.rule
    met = got = reserves = 0
    cut_rank = None
    for position, (rank, label, points, entry) in enumerate(table, start=1):
        if entry.player_id in taken:
            continue  # qualified by an earlier rule: the place goes further down
        out = entry.status is not EntryStatus.REGISTERED
        if got >= rule.top_n:
            if reserves < RESERVES_SHOWN and not out and entry.player_id not in declined:
                reserves += 1
                listing.lines.append(_line(rule, position, rank, label, points, entry, "reserve",
                                           tie_at_cut=rank == cut_rank))
            continue
        if out:
            continue
        met += 1
        if entry.player_id in declined:
            listing.lines.append(_line(rule, position, rank, label, points, entry, "declined"))
            continue
        status = "substitute" if met > rule.top_n else "qualified"
        listing.lines.append(_line(rule, position, rank, label, points, entry, status))
        taken.add(entry.player_id)
        got += 1
        cut_rank = rank if got == rule.top_n else None
    if cut_rank is not None:  # the last qualifier shares his place with a reserve: the order decided
        listing.lines = [_tied(c) if c.status in ("qualified", "substitute") and c.position and
                         _rank_of(c) == cut_rank and any(r.tie_at_cut for r in listing.lines) else c
                         for c in listing.lines]
    if got < rule.top_n:
        listing.problem = _("%(event)s (%(scope)s) tem só %(got)s jogador(es) para %(n)s vaga(s).",
                            event=listing.source.name, scope=scope_label(rule), got=got, n=rule.top_n)


def _rank_of(c: Candidate) -> int:
    return int(c.rank_label.split("-")[0]) if c.rank_label else 0


def _tied(c: Candidate) -> Candidate:
    return Candidate(c.player_id, c.name, c.state, c.club, c.source_event_id, c.position, c.rank_label, c.points,
                     c.status, tie_at_cut=True)


def _line(rule: SectionQualification, position: int, rank: int, label: str, points: int, entry: object,
          status: str, tie_at_cut: bool = False) -> Candidate:
    return Candidate(entry.player_id, entry.full_name, entry.state, entry.club,  # type: ignore[attr-defined]
                     rule.source_event_id, position, label or str(rank), points, status, tie_at_cut)
