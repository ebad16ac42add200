"""Players and clubs on the federation's registry: creating and editing them (`records`, staff
only), the fields staff edit and the audit log compares (`fields`), names kept clean of control
characters (`names`) and the titles a player may carry with the federation's national titles
(`titles`).

It may import `entries` (a changed rating reaches the entries of events not yet paired),
`federation` (the national titles are its settings) and the shared `audit`, `errors` and
`locking`. The registry import (`imports`), the accounts and the TRF import sit above it."""
