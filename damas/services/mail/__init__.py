"""E-mail: what the federation sends its people (accounts, the day's notifications).

`compose` renders a mail in its recipient's language (plain text and HTML, from
``templates/mail/``); `send` hands mails to delivery without making a request wait: an RQ job
on the cache's Redis when a worker is alive (retried), else after the response in this process
(a failed send logged and retried, never an error page), at once outside a request (CLI, the
worker itself). Without ``MAIL_SERVER`` every mail is written to the outbox folder instead of
being sent (`outbox`), so a newcomer sees what players would get.

At the bottom of the services: it imports only `federation` (the sender's name) and the shared
`audit` and `errors`; every area that tells people something imports it."""
from damas.services.mail.compose import compose, external_url
from damas.services.mail.message import OutgoingMail
from damas.services.mail.sending import MAIL_QUEUE, after_response, deliver_payloads, install_mail, later, send

__all__ = ["MAIL_QUEUE", "OutgoingMail", "after_response", "compose", "deliver_payloads", "external_url", "install_mail",
           "later", "send"]
