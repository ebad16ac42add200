"""Championships: a named group of events (its sections) with its own page, regulations and
brochure; one entry for several sections with eligibility per section; stages carrying the
qualifiers of one section into another; what spans the sections (a player's sections, the club
classification, the combined prize list).

The area owns the tables of `damas.models.championships`; every change to them happens here,
audited, in one transaction. It may import the engine, the models, `formats` and the services of
events, entries, registration, standings, fees, mail and audit; nothing above the services
layer."""
