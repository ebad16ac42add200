"""Many entries to an event at once: pasted lines or a CSV/XLSX file.

A pasted line names one player: federation number, FIDE ID or full name (a name must be
unique in the registry). A file has the columns of the template (federation number, FIDE ID,
name, birth date). Each row is checked as one entry would be: the player exists, is not
entered yet (nor twice in the list), the event still takes entries, and the event's limits —
the capacity and the rating ceiling on its list (RULES.md §9) — hold for the whole batch
**[ours]**: staff and arbiters add guests too, so the guest rules of self-registration do not
apply here, as they do not for one entry added by hand.

The list forgives: every line gets a verdict (`VERDICTS`), a bad line (a formula, an unknown or
ambiguous name) no longer refuses the others, and the preview offers to enter only the good
lines (`good_rows`), the ones to mend kept for the box (`mend_text`). A name typed without its
accents or in other case ("cicero silva") is not entered on a guess: the registered spelling is
offered ("Cícero Silva?") and put in the box to send again **[ours]**.
"""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.folding import fold
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, Player, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.imports.common import (
    BIRTH_HEADERS, ERROR, FEDERATION_HEADERS, FIDE_HEADERS, NAME_HEADERS, NEW, Plan, PlanRow, join_reasons,
    name_key, read_birth_date,
)
from damas.services.imports.tabular import Column, ImportRefused, Row, read_table, template_csv
from damas.services.entries.add_remove import accepts_entries, renumber
from damas.services.registration.limits import active_count, settings_of
from damas.services.locking import lock_event

COLUMNS = (
    Column("federation_id", FEDERATION_HEADERS),
    Column("fide_id", FIDE_HEADERS),
    Column("name", NAME_HEADERS),
    Column("birth_date", BIRTH_HEADERS),
)
TEMPLATE_EXAMPLE = ["CE-0001", "", "Maria das Dores", "04/05/2010"]
MAX_PASTED = 1000
FOUND, UNKNOWN, AMBIGUOUS, ENTERED, REPEATED, BAD_FORMAT, LIMIT = (
    "found", "unknown", "ambiguous", "entered", "repeated", "format", "limit")
VERDICTS = (FOUND, UNKNOWN, AMBIGUOUS, ENTERED, REPEATED, BAD_FORMAT, LIMIT)
MENDABLE = (UNKNOWN, AMBIGUOUS, BAD_FORMAT)  # the repeated and the already entered need no mending


class _Verdict(ValueError):
    """Why a line cannot be entered, with its verdict (and the registered spelling it may mean)."""

    def __init__(self, verdict: str, reason: str, suggestion: str = "") -> None:
        super().__init__(reason)
        self.verdict = verdict
        self.suggestion = suggestion


def pasted_rows(text: str) -> list[Row]:
    """One player per pasted line (blank lines skipped); the line numbers are the box's."""
    rows = []
    for line, raw in enumerate(text.splitlines(), start=1):
        value = " ".join(raw.split())
        if not value:
            continue
        row = Row(line, {"any": value[:200]})
        if value[:1] in ("=", "+", "@"):
            row.problems.append(_("parece uma fórmula de planilha; não aceitamos fórmulas."))
        rows.append(row)
    if not rows:
        raise ImportRefused(_("a lista está vazia."))
    if len(rows) > MAX_PASTED:
        raise ImportRefused(_("mais de %(n)s linhas; divida a lista.", n=MAX_PASTED))
    return rows


class _Registry:
    def __init__(self) -> None:
        players = db.session.scalars(select(Player)).all()
        self.by_fed = {p.federation_id.casefold(): p for p in players if p.federation_id}
        self.by_fide = {p.fide_id: p for p in players if p.fide_id}
        self.by_name: dict[str, list[Player]] = {}
        self.by_folded: dict[str, list[Player]] = {}
        for p in players:
            self.by_name.setdefault(name_key(p.full_name), []).append(p)
            self.by_folded.setdefault(p.name_folded, []).append(p)

    def by_text(self, text: str) -> Player | None:
        player = self.by_fed.get(text.casefold()) or self.by_fide.get(text)
        return player or self.by_unique_name(text, None)

    def by_unique_name(self, name: str, born: object) -> Player | None:
        same = [p for p in self.by_name.get(name_key(name), []) if born is None or p.birth_date == born]
        if len(same) > 1:
            raise _Verdict(AMBIGUOUS, _("há %(n)s jogadores com este nome; use o nº de federação.",
                                        n=len(same)))
        if not same:
            self.offer_spelling(name, born)
        return same[0] if same else None

    def offer_spelling(self, name: str, born: object) -> None:
        """The registered player a name means but for accents and case, offered, never entered."""
        alike = [p for p in self.by_folded.get(fold(name), []) if born is None or p.birth_date == born]
        if len(alike) == 1:
            spelled = alike[0].full_name
            raise _Verdict(UNKNOWN, _("não encontrado com esta grafia; quis dizer %(name)s?", name=spelled), spelled)
        if alike:
            raise _Verdict(AMBIGUOUS, _("há %(n)s jogadores com este nome sem acentos; use o nº de federação.",
                                        n=len(alike)))

    def find(self, row: Row) -> Player | None:
        if "any" in row.cells:
            return self.by_text(row.get("any"))
        fed, fide, name = row.get("federation_id"), row.get("fide_id"), row.get("name")
        if fed:
            return self.by_fed.get(fed.casefold())
        if fide:
            return self.by_fide.get(fide)
        if name:
            return self.by_unique_name(name, read_birth_date(row.get("birth_date")))
        raise _Verdict(BAD_FORMAT, _("linha sem nº de federação, FIDE ID nem nome."))


