"""An announcement from the federation to an event's entrants (kind "announcements"): staff
write a subject and a plain text; every entrant whose account has a confirmed address and keeps
the kind on gets one mail, in which the text is the federation's own words (escaped in the
HTML, its line breaks kept). Audited: who, when, the subject, the text and how many got it."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, User
from damas.models.micromatch import Team, TeamMemberRow
from damas.services.audit import after_commit, record, transaction
from damas.services.errors import ServiceError
from damas.services.mail.compose import external_url
from damas.services.mail.notify import Batch, Notice, opted_out_kinds, wants
from damas.services.mail.sending import later

KIND = "announcements"
SUBJECT_MAX = 150
TEXT_MAX = 5000


def entrant_accounts(event: Event) -> list[User]:
    """The accounts of the event's players still in it (registered entries) and of its teams'
    members (a team event's entrants, CBJD 120), one query each."""
    people = {u.id: u for u in db.session.scalars(
        select(User).join(Entry, Entry.player_id == User.player_id)
        .where(Entry.event_id == event.id, Entry.status == EntryStatus.REGISTERED))}
    people.update((u.id, u) for u in db.session.scalars(
        select(User).join(TeamMemberRow, TeamMemberRow.player_id == User.player_id)
        .join(Team, Team.id == TeamMemberRow.team_id).where(Team.event_id == event.id)))
    return [people[k] for k in sorted(people)]


def recipients(event: Event) -> list[User]:
    """Who would get an announcement now: confirmed address, active, the kind on."""
    accounts = entrant_accounts(event)
    off = opted_out_kinds(u.id for u in accounts)
    return [u for u in accounts if wants(u, KIND, off)]


def clean(subject: str, text: str) -> tuple[str, str]:
    """The subject on one line and the text without trailing blanks; refused when empty or too
    long (nothing is sent)."""
    subject = " ".join((subject or "").split())
    lines = [line.rstrip() for line in (text or "").replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    text = "\n".join(lines).strip("\n")
    if not subject:
        raise ServiceError(_("Informe o assunto do aviso."), "subject")
    if len(subject) > SUBJECT_MAX:
        raise ServiceError(_("O assunto pode ter até %(n)s caracteres.", n=SUBJECT_MAX), "subject")
    if not text.strip():
        raise ServiceError(_("Escreva o texto do aviso."), "text")
    if len(text) > TEXT_MAX:
        raise ServiceError(_("O texto pode ter até %(n)s caracteres.", n=TEXT_MAX), "text")
    return subject, text


def announcement(event: Event, subject: str, text: str) -> Notice:
    lines: list[Any] = [_l("Aviso aos inscritos do evento %(event)s:", event=event.name), *text.split("\n")]
    return Notice(subject=subject, heading=subject, lines=tuple(lines),
                  link=external_url("events.view_event", event_id=event.id), link_label=_l("Ver o evento"))


def send_announcement(actor: User, event: Event, subject: str, text: str) -> int:
    """Send the announcement to `recipients(event)`; returns how many accounts get it."""
    subject, text = clean(subject, text)
    people = recipients(event)
    if not people:
        raise ServiceError(_("Nenhum inscrito deste evento tem e-mail confirmado e avisos ligados; nada foi enviado."))
    with transaction():
        record(actor, "announce", "event", event.id, None,
               {"subject": subject, "text": text, "recipients": len(people)}, event.id)
        after_commit(later(deliver_announcement, event.id, subject, text))  # built off the request
    return len(people)


def deliver_announcement(event_id: int, subject: str, text: str) -> int:
    """Build and send the announcement's mails (after the audit's commit, off the request)."""
    event = db.session.get(Event, event_id)
    if event is None:
        return 0
    people = recipients(event)
    notice = announcement(event, subject, text)
    batch = Batch()
    batch.prefetch(people)
    for user in people:
        batch.add(user, KIND, event.id, None, notice)
    return batch.send()
