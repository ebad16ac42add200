"""Event formats (issue 15): one `EventFormat` per kind of event, found by the event's pairing
system (`get_format(event)`, `format_of(code)`). The application asks the format what differs
(pages, boards, results, the standings table) instead of branching on the pairing system.

Layering: `damas.formats` imports only `damas.models`, `damas.engine` and the database handle
(`damas.extensions`); services, reports and web import it, never the other way round.
"""
from damas.formats.base import EventFormat, FormatTable
from damas.formats.registry import FORMATS, format_of, get_format

__all__ = ["EventFormat", "FORMATS", "FormatTable", "format_of", "get_format"]
