"""Events: creation, editing, status changes and arbiter assignment."""
from __future__ import annotations

import re
import secrets
from datetime import datetime
from typing import Any
from urllib.parse import urlparse

from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.event_rules import PAIR_RESTRICTIONS, days_over_limit, round_minutes
from damas.engine.pairing import family_of, system_codes
from damas.engine.rate_of_play import classify
from damas.engine.rulesets import get_ruleset, ruleset_codes
from damas.extensions import db
from damas.models import EntryStatus, Event, EventArbiter, EventStatus, Role, User
from damas.models.event import ROUND_TIME_STORED
from damas.services.audit import record, snapshot, transaction
from damas.services.errors import ServiceError
from damas.services.fees import refunds
from damas.formats.event_rules import system_kind_of, tiebreak_order
from damas.engine.tiebreaks import tiebreak_codes
from damas.engine.tiebreak_fit import KIND_NAMES, suited_kinds, unsuited
from damas.services.events.frozen_settings import check_unchanged
from damas.services.entries.add_remove import renumber
from damas.formats.mapping import event_rounds, has_adjourned, round_is_complete
from damas.services.entries.self_service import start_event

EVENT_FIELDS = (
    "name", "discipline", "ruleset", "pairing_system", "planned_rounds", "time_minutes",
    "time_increment", "start_date", "end_date", "venue", "organiser", "chief_arbiter", "notes",
    "tiebreak_order", "tiebreak_by_lot", "acceleration", "tiebreak_options",
    "round_times", "contact_email", "contact_phone", "website", "provisional_rating", "pairing_bye_score",
    "no_show_minutes", "pair_restriction", "rating_list", "player_reports", "publish_on_pair",
)
ROUND_TIME_INPUT = "%d/%m/%Y %H:%M"  # one line per round on the event form
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_PHONE = re.compile(r"^\+?[0-9 ().-]+$")
UNPLAYED_RULES = ("", "seed", "played", "fide-2024", "fide-2026")
ACCELERATIONS = ("", "baku")
BYE_SCORES = ("", "win", "draw", "zero")
RATING_LISTS = ("regular", "rapid", "blitz")
ACCELERATED_SYSTEMS = ("dutch",)  # system families: Baku acceleration for every Dutch edition
RESTRICTED_SYSTEMS = ("dutch", "sb-swiss")  # families of the engines that take forbidden pairs
DISCIPLINES = ("damas-64", "damas-100", "xadrez")
RULESETS = ruleset_codes()  # the engine's registry: cbjd, fide, club

# Allowed status changes: draft -> registration -> running -> finished; cancel before finishing.
TRANSITIONS: dict[EventStatus, tuple[EventStatus, ...]] = {
    EventStatus.DRAFT: (EventStatus.REGISTRATION, EventStatus.CANCELLED),
    EventStatus.REGISTRATION: (EventStatus.DRAFT, EventStatus.RUNNING, EventStatus.CANCELLED),
    EventStatus.RUNNING: (EventStatus.FINISHED, EventStatus.CANCELLED),
    EventStatus.FINISHED: (),
    EventStatus.CANCELLED: (),
}


def can_edit_event(user: Any, event: Event) -> bool:
    """Staff edit every event; an arbiter only the events assigned to him; players none."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.role == Role.STAFF:
        return True
    if user.role == Role.ARBITER:
        return any(a.user_id == user.id for a in event.arbiters)
    return False


def normalized_tiebreak_order(text: str | None) -> str:
    """"ps,bh " -> "PS, BH": the order as stored."""
    return ", ".join(c.strip().upper() for c in (text or "").split(",") if c.strip())


def dutch_editions() -> list[str]:
    """The pairing-system codes of the Dutch system's editions (`dutch`, `dutch-2025`)."""
    return [code for code in system_codes() if family_of(code) == "dutch"]


def default_dutch_edition(ruleset: str | None, discipline: str | None) -> str:
    """The Dutch edition of a new event whose form leaves it "by the rules" (decisão da
    federação): FIDE chess events the 2025 edition, in force for FIDE-rated events since
    1 February 2026; CBJD and club events the 2017 rules of the seed regulations."""
    if ruleset not in ruleset_codes() or discipline != "xadrez":  # the FIDE edition is chess's
        return "dutch"
    return get_ruleset(ruleset).dutch_edition


