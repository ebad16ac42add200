"""Mails about a board's result (kind "results") and the reports waiting for the arbiter (kind
"arbiter"), sent after the operation's commit (`damas.services.audit.after_commit`).

* The arbiter enters or corrects a result: both players of the board are told.
* A player reports his board's result (players' own reports; our rules on the event's
  regulations page): the opponent is told to confirm or report his; when the two reports
  differ both are told the arbiter decides; when they agree both are told it is entered; a
  report taken back is told to the opponent, who was told of it.
* The first board of a round to wait for the arbiter (one side reported): each of the event's
  arbiters gets one mail listing the round's boards waiting; later reports and conflicts of the
  round show on its page without another mail until nothing waits (one mail per arbiter per
  round while boards wait, not one per report).
"""
from __future__ import annotations

from typing import Any, Collection

from flask_babel import lazy_gettext as _l
from sqlalchemy import select
from sqlalchemy.orm import joinedload

from damas.engine.rulesets import get_ruleset
from damas.engine.types import Outcome
from damas.extensions import db
from damas.models import Entry, Event, Game, GameResult, ResultReport, Round
from damas.services.mail.notify import Batch, Notice
from damas.services.mail.players import event_arbiters, round_url
from damas.services.mail.recipients import accounts_of_players

WAITING, CONFLICT, ENTERED = "waiting", "conflict", "entered"  # `result_reports.report_result`'s answers
_PLAYED = {GameResult.WHITE_WIN: (Outcome.WIN, Outcome.LOSS), GameResult.DRAW: (Outcome.DRAW, Outcome.DRAW),
           GameResult.BLACK_WIN: (Outcome.LOSS, Outcome.WIN)}


def result_words(ruleset: str, code: str) -> Any:
    """A board's result in words with the rule set's points ("Vitória das brancas (2 – 0)")."""
    try:
        result = GameResult(code)
    except ValueError:
        return code
    if result in _PLAYED:
        rs = get_ruleset(ruleset)
        white, black = _PLAYED[result]
        score = f"{rs.format_points(rs.outcome_points(white))} – {rs.format_points(rs.outcome_points(black))}"
        words = {GameResult.WHITE_WIN: _l("Vitória das brancas"), GameResult.DRAW: _l("Empate"),
                 GameResult.BLACK_WIN: _l("Vitória das pretas")}[result]
        return _l("%(words)s (%(score)s)", words=words, score=score)
    if result == GameResult.DOUBLE_FORFEIT:
        return _l("Ambos ausentes (empate)") if get_ruleset(ruleset).double_forfeit_draw else _l("W.O. duplo")
    return {
        GameResult.WHITE_FORFEIT_WIN: _l("W.O.: vitória das brancas"),
        GameResult.BLACK_FORFEIT_WIN: _l("W.O.: vitória das pretas"),
        GameResult.DOUBLE_LOSS: "0 – 0",
        GameResult.BYE: _l("isento"),
        GameResult.WITHDRAWN: _l("não jogada (desistência)"),
        GameResult.ADJOURNED: _l("adiada"),
        GameResult.PENDING: "—",
    }[result]


def boards_with_players(game_ids: Collection[int]) -> list[Game]:
    """The boards with their round and both players, in one query."""
    if not game_ids:
        return []
    return list(db.session.scalars(
        select(Game).where(Game.id.in_(list(game_ids))).order_by(Game.board)
        .options(joinedload(Game.round), joinedload(Game.white).joinedload(Entry.player),
                 joinedload(Game.black).joinedload(Entry.player))).unique())


def _pairing(game: Game) -> Any:
    black = game.black.player.full_name if game.black is not None else "—"
    return _l("Mesa %(board)s: %(white)s (brancas) × %(black)s (pretas).", board=game.board,
              white=game.white.player.full_name, black=black)


def _players(game: Game) -> list[Entry]:
    return [e for e in (game.white, game.black) if e is not None]


