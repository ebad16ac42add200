"""The registry player of one TRF file line on import, individual or team: the matched one, else
a new player with the file's rating and FIDE federation. Shared by the individual import
(`trf_import`) and the team import (`trf_team_import`)."""
from __future__ import annotations

from damas.engine.rating.lists import RatingListKey
from damas.extensions import db
from damas.models import Player, User
from damas.models.player import RATING_FIELDS
from damas.services.audit import record
from damas.services.players.records import create_player
from damas.services.trf.preview import ImportedPlayer

__all__ = ["given_surname", "player_id_of"]


def given_surname(name: str) -> str:
    """A TRF name "Surname, Given" as "Given Surname" (a name without a comma unchanged)."""
    if "," not in name:
        return name
    last, _sep, first = name.partition(",")
    return " ".join(f"{first.strip()} {last.strip()}".split())


def player_id_of(actor: User, p: ImportedPlayer, key: RatingListKey, *, name: str | None = None) -> int:
    """The entry's player: the registered one matched, else a new one with the file's rating,
    FIDE federation and FIDE title [ours: a registered player's own ratings and federation are not
    changed; his FIDE title is filled from the file when he has none, and a different one is kept
    and named in the preview (`trf_preview`): the registry is the federation's record];
    `name` the name a new player gets (default the file's)."""
    if p.player_id is not None:
        _fill_title(actor, p)
        return p.player_id
    rating = p.rating or None
    player = create_player(actor, {
        "full_name": name or p.name, "sex": p.sex or "M", "birth_date": p.birth_date, "club_id": None, "state": "",
        "federation_id": None, "fide_id": p.fide_id or None, "email": None,
        **{field: rating if k == key else None for k, field in RATING_FIELDS.items()},
        "fide_title": p.title,
    }, fide_federation=p.federation)
    return player.id


def _fill_title(actor: User, p: ImportedPlayer) -> None:
    """A registered player without a FIDE title takes the file's (audited)."""
    player = db.session.get(Player, p.player_id)
    if player is None or not p.title or player.fide_title:
        return
    player.fide_title = p.title
    record(actor, "update", "player", player.id, {"fide_title": ""}, {"fide_title": p.title, "import": "TRF"})
