"""Entry fees (taxa de inscrição): what an event charges, what each entrant owes and has paid,
Pix BR Codes, bank statement reconciliation, the payment deadline, the treasurer's report.

The area owns the tables of `damas.models.fees` and the federation's Pix settings; every change
to them happens here, audited, in one transaction. It may import the engine (`engine.fees` does
the arithmetic), the models, `formats` and the services of registration, categories, mail and
audit; nothing above the services layer, and no other area imports its internals but through
the names re-exported below.

- `schedule`: the event's fee schedule and category reductions (read, validate, save).
- `accounts`: each entrant's fee account (state, owed, paid) from the schedule and bookings.
- `bookings`: payments, refunds and waivers booked on an account.
- `statements`: the bank statement file (OFX 1 SGML / OFX 2 XML / CSV) read into its credits.
- `reconcile`: each credit matched to an entry (transaction id, amount and name), then booked.
- `sample_statement`: a statement written as Brazilian banks export it (demo and tests).
- `brcode`: the static Pix BR Code (pure: build and read the EMV payload, CRC16).
- `pix`: the federation's Pix account, an entry's BR Code, its QR code (SVG, PNG).
- `payment_mail`: what the entry mails say about the fee (installed by the fees blueprint).

The Pix key check (CPF, CNPJ, e-mail, phone, random key) is `damas.services.federation.pix_keys`: the
federation settings use it, and they sit below this area.
"""
