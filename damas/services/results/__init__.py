"""Results: publishing a paired round and entering its results for every pairing system
(`recording`, C.04.2 #8; CBJD 109), and the players' own reports of their boards
(`player_reports`, when the event allows it).

It sits above the arbiter's `desk` (a result the desk decided changes only by the desk, a
correction is checked by it) and `rounds`; it may import those, `mail` and the shared `audit`,
`errors` and `locking`. The venue (results that survive the hall's network) sits above it."""
