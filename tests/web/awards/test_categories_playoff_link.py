"""The categories page names a category's playoffs in the page's language ("Partidas de
desempate", the codebase's word for them, not the English "Playoffs") and puts the link under
the category's name, in its cell: a column of its own was one letter wide on a phone."""
from __future__ import annotations

import re

from tests.web.awards.test_awards_helpers import finished_round_robin


def _rows(page: str) -> list[list[str]]:
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_categories_page_links_each_categorys_playoffs_under_its_name_in_portuguese(
        client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player)
    page = client.get(f"/eventos/{event.id}/categorias").get_data(as_text=True)
    assert "playoff" not in re.sub(r"<[^>]+>", " ", page).lower()  # the text read, not the addresses
    head = re.findall(r"<th[^>]*>(.*?)</th>", page.split("<thead>", 1)[1].split("</thead>", 1)[0], re.S)
    assert "" not in head  # no column without a header
    rows = _rows(page)
    assert len(rows) == 9
    for cells in rows:
        assert len(cells) == len(head)
        first = cells[0]
        code = re.search(r'href="/eventos/\d+/categorias/([^"]+)"', first).group(1)
        assert f'href="/eventos/{event.id}/playoffs/{code}"' in first and "Partidas de desempate" in first
        assert all("/playoffs/" not in cell for cell in cells[1:])


def test_categories_page_says_playoffs_in_english(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player)
    page = client.get(f"/eventos/{event.id}/categorias?lang=en").get_data(as_text=True)
    first = _rows(page)[0][0]
    assert "Playoffs" in first and "Partidas de desempate" not in page
