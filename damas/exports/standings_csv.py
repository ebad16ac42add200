"""The standings as CSV (one computation for every output): the rows of the standings
page, from `services.standings.standings_of` (the absolute table, or a category's), in the same
order with the same rank labels, points and tiebreak values."""
from __future__ import annotations

import io

from flask_babel import gettext as _

from damas.exports.csv_safe import safe_writer
from damas.models import Event
from damas.reports.standings import table_rows
from damas.services.standings.compute import standings_of


def standings_csv(event: Event, category: str | None = None) -> str:
    """Rank, starting number, name, club, points and the tiebreaks (codes as column names)."""
    table = standings_of(event, category)
    rows = table_rows(event, table.snap, table.withdrawn, table.standings)
    out = io.StringIO()
    writer = safe_writer(out, lineterminator="\n")
    writer.writerow([_("Colocação"), _("Nº"), _("Nome"), _("Clube"), _("Pontos"), *table.standings.tiebreak_order])
    for row in rows:
        writer.writerow([row["rank"], row["start_no"], row["name"], row["club"], row["points"], *row["tiebreaks"]])
    return out.getvalue()
