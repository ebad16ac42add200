"""Openings by lot (Sistema Loteria / tablita, CBJD 119; RULES.md §2).

The federation (staff) uploads its list (`damas.engine.openings.parse_openings_csv` validates
it: nothing is written when a line is refused). Before each round of a micro-match event one
opening is drawn (or one per board) with a recorded seed, never repeating in the event until
the list is exhausted. Events not played in micro-matches are refused (CBJD 119).
"""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import func, select

from damas.engine.openings import (
    BadEncodingError,
    ControlCharacterError,
    DuplicateOpeningError,
    EmptyMovesError,
    LotteryNotAllowedError,
    Opening,
    OpeningsError,
    TooLongError,
    UnclosedQuoteError,
    check_lottery_allowed,
    draw_openings,
    new_seed,
    openings_needed,
    parse_openings_csv,
)
from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, User
from damas.models.micromatch import MicroMatchSettings, OpeningDrawRow, OpeningItem, OpeningList
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError


def _message(error: OpeningsError) -> str:
    line = error.line
    if isinstance(error, BadEncodingError):
        text = _("o arquivo não está em UTF-8 (salve como CSV UTF-8)")
    elif isinstance(error, DuplicateOpeningError):
        text = _("código de abertura repetido")
    elif isinstance(error, EmptyMovesError):
        text = _("abertura sem código ou sem lances")
    elif isinstance(error, UnclosedQuoteError):
        text = _("aspas abertas nesta linha não se fecham (o resto do arquivo viraria um só lance)")
    elif isinstance(error, ControlCharacterError):
        text = _("caractere de controle (como NUL ou tabulação) dentro de uma célula")
    elif isinstance(error, TooLongError):
        what = {"code": _("o código"), "moves": _("os lances"), "name": _("o nome")}[error.field]
        text = _("%(what)s passa de %(limit)s caracteres", what=what, limit=error.limit)
    else:
        text = _("linha mal formada: use código, lances e nome opcional")
    if line is None:
        return _("Arquivo recusado: o arquivo não tem aberturas.")
    return _("Arquivo recusado, linha %(line)s: %(why)s. Nada foi gravado.", line=line, why=text)


def upload_openings(actor: User, data: bytes, filename: str = "") -> OpeningList:
    """Store a new list of openings (it becomes the current one); refused whole on any bad line."""
    try:
        openings = parse_openings_csv(data)
    except OpeningsError as error:
        raise ServiceError(_message(error), "file") from None
    with transaction():
        lst = OpeningList(filename=filename[:200], uploaded_by=actor.id if actor else None)
        for k, o in enumerate(openings, start=1):
            # the parser refused anything longer than the columns: nothing is cut, no code collides
            lst.openings.append(OpeningItem(position=k, code=o.code, moves=o.moves, name=o.name))
        db.session.add(lst)
        db.session.flush()
        record(actor, "upload", "opening_list", lst.id, None,
               {"filename": lst.filename, "count": len(openings), "codes": [o.code for o in openings]})
    return lst


def current_list() -> OpeningList | None:
    return db.session.scalar(select(OpeningList).order_by(OpeningList.id.desc()).limit(1))


def list_page(lst: OpeningList | None, page: int, per_page: int) -> dict | None:
    """One page of the list for the public page (a list may hold thousands of openings): the
    openings of that page in file order, the page (within 1..pages), the pages and the total."""
    if lst is None:
        return None
    total = db.session.scalar(select(func.count(OpeningItem.id)).where(OpeningItem.list_id == lst.id)) or 0
    pages = max(1, -(-total // per_page))
    page = min(max(page, 1), pages)
    items = db.session.scalars(select(OpeningItem).where(OpeningItem.list_id == lst.id)
                               .order_by(OpeningItem.position).offset((page - 1) * per_page).limit(per_page))
    return {"id": lst.id, "filename": lst.filename, "uploaded_at": lst.uploaded_at, "total": total,
            "page": page, "pages": pages,
            "openings": [{"code": o.code, "moves": o.moves, "name": o.name} for o in items]}


def check_allowed(event: Event) -> None:
    """CBJD 119: only micro-match events draw openings by lot."""
    try:
        check_lottery_allowed(get_format(event).openings_lottery)
    except LotteryNotAllowedError:
        raise ServiceError(_("CBJD 119: o sorteio de aberturas (Sistema Loteria) só é permitido em competições "
                             "disputadas em micro match."), "openings") from None


def event_draws(event: Event) -> list[OpeningDrawRow]:
    return list(db.session.scalars(select(OpeningDrawRow).where(OpeningDrawRow.event_id == event.id)
                                   .order_by(OpeningDrawRow.round_number, OpeningDrawRow.board)))


def round_draws(event: Event, round_number: int) -> list[dict]:
    """The openings drawn for a round as plain dicts (board 0 = every board)."""
    return [{"board": d.board, "code": d.code, "moves": d.moves, "name": d.name, "seed": d.seed,
             "new_cycle": d.new_cycle}
            for d in event_draws(event) if d.round_number == round_number]


def draw_for_round(actor: User | None, event: Event, round_number: int, boards: int, *,
                   seed: int | None = None, commit: bool = True) -> list[OpeningDrawRow]:
    """Draw the round's opening(s) from the current list with a fresh recorded seed.

    Per round (one for all boards) or per board by the event's settings; nothing when the event
    draws no openings. Refused outside micro-match events (CBJD 119), without a list, or when
    the round already has its draw. `commit=False` joins the caller's transaction.
    """
    check_allowed(event)
    settings = db.session.scalar(select(MicroMatchSettings).where(MicroMatchSettings.event_id == event.id))
    mode = settings.openings if settings is not None else "round"
    if mode == "none":
        return []
    lst = current_list()
    if lst is None or not lst.openings:
        raise ServiceError(_("A federação ainda não carregou a lista de aberturas."), "openings")
    earlier = event_draws(event)
    if any(d.round_number == round_number for d in earlier):
        raise ServiceError(_("A abertura da rodada %(n)s já foi sorteada.", n=round_number))
    openings = [Opening(o.code, o.moves, o.name) for o in lst.openings]
    by_code = {o.code: o for o in openings}
    seed = new_seed() if seed is None else seed
    per_board = mode == "board"
    draw = draw_openings(openings, [d.code for d in earlier], seed=seed, round_no=round_number,
                         count=openings_needed(boards, per_board))
    rows = []
    for k, code in enumerate(draw.codes, start=1):
        o = by_code[code]
        rows.append(OpeningDrawRow(event_id=event.id, round_number=round_number, board=k if per_board else 0,
                                   seed=seed, code=o.code, moves=o.moves, name=o.name,
                                   new_cycle=draw.new_cycle and k == 1, list_id=lst.id))

    def write() -> None:
        db.session.add_all(rows)
        db.session.flush()
        record(actor, "draw_opening", "event", event.id, None,
               {"round": round_number, "seed": seed, "mode": mode, "codes": list(draw.codes),
                "list_id": lst.id, "new_cycle": draw.new_cycle}, event.id)

    if commit:
        with transaction():
            write()
    else:
        write()
    return rows
