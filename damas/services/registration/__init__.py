"""Who may be in an event before it starts (RULES.md §9; CLUB "Como se inscrever e cancelar a
inscrição", "Reserva"): the event's registration settings and limits (`limits`), the reserve
list and round-1 substitution (`reserve`), the reserve list moving up (`reserve_moves`), the
starting numbers (`starting_numbers`, C.04.3 A.2) and the byes and absences announced for a
round not yet paired (`bye_requests`, C.04.2 #2, #4).

Near the bottom of the services: it imports only `mail` and the shared `audit`, `errors` and
`locking`, so that `fees`, `entries` and the pairing can all build on it."""
