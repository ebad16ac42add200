"""The combined prize list of a championship: each section's prizes allocated as its own
awards page allocates them (its categories' tables through `services.standings.standings_of`,
its prize rows and cash-tie option, the engine's `allocate`), section after section in the
championship's order.

With `Championship.one_prize_per_player` ("a player wins in one section only", when the
regulations say so) **[ours]**: a player who has a prize in an earlier section (in the
championship's order of sections) keeps it and is skipped in the later ones, where his place
passes to the next of that section's order, exactly as the engine passes down the place of a
player not eligible for prizes. Within one section the section's own rules stand (trophies and
medals accumulate, cash is paid once: CBJD 125, 126).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext as _

from damas.engine.awards import Allocation, allocate
from damas.extensions import db
from damas.formats import get_format
from damas.models import Event
from damas.models.championships import Championship
from damas.services.standings.categories import event_categories
from damas.services.standings.prizes import cash_ties, event_prizes
from damas.services.standings.compute import standings_of


@dataclass
class SectionPrizes:
    """One section's allocation and the player ids behind its starting numbers."""

    event: Event
    allocation: Allocation
    player_of: dict[int, int]  # starting number -> player id
    names: dict[int, str]  # starting number -> name
    categories: dict[str, str] = field(default_factory=dict)  # code -> name (pt)
    skipped: dict[int, str] = field(default_factory=dict)  # starting number -> why skipped


def combined_prizes(championship: Championship) -> list[SectionPrizes]:
    """Every individual section's prizes, one prize-winning section per player when the
    championship says so (module docstring)."""
    won_in: dict[int, str] = {}  # player id -> the section he has a prize in
    out = []
    for section in championship.sections:
        event = db.session.get(Event, section.event_id)
        if event is None or get_format(event).team_based:
            continue
        fmt = get_format(event)
        snap = fmt.snapshot(event)
        cats = event_categories(event)
        tables = [(c, standings_of(event, c, snap=snap).standings) for c in cats]
        player_of = {no: row.player_id for no, row in snap.rows_by_no.items()}
        names = {no: row.full_name for no, row in snap.rows_by_no.items()}
        skipped = {}
        if championship.one_prize_per_player:
            skipped = {no: _("já premiado em %(section)s", section=won_in[pid])
                       for no, pid in player_of.items() if pid in won_in}
        allocation = allocate(tables, event_prizes(event), names=names, cash_ties=cash_ties(event),
                              ineligible=skipped)
        for award in allocation.awards:
            won_in.setdefault(player_of[award.start_no], event.name)
        out.append(SectionPrizes(event, allocation, player_of, names, {c.code: c.name_pt for c in cats}, skipped))
    return out