def _resolve_edition(values: dict[str, Any], data: dict[str, Any]) -> None:
    """The event form sends the system's family ("dutch") and the edition apart; stored is
    the edition's own code. Callers that name a code directly (no `dutch_edition`) keep it."""
    if "dutch_edition" not in data or family_of(values["pairing_system"] or "") != "dutch":
        return
    edition = data.get("dutch_edition") or ""
    if edition and edition not in dutch_editions():
        raise ServiceError(_("Edição do suíço holandês desconhecida."), "dutch_edition")
    values["pairing_system"] = edition or default_dutch_edition(values["ruleset"], values["discipline"])


def edition_frozen(event: Event) -> bool:
    """A Dutch event keeps its edition once round 1 is paired (the rounds were paired by it)."""
    return family_of(event.pairing_system) == "dutch" and event_has_rounds(event)


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    values = {name: data.get(name) for name in EVENT_FIELDS}
    _resolve_edition(values, data)
    for name in ("name", "venue", "organiser", "chief_arbiter", "notes"):
        values[name] = (values[name] or "").strip()
    values["time_increment"] = values["time_increment"] or 0
    values["tiebreak_order"] = normalized_tiebreak_order(values["tiebreak_order"])
    values["tiebreak_by_lot"] = bool(values["tiebreak_by_lot"])
    values["acceleration"] = values["acceleration"] or ""
    values["tiebreak_options"] = tiebreak_options_from(data)
    for name in ("contact_email", "contact_phone", "website"):
        values[name] = (values[name] or "").strip()
    values["provisional_rating"] = values["provisional_rating"] or None
    values["pairing_bye_score"] = values["pairing_bye_score"] or ""
    values["pair_restriction"] = values["pair_restriction"] or ""
    values["player_reports"] = bool(values["player_reports"])
    values["publish_on_pair"] = bool(values["publish_on_pair"])
    values["rating_list"] = _rating_list(values)
    if "round_schedule" in data:
        values["round_times"] = parse_round_times(data["round_schedule"])
    else:
        values["round_times"] = [t.strftime(ROUND_TIME_STORED) if isinstance(t, datetime) else t
                                 for t in values["round_times"] or []] or None
    return values


def _rating_list(values: dict[str, Any]) -> str:
    """The list of the starting order as chosen; left out, the list of the time control
    (CBJD 115), named so it stays when the time control changes later."""
    chosen = values.get("rating_list") or ""
    if chosen:
        return chosen
    try:
        return classify(values["time_minutes"] or 0, values["time_increment"] or 0).rating_list
    except ValueError:
        return ""  # the time control is refused by _check


def parse_round_times(text: str | None) -> list[str] | None:
    """The event form's "round times" box: one "dd/mm/aaaa hh:mm" line per round, in order
    (blank lines ignored), as stored; None when empty."""
    times = []
    for number, line in enumerate((x.strip() for x in (text or "").splitlines() if x.strip()), start=1):
        try:
            when = datetime.strptime(" ".join(line.split()), ROUND_TIME_INPUT)
        except ValueError:
            raise ServiceError(_("Rodada %(n)s: use dia/mês/ano hora:minuto, por exemplo 14/03/2026 09:00.",
                                 n=number), "round_schedule") from None
        times.append(when.strftime(ROUND_TIME_STORED))
    return times or None


def round_times_text(event: Event) -> str:
    """The stored round times as the event form shows them."""
    return "\n".join(datetime.strptime(t, ROUND_TIME_STORED).strftime(ROUND_TIME_INPUT) for t in event.round_times or [])


