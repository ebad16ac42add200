"""Handing mails to delivery without making anyone wait.

* With the cache on Redis (``CACHE_URL=redis://...``) and a ``flask damas worker`` alive, each
  mail is an RQ job on the ``damas-mail`` queue, retried three times (30 s, 2 min, 10 min).
* Otherwise, inside a request, the mails are sent after the response has gone out
  (``response.call_on_close``); outside a request (CLI, the worker, the demo) at once. A failed
  send is logged and retried twice; it never becomes an error page.
``MAIL_AFTER_RESPONSE = False`` (the tests) sends inside the request instead, so a test reads
the outbox right after its request.

A notification's mails are also *built* off the request (`later`): the step reads what it tells
and renders each mail in its recipient's language, which for a 1,000-player round is about a
second; the request that published the round only registers it."""
from __future__ import annotations

import logging
import time
from email.mime.image import MIMEImage
from functools import partial
from typing import Any, Callable, Iterable, Sequence

from flask import Flask, current_app, g, has_request_context, request
from flask_mailman import EmailMultiAlternatives
from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry, Worker

from damas.extensions import mail
from damas.services.mail.message import OutgoingMail
from damas.services.mail.outbox import BACKEND as OUTBOX_BACKEND

MAIL_QUEUE = "damas-mail"
RETRY_SECONDS = (1.0, 5.0)  # in-process retries after a failed send
log = logging.getLogger("damas.mail")
_PENDING = "damas_mails"
_LATER = "damas_mail_later"  # steps that build mails, run after the response
_NOW = "damas_mail_now"  # set while those steps run: their mails leave at once


def install_mail(app: Flask) -> None:
    """Choose the backend (SMTP when ``MAIL_SERVER`` is set, else the outbox) and send the
    request's mails after its response."""
    if not app.config.get("MAIL_BACKEND"):
        app.config["MAIL_BACKEND"] = "smtp" if app.config.get("MAIL_SERVER") else OUTBOX_BACKEND
    if not app.config.get("MAIL_DEFAULT_SENDER"):
        app.config["MAIL_DEFAULT_SENDER"] = _default_sender(app.config.get("PUBLIC_URL") or "")
    mail.init_app(app)

    @app.after_request
    def _send_after_response(response: Any) -> Any:
        payloads, steps = g.pop(_PENDING, None), g.pop(_LATER, None)
        if payloads or steps:
            target = current_app._get_current_object()  # type: ignore[attr-defined]
            response.call_on_close(partial(_after_response_in, target, payloads or [], steps or []))
        return response


def _default_sender(public_url: str) -> str:
    """``nao-responda@<the site's host>``: set MAIL_DEFAULT_SENDER in production."""
    host = public_url.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0] or "localhost"
    return f"nao-responda@{host}"


def send(mails: Iterable[OutgoingMail]) -> int:
    """Hand `mails` to delivery (see the module docstring); returns how many were handed over.
    Call it after the change the mails speak of is committed."""
    payloads = [m.payload() for m in mails if m.to]
    if not payloads:
        return 0
    queue = _worked_queue()
    if queue is not None:
        try:
            for payload in payloads:
                queue.enqueue(deliver_job, payload, retry=Retry(max=3, interval=[30, 120, 600]),
                              result_ttl=0, failure_ttl=7 * 24 * 3600)
            return len(payloads)
        except RedisError:
            log.warning("Redis unavailable: %s mail(s) sent by this process", len(payloads))
    if _waits_for_response():
        g.setdefault(_PENDING, []).extend(payloads)
    else:
        deliver_payloads(payloads)
    return len(payloads)


def _waits_for_response() -> bool:
    """Inside a request whose mails leave after its response (not inside a step run then)."""
    return (has_request_context() and bool(current_app.config.get("MAIL_AFTER_RESPONSE", True))
            and not g.get(_NOW))


def later(func: Callable[..., Any], *args: Any) -> Callable[[], None]:
    """An `audit.after_commit` step that runs ``func(*args)`` off the request: an RQ job when a
    worker is alive (`func` a module-level function of plain values: ids, codes), else after the
    response, else (CLI, the worker, tests) at once. `func` reads what it tells and sends."""
    return partial(_dispatch, func, args, True)