def plan_entries(event: Event, rows: list[Row]) -> Plan:
    """Row by row: the player found, or why he cannot be entered (nothing is written)."""
    if not accepts_entries(event):
        raise ImportRefused(_("as inscrições deste evento estão fechadas."))
    registry = _Registry()
    entered = set(db.session.scalars(select(Entry.player_id).where(Entry.event_id == event.id)))
    settings = settings_of(event)
    listing = event.list_key
    places = None if settings.capacity is None else settings.capacity - active_count(event)
    seen: dict[int, int] = {}
    plan = []
    for row in rows:
        out = PlanRow(row.line, NEW, name=row.get("any") or row.get("name") or row.get("federation_id"),
                      verdict=FOUND)
        try:
            if row.problems:
                raise _Verdict(BAD_FORMAT, join_reasons(row.problems))
            try:
                player = registry.find(row)
            except ValueError as error:  # a bad birth date in the file's row: its format
                if isinstance(error, _Verdict):
                    raise
                raise _Verdict(BAD_FORMAT, str(error)) from None
            if player is None:
                raise _Verdict(UNKNOWN, _("jogador não encontrado no cadastro."))
            out.player_id, out.name = player.id, player.full_name
            if player.id in entered:
                raise _Verdict(ENTERED, _("%(name)s já está inscrito.", name=player.full_name))
            if player.id in seen:
                raise _Verdict(REPEATED, _("%(name)s repetido (já na linha %(line)s).",
                                           name=player.full_name, line=seen[player.id]))
            seen[player.id] = row.line
            rating = player.rating_for(listing)
            if settings.rating_ceiling is not None and rating > settings.rating_ceiling:
                raise _Verdict(LIMIT, _("rating %(rating)s passa do teto do evento (%(ceiling)s).",
                                        rating=rating, ceiling=settings.rating_ceiling))
            if places is not None and len(seen) > places:
                raise _Verdict(LIMIT, _("passa da capacidade do evento (%(n)s vagas).", n=settings.capacity))
            out.values = {"rating": rating}
        except _Verdict as error:
            out.status, out.reason, out.verdict, out.suggestion = ERROR, str(error), error.verdict, error.suggestion
        plan.append(out)
    return Plan(plan)


def read_entries(data: bytes | None, filename: str, pasted: str) -> list[Row]:
    """The file's rows (a header naming none of the columns that find a player is refused at
    line 1, not row by row), or the pasted lines."""
    if data:
        rows = read_table(data, filename, COLUMNS, collect=True)
        if not any(key in rows[0].cells for key in ("federation_id", "fide_id", "name")):
            raise ImportRefused(_("falta a coluna do nº de federação, do FIDE ID ou do nome (o cabeçalho deve ter "
                                  "%(all)s).", all="; ".join(c.template_header for c in COLUMNS)), 1)
        return rows
    return pasted_rows(pasted)


def good_rows(plan: Plan, rows: list[Row]) -> list[Row]:
    """The rows the plan would enter (what the preview's "only the good lines" carries)."""
    good = {r.line for r in plan.rows if r.status != ERROR}
    return [row for row in rows if row.line in good]


def mend_text(plan: Plan, rows: list[Row]) -> str:
    """The pasted lines left to mend (unknown, ambiguous, bad format), as the box shows them."""
    mend = {r.line: r.suggestion for r in plan.rows if r.verdict in MENDABLE}
    return "\n".join(mend[row.line] or row.get("any") for row in rows if row.line in mend and row.get("any"))


def suggested_text(plan: Plan, pasted: str) -> str:
    """The pasted box with each line the plan found another spelling for written that way."""
    spelled = {r.line: r.suggestion for r in plan.rows if r.suggestion}
    lines = pasted.splitlines()
    return "\n".join(spelled.get(k, line) for k, line in enumerate(lines, start=1))


def apply_entries(actor: User, event: Event, rows: list[Row], filename: str) -> Plan:
    """Enter every player of the list in one transaction and renumber the starting list once."""
    lock_event(event)
    plan = plan_entries(event, rows)
    if not plan.ok:
        raise ServiceError(plan.first_error())
    listing = event.list_key
    with transaction():
        created = []
        for row in plan.rows:
            player = db.session.get(Player, row.player_id)
            entry = Entry(event=event, player=player, rating_at_entry=player.rating_for(listing),
                          status=EntryStatus.REGISTERED)
            db.session.add(entry)
            created.append(entry)
        db.session.flush()
        renumber(event)
        for entry in created:
            record(actor, "create", "entry", entry.id, None,
                   {"player_id": entry.player_id, "rating_at_entry": entry.rating_at_entry,
                    "pairing_number": entry.pairing_number, "import": filename[:200] or "lista"}, event.id)
    return plan


def entries_template() -> str:
    return template_csv(COLUMNS, TEMPLATE_EXAMPLE)
