"""Random tournament generator (FIDE C.02 checklist: every pairing program offers one, so that
checkers can be run on thousands of events): a complete Swiss paired by our engine round by round.

Everything random comes from one `random.Random(seed)`, drawn in a fixed order: the same
settings give the same tournament, byte for byte. Results follow FIDE's expected score
(`expected_score`, B.02 8.1.2): for the expected score E of White, a draw has probability
min(draw_rate, 2 min(E, 1-E)) and a white win E - draw/2, so E is kept [ours]. Before each
round, every player still in may withdraw (from round 2), ask for a half-point bye or for a
zero-point bye (absent), each with its rate; a paired board is forfeited with `forfeit_rate`
(one in ten of those both players, else either side at even odds) [ours].
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from damas.engine.expected_score import expected_score
from damas.engine.pairing.acceleration import acceleration_table
from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.rulesets import get_ruleset
from damas.engine.standings import compute_standings
from damas.engine.trf import write_trf
from damas.engine.tiebreaks.fide_codes import normalise
from damas.engine.trf.records import TRF16, tiebreak_acronyms
from damas.engine.types import Color, EngineError, Entrant, Outcome, RoundResult, TournamentState

__all__ = ["GeneratorSettings", "Generated", "generate", "generate_trf"]

_FEDERATIONS = ("BRA", "ARG", "POR", "ESP", "URU", "CHI")


@dataclass(frozen=True)
class GeneratorSettings:
    """What to generate; rates are probabilities per player and round (per board for forfeits)."""

    players: int
    rounds: int
    seed: int = 0
    draw_rate: float = 0.3
    forfeit_rate: float = 0.02
    half_bye_rate: float = 0.02
    zero_bye_rate: float = 0.02
    withdraw_rate: float = 0.01
    acceleration: str = ""
    system: str = "dutch"
    tiebreaks: Sequence[str] | None = None  # our codes or FIDE acronyms; None: the fide Swiss order
    min_rating: int = 1000
    max_rating: int = 2700

    def check(self) -> None:
        if self.players < 2 or self.players > 9999:
            raise EngineError("--players must be between 2 and 9999")
        if self.rounds < 1 or self.rounds >= self.players:
            raise EngineError("--rounds must be at least 1 and fewer than the players")
        for name in ("draw_rate", "forfeit_rate", "half_bye_rate", "zero_bye_rate", "withdraw_rate"):
            if not 0 <= getattr(self, name) <= 1:
                raise EngineError(f"--{name.replace('_', '-')} must be between 0 and 1")
        if self.half_bye_rate + self.zero_bye_rate + self.withdraw_rate > 1:
            raise EngineError("the bye and withdrawal rates add up to more than 1")
        if self.min_rating > self.max_rating:
            raise EngineError("the lowest rating is above the highest")


@dataclass(frozen=True)
class Generated:
    """The generated event and what its file says besides the rounds."""

    state: TournamentState
    first_color: Color
    accelerations: dict[int, tuple[int, ...]]
    ranks: dict[int, int]
    tiebreaks: tuple[str, ...]
    settings: GeneratorSettings


def _entrants(settings: GeneratorSettings, rng: random.Random) -> tuple[Entrant, ...]:
    people = [(rng.randint(settings.min_rating, settings.max_rating), rng.choice("mf"),
               rng.randint(1950, 2015), rng.choice(_FEDERATIONS)) for _ in range(settings.players)]
    people.sort(key=lambda p: -p[0])  # the starting list by rating (C.04.3 A.2)
    return tuple(Entrant(start_no=k, name=f"Player {k:04d}, Generated", rating=rating, sex=sex, birth_year=year,
                         federation=fed, fide_id=str(900000000 + k))
                 for k, (rating, sex, year, fed) in enumerate(people, start=1))


def _requests(nos: list[int], gone: set[int], round_no: int, settings: GeneratorSettings,
              rng: random.Random) -> dict[int, Outcome]:
    """This round's withdrawals (added to `gone`) and requested byes, in start-number order."""
    requested: dict[int, Outcome] = {}
    for no in nos:
        if no in gone:
            continue
        u = rng.random()
        if round_no > 1 and u < settings.withdraw_rate:
            gone.add(no)
        elif u < settings.withdraw_rate + settings.half_bye_rate:
            requested[no] = Outcome.HALF_BYE
        elif u < settings.withdraw_rate + settings.half_bye_rate + settings.zero_bye_rate:
            requested[no] = Outcome.ZERO_BYE
    if len(nos) - len(gone) - len(requested) < 2:  # keep a round to play [ours]
        requested.clear()
    return requested


