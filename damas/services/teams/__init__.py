"""Team entries of micro-match team events (`entries`, CBJD 120) and what the micro-match
services read about an event (`micro_state`: its settings, whether teams meet, a micro-match's
summary from its two games).

At the bottom of the services: it imports only the shared `audit` and `errors`, so that
`entries` (an event's start), the desk and `micromatch` can all read it."""
