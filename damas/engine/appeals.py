"""Appeals committee and appeals (FIDE-GR "Penalidades, apelações" b, c; CBJD 30; RULES.md §6).

FIDE-GR (b): every event has an appeals committee, elected or appointed before the first
round; no arbiter, organiser or player involved in the dispute may sit on it for that dispute;
it has an odd number of voting members, none younger than 18. (c): a player may appeal any
decision of the chief arbiter, the organiser or their assistants, in writing, with a fee and
within a deadline both fixed in advance; the decision is final; the fee is returned when the
appeal is upheld, and also when it is rejected but judged reasonable. CBJD 30: the appeal is
written, with a copy to the chief arbiter.

Ages here are exact (birth date against the event's first day) **[ours]**, unlike the category
rule by year of birth (FIDE-TB "Date limit for age").
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import Enum
from typing import Collection, Sequence

from damas.engine.types import EngineError

__all__ = [
    "CommitteeMember", "Problem", "AppealRules", "Appeal", "Decision",
    "age_on", "committee_problems", "panel_for_dispute", "check_committee",
    "appeal_problems", "appeal_deadline", "fee_refunded",
]

_ARTICLE = "FIDE-GR, Penalidades, apelações"


@dataclass(frozen=True, slots=True)
class CommitteeMember:
    """A member: `person` is any stable id (user id, FIDE id); substitutes do not vote unless
    they replace an involved member (`panel_for_dispute`)."""

    person: str
    name: str
    birth_date: date
    voting: bool = True  # False: substitute (suplente)


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a committee, panel or appeal is not valid, in pt-BR and en."""

    code: str
    article: str
    message_pt: str
    message_en: str


def age_on(birth: date, day: date) -> int:
    """Whole years of age on `day`."""
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def committee_problems(members: Sequence[CommitteeMember], event_start: date,
                       appointed_at: datetime | None = None,
                       first_round_start: datetime | None = None,
                       involved: Collection[str] = ()) -> list[Problem]:
    """Everything FIDE-GR (b) refuses in `members` (the voting members are those checked for
    the odd number); empty when valid. `involved`: people involved in the dispute at hand."""
    out: list[Problem] = []
    voting = [m for m in members if m.voting]
    if not voting or len(voting) % 2 == 0:
        out.append(Problem(
            "even", _ARTICLE + " (b)",
            f"O comitê precisa de número ímpar de membros votantes (tem {len(voting)}).",
            f"The committee needs an odd number of voting members (it has {len(voting)})."))
    seen: set[str] = set()
    for m in members:
        if m.person in seen:
            out.append(Problem("duplicate", _ARTICLE + " (b)",
                               f"{m.name} aparece mais de uma vez no comitê.",
                               f"{m.name} appears more than once on the committee."))
        seen.add(m.person)
        if age_on(m.birth_date, event_start) < 18:
            out.append(Problem(
                "under_18", _ARTICLE + " (b)",
                f"{m.name} tem menos de 18 anos na data do evento.",
                f"{m.name} is under 18 at the event date."))
    for m in voting:
        if m.person in set(involved):
            out.append(Problem(
                "involved", _ARTICLE + " (b)",
                f"{m.name} está envolvido na disputa e não pode julgá-la.",
                f"{m.name} is involved in the dispute and cannot judge it."))
    if appointed_at is not None and first_round_start is not None and appointed_at >= first_round_start:
        out.append(Problem(
            "late", _ARTICLE + " (b)",
            "O comitê deve ser constituído antes do início da primeira rodada.",
            "The committee must be set up before the first round starts."))
    return out


def panel_for_dispute(members: Sequence[CommitteeMember], involved: Collection[str]) -> list[CommitteeMember]:
    """The voting panel for one dispute: involved voting members are replaced by the first
    uninvolved substitutes, in the order given (FIDE-GR (b) recommends substitutes for this)."""
    involved = set(involved)
    subs = [m for m in members if not m.voting and m.person not in involved]
    panel = []
    for m in members:
        if not m.voting:
            continue
        if m.person in involved:
            if not subs:
                raise EngineError(f"no substitute left to replace {m.name}, involved in the dispute")
            m = subs.pop(0)
        panel.append(CommitteeMember(m.person, m.name, m.birth_date, True))
    return panel


