"""The rounds of an event, by pairing system: Swiss and other round-by-round systems (`swiss`),
round robins (`round_robin`, Berger tables), knockouts (`knockout`, RULES.md §3, §7); and what
every round operation reads or shares: the round's state (`state`), publishing a round
(`publication`), rematches (`rematches`, C.04.2 #6), absence without notice (`absence`, C.04.2
#2), withdrawals and their undoing (`withdrawals`, `withdrawal_undo`, CBJD 105).

It may import `entries` (the event's start), `registration` (announced byes), `mail` and the
shared `audit`, `errors` and `locking`. The desk, results, micro-matches and the venue sit above
it."""
