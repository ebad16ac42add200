"""An event's fee schedule as the texts its public page, regulations page, brochure and fee
accounts page print (`services.fees.schedule.view_of`; money by `presentation.numbers.money`,
times at the federation, São Paulo)."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from damas.models import Event
from damas.presentation.labels import english
from damas.presentation.numbers import money
from damas.services.fees.accounts import FEDERATION_TZ
from damas.services.fees.schedule import view_of


def local_text(value: datetime | None) -> str:
    """An aware (or UTC naive) time as the federation's "dd/mm/yyyy hh:mm"."""
    if value is None:
        return ""
    aware = value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)
    return aware.astimezone(FEDERATION_TZ).strftime("%d/%m/%Y %H:%M")


def fee_box(event: Event) -> dict[str, Any] | None:
    """The schedule's texts, None when the event charges no fee."""
    en = english()
    view = view_of(event, english=en)
    if view is None:
        return None
    early = view.early_reduction_cents and view.early_until is not None
    return {
        "member": money(view.member_cents), "guest": money(view.guest_cents) if view.guest_cents is not None else "",
        "reductions": [{"code": code, "name": name, "amount": money(cents)} for code, name, cents in view.reductions],
        "early": money(view.early_reduction_cents) if early else "",
        "early_until": view.early_until.strftime("%d/%m/%Y") if early and view.early_until else "",
        "paid_to_confirm": view.paid_to_confirm, "deadline": local_text(view.payment_deadline),
        "unpaid_action": view.unpaid_action, "refund_until": local_text(view.refund_until),
        "free": view.member_cents == 0 and not view.guest_cents,
    }