def _check_invitation(values: dict[str, Any]) -> None:
    times = [datetime.strptime(t, ROUND_TIME_STORED) for t in values["round_times"] or []]
    if len(times) > (values["planned_rounds"] or 0):
        raise ServiceError(_("Há mais horários (%(n)s) do que rodadas previstas (%(rounds)s).",
                             n=len(times), rounds=values["planned_rounds"]), "round_schedule")
    for number, when in enumerate(times, start=1):
        if values["start_date"] and values["end_date"] and not values["start_date"] <= when.date() <= values["end_date"]:
            raise ServiceError(_("Rodada %(n)s: a data fica fora do período do evento.", n=number), "round_schedule")
        if number > 1 and when <= times[number - 2]:
            raise ServiceError(_("Rodada %(n)s: o horário deve ser depois do da rodada anterior.", n=number),
                               "round_schedule")
    if values["contact_email"] and (len(values["contact_email"]) > 120 or not _EMAIL.match(values["contact_email"])):
        raise ServiceError(_("E-mail de contato inválido."), "contact_email")
    phone = values["contact_phone"]
    if phone and (len(phone) > 40 or not _PHONE.match(phone) or not 8 <= sum(c.isdigit() for c in phone) <= 15):
        raise ServiceError(_("Telefone inválido: use só números, espaços, +, parênteses e hífen (8 a 15 dígitos)."),
                           "contact_phone")
    site = urlparse(values["website"])
    if values["website"] and (len(values["website"]) > 200 or site.scheme not in ("http", "https")
                              or "." not in site.netloc or " " in values["website"]):
        raise ServiceError(_("Informe o site completo, começando com https:// ou http://."), "website")


def play_hours_warnings(event: Event) -> list[str]:
    """CBJD 117 ("não se podem realizar competições que excedam 6 horas de jogo por dia"): a
    warning per day of the planned round times whose estimated play exceeds six hours. A
    round's length is our estimate (`engine.event_rules.round_minutes`: 2 × (base + 60 moves ×
    increment)) [ours]; the form warns and saves (the real length of a round is not known)."""
    times = [datetime.strptime(t, ROUND_TIME_STORED) for t in event.round_times or []]
    length = round_minutes(event.time_minutes, event.time_increment or 0)
    return [_("CBJD 117: %(day)s tem %(n)s rodadas, cerca de %(hours)s de jogo (mais de 6 horas por dia; "
              "estimativa de %(length)s min por rodada: 2 × (tempo + 60 lances × incremento)).",
              day=day.strftime("%d/%m/%Y"), n=rounds, hours=f"{minutes // 60}h{minutes % 60:02d}",
              length=length)
            for day, rounds, minutes in days_over_limit(times, event.time_minutes, event.time_increment or 0)]


def tiebreak_options_from(data: dict[str, Any]) -> dict[str, Any] | None:
    """The form's tiebreak settings as stored (RULES.md §4 [ours, configurable]); only what
    differs from the rule set's defaults, None when nothing does."""
    options: dict[str, Any] = {}
    if data.get("unplayed_rule"):
        options["unplayed"] = data["unplayed_rule"]
    if data.get("win_forfeits"):
        options["win_forfeits"] = True
    if data.get("tpr_350"):
        options["tpr_350"] = True
    return options or None


def _check(values: dict[str, Any]) -> None:
    if not values["name"]:
        raise ServiceError(_("Informe o nome do evento."), "name")
    if values["discipline"] not in DISCIPLINES:
        raise ServiceError(_("Modalidade desconhecida."), "discipline")
    if values["ruleset"] not in RULESETS:
        raise ServiceError(_("Regulamento desconhecido."), "ruleset")
    if values["pairing_system"] not in system_codes():
        raise ServiceError(_("Sistema de emparceiramento desconhecido."), "pairing_system")
    if not values["planned_rounds"] or values["planned_rounds"] < 1:
        raise ServiceError(_("O número de rodadas deve ser pelo menos 1."), "planned_rounds")
    try:
        classify(values["time_minutes"] or 0, values["time_increment"])
    except ValueError:
        raise ServiceError(_("Ritmo de jogo inválido."), "time_minutes") from None
    if values["start_date"] and values["end_date"] and values["end_date"] < values["start_date"]:
        raise ServiceError(_("A data de término é anterior à de início."), "end_date")
    if (values["tiebreak_options"] or {}).get("unplayed", "") not in UNPLAYED_RULES:
        raise ServiceError(_("Regra de partidas não jogadas desconhecida."), "unplayed_rule")
    _check_invitation(values)
    provisional = values["provisional_rating"]
    if provisional is not None and not (isinstance(provisional, int) and 1 <= provisional <= 3000):
        raise ServiceError(_("O rating provisório vai de 1 a 3000."), "provisional_rating")
    if values["rating_list"] not in RATING_LISTS:
        raise ServiceError(_("Lista de rating desconhecida."), "rating_list")
    if values["pairing_bye_score"] not in BYE_SCORES:
        raise ServiceError(_("Pontuação do bye desconhecida."), "pairing_bye_score")
    if values["pairing_bye_score"] and values["pairing_system"] in ("micromatch", "knockout"):
        raise ServiceError(_("Neste sistema o bye tem valor fixo (micro match ganho; passagem direta na eliminatória)."),
                           "pairing_bye_score")
    _check_event_rules(values)
    if values["acceleration"] not in ACCELERATIONS:
        raise ServiceError(_("Aceleração desconhecida."), "acceleration")
    if values["acceleration"] and family_of(values["pairing_system"]) not in ACCELERATED_SYSTEMS:
        raise ServiceError(
            _("A aceleração Baku só se aplica ao sistema suíço holandês (FIDE C.04.5.1)."), "acceleration")

    unknown = [c for c in values["tiebreak_order"].split(", ") if c and c not in tiebreak_codes()]
    if unknown:
        raise ServiceError(_("Desempate desconhecido: %(codes)s", codes=", ".join(unknown)), "tiebreak_order")


