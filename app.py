"""Entry point for `flask --app app run` and WSGI servers: the app from the factory."""
from damas import create_app

app = create_app()
