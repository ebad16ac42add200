"""Who may enter one section: its `SectionEligibility` row read, validated, saved (audited), and
a player checked against it (`damas.engine.eligibility`), each reason worded for the page.

The rating is the one on the event's list (`Event.list_key`, as the starting order reads it);
"member" is a player with a federation number (`registration_limits.is_member`); ages by year
of birth count in the year the event starts (CBJD 125), as its categories do."""
from __future__ import annotations

from datetime import date
from typing import Any

from flask_babel import format_date
from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.eligibility import (
    AGE_UNKNOWN, CATEGORY, NOT_MEMBER, RATING_HIGH, RATING_LOW, SEX, TOO_OLD, TOO_YOUNG, PlayerFacts, Reason,
    SectionRules, reasons,
)
from damas.engine.types import EngineError
from damas.extensions import db
from damas.models import Event, EventStatus, Player, User
from damas.models.championships import ChampionshipSection, SectionEligibility
from damas.services.audit import record, snapshot, transaction
from damas.services.standings.categories import event_categories
from damas.services.errors import ServiceError
from damas.services.registration.limits import is_member

FIELDS = ("min_age", "max_age", "age_on", "sex", "rating_min", "rating_max", "members_only", "category_code")
MAX_AGE, MAX_RATING = 120, 4000


def section_of(event: Event) -> ChampionshipSection | None:
    """The event's place in a championship, None when it is not a section of one."""
    return db.session.scalar(select(ChampionshipSection).where(ChampionshipSection.event_id == event.id))


def eligibility_row(event: Event) -> SectionEligibility | None:
    return db.session.get(SectionEligibility, event.id)


def rules_of(event: Event) -> SectionRules:
    """The section's criteria as engine rules (no row: open to everyone)."""
    row = eligibility_row(event)
    year = event.start_date.year
    if row is None:
        return SectionRules(event_year=year)
    category = next((c for c in event_categories(event) if c.code == row.category_code), None) \
        if row.category_code else None
    return SectionRules(event_year=year, min_age=row.min_age, max_age=row.max_age, age_on=row.age_on,
                        sex=row.sex or "", rating_min=row.rating_min, rating_max=row.rating_max,
                        members_only=bool(row.members_only), category_code=row.category_code or "",
                        category=category)


def facts_of(event: Event, player: Player) -> PlayerFacts:
    return PlayerFacts(birth_date=player.birth_date, sex=(player.sex or "").lower(),
                       rating=player.rating_for(event.list_key), member=is_member(player), state=player.state or "")


def player_reasons(event: Event, player: Player) -> list[Reason]:
    """Every criterion of the section the player fails ([]: he may enter)."""
    return reasons(rules_of(event), facts_of(event, player))


def _on(value: Any) -> str:
    return format_date(value, "short") if isinstance(value, date) else ""


def reason_text(reason: Reason) -> str:
    """The reason in words, with its values (the page and the refusal message)."""
    v = reason.values
    if reason.code == TOO_YOUNG:
        if v.get("on"):
            return _("idade mínima %(min)s anos em %(on)s; o jogador tem %(age)s.", min=v["min_age"], on=_on(v["on"]),
                     age=v["age"])
        return _("idade mínima %(min)s anos em %(year)s (pelo ano de nascimento); o jogador faz %(age)s.",
                 min=v["min_age"], year=v["year"], age=v["age"])
    if reason.code == TOO_OLD:
        if v.get("on"):
            return _("idade máxima %(max)s anos em %(on)s; o jogador tem %(age)s.", max=v["max_age"], on=_on(v["on"]),
                     age=v["age"])
        return _("idade máxima %(max)s anos em %(year)s (pelo ano de nascimento); o jogador faz %(age)s.",
                 max=v["max_age"], year=v["year"], age=v["age"])
    if reason.code == AGE_UNKNOWN:
        return _("a seção tem limite de idade e o cadastro do jogador não tem a data de nascimento.")
    if reason.code == SEX:
        return _("seção feminina.") if v.get("sex") == "f" else _("seção masculina.")
    if reason.code == RATING_LOW:
        return _("rating mínimo %(min)s; o jogador tem %(rating)s.", min=v["rating_min"], rating=v["rating"])
    if reason.code == RATING_HIGH:
        return _("rating máximo %(max)s; o jogador tem %(rating)s.", max=v["rating_max"], rating=v["rating"])
    if reason.code == NOT_MEMBER:
        return _("só para membros da federação (com nº de federação).")
    if reason.code == CATEGORY:
        return _("só para a categoria %(name)s.", name=v.get("name") or v.get("category"))
    return reason.code


