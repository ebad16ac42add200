"""Data in from files: the federation's registry, rating lists and many entries to an
event at once.

Every import has two steps: `plan_*` reads the file and compares it with the database, row by
row, writing nothing (the preview: new / update / error, with the line and the reason); `apply_*`
re-plans from the same content and writes the whole plan in one transaction, or nothing when a
row is in error (**[ours]**: a file with a bad row is refused whole, so a half-imported registry
never exists). The content travels between the two steps signed (`carry`), never as rows the
browser could edit.

It may import `players` (the registry's fields and titles), `entries` and `registration` (many
entries at once, a starting list renumbered) and the shared `audit`, `errors` and `locking`.
"""
