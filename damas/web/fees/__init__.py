"""Blueprint `fees`: entry fees. Staff set an event's fee schedule, book payments, waivers and
refunds, reconcile the bank statement and read the treasurer's report; a player pays his entry
by Pix from Minha área. Routes stay thin: a form, one call into `damas.services.fees`, a redirect.
Each route module below adds its routes to `bp`."""
from damas.web.fees import reconcile  # noqa: F401  (its routes)
from damas.web.fees.blueprint import bp

__all__ = ["bp"]