def after_response(func: Callable[..., Any], *args: Any) -> Callable[[], None]:
    """As `later`, but never as an RQ job (for arguments a job cannot carry, e.g. lazy texts)."""
    return partial(_dispatch, func, args, False)


def _dispatch(func: Callable[..., Any], args: tuple[Any, ...], queued: bool) -> None:
    queue = _worked_queue() if queued else None
    if queue is not None:
        try:
            queue.enqueue(func, *args, result_ttl=0, failure_ttl=7 * 24 * 3600)
            return
        except Exception:  # Redis gone, or an argument it cannot store: this process builds them
            log.warning("mail step %s not queued: built by this process", getattr(func, "__name__", func))
    if _waits_for_response():
        g.setdefault(_LATER, []).append((func, args, request.host_url))
    else:
        func(*args)


def _worked_queue() -> Queue | None:
    """The RQ mail queue when the cache is on Redis and a worker of that queue is alive (a
    ``--lane sheets`` worker never takes a mail), else None."""
    url = current_app.config.get("CACHE_URL", "")
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return None
    try:
        queue = Queue(MAIL_QUEUE, connection=Redis.from_url(url, socket_connect_timeout=1, socket_timeout=2))
        return queue if Worker.count(queue=queue) else None
    except RedisError:
        return None


def _message(mail_data: OutgoingMail) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(subject=mail_data.subject, body=mail_data.text, to=[mail_data.to],
                                     headers=dict(mail_data.headers))
    if mail_data.html:
        message.attach_alternative(mail_data.html, "text/html")
    for image in mail_data.inline:  # multipart/related: the HTML's cid: images travel with it
        part = MIMEImage(image.data, _subtype=image.mime.split("/", 1)[-1])
        part.add_header("Content-ID", f"<{image.cid}>")
        part.add_header("Content-Disposition", "inline", filename=image.filename)
        message.attach(part)
    if mail_data.inline:
        message.mixed_subtype = "related"
    return message


def deliver_job(payload: dict[str, Any]) -> None:
    """The RQ job: send one mail; an error makes RQ retry it."""
    _message(OutgoingMail.from_payload(payload)).send()


def deliver_payloads(payloads: Sequence[dict[str, Any]]) -> int:
    """Send each mail over one connection; a mail that fails is retried (`RETRY_SECONDS`), then
    logged and dropped, never raised. Returns how many were sent."""
    sent, waiting = 0, list(payloads)
    for delay in (0.0, *RETRY_SECONDS):
        if not waiting:
            break
        time.sleep(delay)
        failed: list[dict[str, Any]] = []
        try:
            connection = mail.get_connection()
            connection.open()
        except Exception:  # the server could not be reached at all: every mail waits
            log.exception("mail server unreachable; %s mail(s) wait", len(waiting))
            failed = waiting
        else:
            for payload in waiting:
                try:
                    connection.send_messages([_message(OutgoingMail.from_payload(payload))])
                    sent += 1
                except Exception:  # one refused address or a dropped connection: this mail again later
                    log.exception("mail %s to %s failed", payload.get("kind"), payload.get("to"))
                    failed.append(payload)
            try:
                connection.close()
            except Exception:  # the mails are out; a failed goodbye changes nothing
                log.warning("mail connection did not close cleanly")
        waiting = failed
    for payload in waiting:
        log.error("mail %s to %s given up after %s attempts", payload.get("kind"), payload.get("to"),
                  1 + len(RETRY_SECONDS))
    return sent


def _after_response_in(app: Flask, payloads: Sequence[dict[str, Any]],
                       steps: Sequence[tuple[Callable[..., Any], tuple[Any, ...], str]]) -> None:
    """Once the response is out: the request's rendered mails, then the steps that build more,
    each in a request context on the address the request came to (its links) with a database
    session of its own; a failing step is logged, never raised."""
    with app.app_context():
        if payloads:
            deliver_payloads(payloads)
        for func, args, base_url in steps:
            with app.test_request_context(base_url=base_url):
                setattr(g, _NOW, True)
                try:
                    func(*args)
                except Exception:
                    log.exception("mail step %s failed after the response", getattr(func, "__name__", func))