def tiebreak_warnings(data: dict[str, Any]) -> list[str]:
    """FIDE-GR "Choice of Tiebreak System": one message per tiebreak of the form's order meant for
    another kind of tournament (RULES.md §4: warn, not refuse; the form asks to confirm)."""
    def pick(names: tuple[str, str]) -> str:
        return names[1] if str(get_locale()) == "en" else names[0]

    try:
        values = _clean(data)
    except ServiceError:
        return []  # the save reports the bad field
    if values["ruleset"] not in RULESETS:
        return []
    kind = system_kind_of(values["pairing_system"] or "")
    codes = tuple(c for c in values["tiebreak_order"].split(", ") if c)
    out = []
    for code in unsuited(codes, kind, values["ruleset"]):
        meant = ", ".join(pick(KIND_NAMES[k]) for k in suited_kinds(code) if k in KIND_NAMES)
        out.append(_("%(code)s não é recomendado para %(kind)s (FIDE-GR, escolha dos desempates)%(meant)s.",
                     code=code, kind=pick(KIND_NAMES[kind]),
                     meant=_(": é de %(kinds)s", kinds=meant) if meant else ""))
    return out
def _check_event_rules(values: dict[str, Any]) -> None:
    """The default time (CBJD 95 e, 109 i) and the restricted pairings, which only the Swiss
    engines take (FIDE-GR Pairings g; forbidden pairs of the Dutch and SB Swiss)."""
    minutes = values["no_show_minutes"]
    if minutes is not None and not (isinstance(minutes, int) and 0 <= minutes <= 600):
        raise ServiceError(_("O limite de não comparecimento vai de 0 a 600 minutos."), "no_show_minutes")
    if values["pair_restriction"] not in PAIR_RESTRICTIONS:
        raise ServiceError(_("Restrição de emparceiramento desconhecida."), "pair_restriction")
    if values["pair_restriction"] and family_of(values["pairing_system"]) not in RESTRICTED_SYSTEMS:
        raise ServiceError(_("O emparceiramento restrito só vale para o suíço holandês e o suíço SB; num "
                             "todos-contra-todos use o sorteio Varma (FIDE-GR h)."), "pair_restriction")


def create_event(actor: User, data: dict[str, Any]) -> Event:
    values = _clean(data)
    _check(values)
    with transaction():
        event = Event(**values, status=EventStatus.DRAFT)
        db.session.add(event)
        db.session.flush()
        record(actor, "create", "event", event.id, None, snapshot(event, EVENT_FIELDS), event.id)
    return event


