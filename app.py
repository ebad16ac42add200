"""Entry point for `flask --app app run` and WSGI servers: the app from the factory.

A deployment without a usable SECRET_KEY stops here: the message goes to stderr and the process
exits with status 4, which gunicorn reads as "App failed to load" and so stops the whole server
instead of restarting the worker forever; `flask ...` commands exit with the same status.
"""
import sys

from damas import create_app
from damas.security import MissingSecretKey

APP_LOAD_ERROR = 4  # gunicorn.arbiter.Arbiter.APP_LOAD_ERROR

try:
    app = create_app()
except MissingSecretKey as error:
    print(f"damas: {error}", file=sys.stderr)
    raise SystemExit(APP_LOAD_ERROR) from None
