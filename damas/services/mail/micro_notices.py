"""Mails of an individual micro-match's result (kind "results", CBJD 119-122): both players of
each board entered or corrected are told the two games and the micro-match total from their own
side ("2-0, 1-1 — micro match 3-1"), not the board's summary, which would read like one game."""
from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from sqlalchemy import select

from damas.extensions import db
from damas.models import Event
from damas.models.micromatch import MicroGame
from damas.services.mail.notify import Batch, Notice
from damas.services.mail.players import round_url
from damas.services.mail.recipients import accounts_of_players
from damas.services.mail.result_notices import boards_with_players
from damas.services.mail.team_notices import OTHER_SIDE



def _other_side(total: str) -> str:
    """"3-1" -> "1-3": a micro-match total from Black's side."""
    left, sep, right = total.partition("-")
    return f"{right}{sep}{left}" if sep else total


def results_batch(event_id: int, games: dict[int, tuple[bool, str]]) -> Batch:
    """`games`: board id -> (whether it replaced a result, the micro-match total from White's side)."""
    batch = Batch()
    event = db.session.get(Event, event_id)
    if event is None or not games:
        return batch
    boards = boards_with_players(games)
    rows = {m.game_id: m for m in db.session.scalars(select(MicroGame).where(MicroGame.game_id.in_(list(games))))}
    told: list[tuple[int, Any, Notice]] = []
    for game in boards:
        if game.black is None:
            continue
        corrected, total = games[game.id]
        row = rows.get(game.id)
        number = game.round.number
        subject = (_l("%(event)s: resultado corrigido na rodada %(n)s", event=event.name, n=number) if corrected
                   else _l("%(event)s: resultado lançado na rodada %(n)s", event=event.name, n=number))
        for entry, opponent, white in ((game.white, game.black, True), (game.black, game.white, False)):
            played = [g for g in ((row.game1, row.game2) if row else ()) if g]
            lines: list[Any] = [_l("Mesa %(board)s: micro match contra %(name)s.", board=game.board,
                                   name=opponent.player.full_name)]
            if played:
                mine = played if white else [OTHER_SIDE.get(g, g) for g in played]
                lines.append(_l("Partidas: %(games)s; micro match %(total)s.", games=", ".join(mine),
                                total=total if white else _other_side(total)))
            else:
                lines.append(_l("O resultado foi apagado pelo árbitro."))
            notice = Notice(subject, _l("Resultado do micro match"), tuple(lines), round_url(event.id, number),
                            _l("Ver a rodada"))
            told.append((entry.player_id, number, notice))
    accounts = accounts_of_players(p for p, _n, _notice in told)
    batch.prefetch(accounts.values())
    for player_id, number, notice in told:
        batch.add(accounts.get(player_id), "results", event_id, number, notice)
    return batch


def notify_micro_results(event_id: int, games: dict[int, tuple[bool, str]]) -> int:
    """Send `results_batch` (a step after the results' commit); returns how many mails."""
    return results_batch(event_id, games).send()