def results_batch(event_id: int, corrected: dict[int, bool]) -> Batch:
    """Both players of each board in `corrected` ({game id: whether it replaced a result})."""
    batch = Batch()
    event = db.session.get(Event, event_id)
    games = boards_with_players(corrected)
    if event is None or not games:
        return batch
    accounts = accounts_of_players(e.player_id for g in games for e in _players(g))
    batch.prefetch(accounts.values())
    for game in games:
        number = game.round.number
        was_corrected = corrected.get(game.id, False)
        subject = (_l("%(event)s: resultado corrigido na rodada %(n)s", event=event.name, n=number) if was_corrected
                   else _l("%(event)s: resultado lançado na rodada %(n)s", event=event.name, n=number))
        heading = (_l("Resultado corrigido pelo árbitro") if was_corrected else _l("Resultado lançado pelo árbitro"))
        lines = (_pairing(game), _l("Resultado: %(result)s.", result=result_words(event.ruleset, game.result.value)))
        notice = Notice(subject, heading, lines, round_url(event_id, number), _l("Ver a rodada"))
        for entry in _players(game):
            batch.add(accounts.get(entry.player_id), "results", event_id, number, notice)
    return batch


def notify_results(event_id: int, corrected: dict[int, bool]) -> int:
    """Send `results_batch` (call after the results' commit); returns how many mails."""
    return results_batch(event_id, corrected).send()


def _report_notices(event: Event, game: Game, side: str, outcome: str,
                    reports: dict[str, str]) -> list[tuple[Entry, Notice]]:
    """(player told, notice) for a player's report of `game` answered `outcome`."""
    number, link = game.round.number, round_url(event.id, game.round.number)
    pairing = _pairing(game)
    if outcome == ENTERED:
        subject = _l("%(event)s: resultado lançado na rodada %(n)s", event=event.name, n=number)
        notice = Notice(subject, _l("Resultado confirmado pelos dois jogadores"),
                        (pairing, _l("Resultado: %(result)s.", result=result_words(event.ruleset, game.result.value))),
                        link, _l("Ver a rodada"))
        return [(e, notice) for e in _players(game)]
    if outcome == CONFLICT:
        subject = _l("%(event)s: resultados divergentes na mesa %(board)s", event=event.name, board=game.board)
        notice = Notice(subject, _l("Os resultados informados não conferem"), (
            pairing,
            _l("Brancas informaram: %(result)s.", result=result_words(event.ruleset, reports.get("w", ""))),
            _l("Pretas informaram: %(result)s.", result=result_words(event.ruleset, reports.get("b", ""))),
            _l("O árbitro decide o resultado."),
        ), link, _l("Ver a rodada"))
        return [(e, notice) for e in _players(game)]
    opponent = game.black if side == "w" else game.white
    reporter = game.white if side == "w" else game.black
    if opponent is None or reporter is None:
        return []
    subject = _l("%(event)s: seu adversário informou o resultado da mesa %(board)s", event=event.name,
                 board=game.board)
    notice = Notice(subject, _l("Resultado informado pelo seu adversário"), (
        pairing,
        _l("%(name)s informou: %(result)s.", name=reporter.player.full_name,
           result=result_words(event.ruleset, reports.get(side, ""))),
        _l("Confirme informando o mesmo resultado, ou informe o seu: se não conferirem, o árbitro decide."),
    ), link, _l("Informar o resultado"))
    return [(opponent, notice)]


def waiting_boards(round_id: int) -> list[tuple[Game, dict[str, str]]]:
    """The round's boards without a result that have a player's report: (board, {side: result})."""
    rows = db.session.execute(
        select(ResultReport.game_id, ResultReport.side, ResultReport.result)
        .join(Game, Game.id == ResultReport.game_id)
        .where(Game.round_id == round_id, Game.result == GameResult.PENDING)).all()
    by_game: dict[int, dict[str, str]] = {}
    for game_id, side, result in rows:
        by_game.setdefault(game_id, {})[side] = result
    return [(g, by_game[g.id]) for g in boards_with_players(by_game)]


def _first_to_wait(game: Game) -> bool:
    """Whether this report made the round's first board waiting for the arbiter (nothing of the
    round waited before it). The arbiters are mailed then only: one mail per arbiter per round
    while boards wait, however many reports follow (the round page lists them); once every
    waiting board has its result, the next report mails again."""
    waiting = waiting_boards(game.round_id)
    return len(waiting) == 1 and waiting[0][0].id == game.id and len(waiting[0][1]) == 1


