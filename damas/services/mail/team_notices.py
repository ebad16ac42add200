"""Mails of a team event in micro-matches (CBJD 120): team rounds are published and scored by
their own forms (`teams.publish_team_round`, `team_lineups.record_round_results`), not the
individual rounds', so their players are told here.

* "pairings": a team round published, or a line-up entered in a published round: each player in
  a line-up his match (his team × the other), his board, his colours (the team with White in game
  1 on board 1 keeps it on the odd boards, CBJD 120 as `engine.teams.board_colours`; game 2 with
  the colours swapped, CBJD 119) and his opponent, once the other team's line-up is in.
* "results": a team match's boards entered or corrected: every player of the match, with his
  board's games and the match score.

The team services register these with `after_commit` (plain ids, so no import cycle)."""
from __future__ import annotations

from typing import Any, Collection

from flask_babel import lazy_gettext as _l
from sqlalchemy import select
from sqlalchemy.orm import joinedload

from damas.engine.micromatch_scoring import board_match
from damas.engine.rulesets import get_ruleset
from damas.engine.teams import board_colours
from damas.engine.types import EngineError, Outcome
from damas.extensions import db
from damas.formats.mapping import micro_settings
from damas.formats.team_state import event_lineups
from damas.models import Event, Player
from damas.models.micromatch import TeamMatchRow, TeamRound
from damas.services.mail.compose import external_url
from damas.services.mail.notify import Batch, Notice
from damas.services.mail.recipients import accounts_of_players

# a game's text read from the other player's side (forms write one side: team A's, or White's)
OTHER_SIDE = {"2-0": "0-2", "0-2": "2-0", "1-1": "1-1", "+-": "-+", "-+": "+-", "--": "--"}


def team_round_url(event_id: int, number: int) -> str:
    return external_url("micromatch.team_round", event_id=event_id, number=number)


def _rated(event: Event, player: Player | None) -> Any:
    """The opponent with his rating in the list the event feeds (a team event keeps no rating at entry)."""
    if player is None:
        return _l("Adversário: tabuleiro vazio (W.O.).")
    rating = player.rating_for(event.list_key)
    if rating:
        return _l("Adversário: %(name)s (rating %(rating)s).", name=player.full_name, rating=rating)
    return _l("Adversário: %(name)s (sem rating).", name=player.full_name)


def _colours(white_first: bool, per_board: int) -> Any:
    if per_board == 1:
        return _l("Você joga com as brancas.") if white_first else _l("Você joga com as pretas.")
    return (_l("1ª partida com as brancas, 2ª com as pretas.") if white_first
            else _l("1ª partida com as pretas, 2ª com as brancas."))


def _text(units: int, rs: Any) -> str:
    return str(units) if rs.units_per_point == 1 else rs.format_points(units)


class _Round:
    """A team round read for mails in a constant number of queries: its matches with both teams,
    the line-ups, the players in them."""

    def __init__(self, event: Event, rnd: TeamRound) -> None:
        settings = micro_settings(event)
        self.boards = settings.boards if settings else 4
        self.per_board = settings.games_per_board if settings else 2
        self.rs = get_ruleset(event.ruleset)
        self.matches = list(db.session.scalars(
            select(TeamMatchRow).where(TeamMatchRow.round_id == rnd.id).order_by(TeamMatchRow.table)
            .options(joinedload(TeamMatchRow.team_a), joinedload(TeamMatchRow.team_b),
                     joinedload(TeamMatchRow.boards))).unique())
        self.lineups = {team: boards for (_r, team), boards in event_lineups(event, rnd).items()}
        ids = {p for boards in self.lineups.values() for p in boards.values() if p is not None}
        self.players = ({p.id: p for p in db.session.scalars(select(Player).where(Player.id.in_(ids)))}
                        if ids else {})

    def seats(self, match: TeamMatchRow) -> list[tuple[int, int, bool, int | None]]:
        """(player, board, he is on team A, opponent or None) of each player in the match's line-ups."""
        la, lb = self.lineups.get(match.team_a_id, {}), self.lineups.get(match.team_b_id or 0, {})
        out = []
        for k in range(1, self.boards + 1):
            pa, pb = la.get(k), lb.get(k)
            if pa is not None:
                out.append((pa, k, True, pb))
            if pb is not None:
                out.append((pb, k, False, pa))
        return out

    def score(self, match: TeamMatchRow) -> tuple[int, int, bool]:
        """(team A's, team B's game points, every board decided) as the round page adds them up."""
        la, lb = self.lineups.get(match.team_a_id, {}), self.lineups.get(match.team_b_id or 0, {})
        games = {b.board: (b.game1, b.game2) for b in match.boards}
        won = self.per_board * self.rs.points[Outcome.FORFEIT_WIN]
        a = b = 0
        complete = True
        for k in range(1, self.boards + 1):
            pa, pb = la.get(k), lb.get(k)
            if pa is None or pb is None:
                fa, fb = (0, 0) if pa is None and pb is None else ((0, won) if pa is None else (won, 0))
            else:
                board = self._board(games.get(k, ("", "")))
                if board is None:
                    complete = False
                    continue
                fa, fb = board
            a, b = a + fa, b + fb
        return a, b, complete

    def _board(self, games: tuple[str, str]) -> tuple[int, int] | None:
        g1, g2 = games
        if not g1 or (self.per_board == 2 and not g2):
            return None
        try:
            mm = board_match((g1, g2) if self.per_board == 2 else (g1,), self.rs)
        except EngineError:
            return None
        return mm.points_a, mm.points_b


