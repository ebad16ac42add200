"""Rematches: whether two players of a round already played each other (C.04.2 #6), which a
published round may be undone for (#10). Read by the pairing (`swiss.delete_round`) and the
desk's corrections, so it sits below both (no import cycle).
"""
from __future__ import annotations

from damas.formats.mapping import RESULT_OUTCOMES, event_rounds
from damas.models import Event, Round


def met_before(event: Event, rnd: Round, a: int, b: int) -> bool:
    for earlier in event_rounds(event):
        if earlier.number >= rnd.number:
            break
        for g in earlier.games:
            if {g.white_entry_id, g.black_entry_id} == {a, b} and g.result in RESULT_OUTCOMES \
                    and RESULT_OUTCOMES[g.result][0].met:  # adjourned: they met (C.04.2 #1)
                return True
    return False


def rematch_boards(event: Event, rnd: Round) -> list[int]:
    """Boards of `rnd` whose players already played each other (a played game, C.04.2 #6)."""
    return [g.board for g in rnd.games if g.black_entry_id is not None
            and met_before(event, rnd, g.white_entry_id, g.black_entry_id)]
