"""Entry point for `flask --app app run` and WSGI servers: the app from the factory.

A deployment without a usable SECRET_KEY stops here with the message and exit status 1 (for
`flask ...` and for gunicorn, whose worker then fails to boot and the server exits).
"""
from damas import create_app
from damas.security import MissingSecretKey

try:
    app = create_app()
except MissingSecretKey as error:
    raise SystemExit(f"damas: {error}") from None
