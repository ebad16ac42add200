"""Knockout (eliminatória) as pure data (CLUB "Eliminatória"; RULES.md §3, §5, §7).

* Seeded bracket by rating in the standard order (1 v P, 2 v P-1, ... placed so that seeds
  1 and 2 can meet only in the final, 1-4 only from the semi-finals, ...), P the next power of
  two; the missing seeds P, P-1, ... are byes, so the highest-rated go straight to round 2
  (CLUB: "os de maior rating passam direto para a segunda rodada").
* A tie is one game or a mini-match of `games` games (event setting), colours alternating,
  the better seed White in game 1 unless the drawn first colour says otherwise.
* A drawn tie: `drawn="replay"` (CLUB: "o mesmo par joga de novo com as cores trocadas",
  game after game until one is won) or `drawn="playoff"` (FIDE-GR Playoff 1: a mini-match of
  `rapid_games` rapid games, then one Armageddon game, White 5 min v Black 4, a draw wins for
  Black; Armageddon colours by lot, FIDE-GR Playoff j).
* Both absent (CLUB): the one absent longer loses; equally long counts as a drawn game [ours].
* Places: losers of one round share their places (3-4, 5-8, ...) unless the event plays them
  off: `places=4` adds the match for third place, `places=8` also plays off 5-8 (losers of the
  quarter-finals meet in a 5-8 bracket), and so on [ours: classification brackets]. A tie in
  round r is (r, j): the main ties come first, then the ties deciding lower places.

A `Bracket` holds the seeds, the first-round slots and the games recorded per tie; who plays
whom in later rounds is derived, never stored, so recording a game is the only mutation.
"""

from __future__ import annotations

# The bracket (seeding, ties, places) is in knockout.bracket; the replay of a tournament state
# and the pairing system, registered as "knockout" on import, in knockout.state.
from damas.engine.pairing.knockout.bracket import (
    NOBODY,
    PLAYOFF_CLOCKS,
    Bracket,
    KnockoutSettings,
    Place,
    Stage,
    Tie,
    TieGame,
    TieId,
    absence_game,
    all_ties,
    bracket_order,
    build_bracket,
    champion,
    final_places,
    next_game,
    record_game,
    record_games,
)
from damas.engine.pairing.knockout.state import (
    KnockoutSystem,
    bracket_from_state,
    default_seeds,
    game_columns,
    settings_from_options,
    state_from_bracket,
)

__all__ = [
    "Bracket",
    "KnockoutSettings",
    "KnockoutSystem",
    "NOBODY",
    "PLAYOFF_CLOCKS",
    "Place",
    "Stage",
    "Tie",
    "TieGame",
    "TieId",
    "absence_game",
    "all_ties",
    "bracket_from_state",
    "bracket_order",
    "build_bracket",
    "champion",
    "default_seeds",
    "final_places",
    "game_columns",
    "next_game",
    "record_game",
    "record_games",
    "settings_from_options",
    "state_from_bracket",
]
