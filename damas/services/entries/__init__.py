"""Entries: a player added to or removed from an event (`add_remove`; a place freed before the
start goes to the reserve list, money paid may be owed back), players entering by themselves,
known absences and the event's start (`self_service`, RULES.md §9, §5), and the ratings on the
entries of events not yet paired following their players' new ratings (`rating_refresh`,
C.04.3 A.2).

It sits above `registration` (who may enter, the reserve list, the starting numbers) and `fees`
(refunds), and below the areas that start or pair an event (`events`, `rounds`, `micromatch`).
It may import those two, `teams` (team entries), `mail` and the shared `audit`, `errors` and
`locking`."""
