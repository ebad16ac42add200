"""What differs between rule sets: points per outcome, defaults, display (RULES.md §1, §2, §4).

A `RuleSet` is a frozen value; events with other settings (e.g. a CBJD pairing bye worth 1,
micro-matches scored by match points) use `get_ruleset(code, **overrides)` to get a copy.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from damas.engine.points import Exact, format_units
from damas.engine.types import EngineError, Outcome, RoundResult
from damas.engine.penalty_rules import get_penalty_rules

if TYPE_CHECKING:
    from damas.engine.penalties import ForfeitPolicy
    from damas.engine.penalty_rules import PenaltyRules

UNPLAYED_RULES = ("seed", "played", "fide-2024", "fide-2026")
MICRO_SCORING = ("game", "match")
KNOCKOUT_DRAWN = ("playoff", "replay")  # the drawn-tie rules of `engine.pairing.knockout`


@dataclass(frozen=True)
class RuleSet:
    """Scoring and tiebreak defaults of one rule set, in integer units.

    `points` maps every Outcome to the units it scores. `units_per_point` is 1 for draughts
    (2/1/0 are real points) and 2 for chess (half points). `micro_scoring` is CBJD 119-122 /
    RULES.md §2: ``game`` (round score = sum of the two games, 0-4) or ``match`` (2/1/0 on the
    game-point totals). `unplayed` is the default unplayed-games rule for opponent tiebreaks;
    `unplayed_since` lists later defaults by the date their regulations came into force (an
    event starting on or after that date takes them, see `unplayed_on`).
    `penalties` names the incident and forfeit rules (`damas.engine.penalty_rules`).

    What the application asks a rule set instead of testing its code:
    `knockout_drawn` how a drawn knockout tie is settled by default (``playoff``: rapid games then
    Armageddon, FIDE-GR Playoff 1; ``replay``: the same pair plays again with colours reversed,
    CLUB; RULES.md §3); `half_point_byes` whether a player may request a half-point bye (the club
    set has none); `online` whether every event of the rule set is played online (the desk's
    online rules: disconnections, CLUB); `double_forfeit_draw` whether both players absent is a
    draw (½-½, CLUB) rather than a double forfeit; `dutch_edition` the Dutch system edition a new
    event of the rule set's own game takes when its form leaves it "by the rules" (FIDE: the 2025
    edition, in force for FIDE-rated chess since 1 February 2026; the others the 2017 rules of
    the seed regulations — decisão da federação); `no_show_default_ours` whether the default time
    of an event that sets none is our reading (FIDE, CLUB: zero minutes) rather than the rule
    set's own article (CBJD 95 e; `engine.event_rules.no_show_text`); `rating_system` the rating
    calculation its events' games feed (``fide``: FIDE B.02; ``cbjd``: the federation's Elo list,
    CBJD 115 and the federation's parameters — the club set's games too).
    """

    code: str
    name: str
    points: Mapping[Outcome, int]
    units_per_point: int
    unplayed: str = "seed"
    micro_scoring: str = "game"
    unplayed_since: tuple[tuple[date, str], ...] = ()
    default_orders: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    category_orders: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    penalties: str = "cbjd"
    knockout_drawn: str = "playoff"
    half_point_byes: bool = True
    online: bool = False
    double_forfeit_draw: bool = False
    dutch_edition: str = "dutch"
    no_show_default_ours: bool = True
    rating_system: str = "cbjd"

    def __post_init__(self) -> None:
        missing = [o.value for o in Outcome if o not in self.points]
        if missing:
            raise EngineError(f"rule set {self.code}: no points for {', '.join(missing)}")
        if self.unplayed not in UNPLAYED_RULES:
            raise EngineError(f"unknown unplayed-games rule {self.unplayed!r}")
        if any(rule not in UNPLAYED_RULES for _, rule in self.unplayed_since):
            raise EngineError(f"rule set {self.code}: unknown unplayed-games rule in unplayed_since")
        if self.micro_scoring not in MICRO_SCORING:
            raise EngineError(f"unknown micro-match scoring {self.micro_scoring!r}")
        if self.knockout_drawn not in KNOCKOUT_DRAWN:
            raise EngineError(f"rule set {self.code}: unknown drawn-tie rule {self.knockout_drawn!r}")
        object.__setattr__(self, "points", MappingProxyType(dict(self.points)))
        object.__setattr__(self, "default_orders", MappingProxyType(dict(self.default_orders)))
        object.__setattr__(self, "category_orders", MappingProxyType(dict(self.category_orders)))

    # -- scoring ---------------------------------------------------------------------------
    @property
    def win(self) -> int:
        return self.points[Outcome.WIN]

    @property
    def draw(self) -> int:
        return self.points[Outcome.DRAW]

    @property
    def max_points_per_game(self) -> int:
        """Units a single game is worth to the winner (2 in every rule set we ship)."""
        return self.win

    def outcome_points(self, outcome: Outcome) -> int:
        return self.points[outcome]

    def points_for(self, result: RoundResult) -> int:
        """Units scored in one round (RULES.md §1; micro-matches §2)."""
        if result.game_points is not None:
            if self.micro_scoring == "game":
                return result.game_points
            return self.points[result.outcome]
        return self.points[result.outcome]

    def game_points_for(self, result: RoundResult) -> int:
        """Game points of a round (`GP`): the micro-match game points when recorded."""
        if result.game_points is not None:
            return result.game_points
        return self.points[result.outcome]

    def match_points_for(self, result: RoundResult) -> int:
        """Match points of a round (`MP`): the outcome's points, 2/1/0."""
        return self.points[result.outcome]

    def total(self, results: tuple[RoundResult, ...] | list[RoundResult]) -> int:
        return sum(self.points_for(r) for r in results)

    # -- defaults ----------------------------------------------------------------------------
    def default_tiebreaks(self, system_kind: str, category: str = "absolute") -> tuple[str, ...]:
        """Default tiebreak order for a pairing system kind and a category (RULES.md §4).

        `system_kind`: ``swiss``, ``roundrobin``, ``knockout``, ``micromatch``, ``team_swiss``,
        ``team_roundrobin``. Any `category` other than ``absolute`` takes the category order when
        the rule set has one (CBJD 124).
        """
        if category != "absolute":
            order = self.category_orders.get(system_kind, self.category_orders.get("*"))
            if order is not None:
                return order
        order = self.default_orders.get(system_kind, self.default_orders.get("*"))
        if order is None:
            raise EngineError(f"rule set {self.code} has no default tiebreaks for {system_kind!r}")
        return order

    def unplayed_on(self, start: date | None) -> str:
        """The default unplayed-games rule of an event starting on `start` (None: today's)."""
        day = start or date.today()
        rule = self.unplayed
        for since, later in sorted(self.unplayed_since):
            if day >= since:
                rule = later
        return rule

    # -- the desk (RULES.md §5, §6) --------------------------------------------------------
    @property
    def penalty_rules(self) -> "PenaltyRules":
        """The incidents this rule set knows and what they lead to (`penalty_rules`)."""
        return get_penalty_rules(self.penalties)

    @property
    def forfeit_policy(self) -> "ForfeitPolicy":
        """The default FIDE-GR forfeit rules (RULES.md §5: the ``fide`` rule set only)."""
        return self.penalty_rules.forfeit_policy

    # -- display -----------------------------------------------------------------------------
    def format_points(self, units: Exact, *, decimal: bool = False) -> str:
        """``12`` for draughts; ``6½`` for chess (``6.5`` with ``decimal=True``, as the CLI prints)."""
        return format_units(units, self.units_per_point, decimal=decimal)

    def with_options(self, **overrides: object) -> "RuleSet":
        """A copy with event settings: ``pairing_bye``/``half_bye``/``zero_bye``/``double_forfeit``
        points, ``unplayed`` and ``micro_scoring``."""
        points = dict(self.points)
        names = {
            "pairing_bye": Outcome.PAIRING_BYE,
            "full_bye": Outcome.FULL_BYE,
            "half_bye": Outcome.HALF_BYE,
            "zero_bye": Outcome.ZERO_BYE,
            "double_forfeit": Outcome.DOUBLE_FORFEIT,
            "forfeit_win": Outcome.FORFEIT_WIN,
        }
        fields: dict[str, object] = {}
        for key, value in overrides.items():
            if key in names:
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise EngineError(f"{key} points must be a whole number of units >= 0")
                points[names[key]] = value
            elif key in ("unplayed", "micro_scoring"):
                fields[key] = value
            else:
                raise EngineError(f"unknown rule-set option {key!r}")
        return replace(self, points=points, **fields)


def standard_points(*, double_forfeit: int = 0, pairing_bye: int = 2,
                    half_bye: int = 1) -> dict[Outcome, int]:
    """The 2/1/0 table shared by our three rule sets (chess counted in half points)."""
    return {
        Outcome.WIN: 2,
        Outcome.DRAW: 1,
        Outcome.LOSS: 0,
        Outcome.FORFEIT_WIN: 2,
        Outcome.FORFEIT_LOSS: 0,
        Outcome.DOUBLE_FORFEIT: double_forfeit,
        Outcome.PAIRING_BYE: pairing_bye,
        Outcome.FULL_BYE: 2,  # a requested full-point bye scores a win
        Outcome.HALF_BYE: half_bye,
        Outcome.ZERO_BYE: 0,
        Outcome.NOT_PAIRED: 0,
        Outcome.ADJOURNED: 0,
    }