def _board(white: Entrant, black: Entrant, settings: GeneratorSettings,
           rng: random.Random) -> tuple[Outcome, Outcome]:
    if rng.random() < settings.forfeit_rate:
        u = rng.random()
        if u < 0.1:
            return Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT
        return (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS) if u < 0.55 else (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN)
    e = float(expected_score(white.rating, black.rating))
    draw = min(settings.draw_rate, 2 * min(e, 1 - e))
    u = rng.random()
    if u < e - draw / 2:
        return Outcome.WIN, Outcome.LOSS
    if u < e + draw / 2:
        return Outcome.DRAW, Outcome.DRAW
    return Outcome.LOSS, Outcome.WIN


def generate(settings: GeneratorSettings) -> Generated:
    """Pair and play every round (EngineError when the engine cannot pair one)."""
    settings.check()
    codes = tuple(normalise(c) for c in settings.tiebreaks) if settings.tiebreaks else \
        get_ruleset("fide").default_tiebreaks("swiss")
    system = get_system(settings.system)
    rng = random.Random(settings.seed)
    entrants = _entrants(settings, rng)
    by_no = {e.start_no: e for e in entrants}
    nos = sorted(by_no)
    first_color = rng.choice((Color.WHITE, Color.BLACK))
    options = {"acceleration": settings.acceleration} if settings.acceleration else {}
    results: dict[int, list[RoundResult]] = {no: [] for no in nos}
    gone: set[int] = set()
    for r in range(1, settings.rounds + 1):
        requested = _requests(nos, gone, r, settings, rng)
        state = TournamentState(entrants, {no: tuple(rs) for no, rs in results.items()}, settings.rounds)
        request = PairingRequest(state=state, round_no=r, ruleset="fide", first_color=first_color,
                                 absent=frozenset(gone | set(requested)), requested_byes=requested, options=options)
        try:
            pairings = system.pair(request)
        except EngineError as exc:
            raise EngineError(f"round {r} cannot be paired (seed {settings.seed}): {exc}") from None
        done: dict[int, RoundResult] = {}
        for p in pairings:
            if p.black is None:
                done[p.white] = RoundResult(round=r, outcome=Outcome.PAIRING_BYE)
                continue
            w, b = _board(by_no[p.white], by_no[p.black], settings, rng)
            done[p.white] = RoundResult(round=r, outcome=w, opponent=p.black, color=Color.WHITE)
            done[p.black] = RoundResult(round=r, outcome=b, opponent=p.white, color=Color.BLACK)
        for no in nos:
            results[no].append(done.get(no) or RoundResult(round=r, outcome=requested.get(no, Outcome.NOT_PAIRED)))
    state = TournamentState(entrants, {no: tuple(rs) for no, rs in results.items()}, settings.rounds)
    table = compute_standings(state, get_ruleset("fide"), codes)
    ranks = {row.start_no: row.rank for row in table.rows if row.rank}
    accel = acceleration_table(state, settings.acceleration, settings.rounds)
    return Generated(state=state, first_color=first_color, accelerations=accel, ranks=ranks,
                     tiebreaks=tuple(codes), settings=settings)


def generate_trf(settings: GeneratorSettings, version: str = TRF16) -> str:
    """The generated tournament as a TRF-16 or TRF-2026 file (TRF-2026 with 192 and 202)."""
    g = generate(settings)
    state = TournamentState(g.state.entrants, g.state.results, g.state.total_rounds,
                            name=f"Generated tournament, seed {settings.seed}")
    return write_trf(state, first_color=g.first_color, ranks=g.ranks, version=version,
                     accelerations=g.accelerations, system=settings.system, acceleration=settings.acceleration,
                     tiebreaks=tiebreak_acronyms(g.tiebreaks).split(","))
