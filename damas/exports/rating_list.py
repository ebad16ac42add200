"""The public rating list as CSV and XLSX: the page's rows, the same columns,
and the list's game and rate on every row (one list per discipline and rate: a file read on its
own still says which list it is)."""
from __future__ import annotations

import io

from openpyxl import Workbook

from damas.exports.csv_safe import safe_writer
from damas.services.ratings.list_page import ListRow

HEADER = ("posicao", "id_federacao", "nome", "clube", "uf", "nascimento", "sexo", "rating", "data", "fonte", "modalidade", "lista")


def _cells(r: ListRow) -> tuple:
    return (r.rank, r.federation_id, r.name, r.club, r.state, r.birth_year or "", r.sex, r.rating,
            r.list_date.isoformat() if r.list_date else "", r.source, r.discipline, r.rating_list)


def rating_list_csv(rows: list[ListRow]) -> str:
    out = io.StringIO()
    writer = safe_writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for r in rows:
        writer.writerow(_cells(r))
    return out.getvalue()


def rating_list_xlsx(rows: list[ListRow], title: str) -> bytes:
    """One sheet; text that could start a formula is written as text (quote prefix)."""
    book = Workbook()
    sheet = book.active
    sheet.title = title[:31] or "rating"
    sheet.append(HEADER)
    for r in rows:
        values = list(_cells(r))
        sheet.append(values)
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str) and cell.value[:1] in ("=", "+", "-", "@"):
                cell.quotePrefix = True
                cell.data_type = "s"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
