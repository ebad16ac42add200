"""Event formats: one `EventFormat` per kind of event, found by the event's pairing
system (`get_format(event)`, `format_of(code)`). The application asks the format what differs
(pages, boards, results, the standings table) instead of branching on the pairing system.

Layering: `damas.formats` imports only `damas.models`, `damas.engine` and the database handle
(`damas.extensions`); services, reports and web import it, never the other way round. Inside the
package there are no cycles: the rows and the engine state (`rows`, `mapping`,
`*_state`, `round_view`, `team_round`, `rated_games`), an event's rules read off its row
(`rule_options`) and the shared table (`tables`) at the bottom; the formats (`individual`,
`micro`, `knockout`) above them; then `registry`; at the top what needs the registry
(`event_rules`: an event's rule set and tiebreak order; `game_slots`).

What a format answers: facts of the kind as attributes (`code`, `team_based`,
`has_bracket`, `micro_match`, `round_robin`...), its pages as `pages` (`EventPages`: the header's
tabs, the endpoints keeping its rounds and its table, its crosstable, its results form), and
behaviour as methods (`table`, `withdrawals`, `announces_order`, `round_view`, `record_result`...).

Adding a fifth kind of event (DESIGN.md: "formats/ — THE APPLICATION'S EVENT CORE: one EventFormat
per kind of event, registry by pairing-system code"; "Nobody else branches on the pairing system"):

1. Its pairing system is the engine's (`damas.engine.pairing`, registry by code, `family_of`):
   the engine stays pure and knows no format (principles 2, 13).
2. A new module here, e.g. `damas/formats/arena.py`, with a frozen dataclass implementing
   `EventFormat` (`base.py`; `isinstance(f, EventFormat)` is tested): each kind owns what differs
   (DESIGN.md): the engine state of an event (`snapshot`, from `mapping`), the boards of a round
   (`boards`, `find_round`), recording a result on a board (`record_result`), its table (`table`,
   the one every output ranks by, principle 14: `tables.individual_table` when it ranks players
   by points and tiebreaks), its withdrawal policy (`withdrawals`), the round view
   (`round_view`), the rated games (`rated_games`), and its `pages`. It imports the modules below
   it in this package, never `registry` or `event_rules`.
3. Register it in `registry.py` under its pairing-system family (`_BY_FAMILY`) and in `FORMATS`
   under its stable `code` (principle 3: registries keyed by stable codes, not if-chains).
4. Its templates: the shared pages (rounds, standings, crosstable, reports) render the plain data
   the format computes (principle 11) and link by its `pages`; a tab or a page of its own is a
   template (`templates/events/_header.html` shows the tabs `pages.tabs` names) and, when
   `pages` names an endpoint of its own, that page's thin route (principle 10).

Services, reports and web then work unchanged: they ask `get_format(event)` and never the code.
"""
from damas.formats.base import EventFormat, EventPages, FormatTable
from damas.formats.registry import FORMATS, format_of, get_format

__all__ = ["EventFormat", "EventPages", "FORMATS", "FormatTable", "format_of", "get_format"]
