"""Presentation: what pages, PDFs and exports show of the data, in one place for web and reports.

Labels of codes (disciplines, rule sets, statuses, outcomes, results, audit actions), the plain
data templates get (`summaries`), and the formatting of points, decimals and money, which uses
the engine's own (`damas.engine.points`). It imports services, models and the engine, never
`damas.web` or `damas.reports`, so both can import it (one exception until issue 15 point 4 moves
the rules of the event to a service: `summaries` reads `reports.standings.shown_tiebreak_order`;
pyproject.toml's contracts list it).
"""
