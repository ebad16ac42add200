"""What a withdrawal or expulsion does to the table, per rule set (RULES.md §5).

* `cbjd` round robin (CBJD 105 A): "se não houver jogado mais do que metade das partidas
  previstas, este jogador será excluído da classificação e os seus resultados anulados"; having
  played more than half, he stays and "as partidas não jogadas são consideradas como perdidas
  por W.O." (his opponents get forfeit wins).
* `cbjd` Swiss (CBJD 105 B): his results stand and he is ranked on them; not paired again.
* `fide` round robin (FIDE-GR "Where not all games are played" d, e): fewer than 50% of his
  games completed: "his score remains in the tournament table ... but the points scored by him
  or against him are not counted in the final standings"; at least 50%: counted. Either way
  his unplayed games are shown '-' and his opponents' '+' (two '-' when neither was present).
* `fide` Swiss (f): points by him and his opponents stay; only played games are rated.
* `club` (CLUB "Quem joga com quem"): round robin, "os adversários que ainda faltavam recebem
  vitórias"; Swiss: not paired again.

"Played" / "completed" games are games played over the board (WIN, DRAW, LOSS); forfeits
do not count. The remaining games of a round robin are taken from the Berger table (pairing
numbers = starting order unless given) for the rounds already recorded in the state; later
rounds are filled when they are recorded and this is applied again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from damas.engine.pairing.berger import BYE, berger_round
from damas.engine.types import EngineError, EntrantStatus, Outcome, RoundResult, TournamentState

_KINDS = {"round_robin": "round_robin", "roundrobin": "round_robin", "swiss": "swiss"}


@dataclass(frozen=True, slots=True)
class _Policy:
    counted: Callable[[int, int], bool]  # (played, scheduled) -> counted in the standings
    fill: bool  # remaining scheduled games become forfeits in the table
    status_not_counted: EntrantStatus
    article: str
    counted_pt: str
    counted_en: str
    not_counted_pt: str = ""
    not_counted_en: str = ""


_ALWAYS = lambda played, scheduled: True
_SWISS_PT = (
    "Abandonou após a rodada {last}: resultados mantidos, classificado pelos pontos obtidos, "
    "não é mais emparceirado ({article})."
)
_SWISS_EN = (
    "Withdrew after round {last}: results stand, ranked on the points scored, not paired again ({article})."
)
_GR = "FIDE-GR, Where not all games are played"
_GR_PT = "FIDE-GR, Quando nem todas as partidas são jogadas"  # the article's title on Portuguese pages

_POLICIES: dict[tuple[str, str], _Policy] = {
    ("cbjd", "round_robin"): _Policy(
        counted=lambda played, scheduled: 2 * played > scheduled,
        fill=True,
        status_not_counted=EntrantStatus.EXCLUDED,
        article="CBJD 105 A",
        counted_pt=(
            "Abandonou após jogar {played} de {scheduled} partidas previstas (mais da metade): permanece "
            "na classificação e as partidas não jogadas contam como derrotas por W.O. (CBJD 105 A b)."
        ),
        counted_en=(
            "Withdrew after playing {played} of {scheduled} scheduled games (more than half): stays in the "
            "standings, unplayed games count as losses by forfeit (CBJD 105 A b)."
        ),
        not_counted_pt=(
            "Abandonou após jogar {played} de {scheduled} partidas previstas (não mais que a metade): "
            "excluído da classificação e resultados anulados (CBJD 105 A a)."
        ),
        not_counted_en=(
            "Withdrew after playing {played} of {scheduled} scheduled games (not more than half): excluded "
            "from the standings, all his results annulled (CBJD 105 A a)."
        ),
    ),
    ("cbjd", "swiss"): _Policy(_ALWAYS, False, EntrantStatus.WITHDRAWN, "CBJD 105 B", _SWISS_PT, _SWISS_EN),
    ("fide", "round_robin"): _Policy(
        counted=lambda played, scheduled: 2 * played >= scheduled,
        fill=True,
        status_not_counted=EntrantStatus.WITHDRAWN,
        article=_GR,
        counted_pt=(
            "Completou {played} de {scheduled} partidas (50% ou mais): sua pontuação conta na classificação "
            "final; partidas não jogadas marcadas '-' / '+' (" + _GR_PT + ", e)."
        ),
        counted_en=(
            "Completed {played} of {scheduled} games (at least 50%): his score counts in the final "
            "standings; unplayed games shown '-' / '+' (" + _GR + ", e)."
        ),
        not_counted_pt=(
            "Completou {played} de {scheduled} partidas (menos de 50%): suas partidas ficam na tabela para "
            "rating, mas os pontos feitos por ele ou contra ele não contam na classificação final ("
            + _GR_PT
            + ", d)."
        ),
        not_counted_en=(
            "Completed {played} of {scheduled} games (less than 50%): his games stay in the table for "
            "rating, but points scored by him or against him are not counted in the final standings "
            "(" + _GR + ", d)."
        ),
    ),
    ("fide", "swiss"): _Policy(_ALWAYS, False, EntrantStatus.WITHDRAWN, _GR + ", f", _SWISS_PT, _SWISS_EN),
    ("club", "round_robin"): _Policy(
        _ALWAYS,
        True,
        EntrantStatus.WITHDRAWN,
        "CLUB",
        counted_pt=(
            "Saiu do torneio após a rodada {last}: os adversários que ainda faltavam recebem vitórias (CLUB)."
        ),
        counted_en="Left the event after round {last}: the opponents he had still to meet get wins (CLUB).",
    ),
    ("club", "swiss"): _Policy(_ALWAYS, False, EntrantStatus.WITHDRAWN, "CLUB", _SWISS_PT, _SWISS_EN),
}


@dataclass(frozen=True, slots=True)
class WithdrawalStatus:
    """What the withdrawal means for one player, with the reason for the standings page."""

    start_no: int
    last_round: int
    played: int
    scheduled: int
    counted: bool  # False: left out of the standings (excluded / not counted)
    status: EntrantStatus
    article: str
    reason_pt: str
    reason_en: str


@dataclass(frozen=True)
class WithdrawalResult:
    """`state` is what to score: a player not counted is EXCLUDED (listed unranked by the
    standings) with all his rounds and every result against him annulled (NOT_PAIRED);
    `table_state` is what the crosstable shows (remaining games as forfeits, statuses set);
    `marks[(start_no, round)]` is '+' or '-' for the rounds filled as forfeits."""

    state: TournamentState
    table_state: TournamentState
    statuses: Mapping[int, WithdrawalStatus]
    marks: Mapping[tuple[int, int], str]

    @property
    def not_counted(self) -> frozenset[int]:
        return frozenset(s for s, st in self.statuses.items() if not st.counted)


def _schedule(
    state: TournamentState, pairing_numbers: Mapping[int, int] | None, double: bool
) -> dict[int, dict[int, int | None]]:
    """round -> {start_no: opponent start_no or None (bye)} from the Berger table."""
    players = sorted(e.start_no for e in state.entrants)
    numbers = dict(pairing_numbers) if pairing_numbers else {s: i for i, s in enumerate(players, start=1)}
    by_number = {v: k for k, v in numbers.items()}
    table: dict[int, dict[int, int | None]] = {}
    for r in range(1, state.rounds_played + 1):
        row: dict[int, int | None] = {}
        for w, b in berger_round(len(players), r, double):
            row[by_number[w]] = None if b == BYE else by_number[b]
            if b != BYE:
                row[by_number[b]] = by_number[w]
        table[r] = row
    return table


def _padded(results: tuple[RoundResult, ...], width: int) -> list[RoundResult]:
    """The rounds of a player, missing rounds as NOT_PAIRED."""
    return list(results) + [RoundResult(r, Outcome.NOT_PAIRED) for r in range(len(results) + 1, width + 1)]


def apply_withdrawals(
    state: TournamentState,
    ruleset: str,
    system_kind: str,
    withdrawals: Mapping[int, int],
    scheduled_games: int,
    *,
    pairing_numbers: Mapping[int, int] | None = None,
    double: bool = False,
) -> WithdrawalResult:
    """Apply `withdrawals` (start_no -> last round he played) under `ruleset` and `system_kind`.

    `scheduled_games`: games a player was due to play (n-1 in a single round robin of even n).
    `pairing_numbers` / `double`: the round robin's table, when not the starting order / single.
    """
    kind = _KINDS.get(system_kind)
    policy = _POLICIES.get((ruleset, kind or ""))
    if policy is None:
        raise EngineError(f"no withdrawal rule for rule set {ruleset!r} and system {system_kind!r}")
    if scheduled_games < 1:
        raise EngineError("scheduled_games must be at least 1")
    width = state.rounds_played
    rows = {e.start_no: _padded(state.rounds_of(e.start_no), width) for e in state.entrants}
    statuses: dict[int, WithdrawalStatus] = {}
    for player, last in sorted(withdrawals.items()):
        if player not in rows:
            raise EngineError(f"no entrant with starting number {player}")
        if last < 0:
            raise EngineError("the last round played cannot be negative")
        if any(r.outcome.played for r in rows[player][last:]):
            raise EngineError(f"player {player} has games played after round {last}")
        played = sum(1 for r in rows[player] if r.outcome.played)
        counted = policy.counted(played, scheduled_games)
        fields = {"played": played, "scheduled": scheduled_games, "last": last, "article": policy.article}
        fields_pt = {**fields, "article": policy.article.replace(_GR, _GR_PT)}
        pt = policy.counted_pt if counted else policy.not_counted_pt
        en = policy.counted_en if counted else policy.not_counted_en
        statuses[player] = WithdrawalStatus(
            start_no=player,
            last_round=last,
            played=played,
            scheduled=scheduled_games,
            counted=counted,
            status=EntrantStatus.WITHDRAWN if counted else policy.status_not_counted,
            article=policy.article,
            reason_pt=pt.format(**fields_pt),
            reason_en=en.format(**fields),
        )

    marks: dict[tuple[int, int], str] = {}
    if policy.fill and statuses:
        fill = {p for p, st in statuses.items() if st.counted or st.status is not EntrantStatus.EXCLUDED}
        table = _schedule(state, pairing_numbers, double)
        for r, row in table.items():
            for player in sorted(fill):
                if r <= statuses[player].last_round or row.get(player) is None:
                    continue
                opp = row[player]
                assert opp is not None
                if rows[player][r - 1].outcome.played or rows[opp][r - 1].outcome.played:
                    raise EngineError(f"round {r}: {player}-{opp} was played after the withdrawal")
                both_gone = opp in statuses and r > statuses[opp].last_round
                mine = Outcome.DOUBLE_FORFEIT if both_gone else Outcome.FORFEIT_LOSS
                rows[player][r - 1] = RoundResult(r, mine, opp)
                rows[opp][r - 1] = RoundResult(r, mine.mirror, player)
                marks[(player, r)] = "-"
                marks[(opp, r)] = "-" if both_gone else "+"

    entrants = tuple(
        replace(e, status=statuses[e.start_no].status) if e.start_no in statuses else e
        for e in state.entrants
    )
    table_state = replace(state, entrants=entrants, results={k: tuple(v) for k, v in rows.items()})
    gone = {p for p, st in statuses.items() if not st.counted}
    scored_rows = {
        k: tuple(
            RoundResult(r.round, Outcome.NOT_PAIRED) if k in gone or r.opponent in gone else r for r in v
        )
        for k, v in rows.items()
    }
    score_entrants = tuple(
        replace(e, status=EntrantStatus.EXCLUDED) if e.start_no in gone else e for e in entrants
    )
    score_state = replace(state, entrants=score_entrants, results=scored_rows)
    return WithdrawalResult(score_state, table_state, statuses, marks)
