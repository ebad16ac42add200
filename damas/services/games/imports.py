"""A round's PDN / PGN file: each game matched to a game of the round by its players, checked by
the rules, shown in a preview; nothing is saved until the arbiter confirms.

Matching: the ``White`` and ``Black`` tags name the players as the registry writes them (case,
accents, spaces and the "Surname, Name" order of PGN do not matter) or by start number (a tag that
is a number); a ``Round`` tag, when present, must be the round imported (``3`` or ``3.2``: game 2
of a micro-match board); two games of one pair (a micro-match, a tie's games with the same
colours) go to the pair's games in file order. A file with a game that matches no game of the
round, or that is not the event's game (``GameType``), is refused whole; a game with an illegal
move is saved only as written, marked irregular, when the arbiter ticks it (CBJD 56, 59).
Reading stops, and the file is refused with its reason, at the first game past the round's games
(it could only be refused whole after matching) or at a game longer than a score sheet
(`MAX_MOVES` plies): a file costs time in proportion to what it legitimately holds.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.games import CheckedGame, results_of
from damas.engine.games.files import MAX_GAMES, FileGame, GameFileError, read_games
from damas.formats.game_slots import GameSlot, round_slots
from damas.models import Event, User
from damas.services.audit import transaction
from damas.services.errors import ServiceError
from damas.services.games.players import names_player
from damas.services.games.records import (
    MAX_MOVES,
    SheetText,
    apply_record,
    belongs,
    check_moves,
    event_rules,
    problem_message,
    simultaneous_message,
    stored,
)

MAX_BYTES = 2_000_000


@dataclass
class ImportRow:
    """One game of the file: where it goes (or why nowhere) and what the rules say of it."""

    index: int
    line: int
    white: str
    black: str
    moves: int = 0
    slot: GameSlot | None = None
    game: CheckedGame | None = None
    sheet: SheetText | None = None
    start_fen: str = ""
    status: str = "new"  # new | replace | irregular | error
    message: str = ""


@dataclass
class ImportPlan:
    round_number: int
    rows: list[ImportRow] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(1 for r in self.rows if r.status == "error")

    @property
    def irregular(self) -> int:
        return sum(1 for r in self.rows if r.status == "irregular")


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), else Latin-1 (what older PDN programs write)."""
    if len(data) > MAX_BYTES:
        raise ServiceError(_("Arquivo grande demais (máximo 2 MB)."), "file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _round_tag(tag: str) -> tuple[int | None, int | None]:
    m = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?\s*", tag or "")
    if m is None:
        return None, None
    return int(m.group(1)), int(m.group(2)) if m.group(2) else None


def _match(event: Event, number: int, fg: FileGame, slots: list[GameSlot], taken: set[tuple[int, int, int]],
           row: ImportRow) -> None:
    rules = event_rules(event)
    game_type = fg.tags.get("GameType", "").split(",")[0].strip()
    if rules.file_kind == "pdn" and game_type and game_type != str(rules.game_type):
        row.status, row.message = "error", _("GameType %(got)s não é o jogo deste evento (%(want)s).",
                                             got=game_type, want=rules.game_type)
        return
    if rules.file_kind == "pgn" and game_type:
        row.status, row.message = "error", _("Arquivo PDN de damas num evento de xadrez.")
        return
    tag_round, tag_game = _round_tag(fg.tags.get("Round", ""))
    if fg.tags.get("Round", "?") not in ("", "?", "-") and tag_round != number:
        row.status, row.message = "error", _("A etiqueta Round diz %(got)s; esta é a rodada %(n)s.",
                                             got=fg.tags.get("Round"), n=number)
        return
    found = [s for s in slots if names_player(row.white, s.white) and names_player(row.black, s.black)
             and s.key not in taken and (tag_game is None or s.game == tag_game)]
    if not found:
        reversed_ = any(names_player(row.white, s.black) and names_player(row.black, s.white) for s in slots)
        row.status = "error"
        row.message = (_("As cores estão trocadas: nesta rodada %(w)s joga de pretas.", w=row.white) if reversed_
                       else _("Nenhuma partida da rodada %(n)s tem estes jogadores.", n=number))
        return
    row.slot = found[0]
    taken.add(row.slot.key)


def _refusal(error: GameFileError, kind: str, number: int, games: int) -> str:
    """Why the reader stopped, in the user's words: a file with more games than the round has
    (it could only be refused whole, after matching), or more than a file may hold, or a game
    longer than a score sheet, is refused at the cap before the rest is read."""
    if error.reason == "games" and error.limit == games:
        return _("O arquivo tem mais de %(n)s partidas, e a rodada %(round)s tem %(n)s: envie só as partidas "
                 "desta rodada; nada foi gravado.", n=games, round=number)
    if error.reason == "games":
        return _("O arquivo tem mais de %(n)s partidas, o máximo de um arquivo: divida-o; nada foi gravado.",
                 n=error.limit)
    if error.reason == "moves":
        return _("A partida da linha %(line)s tem mais de %(n)s meios-lances, o máximo de uma partida; nada foi "
                 "gravado.", line=error.line, n=error.limit)
    return _("Arquivo inválido na linha %(line)s: não é %(kind)s.", line=error.line or "—", kind=kind.upper())


def plan_import(event: Event, number: int, text: str) -> ImportPlan:
    """The preview: every game of the file with its game of the round and its check."""
    slots = round_slots(event, number, drafts=True)
    if slots is None:
        raise ServiceError(_("Rodada inexistente."), "round_number")
    rules = event_rules(event)
    try:
        games = read_games(text, results_of(rules), min(MAX_GAMES, len(slots)), MAX_MOVES)
    except GameFileError as error:
        raise ServiceError(_refusal(error, rules.file_kind, number, len(slots)), "file") from None
    if not games:
        raise ServiceError(_("O arquivo não tem partidas."), "file")
    plan = ImportPlan(number)
    taken: set[tuple[int, int, int]] = set()
    records = stored(event, number)
    for index, fg in enumerate(games, start=1):
        row = ImportRow(index, fg.line, fg.tags.get("White", ""), fg.tags.get("Black", ""), len(fg.movetext.moves))
        plan.rows.append(row)
        if len(fg.movetext.moves) > MAX_MOVES or not fg.movetext.moves:
            row.status, row.message = "error", _("Partida sem lances ou com lances demais.")
            continue
        _match(event, number, fg, slots, taken, row)
        if row.slot is None:
            continue
        row.start_fen = fg.tags.get("FEN", "") if fg.tags.get("FEN", "") not in ("", rules.start()) else ""
        try:
            row.game = check_moves(event, fg.movetext.moves, row.start_fen)
        except ServiceError as error:
            row.status, row.message = "error", error.message
            continue
        # "*" (result unknown) on a board without a result states nothing: stored as no token, as
        # the file of such a record writes it (the round trip keeps the record as it was)
        undecided = row.slot.outcome.verdict is None and not row.slot.outcome.both_lost and row.slot.outcome.played
        token = "" if fg.movetext.result == "*" and undecided else fg.movetext.result
        row.sheet = SheetText(fg.movetext.moves, token)
        if row.game.problem is not None:
            row.status, row.message = "irregular", problem_message(row.game)
        elif belongs(records.get(row.slot.key), row.slot):
            row.status = "replace"
    return plan


def confirm_import(actor: User, event: Event, number: int, text: str, as_written: bool) -> int:
    """Save every game of the previewed file in one transaction; the count saved."""
    plan = plan_import(event, number, text)
    if plan.errors:
        raise ServiceError(_("O arquivo tem partidas que não correspondem à rodada; nada foi gravado."), "file")
    if plan.irregular and not as_written:
        raise ServiceError(_("Há partidas com lance irregular: marque \"gravar como escritas\" ou corrija o "
                             "arquivo; nada foi gravado."), "as_written")
    try:
        with transaction():
            for row in plan.rows:
                assert row.slot is not None and row.sheet is not None and row.game is not None
                apply_record(actor, event, row.slot, row.sheet, row.game, as_written=True, source="file",
                             start_fen=row.start_fen)
    except (StaleDataError, IntegrityError):
        raise ServiceError(simultaneous_message()) from None
    return len(plan.rows)
