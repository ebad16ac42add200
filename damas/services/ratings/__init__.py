"""Ratings: an event's rating change (`change`, CBJD 115; FIDE B.02 8.3), the federation's
Elo parameters (`parameters`), rating periods closed over a list's finished events (`periods`),
the public rating list (`list_page`, CBJD 124, 125 categories) and seasons that add up the
events' category tables (`seasons`).

It may import `entries` (new ratings reach the entries not yet paired), `standings`,
`federation`, `mail` (the rating notices) and the shared `audit`, `errors` and `locking`;
nothing of it is imported by another area of the services."""