def check_committee(members: Sequence[CommitteeMember], event_start: date, **kwargs) -> None:
    """`committee_problems` as an EngineError (English messages joined)."""
    problems = committee_problems(members, event_start, **kwargs)
    if problems:
        raise EngineError("; ".join(p.message_en for p in problems))


@dataclass(frozen=True, slots=True)
class AppealRules:
    """Fixed in advance (FIDE-GR (c)): the fee in cents of `currency`, the deadline in minutes
    after the decision appealed against **[ours: default 60]**, and the refund rules."""

    fee_cents: int = 0
    currency: str = "BRL"
    deadline_minutes: int = 60
    refund_if_upheld: bool = True
    refund_if_reasonable: bool = True

    def __post_init__(self) -> None:
        if self.fee_cents < 0 or self.deadline_minutes < 1:
            raise EngineError("the appeal fee cannot be negative and the deadline must be at least 1 minute")


class Decision(str, Enum):
    UPHELD = "upheld"
    REJECTED_REASONABLE = "rejected_reasonable"
    REJECTED = "rejected"


@dataclass(frozen=True, slots=True)
class Appeal:
    """An appeal as filed: against the decision taken at `decision_at`."""

    appellant: str
    decision_at: datetime
    filed_at: datetime
    fee_paid_cents: int
    in_writing: bool = True
    copy_to_chief_arbiter: bool = True


def appeal_deadline(appeal: Appeal, rules: AppealRules) -> datetime:
    return appeal.decision_at + timedelta(minutes=rules.deadline_minutes)


def appeal_problems(appeal: Appeal, rules: AppealRules) -> list[Problem]:
    """Why an appeal cannot be received (FIDE-GR (c); CBJD 30); empty when it can."""
    out = []
    if not appeal.in_writing:
        out.append(Problem("not_written", _ARTICLE + " (c); CBJD 30",
                           "A apelação deve ser feita por escrito.", "The appeal must be in writing."))
    if not appeal.copy_to_chief_arbiter:
        out.append(Problem("no_copy", "CBJD 30",
                           "A apelação deve ter cópia para o árbitro principal.",
                           "The appeal needs a copy to the chief arbiter."))
    if appeal.fee_paid_cents < rules.fee_cents:
        out.append(Problem("fee", _ARTICLE + " (c)",
                           f"Taxa de apelação não paga ({appeal.fee_paid_cents} de {rules.fee_cents} "
                           f"centavos de {rules.currency}).",
                           f"Appeal fee not paid ({appeal.fee_paid_cents} of {rules.fee_cents} "
                           f"cents of {rules.currency})."))
    deadline = appeal_deadline(appeal, rules)
    if appeal.filed_at > deadline:
        out.append(Problem("late", _ARTICLE + " (c)",
                           f"Apelação fora do prazo (limite {deadline:%d/%m/%Y %H:%M}).",
                           f"Appeal filed after the deadline ({deadline:%Y-%m-%d %H:%M})."))
    if appeal.filed_at < appeal.decision_at:
        out.append(Problem("before_decision", _ARTICLE + " (c)",
                           "A apelação é anterior à decisão.", "The appeal predates the decision."))
    return out


def fee_refunded(decision: Decision, rules: AppealRules, paid_cents: int) -> int:
    """Cents returned: all of the fee when upheld, or rejected but judged reasonable (FIDE-GR (c))."""
    if decision is Decision.UPHELD and rules.refund_if_upheld:
        return paid_cents
    if decision is Decision.REJECTED_REASONABLE and rules.refund_if_reasonable:
        return paid_cents
    return 0
