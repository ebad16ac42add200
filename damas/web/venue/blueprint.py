"""The `venue` blueprint object, apart from its route modules so each can import it."""
from flask import Blueprint

bp = Blueprint("venue", __name__)
