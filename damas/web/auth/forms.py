"""WTForms of the account pages (login, own password change, a new password from a mailed link)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, EmailField, PasswordField
from wtforms.validators import DataRequired, Email, EqualTo, Length

from damas.web.forms_util import REQUIRED


class LoginForm(FlaskForm):
    email = EmailField(_l("E-mail"), validators=[DataRequired(REQUIRED), Email(_l("E-mail inválido."))])
    password = PasswordField(_l("Senha"), validators=[DataRequired(REQUIRED)])
    remember = BooleanField(_l("Manter conectado"))


class PasswordForm(FlaskForm):
    """A user's own password change: the current password, then the new one twice."""

    current = PasswordField(_l("Senha atual"), validators=[DataRequired(REQUIRED)])
    password = PasswordField(_l("Nova senha (mínimo 8 caracteres)"), validators=[
        DataRequired(REQUIRED), Length(min=8, max=128, message=_l("A senha deve ter pelo menos 8 caracteres."))])
    confirm = PasswordField(_l("Repita a nova senha"), validators=[EqualTo("password", _l("As senhas não conferem."))])


class ForgotPasswordForm(FlaskForm):
    """"Esqueci minha senha": the address a new-password link goes to."""

    email = EmailField(_l("E-mail"), validators=[DataRequired(REQUIRED), Email(_l("E-mail inválido.")), Length(max=254)])


class ResetPasswordForm(FlaskForm):
    """The new password a link from the mail allows (the same rule as a password change)."""

    password = PasswordField(_l("Nova senha (mínimo 8 caracteres)"), validators=[
        DataRequired(REQUIRED), Length(min=8, max=128, message=_l("A senha deve ter pelo menos 8 caracteres."))])
    confirm = PasswordField(_l("Repita a nova senha"), validators=[EqualTo("password", _l("As senhas não conferem."))])
