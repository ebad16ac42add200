"""Accounts: staff-made user accounts and logins (`users`), the accounts players make
themselves and their link to a player record (`player_accounts`, RULES.md §9), the account mails
(`account_mail`: a new password, an address proved, the welcome) and the member sign-ups staff
must look at (`unmatched_sign_ups`).

The area owns the `user_account` table and the sign-up rows. It may import the engine, the
models, `players` (names are cleaned the one way), `mail` and the shared `audit`, `errors` and
`locking`; no other area of the services imports it but through these modules' public names."""
