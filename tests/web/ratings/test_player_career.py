"""The player's career (issue 29 point 3): events with place, points, performance and rating
change; the rating per list over time as a server-drawn SVG with its table."""
from __future__ import annotations

import re
from datetime import date

from damas.models import EventStatus, Player, RatingRecord
from damas.engine.rating.lists import RatingListKey
from damas.services.ratings.periods import close_period
from tests.web.awards.test_awards_helpers import finished_round_robin

D64_REGULAR = RatingListKey("damas-64", "regular")


def test_career_and_chart(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, staff, _arbiter = finished_round_robin(db, make_user, make_player)
    event.status = EventStatus.FINISHED
    joao = db.session.scalar(db.select(Player).where(Player.full_name == "João Conceição"))
    db.session.add(RatingRecord(player_id=joao.id, rating_list="regular", value=2000, previous=None,
                                list_date=date(2026, 1, 1), source="Rating CBJD"))
    db.session.commit()
    close_period(staff, "Junho", D64_REGULAR, date(2026, 6, 1), date(2026, 6, 30), date(2026, 7, 1))
    html = client.get(f"/jogadores/{joao.id}").get_data(as_text=True)
    career = html[html.index("Carreira"):]
    start = career.index("Torneio Relâmpago")
    row = career[start:career.index("</tr>", start)]
    cells = re.findall(r'<td class="num">(.*?)</td>', row)
    assert cells[0] == "1" and cells[1] == "10" and cells[2] == "2500"  # 1st, 10 points, Rp 2500
    assert "+18" in row
    svg = html[html.index("<svg class=\"rating-chart-svg\""):html.index("</svg>")]
    assert "<script" not in svg and "polyline" in svg and svg.count("<circle") == 2
    assert "01/01/2026: 2000" in svg and "01/07/2026: 2018" in svg
    table = html[html.index("rating-chart-table"):]
    assert "2018" in table[:table.index("</table>")]
