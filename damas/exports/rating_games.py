"""The rate of play of a knockout's play-off games as the rating files state it (FIDE-GR Playoff 1);
the games themselves are the event format's (`EventFormat.rated_games`, `formats.rated_games`)."""
from __future__ import annotations

from damas.engine.pairing.knockout import PLAYOFF_CLOCKS, Stage
from damas.engine.rate_of_play import RateOfPlay, classify


def stage_rate(stage: Stage) -> RateOfPlay | None:
    """The rate of play of a knockout play-off game (FIDE-GR Playoff 1), None for the event's own."""
    clocks = PLAYOFF_CLOCKS.get(stage)
    if clocks is None:
        return None
    (white_base, increment), (black_base, _) = clocks
    return classify(min(white_base, black_base) // 60, increment)


def stage_label(stage: Stage) -> str:
    """`ritmo` of a play-off game: ``3x3 + 5s``; Armageddon ``5x4`` (White 5 minutes, Black 4)."""
    (white_base, increment), (black_base, _) = PLAYOFF_CLOCKS[stage]
    inc = f" + {increment}s" if increment else ""
    return f"{white_base // 60}x{black_base // 60}{inc}"
