"""Mails of a knockout event (RULES.md §3 Knockout): a knockout has no published round pages, its
ties become known as the bracket fills, so the players are told from the bracket itself.

* "pairings": a tie whose two players became known in an operation (the start sets up round 1;
  a decided tie completes a tie of the next round): each player his stage (final, semifinal, ...),
  his opponent with the rating he entered with and his colour in the tie's first game.
* "results": a tie's game entered or corrected by the arbiter: both players, with the game's
  result and, once the tie is decided, who goes through.

The knockout service registers `notify_knockout` with `after_commit` (plain ids: this module
reads the bracket through `damas.formats`, never through the service, so no import cycle)."""
from __future__ import annotations

from typing import Any, Collection, Iterable

from flask_babel import lazy_gettext as _l
from sqlalchemy import select

from damas.engine.pairing.knockout import NOBODY, Bracket, Stage, Tie, TieId, all_ties, next_game
from damas.engine.types import Outcome
from damas.extensions import db
from damas.formats.knockout_state import LoadedBracket, first_color, load_bracket
from damas.models import Entry, Event, GameResult, KnockoutGame, Player
from damas.services.mail.compose import external_url
from damas.services.mail.notify import Batch, Notice
from damas.services.mail.recipients import accounts_of_players
from damas.services.mail.result_notices import result_words

_AS_RESULT = {Outcome.WIN: GameResult.WHITE_WIN, Outcome.DRAW: GameResult.DRAW, Outcome.LOSS: GameResult.BLACK_WIN,
              Outcome.FORFEIT_WIN: GameResult.WHITE_FORFEIT_WIN, Outcome.FORFEIT_LOSS: GameResult.BLACK_FORFEIT_WIN,
              Outcome.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT}


def known_ties(bracket: Bracket | None) -> frozenset[TieId]:
    """The ties whose two players are known (byes and empty ties left out): what the service
    passes as "known before" so only the ties an operation completes are announced."""
    if bracket is None:
        return frozenset()
    return frozenset(t.id for t in all_ties(bracket).values() if t.top and t.bottom)


def tie_name(bracket: Bracket, tie_id: TieId) -> Any:
    """"Final", "Semifinal", "Disputa do 3º lugar", ... as the bracket page names the tie."""
    r, j = tie_id
    m = bracket.size >> (r - 1)
    section = j // max(m // 2, 1)
    if section == 0:
        ties_in_round = bracket.size >> r
        names = {1: _l("Final"), 2: _l("Semifinal"), 4: _l("Quartas de final"), 8: _l("Oitavas de final")}
        return names.get(ties_in_round, _l("%(r)sª rodada", r=r))
    a = section * m + 1
    if m == 2:
        return _l("Disputa do %(a)sº lugar", a=a)
    return _l("Disputa do %(a)sº ao %(b)sº lugar", a=a, b=a + m - 1)


def _stage_name(stage: str) -> Any:
    return {Stage.MAIN.value: _l("Partida"), Stage.REPLAY.value: _l("Repetição (cores trocadas)"),
            Stage.RAPID.value: _l("Rápida"), Stage.ARMAGEDDON.value: _l("Armagedom")}.get(stage, stage)


def _rated(entry: Entry) -> Any:
    if entry.rating_at_entry:
        return _l("Adversário: %(name)s (rating %(rating)s).", name=entry.player.full_name,
                  rating=entry.rating_at_entry)
    return _l("Adversário: %(name)s (sem rating).", name=entry.player.full_name)


def bracket_url(event_id: int) -> str:
    return external_url("knockout.bracket", event_id=event_id)


def _pairing_notices(event: Event, loaded: LoadedBracket, ties: Iterable[Tie]) -> list[tuple[Entry, int, Notice]]:
    """(player, round, notice) for each player of the newly known `ties`."""
    out = []
    link = bracket_url(event.id)
    for tie in ties:
        name = tie_name(loaded.bracket, tie.id)
        subject = _l("%(event)s: seu confronto — %(stage)s", event=event.name, stage=name)
        heading = _l("Confronto definido: %(stage)s", stage=name)
        proposed = next_game(loaded.bracket, tie, first_color(event)) if not tie.games else None
        for me, other in ((tie.top, tie.bottom), (tie.bottom, tie.top)):
            mine, theirs = loaded.entry_by_no.get(me or 0), loaded.entry_by_no.get(other or 0)
            if mine is None or theirs is None:
                continue
            lines: list[Any] = [_rated(theirs)]
            if proposed is not None and proposed[2] is Stage.MAIN:
                lines.append(_l("Você joga a 1ª partida com as brancas.") if proposed[0] == me
                             else _l("Você joga a 1ª partida com as pretas."))
            out.append((mine, tie.id[0], Notice(subject, heading, tuple(lines), link, _l("Ver a chave"))))
    return out


