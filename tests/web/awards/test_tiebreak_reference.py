"""Published tie-breaks against the FIDE Technical Commission's reference calculator, through the
whole application (issue 24 point 2): each golden TRF is imported by the TRF import service
(`trf_preview` + `trf_import`), and the points and every tie-break that the API, the standings
page and the standings PDF show are compared exactly with the `.tb` file.

- ``fide2026/`` with the start date 2026-04-01 (the 2026 regulations' unplayed-games rule by
  default), ``fide2024/`` with 2025-04-01 (the C.07 2023/24 rule by default: point 3);
- a handful of ``clean/`` cases under the ``club`` rule set (no unplayed games: every rule
  gives these values; club counts 1 per win like chess);
- round robins from ``roundrobin/`` (SB, KS), continued as a Swiss by the import.

Values are parsed back as exact fractions from what is printed (``6½``, ``12,5``, ``14.00``).
"""
from __future__ import annotations

import re
import subprocess
from datetime import date, timedelta
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest
from sqlalchemy import select

from damas.models import Entry, Role, User
from damas.services.trf.event_import import import_trf
from damas.services.trf.preview import decode_trf, preview_trf

GOLDEN = Path(__file__).resolve().parents[4] / "shared" / "golden" / "tiebreaks"
if not GOLDEN.is_dir():
    GOLDEN = Path("/work/shared/golden/tiebreaks")
ALIASES = {"WON": "WIN", "BPG": "BLK", "BWG": "BWIN"}  # the calculator's codes -> ours


def _cases(folder: str) -> list[Path]:
    return sorted((GOLDEN / folder).glob("*.trf"))


CASES = ([pytest.param("fide2026", p, "fide", date(2026, 4, 1), id=f"fide2026-{p.stem}") for p in _cases("fide2026")]
         + [pytest.param("fide2024", p, "fide", date(2025, 4, 1), id=f"fide2024-{p.stem}") for p in _cases("fide2024")]
         + [pytest.param("clean", p, "club", date(2026, 4, 1), id=f"clean-club-{p.stem}") for p in _cases("clean")[:4]]
         + [pytest.param("roundrobin", p, "fide", date(2026, 4, 1), id=f"roundrobin-{p.stem}")
            for p in _cases("roundrobin")[:2]])


def _reference(path: Path) -> tuple[list[str], dict[int, dict[str, Fraction]]]:
    lines = [ln for ln in path.with_suffix(".tb").read_text().splitlines() if ln.strip()]
    columns = lines[0].lstrip("#").split()
    rows = {int(ln.split()[0]): dict(zip(columns, map(Fraction, ln.split()[1:]))) for ln in lines[1:]}
    return columns, rows


def number(text: str) -> Fraction:
    """A printed value back to an exact number: ``6½``, ``½``, ``12,5`` (pt-BR), ``14.75``."""
    text = unescape(text).strip().replace(",", ".")
    if text.endswith("½"):
        return Fraction(text[:-1] or "0") + Fraction(1, 2)
    return Fraction(text)


def _import(db, folder: str, path: Path, ruleset: str, start: date, codes: list[str]):  # type: ignore[no-untyped-def]
    actor = db.session.scalars(select(User)).first()
    text, encoding = decode_trf(path.read_bytes())
    preview = preview_trf(text, encoding)
    form = {"name": f"Referência {path.stem}", "discipline": "xadrez", "ruleset": ruleset, "pairing_system": "dutch",
            "acceleration": "", "planned_rounds": max(preview.trf.total_rounds or 0, preview.rounds_played),
            "time_minutes": 90, "time_increment": 30, "start_date": start, "end_date": start + timedelta(days=4),
            "venue": "Fortaleza", "chief_arbiter": "", "tiebreak_order": ", ".join(codes)}
    event = import_trf(actor, preview, form, path.name)
    return event, {e.player_id: e.pairing_number for e in db.session.scalars(select(Entry).where(Entry.event_id == event.id))}


def _api(client, event_id: int, ids: dict[int, int]) -> dict[int, list[Fraction]]:  # type: ignore[no-untyped-def]
    data = client.get(f"/api/v1/events/{event_id}/standings").get_json()
    return {row["start_no"]: [number(row["points"])] + [number(v) for v in row["tiebreaks"]] for row in data["rows"]}


_ROW = re.compile(r'<tr data-players="(\d+)"[^>]*>(.*?)</tr>', re.S)
_NUM = re.compile(r'<td class="num[^"]*">(.*?)</td>', re.S)


def _page(client, event_id: int, ids: dict[int, int]) -> dict[int, list[Fraction]]:  # type: ignore[no-untyped-def]
    html = client.get(f"/eventos/{event_id}/classificacao").get_data(as_text=True)
    table = html.split('class="table standings', 1)[1].split("</table>", 1)[0]
    out = {}
    for player_id, body in _ROW.findall(table):
        cells = [re.sub(r"<[^>]+>", " ", c).split() for c in _NUM.findall(body)]
        # rank, rating, points (first word: "pendente" may follow), then the tie-breaks
        out[ids[int(player_id)]] = [number(c[0]) for c in cells[2:]]
    return out


def _pdf(client, event_id: int, ids: dict[int, int], width: int) -> dict[int, list[Fraction]]:  # type: ignore[no-untyped-def]
    response = client.get(f"/eventos/{event_id}/relatorios/classificacao.pdf")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=response.data, capture_output=True,
                          check=True).stdout.decode()
    out = {}
    for line in text.splitlines():
        words = line.split()
        # "rank no name... rating pts tb...": the start number is the second word, the values the last
        if len(words) < width + 3 or not words[1].isdigit() or not (words[0].isdigit() or words[0] == "—"):
            continue
        try:
            out[int(words[1])] = [number(w) for w in words[-width:]]
        except (ValueError, ZeroDivisionError):
            continue
    return out


@pytest.fixture
def staff(make_user):  # type: ignore[no-untyped-def]
    return make_user(Role.STAFF)


@pytest.mark.parametrize("folder,path,ruleset,start", CASES)
def test_published_tiebreaks_equal_the_reference_calculator(client, db, staff, folder, path, ruleset, start):  # type: ignore[no-untyped-def]
    columns, reference = _reference(path)
    codes = [ALIASES.get(c, c) for c in columns if c != "PTS"]
    event, ids = _import(db, folder, path, ruleset, start, codes)
    wanted = {no: [ref[c] for c in columns] for no, ref in reference.items()}  # PTS first, as printed
    for name, shown in (("API", _api(client, event.id, ids)), ("page", _page(client, event.id, ids)),
                        ("PDF", _pdf(client, event.id, ids, len(columns)))):
        assert set(shown) == set(wanted), f"{name}: players {sorted(set(wanted) ^ set(shown))}"
        wrong = {no: [f"{c} {s} != {w}" for c, s, w in zip(columns, shown[no], wanted[no]) if s != w]
                 for no in wanted if shown[no] != wanted[no]}
        assert not wrong, f"{name} of {path.name}: {dict(list(wrong.items())[:3])}"
