"""Names of the codes pages and PDFs show, in pt-BR and English (`pick` chooses by the locale).

Each table maps a stored code to ``(pt-BR, en)``; the engine and the data (JSON API, CSV, TRF)
keep the codes."""
from __future__ import annotations

from flask_babel import get_locale

from damas.engine.rating.lists import ALL_LISTS
from damas.engine.types import Outcome

DISCIPLINE_NAMES = {
    "damas-64": ("Damas 64 casas", "Draughts 64"),
    "damas-100": ("Damas 100 casas", "Draughts 100"),
    "xadrez": ("Xadrez", "Chess"),
}
RULESET_NAMES = {"cbjd": ("CBJD", "CBJD"), "fide": ("FIDE", "FIDE"), "club": ("Clube / online", "Club / online")}
STATUS_NAMES = {
    "draft": ("Rascunho", "Draft"),
    "registration": ("Inscrições abertas", "Registration open"),
    "running": ("Em andamento", "Running"),
    "finished": ("Encerrado", "Finished"),
    "cancelled": ("Cancelado", "Cancelled"),
}
ENTRY_STATUS_NAMES = {
    "registered": ("Inscrito", "Registered"),
    "withdrawn": ("Desistente", "Withdrawn"),
    "excluded": ("Excluído", "Excluded"),
}
# The games and rates as a rating list's name says them ("lista rápida de damas 64").
LIST_GAME_NAMES = {"damas-64": ("damas 64", "draughts 64"), "damas-100": ("damas 100", "draughts 100"),
                   "xadrez": ("xadrez", "chess")}
LIST_RATE_NAMES = {"regular": ("clássica", "standard"), "rapid": ("rápida", "rapid"), "blitz": ("blitz", "blitz")}
RATING_LIST_NAMES = {"regular": ("lista clássica (normal)", "standard list"), "rapid": ("lista rápida", "rapid list"),
                     "blitz": ("lista blitz", "blitz list")}


# A round's outcome without a board result (byes, absences, forfeits) on the player card and the
# knockout player's rows.
OUTCOME_NAMES = {
    Outcome.PAIRING_BYE: ("isento", "bye"),
    Outcome.FULL_BYE: ("bye de um ponto", "full-point bye"),
    Outcome.HALF_BYE: ("bye de meio ponto", "half-point bye"),
    Outcome.ZERO_BYE: ("ausência avisada", "known absence"),
    Outcome.NOT_PAIRED: ("não emparceirado", "not paired"),
    Outcome.FORFEIT_WIN: ("vitória por W.O.", "forfeit win"),
    Outcome.FORFEIT_LOSS: ("derrota por W.O.", "forfeit loss"),
    Outcome.DOUBLE_FORFEIT: ("W.O. duplo", "double forfeit"),
    Outcome.ADJOURNED: ("adiada (pendente)", "adjourned (pending)"),
}

# One micro-match game from the first-named player's side (the round page, the team sheets).
GAME_LABELS = {"2-0": "2-0", "1-1": "1-1", "0-2": "0-2", "+-": "+/- (W.O.)", "-+": "-/+ (W.O.)", "--": "-/- (W.O.)"}


def english() -> bool:
    """True when the page is in English."""
    return str(get_locale()) == "en"


def pick(names: tuple[str, str]) -> str:
    """The pt-BR or English name by the current locale."""
    return names[1] if english() else names[0]


def rating_list_name(discipline: str, rate: str) -> str:
    """A rating list by its rate and its game ("lista rápida de damas 64", "draughts 64 rapid
    list"): one list per discipline and rate (engine.rating.lists)."""
    game, listing = LIST_GAME_NAMES[discipline], RATING_LIST_NAMES[rate]
    return f"{game[1]} {listing[1]}" if english() else f"{listing[0]} de {game[0]}"


def rating_list_options() -> list[tuple[str, str]]:
    """Every rating list as (code, short name: "Damas 64 · rápida"), game by game: the lists'
    select boxes, short enough for a phone."""
    return [(key.code, f"{pick(LIST_GAME_NAMES[key.discipline]).capitalize()} · {pick(LIST_RATE_NAMES[key.rate])}")
            for key in ALL_LISTS]
