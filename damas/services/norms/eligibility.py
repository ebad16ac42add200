"""Whether a chess event as a whole can give FIDE title norms, from what its rows hold (B.01 1.1,
administrative conditions): warnings for staff on the event page and the norms page, and the
conditions the application cannot check.

* Rate of play: at least 90 minutes for the game with 30 seconds a move from move 1 [read as a
  game-equivalent, ours: base minutes + 60 moves x increment >= 90 + 60 x 30 s = 120 minutes,
  FIDE's usual equivalence of an increment over 60 moves].
* Rounds per day: no more than two, from the planned round times (`Event.round_times`).
* Chief arbiter: an International Arbiter (IA) or FIDE Arbiter (FA), when his title is recorded
  in the event's norm settings.
* 1.1.4: an event longer than 30 days rates each game at its own day; the application keeps only
  the rating at entry, so the checks use it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from flask_babel import gettext as _

from damas.models import Event
from damas.models.event import ROUND_TIME_STORED
from damas.services.norms.settings import norm_settings

__all__ = ["EligibilityNote", "MIN_GAME_MINUTES", "eligibility"]

MIN_GAME_MINUTES = 120  # 90 minutes + 60 moves x 30 seconds
MAX_ROUNDS_PER_DAY = 2
QUALIFIED_CHIEF_ARBITERS = ("IA", "FA")


@dataclass(frozen=True)
class EligibilityNote:
    """`kind`: "warning" (the data shows a condition not met) or "unchecked" (no data to tell)."""

    kind: str
    article: str
    text: str


def _game_minutes(event: Event) -> int:
    return event.time_minutes + event.time_increment  # 60 moves x increment seconds / 60


def eligibility(event: Event) -> list[EligibilityNote]:
    """The event's norm-eligibility warnings and the conditions not checked (module docstring)."""
    notes: list[EligibilityNote] = []
    minutes = _game_minutes(event)
    if minutes < MIN_GAME_MINUTES:
        notes.append(EligibilityNote("warning", "B.01 1.1", _(
            "Ritmo de jogo %(rate)s equivale a %(n)s min por jogador em 60 lances: abaixo de 90 min + 30 s "
            "por lance (120 min); as normas deste evento podem ser recusadas.",
            rate=f"{event.time_minutes}+{event.time_increment}", n=minutes)))
    times = [datetime.strptime(t, ROUND_TIME_STORED) for t in event.round_times or []]
    if times:
        for day, count in sorted(Counter(t.date() for t in times).items()):
            if count > MAX_ROUNDS_PER_DAY:
                notes.append(EligibilityNote("warning", "B.01 1.1", _(
                    "%(day)s tem %(n)s rodadas: mais de duas rodadas num dia.",
                    day=day.strftime("%d/%m/%Y"), n=count)))
        if len(times) < event.planned_rounds:
            notes.append(EligibilityNote("unchecked", "B.01 1.1", _(
                "Horários informados para %(n)s de %(total)s rodadas: as demais não foram conferidas.",
                n=len(times), total=event.planned_rounds)))
    else:
        notes.append(EligibilityNote("unchecked", "B.01 1.1", _(
            "Sem horários das rodadas no evento: não se conferiu o limite de duas rodadas por dia.")))
    title = norm_settings(event).chief_arbiter_title
    if not title:
        notes.append(EligibilityNote("unchecked", "B.01 1.1", _(
            "Título do árbitro principal não registrado nas configurações de normas (IA ou FA exigido).")))
    elif title not in QUALIFIED_CHIEF_ARBITERS:
        notes.append(EligibilityNote("warning", "B.01 1.1", _(
            "O árbitro principal tem o título %(title)s: as normas exigem um Árbitro Internacional (IA) "
            "ou Árbitro FIDE (FA).", title=title)))
    if (event.end_date - event.start_date).days + 1 > 30:
        notes.append(EligibilityNote("warning", "B.01 1.1.4", _(
            "Evento de mais de 30 dias: cada partida deveria usar o rating do dia em que foi jogada; "
            "aqui se usa o rating de inscrição.")))
    return notes
