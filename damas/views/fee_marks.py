"""What the arbiter's start list and the pairing pages say about entry fees: which entries are
unpaid (`services.fees.confirmation.unpaid`), in the reader's language. Pairing is not blocked
by an unpaid entry: the arbiter is warned and decides (he may remove it before the start)."""
from __future__ import annotations

from flask_babel import gettext as _

from damas.engine.fees import FeeState
from damas.models import Event
from damas.services.fees.confirmation import paid_only, unpaid


def fee_marks(event: Event) -> dict[int, str]:
    """player id -> the mark of his unpaid entry ({} when the event charges no fee)."""
    rows = unpaid(event)
    if not rows:
        return {}
    waiting = paid_only(event)
    return {a.player_id: (_("aguardando pagamento") if waiting else
                          _("taxa paga em parte") if a.state == FeeState.PARTIAL else _("taxa em aberto"))
            for a in rows}


def unpaid_names(event: Event) -> list[str]:
    """Names of the registered entrants whose fee is not settled, in starting-list order."""
    return [a.name for a in unpaid(event)]
