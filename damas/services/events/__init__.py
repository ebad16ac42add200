"""Events: creation, editing, status changes and arbiter assignment (`lifecycle`), the settings
that freeze once play starts (`frozen_settings`, CBJD 127), the revision counter every page's
cache compares (`revision`) and where an event imported from a TRF file came from
(`trf_origin`).

It may import `entries` (an event's start numbers and starts its entries), `fees` (a cancelled
event's refunds) and the shared `audit`, `errors` and `locking`; the areas that build events
(`trf`, `micromatch`, `championships`) sit above it."""
