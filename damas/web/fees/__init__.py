"""Blueprint `fees`: entry fees. Staff set an event's fee schedule, book payments, waivers and
refunds, reconcile the bank statement and read the treasurer's report; a player pays his entry
by Pix from Minha área. Routes stay thin: a form, one call into `damas.services.fees`, a redirect.
Each route module below adds its routes to `bp`.

Registering the blueprint also gives the entry mails what they say about the fee
(`damas.services.mail.entry_payment`: mail sits below the fees area and cannot import it)."""
from flask.blueprints import BlueprintSetupState

from damas.services.fees.payment_mail import entry_payment_of
from damas.services.mail.entry_payment import install_payment_source
from damas.web.fees import accounts, deadline, player, reconcile, report, schedule
from damas.web.fees.blueprint import bp

__all__ = ["accounts", "bp", "deadline", "player", "reconcile", "report", "schedule"]


@bp.record_once
def _install_payment_mail(state: BlueprintSetupState) -> None:
    install_payment_source(state.app, entry_payment_of)
