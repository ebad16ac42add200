"""Forms of the fees area: the event's fee schedule, a payment or refund booked by hand, a waiver,
and the treasurer's report period. Amounts are typed in reais (`ReaisField`) and become centavos."""
from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any, Sequence

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, DateTimeLocalField, Field, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, Optional

from damas.engine.categories import Category
from damas.models.fees import UnpaidAction
from damas.services.fees.accounts import FEDERATION_TZ
from damas.web.fees.money import ReaisField
from damas.web.forms_util import REQUIRED, choices

LOCAL_FORMAT = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"]
REDUCTION_PREFIX = "reduction__"


def to_utc(value: datetime | None) -> datetime | None:
    """A date-time typed at the federation (São Paulo) as an aware UTC one."""
    return None if value is None else value.replace(tzinfo=FEDERATION_TZ).astimezone(timezone.utc)


def to_local(value: datetime | None) -> datetime | None:
    """A stored date-time as the naive local one the form shows."""
    if value is None:
        return None
    aware = value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)
    return aware.astimezone(FEDERATION_TZ).replace(tzinfo=None)


class ScheduleForm(FlaskForm):
    """The fee schedule; one `reduction__<code>` field per non-absolute category is added by
    `schedule_form`."""

    member = ReaisField(_l("Taxa de inscrição (filiados à federação)"), validators=[InputRequired(REQUIRED)])
    guest = ReaisField(_l("Taxa para convidados (vazio = a mesma)"), validators=[Optional()])
    early_reduction = ReaisField(_l("Desconto para pagamento antecipado"), validators=[Optional()])
    early_until = DateField(_l("Desconto antecipado vale até (inclusive)"), validators=[Optional()])
    paid_to_confirm = BooleanField(_l("Confirmar só inscrições pagas"))
    payment_deadline = DateTimeLocalField(_l("Prazo de pagamento"), format=LOCAL_FORMAT, validators=[Optional()])
    unpaid_action = SelectField(_l("Inscrição não paga no prazo"), choices=choices([
        (UnpaidAction.CANCEL.value, _l("é cancelada (a vaga vai para o primeiro da reserva)")),
        (UnpaidAction.RESERVE.value, _l("vai para o fim da lista de reserva")),
    ]))
    refund_until = DateTimeLocalField(_l("Devolução da taxa a quem desistir até"), format=LOCAL_FORMAT,
                                      validators=[Optional()])

    def reduction_fields(self) -> list[Field]:
        return [f for f in self if f.name.startswith(REDUCTION_PREFIX)]

    def service_data(self) -> tuple[dict[str, Any], dict[str, int]]:
        data = {
            "member_cents": self.member.data, "guest_cents": self.guest.data,
            "early_until": self.early_until.data, "early_reduction_cents": self.early_reduction.data or 0,
            "paid_to_confirm": self.paid_to_confirm.data, "payment_deadline": to_utc(self.payment_deadline.data),
            "unpaid_action": self.unpaid_action.data, "refund_until": to_utc(self.refund_until.data),
        }
        reductions = {f.name[len(REDUCTION_PREFIX):]: f.data for f in self.reduction_fields() if f.data}
        return data, reductions


def schedule_form(categories: Sequence[Category], english: bool = False, **kwargs: Any) -> ScheduleForm:
    """The schedule form with one reduction field per category of the event but the absolute
    (whose fee is the base fee)."""

    class EventScheduleForm(ScheduleForm):
        pass

    for cat in categories:
        if not cat.is_absolute:
            name = cat.name_en if english else cat.name_pt
            setattr(EventScheduleForm, REDUCTION_PREFIX + cat.code,
                    ReaisField(_l("Desconto: %(name)s", name=name), validators=[Optional()]))
    return EventScheduleForm(**kwargs)


METHOD_CHOICES = choices([("cash", _l("Dinheiro")), ("transfer", _l("Transferência (TED, Pix)")), ("other", _l("Outro"))])


class PaymentForm(FlaskForm):
    """A payment booked by hand on an entrant's account."""

    method = SelectField(_l("Forma"), choices=METHOD_CHOICES)
    amount = ReaisField(_l("Valor"), validators=[InputRequired(REQUIRED)])
    paid_on = DateField(_l("Data"), validators=[DataRequired(REQUIRED)])
    note = StringField(_l("Observação"), validators=[Optional(), Length(max=500)])


class RefundForm(FlaskForm):
    """Money paid back to an entrant (withdrawal before the deadline, event cancelled)."""

    method = SelectField(_l("Forma"), choices=METHOD_CHOICES)
    amount = ReaisField(_l("Valor devolvido"), validators=[InputRequired(REQUIRED)])
    paid_on = DateField(_l("Data"), validators=[DataRequired(REQUIRED)])
    note = StringField(_l("Motivo da devolução"), validators=[DataRequired(REQUIRED), Length(max=500)])


class WaiverForm(FlaskForm):
    reason = TextAreaField(_l("Motivo da isenção"), validators=[DataRequired(REQUIRED), Length(max=200)])


class PeriodForm(FlaskForm):
    """The federation report's period (events starting in it); both ends optional."""

    class Meta:
        csrf = False

    start = DateField(_l("De"), validators=[Optional()])
    end = DateField(_l("Até"), validators=[Optional()])

    def bounds(self) -> tuple[date | None, date | None]:
        return self.start.data, self.end.data
