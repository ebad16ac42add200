"""The arbiter's desk pages (one blueprint, `bp`): incidents, penalties, sanctions and CBJD 95 d
(`routes`), forfeits (`forfeits`), result corrections and rematches (`corrections`), settings
and the chief arbiter (`settings`), appeals (`appeals`), the arbiter's report and the audit CSV
(`report`), the audit trail (`audit`); forms in `forms`, table rows in `rows`, what differs per
kind of board in `boards`. Importing the package registers every route group on `bp`.
"""
from damas.web.desk import appeals, corrections, forfeits, report, settings  # noqa: F401  (register routes)
from damas.web.desk.audit import audit_page  # noqa: F401  (events.audit_log)
from damas.web.desk.routes import bp  # noqa: F401