def summary(event: Event) -> list[str]:
    """The section's criteria in words, for the entry page ([]: open to everyone)."""
    rules = rules_of(event)
    out: list[str] = []
    when = _("em %(on)s", on=_on(rules.age_on)) if rules.age_on else _("pelo ano de nascimento")
    if rules.min_age is not None:
        out.append(_("a partir de %(n)s anos (%(when)s)", n=rules.min_age, when=when))
    if rules.max_age is not None:
        out.append(_("até %(n)s anos (%(when)s)", n=rules.max_age, when=when))
    if rules.sex:
        out.append(_("feminino") if rules.sex == "f" else _("masculino"))
    if rules.rating_min is not None:
        out.append(_("rating a partir de %(n)s", n=rules.rating_min))
    if rules.rating_max is not None:
        out.append(_("rating até %(n)s", n=rules.rating_max))
    if rules.members_only:
        out.append(_("só membros"))
    if rules.category_code:
        out.append(_("categoria %(name)s", name=rules.category.name_pt if rules.category else rules.category_code))
    return out


# ---------------------------------------------------------------- settings

def _whole(value: Any, name: str, top: int) -> int | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ServiceError(_("Informe um número inteiro entre 0 e %(top)s.", top=top), name)
    return value


def clean(event: Event, data: dict[str, Any]) -> dict[str, Any]:
    """The form's values checked: whole numbers in range, bands not empty, a known category."""
    values = {
        "min_age": _whole(data.get("min_age"), "min_age", MAX_AGE),
        "max_age": _whole(data.get("max_age"), "max_age", MAX_AGE),
        "age_on": data.get("age_on") if isinstance(data.get("age_on"), date) else None,
        "sex": (data.get("sex") or "").strip().lower(),
        "rating_min": _whole(data.get("rating_min"), "rating_min", MAX_RATING),
        "rating_max": _whole(data.get("rating_max"), "rating_max", MAX_RATING),
        "members_only": bool(data.get("members_only")),
        "category_code": (data.get("category_code") or "").strip(),
    }
    if values["sex"] not in ("", "m", "f"):
        raise ServiceError(_("Escolha feminino, masculino ou qualquer."), "sex")
    if values["min_age"] is not None and values["max_age"] is not None and values["min_age"] > values["max_age"]:
        raise ServiceError(_("A idade mínima passa da máxima."), "max_age")
    if (values["rating_min"] is not None and values["rating_max"] is not None
            and values["rating_min"] > values["rating_max"]):
        raise ServiceError(_("O rating mínimo passa do máximo."), "rating_max")
    if values["category_code"] and values["category_code"] not in {c.code for c in event_categories(event)}:
        raise ServiceError(_("Este evento não tem a categoria %(code)s.", code=values["category_code"]),
                           "category_code")
    try:
        SectionRules(event_year=event.start_date.year, **{k: v for k, v in values.items() if k != "category_code"})
    except EngineError:  # the checks above say it in words; this is the engine's own guard
        raise ServiceError(_("Regras de elegibilidade inválidas.")) from None
    return values


def save_eligibility(actor: User, event: Event, data: dict[str, Any]) -> SectionEligibility | None:
    """Save who may enter the section; all criteria empty removes the row (open section)."""
    if section_of(event) is None:
        raise ServiceError(_("Este evento não é seção de um campeonato."))
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
        raise ServiceError(_("Um evento encerrado ou cancelado não pode ser alterado."))
    values = clean(event, data)
    row = eligibility_row(event)
    empty = all(values[k] in (None, "", False) for k in FIELDS)
    with transaction():
        before = snapshot(row, FIELDS) if row is not None else None
        if empty:
            if row is not None:
                db.session.delete(row)
                record(actor, "delete", "section_eligibility", event.id, before, None, event.id)
            return None
        if row is None:
            row = SectionEligibility(event_id=event.id)
            db.session.add(row)
        for name, value in values.items():
            setattr(row, name, value)
        db.session.flush()
        after = snapshot(row, FIELDS)
        if before != after:
            record(actor, "update", "section_eligibility", event.id, before, after, event.id)
    return row
