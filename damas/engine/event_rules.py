"""Event settings with a rule behind them: the default time, restricted pairings,
the C.04.2 #8 correction cases and CBJD 117's six hours a day.

Pure functions over plain values, so the form, the pages, the PDFs and the desk say the same.
"""
from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime
from enum import Enum
from itertools import combinations
from typing import Iterable

from damas.engine.types import Entrant

# ---------------------------------------------------------------- default time (CBJD 95 e, 109 i; CLUB)

#: The rule set's default when the event sets no minutes: CBJD 95 e (the end of the first time
#: control); FIDE Laws 6.7 as the seeds quote them and CLUB: the start of the round (0 minutes).
NO_SHOW_DEFAULT_TEXT = {
    "cbjd": ("derrota por W.O. de quem não comparecer até o fim do primeiro controle de tempo (CBJD 95 e)",
             "a player absent at the end of the first time control loses by default (CBJD 95 e)"),
    "fide": ("derrota por W.O. de quem não estiver no tabuleiro no início da rodada (tolerância zero)",
             "a player not at the board when the round starts loses by default (zero tolerance)"),
    "club": ("derrota por W.O. de quem não comparecer no início da rodada",
             "a player absent when the round starts loses by default"),
}


def no_show_text(ruleset: str, minutes: int | None, lang: str = "pt") -> str:
    """The event's default time in words (CBJD 95 e, 109 i; CLUB "derrota após N minutos").

    With minutes set, the event's own limit (CBJD 109 i: "o limite de tempo estabelecido no
    Regulamento Específico"); without, the rule set's default [ours for FIDE and CLUB: zero].
    """
    en = lang == "en"
    if minutes is None:
        return NO_SHOW_DEFAULT_TEXT.get(ruleset, NO_SHOW_DEFAULT_TEXT["fide"])[1 if en else 0]
    if en:
        return f"a player absent {minutes} min after the start of the round loses by default (CBJD 109 i)"
    return f"derrota por W.O. de quem não comparecer até {minutes} min após o início da rodada (CBJD 109 i)"


# ---------------------------------------------------------------- restricted pairings (FIDE-GR Pairings g)

PAIR_RESTRICTIONS = ("", "club", "state")


def restricted_pairs(entrants: Iterable[Entrant], by: str) -> list[tuple[int, int]]:
    """Pairs of start numbers of the same club (`by="club"`) or state federation (`"state"`),
    which the Swiss avoids where it can (FIDE-GR Pairings g). Players without a club / state
    are restricted from nobody."""
    if not by:
        return []
    groups: dict[str, list[int]] = defaultdict(list)
    for e in entrants:
        key = e.club if by == "club" else e.federation
        if key:
            groups[key].append(e.start_no)
    return [pair for members in groups.values() for pair in combinations(sorted(members), 2)]


# ---------------------------------------------------------------- corrections (C.04.2 #7-8)

class CorrectionCase(str, Enum):
    """When a wrong result of round R is reported (C.04.2 #8, the seeds' text):

    * NEXT_PAIRING: within the event's deadline, before round R+1 is paired: entered in the
      table and used for the next pairing;
    * PAIRING_AFTER: after R+1 is paired, before R+1 ends: entered in the table now; the
      published pairing of R+1 stays (#10), the pairing of R+2 uses it;
    * RATING_ONLY: after the end of R+1: standings and pairings keep the reported result; the
      correction goes only into the rating report, after the event;
    * LATE: after the deadline, R+1 not yet paired: #7 (the seeds' note: "если об ошибке не
      сообщается в указанный срок, все последующие жеребьёвки ... с использованием неправильного
      результата") — the next pairing is made on the reported result; the correction is taken
      once that pairing exists, as PAIRING_AFTER [ours].
    """

    NEXT_PAIRING = "next_pairing"
    PAIRING_AFTER = "pairing_after"
    RATING_ONLY = "rating_only"
    LATE = "late"


def correction_case(within_deadline: bool, next_paired: bool, next_ended: bool, event_over: bool) -> CorrectionCase:
    """Which C.04.2 #8 case a correction reported now falls into (see `CorrectionCase`). The last
    round of an event has no next round: it ends with the event [ours]."""
    if next_ended or event_over:
        return CorrectionCase.RATING_ONLY
    if next_paired:
        return CorrectionCase.PAIRING_AFTER
    return CorrectionCase.NEXT_PAIRING if within_deadline else CorrectionCase.LATE


CORRECTION_CASE_TEXT = {
    CorrectionCase.NEXT_PAIRING: ("dentro do prazo: entra na classificação e vale para o próximo emparceiramento",
                                  "within the deadline: enters the standings and the next pairing"),
    CorrectionCase.PAIRING_AFTER: ("depois do emparceiramento seguinte: entra na classificação; o emparceiramento "
                                   "publicado fica, vale a partir do seguinte",
                                   "after the next pairing: enters the standings; the published pairing stays, it "
                                   "counts from the pairing after"),
    CorrectionCase.RATING_ONLY: ("depois do fim da rodada seguinte: classificação e emparceiramentos ficam com o "
                                 "resultado informado; a correção vai só para o relatório de rating",
                                 "after the end of the next round: standings and pairings keep the reported "
                                 "result; the correction goes only into the rating report"),
    CorrectionCase.LATE: ("prazo encerrado: emparceire a rodada seguinte com o resultado informado; a correção é "
                          "aceita depois, valendo a partir do emparceiramento seguinte",
                          "deadline passed: pair the next round on the reported result; the correction is taken "
                          "afterwards and counts from the pairing after"),
}


# ---------------------------------------------------------------- CBJD 117: six hours of play a day

MAX_PLAY_MINUTES_PER_DAY = 6 * 60  # CBJD 117
MOVES_ESTIMATE = 60  # [ours] moves per player a game is assumed to last, for the increment


def round_minutes(time_minutes: int, increment_seconds: int) -> int:
    """Estimated length of one game [ours]: both clocks used up, each player's base time plus
    the increment over 60 moves: 2 × (base + 60 × increment / 60 s), in whole minutes (up)."""
    return 2 * time_minutes + -(-2 * MOVES_ESTIMATE * increment_seconds // 60)


def days_over_limit(round_times: Iterable[datetime], time_minutes: int,
                    increment_seconds: int) -> list[tuple[date, int, int]]:
    """Days whose planned rounds add up to more than CBJD 117's six hours of play:
    (day, rounds that day, estimated minutes of play)."""
    per_day: dict[date, int] = defaultdict(int)
    for when in round_times:
        per_day[when.date()] += 1
    length = round_minutes(time_minutes, increment_seconds)
    return [(day, n, n * length) for day, n in sorted(per_day.items()) if n * length > MAX_PLAY_MINUTES_PER_DAY]
