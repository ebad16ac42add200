"""The federation's national titles checked on a draughts event: every player against every
national title he may seek (`damas.engine.norms.national.check_national_norm`), from the same
rows as the FIDE check (`inputs.norm_inputs`: one mapping of an event to `NormGame`s).

Every rule here is the federation's own [ours] (no public text defines national titles):

* Which events: draughts (64 or 100 squares), a round-based individual event (a Swiss or a
  Berger table), as FIDE norms are computed only for those; knockouts and team events are not.
* Which titles a player seeks: every national title but the one he holds and those ranked below
  it (a lower or equal rating threshold, no threshold counting as 0); a women's title only for
  women. A holder of an FMJD title still seeks the national ones (they are other titles).
* The checks are final once every planned round has its results; before, they are "in
  progress" and no norm is met.
* The title itself (`title_status`): the player's rating is his highest current classical
  draughts rating (64 or 100 squares), since a national title names no board; his norms are the
  events whose final check met that title's norm (no validity period is applied).
"""
from __future__ import annotations

from dataclasses import dataclass

from damas.engine.norms import (
    NationalNormCheck,
    NationalTitle,
    NationalTitleCheck,
    check_national_norm,
    check_national_title,
)
from damas.formats import get_format
from damas.models import Event, Player
from damas.services.norms.inputs import NormInputs, SeekerRows, norm_inputs
from damas.services.players.titles import engine_title, national_titles

__all__ = [
    "DRAUGHTS", "EventNationalNorms", "NationalLine", "NationalPlayerNorms", "event_national_norms",
    "federation_titles", "national_norms_apply", "national_titles_sought", "player_draughts_rating",
    "title_status", "titles_signature",
]

DRAUGHTS = ("damas-64", "damas-100")


def federation_titles() -> tuple[NationalTitle, ...]:
    """The federation's national titles as the engine reads them (one query)."""
    return tuple(engine_title(row) for row in national_titles())


def titles_signature(titles: tuple[NationalTitle, ...]) -> str:
    """The titles' settings as a cache key: an edited title changes it (the event's revision does not)."""
    return repr([t.to_settings() for t in titles])


def national_norms_apply(event: Event, titles: tuple[NationalTitle, ...]) -> bool:
    """Draughts, round-based and individual, and the federation has titles (module docstring)."""
    fmt = get_format(event)
    return bool(titles) and event.discipline in DRAUGHTS and fmt.code == "round" and not fmt.team_based


def _rank(title: NationalTitle) -> int:
    return title.rating_threshold or 0


def national_titles_sought(held: str | None, sex: str, titles: tuple[NationalTitle, ...]) -> tuple[NationalTitle, ...]:
    """The titles a player seeks: not the one he holds nor those ranked at or below it; women's
    titles only for women [ours]."""
    mine = next((t for t in titles if t.code == (held or "")), None)
    return tuple(t for t in titles
                 if (mine is None or _rank(t) > _rank(mine))
                 and (not t.women_only or sex.upper() == "F"))


@dataclass(frozen=True)
class NationalLine:
    title: NationalTitle
    check: NationalNormCheck


@dataclass(frozen=True)
class NationalPlayerNorms:
    seeker: SeekerRows
    lines: tuple[NationalLine, ...]


@dataclass(frozen=True)
class EventNationalNorms:
    """`finished`: every planned round has its results (the checks are final)."""

    inputs: NormInputs
    players: tuple[NationalPlayerNorms, ...]
    finished: bool
    titles: tuple[NationalTitle, ...]

    def met(self, player_id: int) -> tuple[NationalLine, ...]:
        """The national norms `player_id` met (only once the event is finished)."""
        if not self.finished:
            return ()
        return tuple(ln for p in self.players if p.seeker.player_id == player_id for ln in p.lines if ln.check.met)


def event_national_norms(event: Event, titles: tuple[NationalTitle, ...] | None = None) -> EventNationalNorms | None:
    """Every player's checks against the national titles, or None where they do not apply."""
    titles = federation_titles() if titles is None else titles
    if not national_norms_apply(event, titles):
        return None
    inputs = norm_inputs(event)
    finished = inputs.rounds_complete >= event.planned_rounds
    players = tuple(
        NationalPlayerNorms(seeker, tuple(
            NationalLine(t, check_national_norm(seeker.player, seeker.games, t))
            for t in national_titles_sought(seeker.player.title, seeker.sex, titles)))
        for seeker in inputs.seekers)
    return EventNationalNorms(inputs, players, finished, titles)


def player_draughts_rating(player: Player) -> int | None:
    """His highest current classical draughts rating, 64 or 100 squares [ours]; None if unrated."""
    ratings = [r for r in (player.rating_regular, player.rating_d100_regular) if r]
    return max(ratings) if ratings else None


def title_status(player: Player, title: NationalTitle, norms: int) -> NationalTitleCheck:
    """Whether `player` now meets the national title itself: rating threshold and norms needed."""
    return check_national_title(player_draughts_rating(player), norms, title)
