"""Micro-matches (CBJD 119-122; RULES.md §2, §3, §4): individual micro-match events
(`matches`: settings, pairing with the opening draw, both games of a micro-match on one form),
team events (`team_events`, `lineups`, `team_standings`: teams paired by the Brazilian system,
line-ups, board results, team standings and board prizes) and the federation's list of
openings drawn by lot (`openings`, CBJD 119).

It may import `events`, `rounds` (the Swiss pairing of the individual events), `entries`,
`teams` (team entries and the micro-match state), `standings`, `mail` and the shared `audit`,
`errors` and `locking`; the desk and the games on record sit above it."""
