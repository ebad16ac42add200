"""Reading a CSV or XLSX table into rows of text keyed by column (pure: no database).

Refusals carry the line (1 = the header) and the reason. Refused, not repaired **[ours]**: a file
that is not UTF-8, a missing or repeated column, a cell that looks like a spreadsheet formula
(``=``, ``+``, ``@``, or ``-`` not followed by a digit: CSV injection when the file goes back to
a spreadsheet), a control character, or more than `MAX_ROWS` rows.

An XLSX is a ZIP of XML files, small on the wire and possibly huge once opened (one 400 MB
shared string in a 400 KB file; a 20 KB sheet declaring ``A1:XFD2001``, every row then filled
out to 16,384 cells). Before openpyxl parses anything, each member's declared uncompressed size
(`MAX_MEMBER_BYTES`; the ZIP reader never inflates past it), the archive's total and a large
member's compression ratio (`MAX_RATIO`) are checked; then the sheet's declared dimension
(`MAX_COLUMNS`, `MAX_ROWS`). The sheet is read in read-only (streaming) mode and the reading
stops at the first cell over `MAX_CELL` characters.
"""
from __future__ import annotations

import csv
import io
import unicodedata
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from flask_babel import gettext as _
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

MAX_BYTES = 1024 * 1024  # also the app's upload limit (MAX_CONTENT_LENGTH)
MAX_ROWS = 20000
MAX_CELL = 200
MAX_COLUMNS = 100  # of an XLSX sheet (the imports read about ten)
MAX_MEMBER_BYTES = 16 * 1024 * 1024  # one XML part of an XLSX, uncompressed
MAX_ARCHIVE_BYTES = 48 * 1024 * 1024  # every part together
MAX_RATIO = 100  # uncompressed / compressed size of a part over 1 MB (ordinary sheets: 5 to 20)
_MB = 1024 * 1024


