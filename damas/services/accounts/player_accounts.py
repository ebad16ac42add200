"""Player accounts made by the players themselves (RULES.md §9).

Two ways in: a federation member names his federation number and waits for staff to approve the
link to that player record (anyone could type someone else's number); a guest gets a new player
record without a federation number at once. Either way the account is an ordinary `User` with
the player role; it can log in straight away, but registers for events only once linked.
"""
from __future__ import annotations

from datetime import date
from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy import func, select
from werkzeug.security import generate_password_hash

from damas.extensions import db
from damas.models import Player, Role, User
from damas.models.registration import SignUp, SignUpStatus, UnmatchedReason
from damas.services.accounts import account_mail
from damas.services.accounts import unmatched_sign_ups
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.players.names import check_name, clean_name


def neutral_answer() -> str:
    """The one answer of a sign-up whose fields are valid, whether it made an account, the
    e-mail (or the player) already had one or the federation number is unknown: a sign-up form
    must not tell a stranger which e-mails or registration numbers exist or are in use. So it
    tells every applicant what happens next. Nobody is logged in by it."""
    return _("Pedido de conta recebido. Enviamos um e-mail ao endereço informado: confirme-o pelo link. A "
             "federação confere cada pedido antes de ligar a conta ao seu cadastro de jogador; se o número não "
             "conferir, ela entra em contato. Já pode entrar com o seu e-mail e a sua senha, salvo se a federação "
             "ainda estiver conferindo o seu número. Se você já tinha uma conta, entre com a senha dela ou use "
             "\"Esqueci minha senha\".")


def _check_account(data: dict[str, Any]) -> tuple[str, str, str, bool]:
    """(e-mail, name, password, whether the e-mail has an account) after checking the fields."""
    email = (data.get("email") or "").strip().lower()
    name = clean_name(data.get("name"))
    password = data.get("password") or ""
    if not name:
        raise ServiceError(_("Informe o seu nome."), "name")
    check_name(name, "name")
    if not email or "@" not in email:
        raise ServiceError(_("E-mail inválido."), "email")
    if len(password) < 8:
        raise ServiceError(_("A senha deve ter pelo menos 8 caracteres."), "password")
    taken = db.session.scalar(select(User.id).where(func.lower(User.email) == email)) is not None
    return email, name, password, taken


def _as_long_as_an_account(password: str) -> None:
    """The password hash a new account costs, for an answer that makes none (same time)."""
    generate_password_hash(password)


def _site_locale() -> str:
    """The language the applicant uses the site in: his account's mails follow it."""
    locale = str(get_locale() or "pt_BR")
    return locale if locale in ("pt_BR", "en") else "pt_BR"


def _new_user(email: str, name: str, password: str, player_id: int | None) -> User:
    user = User(email=email, name=name, role=Role.PLAYER, player_id=player_id, active=True, locale=_site_locale())
    user.set_password(password)
    db.session.add(user)
    db.session.flush()
    return user


def _unmatched(player: Player | None, email_taken: bool) -> UnmatchedReason | None:
    if player is None:
        return UnmatchedReason.UNKNOWN_NUMBER
    if db.session.scalar(select(User.id).where(User.player_id == player.id)) is not None:
        return UnmatchedReason.NUMBER_TAKEN
    return UnmatchedReason.EMAIL_TAKEN if email_taken else None


def sign_up_member(data: dict[str, Any]) -> User | None:
    """Account for a federation member: linked to his player record after staff approval.
    None (nothing made, the same answer) when the number is unknown or the e-mail or the player
    already has an account: the request then waits for staff (`unmatched_sign_ups`)."""
    email, name, password, taken = _check_account(data)
    number = (data.get("federation_id") or "").strip()
    if not number:
        raise ServiceError(_("Informe o seu número de cadastro na federação."), "federation_id")
    player = db.session.scalar(select(Player).where(func.lower(Player.federation_id) == number.lower()))
    reason = _unmatched(player, taken)
    if reason is not None or player is None:
        hashed = generate_password_hash(password)  # also when unused: the same time as a new account
        unmatched_sign_ups.keep(name, email, number, reason or UnmatchedReason.UNKNOWN_NUMBER,
                                "" if taken else hashed)
        if taken:
            account_mail.warn_owner(email)
        return None
    with transaction():
        user = _new_user(email, name, password, None)
        request = SignUp(user_id=user.id, player_id=player.id, status=SignUpStatus.PENDING)
        db.session.add(request)
        db.session.flush()
        record(user, "sign_up", "user", user.id, None,
               {"email": email, "name": name, "player_id": player.id, "status": "pending"})
    account_mail.send_verification(user)
    return user


def sign_up_guest(data: dict[str, Any]) -> User | None:
    """Account for a guest: a new player record without a federation number, linked at once.
    None (nothing made, the same answer) when the e-mail already has an account."""
    email, name, password, taken = _check_account(data)
    sex = data.get("sex") or ""
    if sex not in ("M", "F"):
        raise ServiceError(_("Informe o sexo."), "sex")
    birth = data.get("birth_date")
    if birth is not None and (birth > date.today() or birth.year < 1900):
        raise ServiceError(_("Data de nascimento inválida."), "birth_date")
    if taken:
        _as_long_as_an_account(password)
        account_mail.warn_owner(email)
        return None
    with transaction():
        player = Player(full_name=name, sex=sex, birth_date=birth, state=(data.get("state") or "").upper()[:2],
                        federation_id=None, email=email)
        db.session.add(player)
        db.session.flush()
        user = _new_user(email, name, password, player.id)
        record(user, "sign_up", "user", user.id, None,
               {"email": email, "name": name, "player_id": player.id, "guest": True})
        record(user, "create", "player", player.id, None, {"full_name": name, "sex": sex, "guest": True})
    account_mail.send_verification(user)
    return user


def pending_sign_ups() -> list[SignUp]:
    return list(db.session.scalars(
        select(SignUp).where(SignUp.status == SignUpStatus.PENDING).order_by(SignUp.created_at, SignUp.id)
    ))


def pending_sign_up_of(user: User) -> SignUp | None:
    return db.session.scalar(
        select(SignUp).where(SignUp.user_id == user.id, SignUp.status == SignUpStatus.PENDING)
    )


def decide_sign_up(actor: User, request: SignUp, approve: bool, note: str = "") -> None:
    """Staff approve (link the account to the player record) or reject a member's sign-up."""
    if request.status != SignUpStatus.PENDING:
        raise ServiceError(_("Este pedido já foi decidido."))
    if approve:
        taken = db.session.scalar(select(User.id).where(User.player_id == request.player_id))
        if taken is not None:
            raise ServiceError(_("Este jogador já tem uma conta."))
    with transaction():
        request.status = SignUpStatus.APPROVED if approve else SignUpStatus.REJECTED
        request.decided_by_id = actor.id
        request.note = note.strip()[:200]
        if approve:
            request.user.player_id = request.player_id
        record(actor, "approve" if approve else "reject", "sign_up", request.id, {"status": "pending"},
               {"status": request.status.value, "user_id": request.user_id, "player_id": request.player_id,
                "note": request.note})
