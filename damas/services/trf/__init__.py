"""Events from another program's TRF file (TRF-16 and TRF-2026): reading and previewing a file
(`preview`, with the reader's reasons in the user's language, `reasons`), what it holds beyond an
individual event's rounds (`foreign`), the registry player of each line (`players`) and writing
the event (`event_import`) or the team tournament (`team_import`) in one audited transaction.

It may import `events` (the event it creates), `players` and the shared `audit`, `errors` and
`locking`; the games on record import its preview's player matching."""
