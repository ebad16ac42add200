"""`flask damas ...`: demo data and account set-up from the command line."""
from __future__ import annotations

from datetime import datetime

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import select

from damas.extensions import db
from damas.models import User
from damas.demo import DEFAULT_SEED, load_demo
from damas.services.errors import ServiceError
from damas.services.fees import deadline as fee_deadline
from damas.services.mail import MAIL_QUEUE
from damas.services.accounts.users import create_user
from damas.web.serving.pdf_lanes import is_redis, work

damas_cli = click.Group("damas", help="damas: demo data and administration.")

DEMO_PASSWORD = "demo12345"
DEMO_LOGINS = (
    ("staff@demo.damas.br", "equipe da federação / federation staff"),
    ("arbitro@demo.damas.br", "árbitro / arbiter"),
    ("jogador@demo.damas.br", "jogador / player"),
)


@damas_cli.command("demo")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True,
              help="seed of every draw (names, ratings, results, lots): the same seed loads the same federation")
@click.option("--today", type=click.DateTime(formats=["%Y-%m-%d"]), default=None, metavar="YYYY-MM-DD",
              help="the day the demo's dates are relative to (default: today; events run on it)")
@with_appcontext
def demo_command(seed: int, today: datetime | None) -> None:
    """Load the demo federation (clubs, ~60 players, users, events). Safe to run twice. The same
    `--seed` and day give the same pages, PDFs and API answers."""
    if db.session.scalar(select(User).where(User.email == DEMO_LOGINS[0][0])) is not None:
        click.echo("Demo data already loaded.")
    else:
        summary = load_demo(seed, today.date() if today is not None else None)
        click.echo(f"Demo loaded: {summary}.")
    click.echo("Demo logins (password for all: %s):" % DEMO_PASSWORD)
    for email, role in DEMO_LOGINS:
        click.echo(f"  {email:28} {role}")


@damas_cli.command("create-staff")
@click.argument("email")
@click.argument("name")
@click.password_option()
@with_appcontext
def create_staff_command(email: str, name: str, password: str) -> None:
    """Create a federation staff account (the first account on a new installation)."""
    try:
        create_user(None, {"email": email, "name": name, "role": "staff", "password": password})
    except ServiceError as error:
        raise click.ClickException(error.message) from None
    click.echo(f"Staff account {email} created.")


@damas_cli.command("worker")
@click.option("--lane", type=click.Choice(["all", "sheets", "mail"]), default="all", show_default=True,
              help="sheets: only the round sheets (pairings, results); mail: only the e-mails; "
                   "all: the sheets, then the e-mails, then every other report")
@with_appcontext
def worker_command(lane: str) -> None:
    """Render printed reports and send e-mails from the Redis queues (CACHE_URL=redis://...);
    several app servers share these workers. Without Redis the app renders and sends in its own
    threads: no worker needed."""
    if not is_redis(current_app.config.get("CACHE_URL", "")):
        raise click.ClickException("CACHE_URL is not a Redis URL: the app renders the reports in its own threads.")
    click.echo(f"damas worker ({lane}) on {current_app.config['CACHE_URL'].split('@')[-1]}")
    work(current_app._get_current_object(), "others" if lane == "mail" else lane,  # type: ignore[attr-defined]
         others=(MAIL_QUEUE,))


@damas_cli.command("taxas-prazos")
@with_appcontext
def fee_deadlines_command() -> None:
    """Apply every payment deadline that has passed (events confirming paid entries only, still
    open for registration): unpaid entries cancelled or moved behind the reserve list, reserves
    moved up, each step audited and mailed. Meant for cron (e.g. hourly); running it again
    changes nothing."""
    done = 0
    for event in fee_deadline.due_events():
        try:
            plan = fee_deadline.apply(None, event)
        except ServiceError as error:
            db.session.rollback()
            click.echo(f"{event.name} (#{event.id}): {error.message}")
            continue
        done += 1
        verb = "moved to the reserve" if plan.action == "reserve" else "cancelled"
        click.echo(f"{event.name} (#{event.id}): {len(plan.unpaid)} unpaid {verb}, "
                   f"{len(plan.promoted)} moved up from the reserve.")
        for step in plan.unpaid:
            click.echo(f"  - {step.name}: {verb}")
        for step in plan.promoted:
            click.echo(f"  + {step.name}: entered from the reserve")
    click.echo(f"Payment deadlines applied: {done}.")
