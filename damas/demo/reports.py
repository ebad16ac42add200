"""Demo: players' own results on the running Swiss's round 4.

The event takes reports; the players of boards 1-3 have accounts (password `demo12345`):
board 1's two players reported 1-0 (entered, the audit names them), board 2's reported
different results (a conflict waiting on the arbiter's round page), board 3's White reported
alone (one-sided, waiting): log in as `pretas3@demo.damas.br` and report the same to see it
entered, or as the arbiter to confirm or correct.
"""
from __future__ import annotations

from damas.models import GameResult, Role
from damas.services.results.player_reports import report_result
from damas.services.accounts.users import create_user

PASSWORD = "demo12345"


def _account(staff, entry, email):  # type: ignore[no-untyped-def]
    return create_user(staff, {"email": email, "name": entry.player.full_name, "role": Role.PLAYER.value,
                               "player_id": entry.player_id, "password": PASSWORD})


def demo_reports(staff, event, rnd) -> None:  # type: ignore[no-untyped-def]
    boards = [g for g in rnd.games if g.black is not None][:3]
    accounts = {}
    for game in boards:
        accounts[game.board] = (_account(staff, game.white, f"brancas{game.board}@demo.damas.br"),
                                _account(staff, game.black, f"pretas{game.board}@demo.damas.br"))
    first, second, third = boards
    report_result(accounts[first.board][0], event, first.id, GameResult.WHITE_WIN.value, rnd.number)
    report_result(accounts[first.board][1], event, first.id, GameResult.WHITE_WIN.value, rnd.number)
    report_result(accounts[second.board][0], event, second.id, GameResult.WHITE_WIN.value, rnd.number)
    report_result(accounts[second.board][1], event, second.id, GameResult.DRAW.value, rnd.number)
    report_result(accounts[third.board][0], event, third.id, GameResult.BLACK_WIN.value, rnd.number)
