"""Member sign-ups that named an unknown federation number, or a number or e-mail that already
has an account.

The sign-up page gives every applicant the same answer, so it cannot tell him his number was
wrong; and there is no e-mail to tell him later. Staff see these requests instead and either
dismiss one or link it to the player it was meant for, which makes (or links) the account.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy import func, select

from damas.extensions import db
from damas.models import Player, Role, User
from damas.models.registration import UnmatchedReason, UnmatchedSignUp, UnmatchedStatus
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError


def keep(name: str, email: str, number: str, reason: UnmatchedReason, password_hash: str) -> None:
    """Keep a sign-up staff must look at; `password_hash` is "" when the e-mail has an account
    already (that account keeps its own password)."""
    with transaction():
        row = UnmatchedSignUp(name=name, email=email, federation_id=number[:40], reason=reason,
                              password_hash=password_hash, status=UnmatchedStatus.OPEN,
                              created_at=datetime.now(timezone.utc))
        db.session.add(row)
        db.session.flush()
        record(None, "sign_up", "unmatched_sign_up", row.id, None,
               {"email": email, "name": name, "federation_id": row.federation_id, "reason": reason.value})


def open_requests() -> list[UnmatchedSignUp]:
    return list(db.session.scalars(select(UnmatchedSignUp).where(UnmatchedSignUp.status == UnmatchedStatus.OPEN)
                                   .order_by(UnmatchedSignUp.created_at, UnmatchedSignUp.id)))


def _check_open(row: UnmatchedSignUp) -> None:
    if row.status != UnmatchedStatus.OPEN:
        raise ServiceError(_("Este pedido já foi resolvido."))


def dismiss(actor: User, row: UnmatchedSignUp) -> None:
    """Staff drop the request; the applicant's password hash goes with it."""
    _check_open(row)
    with transaction():
        row.status, row.decided_by_id, row.password_hash = UnmatchedStatus.DISMISSED, actor.id, ""
        record(actor, "dismiss", "unmatched_sign_up", row.id, {"status": "open"},
               {"status": "dismissed", "email": row.email})


def _player_by_number(number: str) -> Player:
    number = (number or "").strip()
    player = db.session.scalar(select(Player).where(func.lower(Player.federation_id) == number.lower())) \
        if number else None
    if player is None:
        raise ServiceError(_("Nenhum jogador com este número de cadastro."), "federation_id")
    if db.session.scalar(select(User.id).where(User.player_id == player.id)) is not None:
        raise ServiceError(_("Este jogador já tem uma conta."), "federation_id")
    return player


def link(actor: User, row: UnmatchedSignUp, number: str) -> User:
    """Staff link the request to the player with federation number `number`: the account the
    applicant asked for is made with his password, or, when his e-mail already had an account
    without a player, that account is linked."""
    _check_open(row)
    player = _player_by_number(number)
    account = db.session.scalar(select(User).where(func.lower(User.email) == row.email.lower()))
    if account is not None and account.player_id is not None:
        raise ServiceError(_("Este e-mail já tem uma conta ligada a um jogador."))
    if account is None and not row.password_hash:
        raise ServiceError(_("Este pedido não guardou uma senha: descarte-o e peça ao jogador um novo cadastro."))
    with transaction():
        if account is None:
            account = User(email=row.email, name=row.name, role=Role.PLAYER, active=True,
                           password_hash=row.password_hash)
            db.session.add(account)
        account.player_id = player.id
        db.session.flush()
        row.status, row.decided_by_id, row.password_hash = UnmatchedStatus.LINKED, actor.id, ""
        row.player_id, row.user_id = player.id, account.id
        record(actor, "link", "unmatched_sign_up", row.id, {"status": "open"},
               {"status": "linked", "email": row.email, "player_id": player.id, "user_id": account.id})
    return account
