"""Games on record: saving a game's moves checked by the rules (`records`), importing a round's
PDN / PGN file after a preview (`imports`), writing the round's and the event's files (`files`).
Every change is one transaction with its audit entry; the event's arbiters and staff record (the
routes check `event_editor_required`).

It may import `trf` (the players of a file matched as the TRF import does), `micromatch` (the
openings drawn by lot) and the shared `audit` and `errors`; the desk reads its records."""
