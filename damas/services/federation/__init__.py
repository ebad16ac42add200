"""The federation itself: its settings row (`settings`: name, logo, contacts, the Pix account,
the rating list's parameters) and the Pix key check (`pix_keys`: CPF, CNPJ, e-mail, phone,
random key, as the Banco Central's Pix directory stores them).

At the bottom of the services with `mail`: it imports only the shared `audit` and `errors`;
players' titles, the rating parameters and the fees read it."""
