"""Presentation: what pages, PDFs and exports show of the data, in one place for web and reports.

Labels of codes (disciplines, rule sets, statuses, outcomes, results, audit actions), the
formatting of points, decimals and money, which uses the engine's own (`damas.engine.points`),
the time control and dates in words, the figures of a rating change, the rating chart's
geometry, QR codes and the site's address. It formats the plain values it is given and reads
nothing: no services, models, database or event formats (the "presentation
reads nothing" contract of pyproject.toml). Gathering the rows is `damas.views`'s.
"""
