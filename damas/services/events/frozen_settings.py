"""Event settings that freeze once play starts (CBJD 127; FIDE-GR "Choice of Tiebreak System").

CBJD 127 lets the arbiter announce the drawing of the tiebreak order "avisando antes do início da
primeira rodada", and FIDE-GR has the tiebreak system "decided in advance": once round 1 is
published the order, the by-lot switch and the unplayed-games rule no longer change (nor the
other tiebreak options, WIN with forfeits and TPR's 350-point rule, **[ours]**). The event
form shows them read-only with the reason, and `check_unchanged` refuses a forged POST that
changes them (nothing is stored).

An event imported from a TRF file (`trf_import`) arrives with its played rounds published: its
tiebreak settings freeze when the next round is paired here, not before (the arbiter sets the
unplayed-games rule the regulations in force call for, like on a new event).

To freeze another setting, append one `FrozenSetting` to `FROZEN_AFTER_START`: the form field's
name, the value's key in the cleaned values (`services.events._clean`) and on the `Event`,
optionally a key inside a JSON dict, the moment it freezes (`ROUND_1_PUBLISHED` or
`ROUND_1_PAIRED`) and the article that says why. Nothing else needs touching: the form and the
service read this list.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from sqlalchemy import select

from damas.extensions import db
from damas.models import Event, Round, RoundStatus
from damas.services.errors import ServiceError
from damas.services.events.trf_origin import import_record

ROUND_1_PAIRED = "paired"  # any round exists (round 1 generated, even if not yet published)
ROUND_1_PUBLISHED = "published"  # a round has been published: play has started


@dataclass(frozen=True)
class FrozenSetting:
    """One setting that stops changing at `when`; `field` is the form field, `key` the stored
    attribute (and the key in the service's cleaned values), `item` a key inside it when the
    attribute is a JSON dict (``tiebreak_options["unplayed"]``); `article` explains why."""

    field: str
    key: str
    when: str
    article: str | LazyString
    item: str | None = None
    empty: Any = ""

    def stored(self, event: Event) -> Any:
        return self._pick(getattr(event, self.key))

    def submitted(self, values: Mapping[str, Any]) -> Any:
        return self._pick(values.get(self.key))

    def _pick(self, value: Any) -> Any:
        if self.item is not None:
            value = (value or {}).get(self.item)
        if value in (None, "") or (self.empty is False and value is False):
            return self.empty
        return value

    def form_value(self, event: Event) -> str:
        """The stored value as the form posts it ("" for an unticked box: the hidden copy is left out)."""
        value = self.stored(event)
        if value is True:
            return "y"
        return "" if value is False else str(value)


TIEBREAK_ARTICLE = "CBJD 127; FIDE-GR, Choice of Tiebreak System"
FROZEN_AFTER_START: tuple[FrozenSetting, ...] = (
    FrozenSetting("tiebreak_order", "tiebreak_order", ROUND_1_PUBLISHED, TIEBREAK_ARTICLE),
    FrozenSetting("tiebreak_by_lot", "tiebreak_by_lot", ROUND_1_PUBLISHED, TIEBREAK_ARTICLE, empty=False),
    FrozenSetting("unplayed_rule", "tiebreak_options", ROUND_1_PUBLISHED, TIEBREAK_ARTICLE, item="unplayed"),
    # The other tiebreak options change values the same way: frozen with them [ours].
    FrozenSetting("win_forfeits", "tiebreak_options", ROUND_1_PUBLISHED, TIEBREAK_ARTICLE, item="win_forfeits",
                  empty=False),
    FrozenSetting("tpr_350", "tiebreak_options", ROUND_1_PUBLISHED, TIEBREAK_ARTICLE, item="tpr_350", empty=False),
    # The list the starting order was made from (RULES.md §3 "Starting order"): the reason is the
    # federation's, so it is said in words (public texts never cite RULES.md).
    FrozenSetting("rating_list", "rating_list", ROUND_1_PAIRED,
                  _l("CBJD 115; decisão da federação: a ordem inicial é feita por esta lista")),
)


def imported_rounds(event: Event) -> int:
    """How many rounds the event brought from a TRF file (its ``import_trf`` audit entry), 0 for
    an event that started here."""
    return int(import_record(event).get("rounds") or 0)


def _moment_reached(event: Event) -> set[str]:
    if event.id is None:
        return set()
    rounds = db.session.execute(select(Round.number, Round.status).where(Round.event_id == event.id)).all()
    reached = {ROUND_1_PAIRED} if rounds else set()
    imported = imported_rounds(event) if rounds else 0
    if imported:
        if any(number > imported for number, _status in rounds):  # a round paired here
            reached.add(ROUND_1_PUBLISHED)
    elif any(status == RoundStatus.PUBLISHED for _number, status in rounds):
        reached.add(ROUND_1_PUBLISHED)
    return reached


def frozen_settings(event: Event) -> tuple[FrozenSetting, ...]:
    """The settings of `event` that can no longer change (one query)."""
    reached = _moment_reached(event)
    return tuple(s for s in FROZEN_AFTER_START if s.when in reached)


def frozen_reason(setting: FrozenSetting, event: Event | None = None) -> str:
    """Why `setting` no longer changes; for an imported event (`imported_rounds`) the moment is
    the first round paired after the import."""
    if setting.when == ROUND_1_PUBLISHED and event is not None and imported_rounds(event):
        return _("Fixado desde o emparceiramento da primeira rodada depois da importação (%(article)s).",
                 article=setting.article)
    if setting.when == ROUND_1_PAIRED:
        return _("Fixado desde o emparceiramento da 1ª rodada (%(article)s).", article=setting.article)
    return _("Fixado desde a publicação da 1ª rodada: o regulamento o define antes do início (%(article)s).",
             article=setting.article)


def check_unchanged(event: Event, values: Mapping[str, Any]) -> None:
    """Refuse, naming the field, a change to a frozen setting (the form shows them read-only)."""
    for setting in frozen_settings(event):
        if setting.submitted(values) != setting.stored(event):
            raise ServiceError(_("Não é possível mudar isto depois do início: %(reason)s",
                                 reason=frozen_reason(setting, event)), setting.field)