def _match_name(match: TeamMatchRow, on_a: bool) -> Any:
    mine, other = (match.team_a, match.team_b) if on_a else (match.team_b, match.team_a)
    return _l("Mesa %(table)s: %(team)s × %(other)s.", table=match.table, team=mine.name if mine else "—",
              other=other.name if other else "—")


def pairings_batch(event_id: int, round_id: int, match_ids: Collection[int] | None = None) -> Batch:
    """Each player in a line-up of the round (of `match_ids` only, when given): his match, board,
    colours and opponent."""
    batch = Batch()
    event, rnd = db.session.get(Event, event_id), db.session.get(TeamRound, round_id)
    if event is None or rnd is None or rnd.event_id != event_id or not rnd.published:
        return batch
    view = _Round(event, rnd)
    told = []
    subject = _l("%(event)s: rodada %(n)s publicada", event=event.name, n=rnd.number)
    heading = _l("Rodada %(n)s publicada", n=rnd.number)
    link = team_round_url(event_id, rnd.number)
    for match in view.matches:
        if match.team_b_id is None or (match_ids is not None and match.id not in match_ids):
            continue
        other_in = bool(view.lineups.get(match.team_a_id)) and bool(view.lineups.get(match.team_b_id))
        for player, board, on_a, opponent in view.seats(match):
            a_white, _b = board_colours(board)
            lines: list[Any] = [_match_name(match, on_a), _l("Tabuleiro %(board)s.", board=board),
                                _colours(a_white == on_a, view.per_board)]
            lines.append(_rated(event, view.players.get(opponent) if opponent else None) if other_in
                         else _l("Adversário: a equipe adversária ainda não entregou a escalação."))
            told.append((player, Notice(subject, heading, tuple(lines), link, _l("Ver a rodada"))))
    accounts = accounts_of_players(p for p, _n in told)
    batch.prefetch(accounts.values())
    for player, notice in told:
        batch.add(accounts.get(player), "pairings", event_id, rnd.number, notice)
    return batch


def results_batch(event_id: int, round_id: int, match_ids: Collection[int]) -> Batch:
    """Every player of the matches `match_ids`: his board's games (from his side) and the match score."""
    batch = Batch()
    event, rnd = db.session.get(Event, event_id), db.session.get(TeamRound, round_id)
    if event is None or rnd is None or rnd.event_id != event_id:
        return batch
    view = _Round(event, rnd)
    told = []
    subject = _l("%(event)s: resultados lançados na rodada %(n)s", event=event.name, n=rnd.number)
    link = team_round_url(event_id, rnd.number)
    for match in view.matches:
        if match.id not in match_ids or match.team_b_id is None:
            continue
        rows = {b.board: (b.game1, b.game2) for b in match.boards}
        a, b, complete = view.score(match)
        for player, board, on_a, opponent in view.seats(match):
            g1, g2 = rows.get(board, ("", ""))
            lines: list[Any] = [_match_name(match, on_a)]
            if opponent is None:
                lines.append(_l("Tabuleiro %(board)s: vitória por W.O. (adversário ausente da escalação).",
                                board=board))
            elif g1:
                mine = [g if on_a else OTHER_SIDE.get(g, g) for g in ((g1,) if view.per_board == 1 else (g1, g2)) if g]
                lines.append(_l("Tabuleiro %(board)s: %(games)s.", board=board, games=", ".join(mine)))
            else:
                lines.append(_l("Tabuleiro %(board)s: resultado ainda não lançado.", board=board))
            mine_pts, theirs = (a, b) if on_a else (b, a)
            score = f"{_text(mine_pts, view.rs)}-{_text(theirs, view.rs)}"
            lines.append(_l("Placar do match: %(score)s.", score=score) if complete
                         else _l("Placar do match até agora: %(score)s.", score=score))
            notice = Notice(subject, _l("Resultados lançados pelo árbitro"), tuple(lines), link, _l("Ver a rodada"))
            told.append((player, notice))
    accounts = accounts_of_players(p for p, _n in told)
    batch.prefetch(accounts.values())
    for player, notice in told:
        batch.add(accounts.get(player), "results", event_id, rnd.number, notice)
    return batch


def notify_team_pairings(event_id: int, round_id: int, match_ids: Collection[int] | None = None) -> int:
    """Send `pairings_batch` (call after the publication's or line-up's commit); returns how many."""
    return pairings_batch(event_id, round_id, match_ids).send()


def notify_team_results(event_id: int, round_id: int, match_ids: Collection[int]) -> int:
    """Send `results_batch` (call after the results' commit); returns how many."""
    return results_batch(event_id, round_id, match_ids).send()
