"""Every player's FIDE norm checks of an event (B.01 1.4): which events get them, which titles
each player seeks, the final check once every round is in and the "norm in progress" before."""
from __future__ import annotations

from dataclasses import dataclass

from damas.engine.norms import (
    InProgress,
    NormCheck,
    NormTitle,
    UnsupportedEdition,
    check_norm,
    edition_for,
    in_progress,
    requirement,
)
from damas.engine.rulesets import get_ruleset
from damas.formats import get_format
from damas.models import Event
from damas.services.norms.inputs import NormInputs, SeekerRows, norm_inputs

__all__ = ["EventNorms", "NormLine", "PlayerNorms", "event_norms", "fide_norms_apply", "titles_sought"]


def fide_norms_apply(event: Event) -> bool:
    """FIDE norms exist for chess under FIDE rules (the event's game and its rule set's rating
    system) in a round-based individual event (a Swiss or a Berger table, 1.4.2e); knockouts and
    micro-match or team events are not computed [ours]."""
    fmt = get_format(event)
    return (event.discipline == "xadrez" and get_ruleset(event.ruleset).rating_system == "fide"
            and fmt.code == "round" and not fmt.team_based)


def titles_sought(title: str | None, sex: str) -> tuple[NormTitle, ...]:
    """GM and IM for everyone, WGM and WIM for women, each unless he holds it or a title that
    counts as higher (1.4.5b-e's "title sought or higher": a woman IM seeks GM only)."""
    candidates = [NormTitle.GM, NormTitle.IM] + ([NormTitle.WGM, NormTitle.WIM] if sex.upper() == "F" else [])
    return tuple(t for t in candidates if (title or "") not in requirement(t).qualifying_titles)


@dataclass(frozen=True)
class NormLine:
    """One (player, title sought): the check of the counted games so far and, before the last
    round, what the remaining rounds must bring."""

    title: NormTitle
    check: NormCheck
    progress: InProgress | None


@dataclass(frozen=True)
class PlayerNorms:
    seeker: SeekerRows
    lines: tuple[NormLine, ...]


@dataclass(frozen=True)
class EventNorms:
    """`finished`: every planned round has its results (the checks are final)."""

    inputs: NormInputs
    players: tuple[PlayerNorms, ...]
    finished: bool
    edition: str

    def line(self, player_id: int, title: str) -> NormLine | None:
        for p in self.players:
            if p.seeker.player_id == player_id:
                return next((ln for ln in p.lines if ln.title.value == title), None)
        return None


def event_norms(event: Event) -> EventNorms | None:
    """The norms of every player, or None where FIDE norms do not apply (`fide_norms_apply`) or
    no implemented edition of B.01 applies (events starting before 2024: UnsupportedEdition)."""
    if not fide_norms_apply(event):
        return None
    try:
        edition = edition_for(event.start_date)
    except UnsupportedEdition:
        return None
    inputs = norm_inputs(event)
    finished = inputs.rounds_complete >= event.planned_rounds
    players = []
    for seeker in inputs.seekers:
        lines = []
        for title in titles_sought(seeker.player.title, seeker.sex):
            check = check_norm(seeker.player, seeker.games, inputs.event, title)
            progress = None if finished else in_progress(seeker.player, seeker.games, inputs.event, title)
            lines.append(NormLine(title, check, progress))
        players.append(PlayerNorms(seeker, tuple(lines)))
    return EventNorms(inputs, tuple(players), finished, edition.code)
