"""The knockout from a tournament state: event settings from pairing options, default seeding,
the replay of played rounds into a bracket and back (`state_from_bracket`, one column per game),
and the registered pairing system (code "knockout").
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from damas.engine.pairing.base import PairingRequest, PairingSystem, register
from damas.engine.pairing.knockout.bracket import (
    Bracket,
    KnockoutSettings,
    TieGame,
    TieId,
    all_ties,
    build_bracket,
    champion,
    next_game,
    record_games,
)
from damas.engine.types import Color, EngineError, Entrant, Outcome, Pairing, RoundResult, TournamentState


def settings_from_options(options: Mapping[str, object], ruleset: object) -> KnockoutSettings:
    """Event settings from pairing options; a drawn tie is replayed under `club`, played off otherwise."""
    return KnockoutSettings(
        games=int(options.get("games", 1)),  # type: ignore[call-overload]
        drawn=str(options.get("drawn", "replay" if getattr(ruleset, "code", ruleset) == "club" else "playoff")),
        rapid_games=int(options.get("rapid_games", 2)),  # type: ignore[call-overload]
        places=int(options.get("places", 4 if options.get("third_place") else 2)),  # type: ignore[call-overload]
    )


def default_seeds(state: TournamentState) -> list[int]:
    """Seeding by rating (highest first), then starting number."""
    return [e.start_no for e in sorted(state.entrants, key=lambda e: (-e.rating, e.start_no))]


def bracket_from_state(
    state: TournamentState,
    settings: KnockoutSettings,
    seeds: Sequence[int] | None = None,
    rounds: int | None = None,
) -> Bracket:
    """Replay the first `rounds` rounds of `state` (one game per player per round) into a bracket."""
    bracket = build_bracket(list(seeds) if seeds is not None else default_seeds(state), settings)
    last = state.rounds_played if rounds is None else rounds
    for r in range(1, last + 1):
        pending = {frozenset((t.top, t.bottom)): t for t in all_ties(bracket).values() if t.next_stage}
        games: list[tuple[TieId, TieGame]] = []
        for player in sorted(bracket.seeds):
            rows = state.rounds_of(player)
            if len(rows) < r or rows[r - 1].opponent is None or not rows[r - 1].outcome.has_opponent:
                continue
            rr = rows[r - 1]
            opp = rr.opponent
            assert opp is not None
            if rr.color is Color.BLACK or (rr.color is Color.NONE and player > opp):
                continue  # recorded from White's (or the lower number's) row
            if rr.outcome is Outcome.ADJOURNED:
                raise EngineError(f"round {r}: an adjourned game cannot decide a knockout tie")
            tie = pending.get(frozenset((player, opp)))
            if tie is None or tie.next_stage is None:
                raise EngineError(f"round {r}: {player}-{opp} is not a pending knockout tie")
            games.append((tie.id, TieGame(player, opp, tie.next_stage, rr.outcome)))
        bracket = record_games(bracket, games)
    return bracket


def game_columns(bracket: Bracket) -> list[list[tuple[TieId, TieGame]]]:
    """The bracket's games as rounds of play, one game per player per column (the inverse of
    `bracket_from_state`): each column holds the next recorded game of every tie that needs one
    in the earliest knockout round where such a tie is left, as `KnockoutSystem` pairs them
    (a round starts when the previous one is decided; a mini-match, its replays and play-off
    games take one column each, in order)."""
    partial = replace(bracket, games={})
    done: dict[TieId, int] = {}
    columns: list[list[tuple[TieId, TieGame]]] = []
    while True:
        ready = [
            (tid, bracket.games[tid][done.get(tid, 0)])
            for tid, tie in all_ties(partial).items()
            if tie.next_stage is not None and done.get(tid, 0) < len(bracket.games.get(tid, ()))
        ]
        if not ready:
            return columns
        current = min(tid[0] for tid, _ in ready)
        column = [(tid, game) for tid, game in ready if tid[0] == current]
        partial = record_games(partial, column)
        for tid, _ in column:
            done[tid] = done.get(tid, 0) + 1
        columns.append(column)


def state_from_bracket(bracket: Bracket, entrants: Sequence[Entrant], name: str = "") -> TournamentState:
    """The bracket game by game (`game_columns`: column r is round r) for a TRF: the first-round
    byes are pairing-allocated byes in column 1, a player without a game in a column is not paired."""
    columns = game_columns(bracket)
    numbers = [e.start_no for e in entrants]
    results: dict[int, list[RoundResult]] = {no: [] for no in numbers}
    byes = {t.winner for t in all_ties(bracket).values() if t.id[0] == 1 and t.bye}
    for r, column in enumerate(columns, start=1):
        seen: dict[int, RoundResult] = {}
        for _tid, g in column:
            seen[g.white] = RoundResult(r, g.outcome, g.black, Color.WHITE)
            seen[g.black] = RoundResult(r, g.outcome.mirror, g.white, Color.BLACK)
        for no in numbers:
            if no in seen:
                results[no].append(seen[no])
            elif r == 1 and no in byes:
                results[no].append(RoundResult(r, Outcome.PAIRING_BYE))
            else:
                results[no].append(RoundResult(r, Outcome.NOT_PAIRED))
    return TournamentState(tuple(entrants), {no: tuple(rs) for no, rs in results.items()},
                           max(1, len(columns)), name)


class KnockoutSystem(PairingSystem):
    """Pairs the next game of every undecided tie of the current knockout round.

    The current round is the earliest with an undecided tie: round k+1 starts only when
    every tie of round k is decided (replays included) [ours].

    Options: `games`, `drawn` ("replay"/"playoff"), `rapid_games`, `places` (or `third_place`), `seeds`
    (start numbers, best first; default by rating) and `seed` (lot for play-off colours).
    Round 1 also lists the byes as Pairing(board, player, None).
    """

    code = "knockout"
    name_pt = "Eliminatória"
    name_en = "Knockout"
    article = "CLUB Eliminatória; FIDE-GR Playoff 1"

    def pair(self, request: PairingRequest) -> list[Pairing]:
        settings = settings_from_options(request.options, request.ruleset)
        seeds = request.options.get("seeds")
        bracket = bracket_from_state(
            request.state,
            settings,
            list(seeds) if seeds is not None else None,
            request.round_no - 1,  # type: ignore[call-overload]
        )
        lot = (
            random.Random(f"{request.options['seed']}-{request.round_no}")
            if "seed" in request.options
            else None
        )
        ties = all_ties(bracket)
        current = min((t.id[0] for t in ties.values() if t.winner is None), default=0)
        pairings: list[Pairing] = []
        byes: list[int] = []
        for tie in ties.values():
            if tie.id[0] != current and not tie.bye:
                continue  # a knockout round starts when the previous one is decided [ours]
            nxt = next_game(bracket, tie, request.first_color, lot)
            if nxt is not None:
                pairings.append(Pairing(len(pairings) + 1, nxt[0], nxt[1]))
            elif tie.bye and tie.id[0] == 1 and request.round_no == 1:
                byes.append(tie.winner)  # type: ignore[arg-type]
        if not pairings and champion(bracket) is not None and not byes:
            raise EngineError("the knockout is finished")
        return pairings + [Pairing(len(pairings) + i + 1, p, None) for i, p in enumerate(byes)]


register(KnockoutSystem())