def _arbiters_notice(event: Event, rnd: Round) -> Notice | None:
    """The round's boards waiting for the arbiter, one line each; None when none waits."""
    waiting = waiting_boards(rnd.id)
    if not waiting:
        return None
    lines = []
    for game, reports in waiting:
        white = result_words(event.ruleset, reports["w"]) if "w" in reports else "—"
        black = result_words(event.ruleset, reports["b"]) if "b" in reports else "—"
        state = (_l("em conflito") if len(reports) == 2 and reports["w"] != reports["b"]
                 else _l("à espera do adversário"))
        lines.append(_l("Mesa %(board)s (%(white_name)s × %(black_name)s), %(state)s: brancas informaram %(white)s; "
                        "pretas informaram %(black)s.", board=game.board, white_name=game.white.player.full_name,
                        black_name=game.black.player.full_name if game.black is not None else "—",
                        white=white, black=black, state=state))
    lines.append(_l("Os relatos que chegarem enquanto houver mesas à espera aparecem na página da rodada, sem outro "
                    "e-mail."))
    return Notice(_l("%(event)s: relatos de resultado à espera na rodada %(n)s", event=event.name, n=rnd.number),
                  _l("Relatos de resultado à espera do árbitro"), tuple(lines), round_url(event.id, rnd.number),
                  _l("Conferir na página da rodada"))


def report_batches(event_id: int, game_id: int, side: str, outcome: str) -> tuple[Batch, Batch]:
    """(the players' mails, the arbiters' mails) for a report of `game_id`'s `side`."""
    players, arbiters = Batch(), Batch()
    event = db.session.get(Event, event_id)
    games = boards_with_players([game_id])
    if event is None or not games:
        return players, arbiters
    game = games[0]
    reports = {r.side: r.result for r in db.session.scalars(select(ResultReport).where(ResultReport.game_id == game_id))}
    told = _report_notices(event, game, side, outcome, reports)
    accounts = accounts_of_players(e.player_id for e, _n in told)
    players.prefetch(accounts.values())
    for entry, notice in told:
        players.add(accounts.get(entry.player_id), "results", event_id, game.round.number, notice)
    if outcome == WAITING and _first_to_wait(game):
        notice = _arbiters_notice(event, game.round)
        staff = event_arbiters(event_id)
        arbiters.prefetch(staff)
        for arbiter in staff if notice is not None else []:
            arbiters.add(arbiter, "arbiter", event_id, game.round.number, notice)
    return players, arbiters


def notify_report(event_id: int, game_id: int, side: str, outcome: str) -> int:
    """Send the mails of a player's report (call after its commit); returns how many."""
    players, arbiters = report_batches(event_id, game_id, side, outcome)
    return players.send() + arbiters.send()


def withdrawn_batch(event_id: int, game_id: int, side: str, result: str) -> Batch:
    """The opponent of a player who took his report back: told to disregard it (he was told of it
    when it came) and that he may report the result himself."""
    batch = Batch()
    event = db.session.get(Event, event_id)
    games = boards_with_players([game_id])
    if event is None or not games:
        return batch
    game = games[0]
    reporter, opponent = (game.white, game.black) if side == "w" else (game.black, game.white)
    if reporter is None or opponent is None:
        return batch
    number = game.round.number
    notice = Notice(
        _l("%(event)s: relato retirado na mesa %(board)s", event=event.name, board=game.board),
        _l("Seu adversário retirou o resultado que tinha informado"),
        (_pairing(game),
         _l("%(name)s retirou: %(result)s.", name=reporter.player.full_name, result=result_words(event.ruleset, result)),
         _l("Desconsidere o aviso anterior; você pode informar o resultado.")),
        round_url(event.id, number), _l("Informar o resultado"))
    batch.add(accounts_of_players([opponent.player_id]).get(opponent.player_id), "results", event_id, number, notice)
    return batch


def notify_report_withdrawn(event_id: int, game_id: int, side: str, result: str) -> int:
    """Send `withdrawn_batch` (call after the withdrawal's commit); returns how many mails."""
    return withdrawn_batch(event_id, game_id, side, result).send()
