"""Forms of the mail pages: the kinds of notification an account gets, and an announcement to an
event's entrants."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectMultipleField, StringField, TextAreaField
from wtforms.widgets import CheckboxInput, ListWidget

from damas.services.mail.announcements import SUBJECT_MAX, TEXT_MAX
from damas.services.mail.kinds import KINDS
from damas.web.forms_util import choices


class KindsField(SelectMultipleField):
    """One checkbox per kind; none ticked is a valid answer (every notification off)."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form: FlaskForm) -> None:
        known = {kind.code for kind in KINDS}
        self.data = [code for code in (self.data or []) if code in known]  # an unknown code is ignored


class MailKindsForm(FlaskForm):
    kinds = KindsField(_l("Quero receber por e-mail"))

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.kinds.choices = choices((kind.code, kind.label) for kind in KINDS)


class AnnouncementForm(FlaskForm):
    # the limits are the service's (it refuses and says why); the browser is told them too
    subject = StringField(_l("Assunto"), render_kw={"maxlength": SUBJECT_MAX})
    text = TextAreaField(_l("Texto"), render_kw={"rows": 10, "maxlength": TEXT_MAX})
