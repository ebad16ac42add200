"""XLSX files that are small on the wire and huge once opened (issue 25 point 4): shared by the
tests of the import and `benchmarks/xlsx_bombs.py`."""
from __future__ import annotations

import io
import re
import zipfile

from openpyxl import Workbook

CHUNK = 1024 * 1024


def _workbook(header: list[str], *rows: list[str]) -> bytes:
    book = Workbook()
    book.active.append(header)
    for row in rows:
        book.active.append(row)
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def _rewrite(data: bytes, replace: dict[str, object]) -> bytes:
    """The workbook with members replaced or added: bytes, or (head, repeated body, times, tail)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        names = [info.filename for info in source.infolist()]
        for name in names + [n for n in replace if n not in names]:
            new = replace.get(name)
            if new is None:
                target.writestr(name, source.read(name))
            elif isinstance(new, bytes):
                target.writestr(name, new)
            else:
                head, body, times, tail = new  # type: ignore[misc]
                with target.open(name, "w", force_zip64=True) as member:
                    member.write(head)
                    for _ in range(times):
                        member.write(body)
                    member.write(tail)
    return out.getvalue()


def shared_string_bomb(megabytes: int = 400) -> bytes:
    """One shared string of `megabytes` MB (compressed to a few hundred KB), in cell A2."""
    data = _workbook(["Nome"], ["placeholder"])
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        sheet, rels, types = (source.read(n) for n in ("xl/worksheets/sheet1.xml", "xl/_rels/workbook.xml.rels",
                                                        "[Content_Types].xml"))
    sheet = sheet.replace(b't="inlineStr"><is><t>Nome</t></is></c>', b't="s"><v>0</v></c>')
    sheet = sheet.replace(b't="inlineStr"><is><t>placeholder</t></is></c>', b't="s"><v>1</v></c>')
    rels = rels.replace(b"</Relationships>", b'<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/'
                        b'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
                        b"</Relationships>")
    types = types.replace(b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                          b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    head = (b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/'
            b'spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>Nome</t></si><si><t>')
    return _rewrite(data, {"xl/worksheets/sheet1.xml": sheet, "xl/_rels/workbook.xml.rels": rels,
                           "[Content_Types].xml": types,
                           "xl/sharedStrings.xml": (head, b"a" * CHUNK, megabytes, b"</t></si></sst>")})


def declared_dimension_bomb(ref: str = "A1:XFD2001", rows: int = 2000) -> bytes:
    """A sheet of `rows` names under a header whose <dimension> declares `ref` (every row is
    then filled out to the declared width)."""
    data = _workbook(["Nome"], *([f"Ana {n}"] for n in range(1, rows + 1)))
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        sheet = source.read("xl/worksheets/sheet1.xml")
    sheet = re.sub(rb'<dimension ref="[^"]*"\s*/>', f'<dimension ref="{ref}"/>'.encode(), sheet)
    return _rewrite(data, {"xl/worksheets/sheet1.xml": sheet})


def long_cell_rows(rows: int = 5000, length: int = 300) -> bytes:
    """A sheet whose every cell passes the cell limit: the reading stops at the first."""
    book = Workbook()
    book.active.append(["Nome"])
    for n in range(rows):
        book.active.append([f"{n:06d}" + "x" * length])
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()
