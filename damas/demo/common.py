"""What every demo event needs: a round's results drawn by the demo's seeded generator."""
from __future__ import annotations

import random

from damas.models import GameResult
from damas.services.results.recording import publish_round, record_results


def stream(seed: int, default: int, name: str) -> random.Random:
    """A demo module's own random stream: `default` under the default seed (what it always
    drew), else one derived from `seed` and `name`."""
    return random.Random(default if seed == 2026 else f"{seed}-{name}")


def lot(lots: random.Random) -> int:
    """A seed for a service's lot (pairing numbers, colours, openings), from the demo's stream."""
    return lots.randrange(2**31)


def play_round(staff, event, rnd, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Publish a round and enter plausible results (the higher rating wins more often)."""
    publish_round(staff, event, rnd)
    changes = {}
    for g in rnd.games:
        if g.black is None:
            continue
        edge = (g.white.rating_at_entry - g.black.rating_at_entry) / 800
        roll = rng.random() + edge
        result = GameResult.WHITE_WIN if roll > 0.62 else GameResult.BLACK_WIN if roll < 0.30 else GameResult.DRAW
        changes[g.id] = (result, g.version)
    record_results(staff, event, changes)