def _result_notices(event: Event, loaded: LoadedBracket, row: KnockoutGame,
                    corrected: bool) -> list[tuple[Entry, int, Notice]]:
    """Both players of `row`'s tie: the game's result, and who goes through once decided."""
    tie = all_ties(loaded.bracket).get((row.round, row.tie_index))
    by_id = {e.id: e for e in loaded.entry_by_no.values()}
    white, black = by_id.get(row.white_entry_id), by_id.get(row.black_entry_id)
    if tie is None or white is None or black is None:
        return []
    name = tie_name(loaded.bracket, tie.id)
    subject = (_l("%(event)s: resultado corrigido — %(stage)s", event=event.name, stage=name) if corrected
               else _l("%(event)s: resultado lançado — %(stage)s", event=event.name, stage=name))
    heading = _l("Resultado corrigido pelo árbitro") if corrected else _l("Resultado lançado pelo árbitro")
    result = _AS_RESULT.get(Outcome(row.outcome))
    lines: list[Any] = [
        _l("%(stage)s %(n)s: %(white)s (brancas) × %(black)s (pretas).", stage=_stage_name(row.stage), n=row.seq,
           white=white.player.full_name, black=black.player.full_name),
        _l("Resultado: %(result)s.", result=result_words(event.ruleset, result.value) if result else row.outcome),
    ]
    winner = loaded.entry_by_no.get(tie.winner or NOBODY)
    if winner is not None:
        lines.append(_l("Confronto decidido: %(name)s se classifica.", name=winner.player.full_name))
    else:
        lines.append(_l("O confronto continua: falta decidir quem se classifica."))
    notice = Notice(subject, heading, tuple(lines), bracket_url(event.id), _l("Ver a chave"))
    return [(white, row.round, notice), (black, row.round, notice)]


def knockout_batch(event_id: int, known_before: Collection[TieId], game_id: int | None = None,
                   corrected: bool = False) -> Batch:
    """The mails of one knockout operation: the result of game `game_id` (if any) and the ties
    completed since `known_before`; a constant number of queries (bracket, accounts, opt-outs)."""
    batch = Batch()
    event = db.session.get(Event, event_id)
    loaded = load_bracket(event) if event is not None else None
    if event is None or loaded is None:
        return batch
    ties = all_ties(loaded.bracket)
    fresh = [ties[t] for t in sorted(known_ties(loaded.bracket) - set(known_before))]
    _players_of(loaded.entry_by_no.values())
    told: list[tuple[Entry, str, int, Notice]] = []
    row = db.session.get(KnockoutGame, game_id) if game_id is not None else None
    if row is not None and row.event_id == event_id:
        told += [(e, "results", r, n) for e, r, n in _result_notices(event, loaded, row, corrected)]
    told += [(e, "pairings", r, n) for e, r, n in _pairing_notices(event, loaded, fresh)]
    accounts = accounts_of_players(e.player_id for e, _k, _r, _n in told)
    batch.prefetch(accounts.values())
    for entry, kind, round_no, notice in told:
        batch.add(accounts.get(entry.player_id), kind, event_id, round_no, notice)
    return batch


def _players_of(entries: Iterable[Entry]) -> None:
    """Read the entries' players in one query (then `entry.player` needs none)."""
    ids = [e.player_id for e in entries]
    if ids:
        db.session.scalars(select(Player).where(Player.id.in_(ids))).all()


def notify_knockout(event_id: int, known_before: Collection[TieId], game_id: int | None = None,
                    corrected: bool = False) -> int:
    """Send `knockout_batch` (call after the operation's commit); returns how many mails."""
    return knockout_batch(event_id, known_before, game_id, corrected).send()