def update_event(actor: User, event: Event, data: dict[str, Any]) -> Event:
    """Store the form's values; the tiebreak system cannot change once round 1 is published
    (CBJD 127, FIDE-GR: `frozen_settings`)."""
    values = _clean(data)
    _check(values)
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
        raise ServiceError(_("Um evento encerrado ou cancelado não pode ser alterado."))
    check_unchanged(event, values)
    if values["pairing_system"] != event.pairing_system and edition_frozen(event):
        raise ServiceError(_("A edição do suíço holandês não pode mudar depois que a 1ª rodada foi "
                             "emparceirada."), "dutch_edition")
    if event.status == EventStatus.RUNNING:
        for name in ("discipline", "ruleset", "pairing_system", "acceleration", "pairing_bye_score",
                     "pair_restriction"):
            old, new = getattr(event, name), values[name]
            if name == "pairing_system":  # the edition may change until round 1 is paired
                old, new = family_of(old), family_of(new)
            if new != old:
                raise ServiceError(_("Não é possível mudar isto com o evento em andamento."), name)
    with transaction():
        before = snapshot(event, EVENT_FIELDS)
        for name, value in values.items():
            setattr(event, name, value)
        after = snapshot(event, EVENT_FIELDS)
        if before != after:
            record(actor, "update", "event", event.id, before, after, event.id)
    return event


def change_status(actor: User, event: Event, new_status: EventStatus, lot_seed: int | None = None) -> Event:
    """Move an event along draft -> registration -> running -> finished (or cancel it).
    `lot_seed` fixes the tie-break lot drawn on finishing (default: at random; the demo's seed)."""
    if new_status not in TRANSITIONS[event.status]:
        raise ServiceError(_("Mudança de situação não permitida."))
    if new_status == EventStatus.RUNNING:
        if event.status == EventStatus.REGISTRATION:
            # The registration rules decide: too few entries (or teams) cancels and tells the
            # entrants (CLUB); fewer than 2 is refused.
            start_event(actor, event)
            return event

    if new_status == EventStatus.FINISHED:
        rounds = event_rounds(event)
        if not all(round_is_complete(r) for r in rounds) or has_adjourned(rounds):
            raise ServiceError(_("Há resultados pendentes; lance-os antes de encerrar o evento."))
    with transaction():
        before = {"status": event.status.value}
        after: dict[str, Any] = {"status": new_status.value}
        event.status = new_status
        if new_status == EventStatus.CANCELLED:  # every entrant is owed what he paid
            refunds.event_cancelled(actor, event, [e.player_id for e in event.entries
                                                   if e.status == EntryStatus.REGISTERED])
        if new_status == EventStatus.RUNNING and not event_has_rounds(event):
            renumber(event)
        if new_status == EventStatus.FINISHED and event.tiebreak_lot_seed is None and (
                event.tiebreak_by_lot or "LOT" in tiebreak_order(event)):
            # CBJD 123, 127: the order announced as drawn by lot is drawn after the last round;
            # so is the LOT tiebreak (FIDE-GR), which ranks nobody before then.
            event.tiebreak_lot_seed = secrets.randbelow(2**31) if lot_seed is None else lot_seed
            after["tiebreak_lot_seed"] = event.tiebreak_lot_seed
        record(actor, "status", "event", event.id, before, after, event.id)
    return event


def event_has_rounds(event: Event) -> bool:
    return bool(event_rounds(event))


def assign_arbiter(actor: User, event: Event, user: User) -> None:
    if user.role != Role.ARBITER:
        raise ServiceError(_("Somente usuários árbitros podem ser designados."), "user_id")
    exists = db.session.scalar(
        select(EventArbiter.id).where(EventArbiter.event_id == event.id, EventArbiter.user_id == user.id)
    )
    if exists is not None:
        raise ServiceError(_("Este árbitro já está designado."), "user_id")
    with transaction():
        link = EventArbiter(event_id=event.id, user_id=user.id)
        db.session.add(link)
        db.session.flush()
        record(actor, "assign", "event_arbiter", link.id, None, {"user_id": user.id}, event.id)


def remove_arbiter(actor: User, event: Event, user_id: int) -> None:
    link = db.session.scalar(
        select(EventArbiter).where(EventArbiter.event_id == event.id, EventArbiter.user_id == user_id)
    )
    if link is None:
        raise ServiceError(_("Este árbitro não está designado."))
    with transaction():
        record(actor, "unassign", "event_arbiter", link.id, {"user_id": user_id}, None, event.id)
        db.session.delete(link)
