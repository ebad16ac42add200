"""A whole PDN / PGN game pasted into a board's record form, tag lines and all (the form offers
"Ou cole a partida em PDN/PGN"): the moves are the record; the tags are the file's word about the
game, so they are checked against the board and every disagreement is named to the arbiter as a
warning. The record is still saved: the sheet is the evidence (CBJD 56, 59), and the board's
result is the desk's to change (a record contradicting it is flagged there, never applied).

Checked: ``White`` and ``Black`` name the board's players (`players.names_player`: registry name
in any case and order, or start number; "?" names nobody); ``Result`` is the board's result when
the board has one, and the result at the end of the moves when they end with one. A ``FEN`` tag
is the game's starting position, as in a round's file.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from damas.engine.games import GameRules, result_token, results_of, token_verdict
from damas.engine.games.variants import BOTH_LOST
from damas.engine.games.files import FileGame, GameFileError, read_games
from damas.formats.game_slots import GameSlot, SlotPlayer
from damas.services.errors import ServiceError
from damas.services.games.players import names_player, unnamed


@dataclass(frozen=True)
class PastedGame:
    """The record read from a pasted game: moves, result token, starting position, warnings."""

    moves: tuple[str, ...]
    result: str
    start_fen: str
    warnings: tuple[str, ...]


def has_tags(text: str) -> bool:
    """A pasted game rather than typed moves: a line of it is a tag (``[Name "value"]``); a score
    sheet's moves never start a line with a bracket."""
    return any(line.lstrip().startswith("[") for line in text.splitlines())


def _read(rules: GameRules, text: str, max_plies: int) -> FileGame:
    try:
        games = read_games(text, results_of(rules), 1, max_plies)
    except GameFileError as error:
        if error.reason == "games":
            raise ServiceError(_("Cole uma partida só: o texto tem mais de uma."), "moves") from None
        if error.reason == "empty":
            raise ServiceError(_("Digite os lances da partida."), "moves") from None
        if error.reason == "moves":
            raise ServiceError(_("Lances demais para uma partida (máximo %(n)s).", n=error.limit), "moves") from None
        raise ServiceError(_("A linha %(line)s do texto colado não é %(kind)s: uma etiqueta se escreve "
                             "[Nome \"valor\"].", line=error.line or "—", kind=rules.file_kind.upper()),
                           "moves") from None
    if not games:
        raise ServiceError(_("Digite os lances da partida."), "moves")
    return games[0]


def _player_warning(tag_name: str, tag: str, player: SlotPlayer, colour: str) -> list[str]:
    if unnamed(tag) or names_player(tag, player):
        return []
    return [_("A etiqueta %(tag)s diz %(value)s, mas nesta mesa as %(colour)s são de %(name)s.", tag=tag_name,
              value=tag, colour=colour, name=player.name)]


def _result_warnings(rules: GameRules, slot: GameSlot, tag: str, moves_token: str) -> list[str]:
    out = []
    board = slot.outcome
    if tag and (board.verdict is not None or board.both_lost):
        shown = result_token(rules, board.verdict, board.both_lost)
        agrees = tag == BOTH_LOST if board.both_lost else tag != BOTH_LOST and token_verdict(tag) == board.verdict
        if not agrees:
            out.append(_("A etiqueta Result diz %(tag)s, mas o resultado da mesa é %(board)s; o resultado da "
                         "mesa não muda.", tag=tag, board=shown))
    if tag and moves_token and tag != moves_token:
        out.append(_("A etiqueta Result diz %(tag)s, mas os lances terminam em %(token)s; gravado %(token)s.",
                     tag=tag, token=moves_token))
    return out


def read_pasted(rules: GameRules, slot: GameSlot, text: str, max_plies: int) -> PastedGame:
    """The moves of a pasted game and what its tags say against the board."""
    game = _read(rules, text, max_plies)
    tags = game.tags
    results = results_of(rules)
    tag_result = tags.get("Result", "").strip()
    tag_result = tag_result if tag_result in results else ""
    warnings = (_player_warning("White", tags.get("White", ""), slot.white, _("brancas"))
                + _player_warning("Black", tags.get("Black", ""), slot.black, _("pretas"))
                + _result_warnings(rules, slot, tag_result, game.movetext.result))
    fen = tags.get("FEN", "").strip()
    start_fen = fen if fen not in ("", rules.start()) else ""
    return PastedGame(game.movetext.moves, game.movetext.result or tag_result, start_fen, tuple(warnings))
