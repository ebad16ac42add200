"""Page data: gathers rows through services and hands templates and PDFs plain data, formatted
by `damas.presentation`.

A page or a PDF asks a view for what it shows (`summaries` of players, clubs, users and events,
the starting list, a round's board rows, the rating change of an event, a player's career); the
view reads the rows and the services, and writes them with presentation's labels, numbers and
text, which import nothing of the data. It sits between reports and presentation in the layers
of pyproject.toml: web -> exports -> reports -> views -> presentation -> services.
"""
