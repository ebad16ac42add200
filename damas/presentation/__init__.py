"""Presentation: what pages, PDFs and exports show of the data, in one place for web and reports.

Labels of codes (disciplines, rule sets, statuses, outcomes, results, audit actions), the plain
data templates get (`summaries`), and the formatting of points, decimals and money, which uses
the engine's own (`damas.engine.points`). It imports services, models and the engine, never
`damas.web` or `damas.reports`, so both can import it.
"""
