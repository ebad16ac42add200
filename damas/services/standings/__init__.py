"""Standings: ONE computation for every output (`compute`, RULES.md §4, §5, §8), every
player's points after each round (`progress`), the event's categories (`categories`, CBJD 124,
125), prize lists and the cash-tie option (`prizes`, `prize_table`, CBJD 125, 126) and the
playoffs for ties (`playoffs`, `playoff_state`; FIDE-GR "Playoff").

At the bottom of the services: it imports only the shared `audit` and `errors`, so every area
(fees by category, seasons, micro-matches, championships) can rank through it."""
