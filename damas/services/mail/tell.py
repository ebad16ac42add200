"""Telling players what happened to them: each notice goes to the accounts linked to its player,
batched (one mail per account, event and round) and sent once the operation has committed; a
rollback sends nothing."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterable, Iterator

from flask_babel import LazyString, get_locale

from damas.extensions import db
from damas.services.audit import after_commit
from damas.services.mail.notify import Batch, Notice
from damas.services.mail.recipients import accounts_of_players
from damas.services.mail.sending import after_response


def tell_players(kind: str, event_id: int | None, round_no: int | None,
                 notices: Iterable[tuple[int, Notice]]) -> None:
    """Queue `notices` ((player id, notice) pairs) for the accounts of those players; call it
    inside the operation's `transaction` block (the mails are built and leave after its commit,
    off the request: a rating period of hundreds of players does not wait for them)."""
    held = db.session.info.get(_WITHHELD, set())
    pairs = [(pid, notice) for pid, notice in notices if (kind, pid) not in held]
    if pairs:
        after_commit(after_response(_tell, kind, event_id, round_no, pairs))


@contextmanager
def withheld(kind: str, player_id: int) -> Iterator[None]:
    """Within the block, notices of `kind` to `player_id` are not queued: the caller tells him
    once, itself (one entry in several sections of a championship is one mail, not one per
    section's entry service)."""
    held = db.session.info.setdefault(_WITHHELD, set())
    key = (kind, player_id)
    fresh = key not in held
    held.add(key)
    try:
        yield
    finally:
        if fresh:
            held.discard(key)


_WITHHELD = "damas_mail_withheld"


def _tell(kind: str, event_id: int | None, round_no: int | None, pairs: list[tuple[int, Notice]]) -> int:
    accounts = accounts_of_players(pid for pid, _notice in pairs)
    batch = Batch()
    batch.prefetch(accounts.values())
    for player_id, notice in pairs:
        batch.add(accounts.get(player_id), kind, event_id, round_no, notice)  # None (no account): skipped
    return batch.send()


def in_locale(pt: str, en: str) -> LazyString:
    """A text the services keep in both languages (engine messages): the recipient's one."""
    return LazyString(lambda: en if str(get_locale()) == "en" else pt)