class ImportRefused(ValueError):
    """The whole file is refused: `line` (None = the file itself) and a translated reason."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line

    def __str__(self) -> str:
        if self.line is None:
            return self.reason
        return _("Linha %(line)s: %(reason)s", line=self.line, reason=self.reason)


@dataclass(frozen=True)
class Column:
    """A column the import reads: its key, the header spellings it accepts (pt-BR first: the
    template's header; English too), whether the header must be present."""

    key: str
    headers: tuple[str, ...]
    required: bool = False

    @property
    def template_header(self) -> str:
        return self.headers[0]


@dataclass
class Row:
    """One line of the table; `problems` are its refused cells when the reader collects them
    (every bad line reported at once) instead of refusing the whole file."""

    line: int
    cells: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def get(self, key: str) -> str:
        return self.cells.get(key, "")


def _fold(text: str) -> str:
    """Header comparison: no accents, case, spaces, dots or underscores ("Nº FIDE" = "fide id")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(ch for ch in plain.casefold() if ch.isalnum())


def _check_cell(text: str, line: int, header: str) -> str:
    text = text.strip()
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise ImportRefused(_("a coluna \"%(col)s\" tem um caractere de controle.", col=header), line)
    if text[:1] in ("=", "+", "@") or (text[:1] == "-" and not text[1:2].isdigit()):
        raise ImportRefused(_("a coluna \"%(col)s\" parece uma fórmula de planilha (%(text)s); "
                              "não aceitamos fórmulas.", col=header, text=text[:20]), line)
    if len(text) > MAX_CELL:
        raise ImportRefused(_("a coluna \"%(col)s\" passa de %(n)s caracteres.", col=header, n=MAX_CELL), line)
    return text


def _map_header(header: list[str], columns: tuple[Column, ...]) -> dict[int, Column]:
    by_name = {_fold(h): c for c in columns for h in c.headers}
    mapped: dict[int, Column] = {}
    seen: set[str] = set()
    for index, name in enumerate(header):
        column = by_name.get(_fold(name or ""))
        if column is None:
            continue  # extra columns (e.g. a remark) are ignored
        if column.key in seen:
            raise ImportRefused(_("a coluna \"%(col)s\" aparece duas vezes no cabeçalho.", col=name), 1)
        seen.add(column.key)
        mapped[index] = column
    missing = [c.template_header for c in columns if c.required and c.key not in seen]
    if missing:
        raise ImportRefused(_("faltam as colunas: %(cols)s (o cabeçalho deve ter %(all)s).",
                              cols=", ".join(missing), all="; ".join(c.template_header for c in columns)), 1)
    return mapped


def _rows(records: list[tuple[int, list[str]]], columns: tuple[Column, ...], collect: bool = False,
          problems: dict[int, list[str]] | None = None) -> list[Row]:
    """The rows under the header; with `collect`, a refused cell is emptied and its reason kept
    on the row (`Row.problems`), so one bad cell no longer hides the other lines' errors."""
    if not records:
        raise ImportRefused(_("o arquivo está vazio."))
    header_line, header = records[0]
    mapped = _map_header([h.strip() for h in header], columns)
    rows = []
    for line, values in records[1:]:
        if not any((v or "").strip() for v in values) and not (problems or {}).get(line):
            continue  # blank lines are skipped
        row = Row(line, problems=list((problems or {}).get(line, [])))
        for index, column in mapped.items():
            raw = values[index] if index < len(values) else ""
            try:
                row.cells[column.key] = _check_cell(raw or "", line, header[index].strip())
            except ImportRefused as error:
                if not collect:
                    raise
                row.cells[column.key] = ""
                row.problems.append(error.reason)
        rows.append(row)
        if len(rows) > MAX_ROWS:
            raise ImportRefused(_("mais de %(n)s linhas; divida o arquivo.", n=MAX_ROWS), line)
    if not rows:
        raise ImportRefused(_("o arquivo só tem o cabeçalho."), header_line)
    return rows


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise ImportRefused(_("o arquivo não está em UTF-8; salve-o como \"CSV UTF-8\" na planilha."),
                            line) from None


def read_csv(data: bytes, columns: tuple[Column, ...], collect: bool = False) -> list[Row]:
    """A CSV with `;`, `,` or tab between cells (the header line decides), UTF-8 (BOM or not)."""
    text = _decode(data)
    first = text.split("\n", 1)[0]
    delimiter = max((";", ",", "\t"), key=first.count)
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
        records = [(reader.line_num, values) for values in reader]
    except csv.Error as error:
        raise ImportRefused(_("CSV malformado (%(error)s).", error=str(error)), reader.line_num) from None
    return _rows(records, columns, collect)


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == datetime.min.time() else value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def check_archive(data: bytes) -> None:
    """Refuse an XLSX whose parts would be too big once uncompressed (before any parsing)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise ImportRefused(_("não é uma planilha XLSX válida.")) from None
    total = 0
    for member in members:
        total += member.file_size
        if member.file_size > MAX_MEMBER_BYTES:
            raise ImportRefused(_("a planilha não foi aberta: a parte %(part)s tem %(mb)s MB descompactada "
                                  "(máximo %(max)s MB).", part=member.filename[:80],
                                  mb=member.file_size // _MB, max=MAX_MEMBER_BYTES // _MB))
        if member.file_size > _MB and member.file_size > MAX_RATIO * max(member.compress_size, 1):
            raise ImportRefused(_("a planilha não foi aberta: a parte %(part)s está compactada demais "
                                  "(%(ratio)s vezes).", part=member.filename[:80],
                                  ratio=member.file_size // max(member.compress_size, 1)))
    if total > MAX_ARCHIVE_BYTES:
        raise ImportRefused(_("a planilha não foi aberta: %(mb)s MB descompactada (máximo %(max)s MB).",
                              mb=total // _MB, max=MAX_ARCHIVE_BYTES // _MB))


def _check_dimension(sheet: object) -> int:
    """The columns to read; refuses a sheet declaring more columns or rows than an import takes."""
    columns = getattr(sheet, "max_column", None) or MAX_COLUMNS
    rows = getattr(sheet, "max_row", None) or 0
    if columns > MAX_COLUMNS or rows > MAX_ROWS + 1:
        ref = f"A1:{get_column_letter(min(columns, 16384))}{rows}"
        raise ImportRefused(_("a planilha declara a área %(ref)s; o máximo é %(cols)s colunas e %(rows)s linhas.",
                              ref=ref, cols=MAX_COLUMNS, rows=MAX_ROWS + 1))
    return columns


def _sheet_records(sheet: Any, problems: dict[int, list[str]] | None = None) -> list[tuple[int, list[str]]]:
    """The sheet's lines of text, streamed: stops at a formula (unless `problems` collects them by
    line: the cell is then read as empty), an over-long cell or too many lines."""
    columns = _check_dimension(sheet)
    sheet.reset_dimensions()  # the rows as they are, not padded to a declared size
    records: list[tuple[int, list[str]]] = []
    for line, cells in enumerate(sheet.iter_rows(max_col=columns, max_row=MAX_ROWS + 2), start=1):
        if line > MAX_ROWS + 1:
            raise ImportRefused(_("mais de %(n)s linhas; divida o arquivo.", n=MAX_ROWS), line)
        values = []
        for cell in cells:
            if getattr(cell, "data_type", None) == "f":
                refusal = ImportRefused(_("a célula %(cell)s tem uma fórmula; cole só os valores.",
                                          cell=getattr(cell, "coordinate", "?")), line)
                if problems is None or line == 1:
                    raise refusal
                problems.setdefault(line, []).append(refusal.reason)
                values.append("")
                continue
            text = _cell_text(cell.value)
            if len(text) > MAX_CELL and len(text.strip()) > MAX_CELL:
                raise ImportRefused(_("a célula %(cell)s passa de %(n)s caracteres.",
                                      cell=getattr(cell, "coordinate", "?"), n=MAX_CELL), line)
            values.append(text)
        records.append((line, values))
    return records


def read_xlsx(data: bytes, columns: tuple[Column, ...], collect: bool = False) -> list[Row]:
    """The first sheet of an XLSX workbook; a cell holding a formula is refused (its value is
    whatever the spreadsheet last computed, or nothing)."""
    check_archive(data)
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except Exception:  # noqa: BLE001  a broken ZIP, a missing part, bad XML: all "not a workbook"
        raise ImportRefused(_("não é uma planilha XLSX válida.")) from None
    problems: dict[int, list[str]] | None = {} if collect else None
    try:
        records = _sheet_records(book.worksheets[0], problems)
    except ImportRefused:
        raise
    except Exception:  # noqa: BLE001  a sheet that does not parse
        raise ImportRefused(_("não é uma planilha XLSX válida.")) from None
    finally:
        book.close()
    return _rows(records, columns, collect, problems)


def read_table(data: bytes, filename: str, columns: tuple[Column, ...], collect: bool = False) -> list[Row]:
    """CSV or XLSX by the file's content (an XLSX is a ZIP) and name; refused when too large.
    With `collect`, a bad cell (formula, control character, too long) is the row's problem, not
    the file's refusal (the header and the file's own limits still refuse the whole file)."""
    if len(data) > MAX_BYTES:
        raise ImportRefused(_("o arquivo passa de %(kb)s KB.", kb=MAX_BYTES // 1024))
    if not data.strip():
        raise ImportRefused(_("o arquivo está vazio."))
    if data[:4] == b"PK\x03\x04":
        return read_xlsx(data, columns, collect)
    if filename.lower().endswith((".xlsx", ".xls", ".ods")):
        raise ImportRefused(_("envie um arquivo CSV ou XLSX."))
    return read_csv(data, columns, collect)


def parse_date(text: str) -> date:
    """dd/mm/aaaa (Brazil) or aaaa-mm-dd (ISO, the XLSX reader's); ValueError otherwise."""
    text = text.strip()
    for layout in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%d.%m.%Y"):
        try:
            return datetime.strptime(text, layout).date()
        except ValueError:
            continue
    raise ValueError(text)


def template_csv(columns: tuple[Column, ...], example: list[str]) -> str:
    """The downloadable template: the pt-BR header and one example line, `;`-separated."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([c.template_header for c in columns])
    writer.writerow(example)
    return "\ufeff" + out.getvalue()
