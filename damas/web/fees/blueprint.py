"""The `fees` blueprint object, apart from its route modules so each can import it."""
from flask import Blueprint

bp = Blueprint("fees", __name__)
