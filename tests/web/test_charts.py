"""Issue 27 point 7: the server-side SVG line chart — data in, escaped markup out."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import date

from damas.models import RatingRecord

from damas.presentation.charts import Series, line_chart


def test_issue_27_7_a_line_chart_is_valid_svg_with_escaped_text_and_one_dot_per_value():
    svg = line_chart([Series("<Ana>", (("01/2025", 1500), ("06/2025", None), ("12/2025", 1620))),
                      Series("Líderes", (("01/2025", 1600), ("06/2025", 1610), ("12/2025", 1700)), "chart-line-2")],
                     title='Rating "&" <script>')
    root = ET.fromstring(svg)  # well formed: every text escaped
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f"{ns}title").text == 'Rating "&" <script>'
    assert [t.text for t in root.findall(f"{ns}text") if "chart-legend" in t.get("class", "")] == ["<Ana>", "Líderes"]
    assert len(root.findall(f"{ns}circle")) == 5  # the gap draws no dot
    assert len(root.findall(f"{ns}polyline")) == 3  # the first line broken by its gap
    assert "<script" not in svg and "style=" not in svg


def test_issue_27_7_nothing_to_draw_is_no_chart():
    assert line_chart([], title="x") == ""
    assert line_chart([Series("a", (("1", None),))], title="x") == ""



def test_issue_27_7_the_players_page_draws_his_rating_history_per_list(client, db, make_player):  # type: ignore[no-untyped-def]
    player = make_player(full_name="Ana Souza")
    for lst, day, value in (("regular", date(2025, 1, 1), 1500), ("regular", date(2025, 7, 1), 1560),
                            ("rapid", date(2025, 7, 1), 1490)):
        db.session.add(RatingRecord(player_id=player.id, rating_list=lst, value=value, previous=None,
                                    list_date=day, source="CBJD"))
    db.session.commit()
    page = client.get(f"/jogadores/{player.id}").get_data(as_text=True)
    svg = page[page.index("<svg class=\"chart\""):page.index("</svg>") + 6]
    assert svg.count("<polyline") == 2 and svg.count("<circle") == 3
    assert "1560" in page  # the same numbers in the records' table
