"""Demo: the federation's settings with its logo, and an event
imported from another program's TRF file (`data/aberto_sobral.trf`: a 12-player draughts
Swiss with 3 of 5 rounds played, half-point, zero-point and pairing-allocated byes), which then
continues here. Its players carry the FIDE ids of registered demo players, so the import
matches them instead of creating new ones.

A club's online arena exported by lidraughts (`data/arena_lidraughts.trf`: byes and
absences written as a blank opponent field and the code, round 3 of 5 being played, two of its
boards finished) is imported too, its round 3 as a paired round waiting for one result; and a
FIDE team tournament in TRF-2026 (`data/copa_equipes.trf`: five teams of two boards, 3 rounds
played and round 4 paired, a pairing-allocated bye with its own points, a forfeited match, a
reserve fielded), imported as a team event of one game per board, finished for the record."""
from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from flask import current_app

from damas.models import User
from damas.services.federation.settings import save_settings
from damas.services.trf.event_import import import_trf
from damas.services.trf.preview import decode_trf, preview_trf

DATA = Path(__file__).resolve().parent / "data"
TRF_FILE = "aberto_sobral.trf"
ONLINE_FILE = "arena_lidraughts.trf"
TEAM_FILE = "copa_equipes.trf"


def load_federation_demo(staff: User, today: date | None = None) -> str:
    """Set the federation's settings and import the demo TRF; returns the imported event's name."""
    save_settings(staff, {
        "name": current_app.config["FEDERATION_NAME"], "short_name": "FDE",
        "address": "Rua Senador Pompeu, 100 – Centro\nFortaleza – CE, 60025-000",
        "email": "secretaria@demo.damas.br", "phone": "+55 85 3000-0000", "website": "https://demo.damas.br",
        "default_ruleset": "cbjd", "default_pairing_system": "dutch",  # the CBJD opens' Swiss for new events
        # the account entry fees are paid to by Pix (an e-mail key): every entry's BR Code names it
        "pix_key": "tesouraria@demo.damas.br", "pix_name": "Federação de Damas - FDE", "pix_city": "Fortaleza",
    }, (DATA / "federation_logo.png").read_bytes())
    text, encoding = decode_trf((DATA / TRF_FILE).read_bytes())
    preview = preview_trf(text, encoding)
    start = (today or date.today()) - timedelta(days=2)
    event = import_trf(staff, preview, {
        **preview.defaults, "name": preview.name, "venue": preview.venue, "chief_arbiter": preview.chief_arbiter,
        "start_date": start, "end_date": start + timedelta(days=3)}, TRF_FILE)
    _import_online_arena(staff, start)
    _import_team_file(staff)
    return event.name


def _import_online_arena(staff: User, start: date) -> None:
    text, encoding = decode_trf((DATA / ONLINE_FILE).read_bytes())
    preview = preview_trf(text, encoding)
    import_trf(staff, preview, {
        **preview.defaults, "name": preview.name, "venue": preview.venue, "chief_arbiter": preview.chief_arbiter,
        "start_date": start, "end_date": start + timedelta(days=1), "time_minutes": 5}, ONLINE_FILE)


def _import_team_file(staff: User) -> None:
    text, encoding = decode_trf((DATA / TEAM_FILE).read_bytes())
    preview = preview_trf(text, encoding)
    import_trf(staff, preview, {
        **preview.defaults, "name": preview.name, "venue": preview.venue, "chief_arbiter": preview.chief_arbiter,
        "start_date": preview.start_date, "end_date": preview.end_date}, TEAM_FILE)
