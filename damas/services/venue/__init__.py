"""The venue on the day: check-in before a round (by the player's QR scan or the arbiter's list)
and the absent left out of the pairing, the wall screen's data, result entry that survives the
hall's network (versions per board), the prints for the hall.

The area owns the tables of `damas.models.venue`; every change to them happens here, audited, in
one transaction. It may import the engine, the models, `formats` and the services of events,
rounds, absences, results and audit; nothing above the services layer."""
